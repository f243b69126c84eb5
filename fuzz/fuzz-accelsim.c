/*
 * fuzz-accelsim.c - libFuzzer target: the Accel-Sim kernel file reader
 * (headers, raw and grouped bodies, instruction lines in every address
 * mode) on arbitrary bytes.  Every input must end in a clean end of file
 * or one error, never a crash or a hang.
 */
#include "asfile.h"
#include "util.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wt_asf *f = wt_asf_open_mem("fuzz", (const char *)data, size);
	struct wt_warp *rec = wt_calloc(1, sizeof(*rec) + 8 * 32);

	if (wt_asf_begin(f) == 0) {
		(void)wt_asf_kernel(f);
		while (wt_asf_next(f, rec) > 0)
			;
	}
	(void)wt_asf_error(f);
	(void)wt_asf_stats(f);
	wt_asf_close(f);
	free(rec);
	return 0;
}
