/*
 * gen-dump - write large deterministic dumps for benchmarks, fast.
 *
 *   gen-dump [--accesses=N] [--pattern=stream|reuse|conflict] [--ocelot]
 *            [--per-thread=K] [--kernels=K]
 *
 * Threads run in blocks of 256; each thread makes K accesses (1 to 16,
 * 16 by default) in program order, and threads are written one after
 * another; fewer accesses a thread make more warps of the same trace
 * length, which shows what a stage keeps per warp.  --kernels=K splits
 * the accesses among K launches of the kernel, one after another, each
 * with its own grid (its own warps 0, 1, ...), which shows whether a
 * stage keeps anything per kernel or per warp after the kernel ends.
 * Patterns:
 *   stream    thread t, access k reads A[k*T + t]: coalesced, no reuse
 *   reuse     every block re-reads its own 16 KB tile
 *   conflict  accesses 4 KB apart: every one maps to the same L1 set
 * Every fourth access is a store.  Extended dialect unless --ocelot.
 */
#include "util.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_PER_THREAD 16
#define BLOCK 256
#define BASE 0x200000000ULL

static char buf[1 << 20];

static char *put_u64(char *p, uint64_t v)
{
	char tmp[24];
	int n = 0;

	do
		tmp[n++] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	while (n > 0)
		*p++ = tmp[--n];
	return p;
}

/* One launch of the kernel: accesses accesses, appended at *pp, the
 * buffer written out whenever it fills (each line leaves room for the
 * next launch's header).  -1 if a write fails. */
static int launch(char **pp, const char *pattern, unsigned per_thread,
		  int ocelot, uint64_t accesses)
{
	uint64_t threads = (accesses + per_thread - 1) / per_thread;
	char *p = *pp;

	threads = (threads + BLOCK - 1) / BLOCK * BLOCK;
	p += sprintf(p, "blocksize: %d 1 1\ngridsize: %llu 1 1\nkernel: bench_%s\n",
		     BLOCK, (unsigned long long)(threads / BLOCK), pattern);
	for (uint64_t t = 0, n = 0; t < threads && n < accesses; t++) {
		for (unsigned k = 0; k < per_thread && n < accesses; k++, n++) {
			uint64_t addr;

			if (pattern[0] == 's')
				addr = BASE + 4 * (k * threads + t);
			else if (pattern[0] == 'r')
				addr = BASE + (t / BLOCK) * 16384 +
				       4 * ((t % BLOCK) * per_thread + k) % 16384;
			else
				addr = BASE + 4096 * ((t * per_thread + k) % 4096);
			p = put_u64(p, t);
			*p++ = ' ';
			*p++ = (k % 4 == 3) ? '1' : '0';
			*p++ = ' ';
			p = put_u64(p, addr);
			*p++ = ' ';
			*p++ = '4';
			if (!ocelot) {
				memcpy(p, " 0x", 3);
				p += 3;
				*p++ = "0123456789abcdef"[k];
				*p++ = '8';
				*p++ = ' ';
				*p++ = '3';
			}
			*p++ = '\n';
			if (p - buf > (long)sizeof(buf) - 128) {
				if (write(1, buf, (size_t)(p - buf)) != p - buf)
					return -1;
				p = buf;
			}
		}
	}
	*pp = p;
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "accesses", required_argument, NULL, 'n' },
		{ "pattern", required_argument, NULL, 'p' },
		{ "ocelot", no_argument, NULL, 'o' },
		{ "per-thread", required_argument, NULL, 'k' },
		{ "kernels", required_argument, NULL, 'K' },
		{ NULL, 0, NULL, 0 },
	};
	uint64_t accesses = 1000000, kernels = 1, v, left;
	const char *pattern = "stream", *why;
	unsigned per_thread = MAX_PER_THREAD;
	int ocelot = 0, c;
	char *p = buf;

	wt_set_progname(argv[0]);
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			if (wt_parse_size(optarg, UINT64_MAX, &v, &why) < 0)
				wt_die(WT_EXIT_USAGE, "--accesses=%s: %s", optarg, why);
			accesses = v;
			break;
		case 'p':
			pattern = optarg;
			break;
		case 'o':
			ocelot = 1;
			break;
		case 'k':
			if (wt_parse_u64(optarg, MAX_PER_THREAD, &v, &why) < 0 || v == 0)
				wt_die(WT_EXIT_USAGE, "--per-thread=%s: expected 1 to %d",
				       optarg, MAX_PER_THREAD);
			per_thread = (unsigned)v;
			break;
		case 'K':
			if (wt_parse_size(optarg, UINT64_MAX, &v, &why) < 0 || v == 0)
				wt_die(WT_EXIT_USAGE, "--kernels=%s: expected 1 or more",
				       optarg);
			kernels = v;
			break;
		default:
			return WT_EXIT_USAGE;
		}
	}
	if (strcmp(pattern, "stream") && strcmp(pattern, "reuse") &&
	    strcmp(pattern, "conflict"))
		wt_die(WT_EXIT_USAGE, "--pattern=%s: expected stream, reuse or conflict",
		       pattern);
	if (kernels > accesses)
		wt_die(WT_EXIT_USAGE, "--kernels=%llu: more kernels than the %llu "
		       "accesses", (unsigned long long)kernels,
		       (unsigned long long)accesses);
	/* the first accesses % kernels launches take one access more */
	for (uint64_t kn = 0; kn < kernels; kn++) {
		left = accesses / kernels + (kn < accesses % kernels);
		if (launch(&p, pattern, per_thread, ocelot, left) < 0)
			return WT_EXIT_DATA;
	}
	if (write(1, buf, (size_t)(p - buf)) != p - buf)
		return WT_EXIT_DATA;
	return 0;
}
