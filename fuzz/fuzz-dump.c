/*
 * fuzz-dump.c - libFuzzer target: the dump parser (Ocelot dumps and the
 * warptrace extended dialect) on arbitrary bytes.  Every input must end
 * in a clean end of dump or one error, never a crash or a hang.
 */
#include "dump.h"
#include "record.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wt_dump *d = wt_dump_open_mem("fuzz", (const char *)data, size);
	struct wt_access a;
	int rc;

	if (!d)
		return 0;
	while ((rc = wt_dump_next(d, &a)) > 0)
		if (rc == WT_DUMP_KERNEL)
			(void)wt_dump_kernel(d);
	if (rc < 0)
		(void)wt_dump_error(d);
	wt_dump_close(d);
	return 0;
}
