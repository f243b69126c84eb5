/*
 * fuzz-stream.c - libFuzzer target: the stream reader (framing, header,
 * chunks, records, trailer) on arbitrary bytes, given to it as a file.
 * Every input must read to the end or stop at one error, and every record
 * it hands out must pass wt_record_check, which the reader applies (a
 * stream of a later minor version may carry flag bits this one lets
 * through unchecked).
 */
#include "record.h"
#include "stream.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], err[512], why[256];
	struct wt_reader *r;
	struct wt_item it;
	int fd = memfd_create("fuzz", 0);

	if (fd < 0)
		return 0;
	if (size && write(fd, data, size) != (ssize_t)size) {
		close(fd);
		return 0;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	r = wt_reader_open(path, err, sizeof(err));
	if (r) {
		const struct wt_header *h = wt_reader_header(r);

		while (wt_reader_next(r, &it) > 0) {
			if (it.type != WT_ITEM_RECORDS)
				continue;
			for (size_t i = 0; i < it.count; i++)
				if (h->version_minor <= WT_FORMAT_MINOR &&
				    wt_record_check(h->kind, h->lanes,
						    (const char *)it.recs + i * h->record_size,
						    why, sizeof(why)) < 0)
					__builtin_trap();	/* the reader let it by */
		}
		wt_reader_close(r);
	}
	close(fd);
	return 0;
}
