/*
 * wt2accelsim - write a stream of warp records as an Accel-Sim trace
 * directory, so that Accel-Sim can run what warptrace runs.
 *
 *   wt2accelsim [--binary-version=N] -o DIR [FILE]
 *
 * FILE (default: standard input) is a stream of warp records as
 * trace-order writes it (or trace-gen, for Accel-Sim traces read back):
 *
 *   trace-gen samples/gemm.trc.zst | trace-order | wt2accelsim -o gemm.as
 *   accel-sim.out -trace gemm.as/kernelslist.g -config gpgpusim.config ...
 *
 * DIR gets kernelslist.g and one grouped kernel file, kernel-N.traceg,
 * per kernel (N from 1, as Accel-Sim's tracer numbers them), in the
 * format of Accel-Sim's tracer version 4 after its post-processor (the
 * one trace-gen(1) describes under ACCEL-SIM TRACES):
 *
 *   - the header gives the kernel's name, id, grid and block (from the
 *     kernel chunk), shared memory and registers, the binary version
 *     (--binary-version, else the kernel's binary_version metadata, else
 *     70, Volta: Accel-Sim picks its opcode table by it and stops on a
 *     version it has none for) and the CUDA stream (cuda_stream, else 0);
 *     then a "#traces format" comment, which Accel-Sim's reader needs:
 *     it takes the first line that begins with '#' as the end of the
 *     header and drops it, so a file going straight to #BEGIN_TB
 *     trips its assertion;
 *   - every CTA of the grid and every warp of every CTA appears, CTAs in
 *     flat order (x fastest), because Accel-Sim hands the CTAs it launches
 *     the next block of the file and asserts that a warp has at least one
 *     instruction;
 *   - a warp's records become its instructions in stream order, which is
 *     the warp's program order: before each, as many NOP lines as its
 *     icount (the non-memory instructions before it), then the memory
 *     instruction: LDG.E, STG.E or ATOMG.E.ADD for the global space, LDS,
 *     STS or ATOMS for shared, LDL or STL for local, with the width as
 *     Accel-Sim reads it from the opcode (.U8, .U16, none for 4 bytes,
 *     .64, .128); the memory width field says the same for trace-gen; the
 *     mask and one address per active lane, in list mode (mode 0): the
 *     base+delta mode is one that Accel-Sim's reader takes a delta too
 *     many from;
 *   - a load or atomic writes R2 and the line after it reads R2, so that
 *     Accel-Sim's scoreboard holds the warp until the data is back: the
 *     open-loop model waits after each load too (trace-order --latency);
 *     a dump records no register dependencies, so this is a choice;
 *   - every warp ends with an EXIT whose mask is every thread of the warp
 *     (the CTA's last warp may be partial): Accel-Sim ends a warp when
 *     all its threads have exited.
 *
 * NOPs and EXITs take the PC of the instruction they precede or follow
 * (an EXIT the last PC plus 16), which matters only for Accel-Sim's
 * instruction cache.  Kernel metadata lines memcpy=LINE (trace-gen keeps
 * the copies of an Accel-Sim kernel list) go back into kernelslist.g
 * before their kernel.
 *
 * Not convertible: records of const or texture space (the tracer gives
 * those instructions no addresses: each becomes a NOP, with a note on
 * standard error), warps other than 32 lanes, widths other than 1, 2, 4,
 * 8 or 16 bytes a lane (Accel-Sim's coalescer knows no others), local
 * atomics, and a record whose active lanes lie past its CTA's last
 * thread, or whose warp is not in its CTA: each is an error naming the
 * record.  A kernel with no block size is an error; one with no grid
 * size gets (highest CTA + 1, 1, 1), with a note.
 *
 * trace-gen reads the directory back into the same warp records (CTA,
 * warp, instruction index, PC, op, space, size, icount, mask, addresses;
 * tests/69-wt2accelsim.t checks it), but for a record whose mask is 0:
 * that is written as the tracer writes such an instruction, and
 * trace-gen counts it in the next record's icount.
 *
 * A kernel's records are held in memory until its end (48 + 256 bytes
 * each), as the file groups them by warp.  DIR must not exist or be an
 * empty directory; it is written as DIR.tmpXXXXXX beside it and renamed
 * when complete, so an error, or SIGINT, SIGTERM or SIGHUP, leaves
 * nothing behind.  Exit status: 0, 1
 * for a data or write error, 2 for a usage error.
 */
#include "fatal.h"
#include "stream.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LANES 32
#define REC_SIZE (sizeof(struct wt_warp) + LANES * sizeof(uint64_t))
#define DEFAULT_BINARY_VERSION 70

static const char usage[] =
"usage: wt2accelsim [options] -o DIR [FILE]\n"
"Write a stream of warp records (from trace-order) as an Accel-Sim trace\n"
"directory: DIR/kernelslist.g and DIR/kernel-N.traceg, one per kernel.\n"
"No FILE, or -, reads stdin.\n"
"\n"
"  -o, --output=DIR         the directory to make (absent or empty)\n"
"      --binary-version=N   the kernels' binary version (default: the\n"
"                           stream's binary_version, else 70)\n"
"  -h, --help               show this help\n"
"  -V, --version            show the version\n";

/* The directory being written and the kernel files begun in it, removed
 * if the program dies or is killed: this runs in a signal handler too, so
 * it allocates nothing and uses no stdio. */
static char tmp_dir[4096];
static volatile sig_atomic_t files_begun;

static void remove_tmp(void)
{
	char path[sizeof(tmp_dir) + 32], digits[24];
	size_t n = strlen(tmp_dir);

	if (!n)
		return;
	memcpy(path, tmp_dir, n);
	strcpy(path + n, "/kernelslist.g");
	unlink(path);
	for (sig_atomic_t k = 1; k <= files_begun; k++) {
		char *p = digits + sizeof(digits) - 1;

		*p = '\0';
		for (unsigned long v = (unsigned long)k; v; v /= 10)
			*--p = (char)('0' + v % 10);
		strcpy(path + n, "/kernel-");
		strcat(path, p);
		strcat(path, ".traceg");
		unlink(path);
	}
	rmdir(tmp_dir);
}

/* One kernel's records, in stream order. */
struct kernel_buf {
	unsigned char *recs;
	size_t n, cap;
	uint64_t first;		/* stream index of recs[0] */
};

static const struct wt_warp *rec_at(const struct kernel_buf *b, size_t i)
{
	return (const struct wt_warp *)(b->recs + i * REC_SIZE);
}

/* Records sort by warp, then stream order. */
struct order {
	uint32_t warp;
	uint32_t i;
};

static int by_warp(const void *a, const void *b)
{
	const struct order *x = a, *y = b;

	if (x->warp != y->warp)
		return x->warp < y->warp ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

struct out {
	FILE *f;
	const char *path;
};

static void out_check(const struct out *o)
{
	if (ferror(o->f))
		wt_die(WT_EXIT_DATA, "%s: write error: %s", o->path, strerror(errno));
}

static const char *width_suffix(unsigned size)
{
	switch (size) {
	case 1: return ".U8";
	case 2: return ".U16";
	case 8: return ".64";
	case 16: return ".128";
	default: return "";	/* 4 bytes: Accel-Sim's default width */
	}
}

/* The opcode suffix trace-gen reads back as the record's cache operator
 * (trace-gen(1)): the first spelling of each. */
static const char *cacheop_suffix(const struct wt_warp *w)
{
	static const char *const suffix[WT_COP_MAX + 1] = {
		"", ".CA", ".CG", ".CS", ".LU", ".EL", ".NA", ".CV",
		".STRONG.GPU", ".STRONG.SYS", ".CONSTANT", ".WB", ".WT",
	};
	unsigned cop = WT_FLAGS_COP(w->flags);

	return cop <= WT_COP_MAX ? suffix[cop] : "";
}

/* The opcode of a record, or NULL for a space the tracer gives no
 * addresses to (const, texture).  A bad combination is an error. */
static const char *opcode(const struct wt_warp *w, uint64_t n, char *buf,
			  size_t len)
{
	static const char *const names[3][3] = {
		/* load, store, atomic */
		{ "LDG.E", "STG.E", "ATOMG.E.ADD" },	/* global */
		{ "LDL", "STL", NULL },			/* local */
		{ "LDS", "STS", "ATOMS.ADD" },		/* shared */
	};
	const char *base;

	if (w->size != 1 && w->size != 2 && w->size != 4 && w->size != 8 &&
	    w->size != 16)
		wt_die(WT_EXIT_DATA, "record %llu: %u bytes a lane; Accel-Sim's "
		       "coalescer takes 1, 2, 4, 8 or 16", (unsigned long long)n,
		       (unsigned)w->size);
	if (w->space == WT_SPACE_CONST || w->space == WT_SPACE_TEXTURE)
		return NULL;
	base = names[w->space][w->op];
	if (!base)
		wt_die(WT_EXIT_DATA, "record %llu: an atomic on local memory has "
		       "no SASS instruction", (unsigned long long)n);
	return wt_snprintf(buf, len, "%s%s%s", base, cacheop_suffix(w),
			   width_suffix(w->size));
}


struct counts {
	uint64_t kernels, dropped;
};

/* The source registers of a line: R2 first when the line before was a
 * load (the warp waits for it), then the line's own. */
static void sources(FILE *f, int after_load, const char *own, unsigned n_own)
{
	fprintf(f, " %u%s%s", n_own + (after_load ? 1 : 0),
		after_load ? " R2" : "", own);
}

/* One warp's lines: per record its NOPs and its memory instruction, then
 * the EXIT.  ord holds the warp's n records. */
static void write_warp(struct out *o, const struct kernel_buf *b,
		       const struct order *ord, size_t n, unsigned warp,
		       uint32_t exit_mask, struct counts *ct)
{
	uint64_t lines = 1;	/* the EXIT */
	uint32_t pc = 0, exit_pc = 0;
	int have_exit = 0;
	int after_load = 0;
	char op[32];

	/* A record of op none ends the warp: its icount holds the EXIT
	 * (trace-gen counts every instruction of a trace), so it gives
	 * icount - 1 NOPs before it; without one, the EXIT is added. */
	for (size_t i = 0; i < n; i++) {
		const struct wt_warp *w = rec_at(b, ord[i].i);

		lines += w->op == WT_OP_NONE ? (w->icount ? w->icount - 1u : 0) :
			 (uint64_t)w->icount + 1;
	}
	fprintf(o->f, "\nwarp = %u\ninsts = %llu\n", warp,
		(unsigned long long)lines);
	for (size_t i = 0; i < n; i++) {
		const struct wt_warp *w = rec_at(b, ord[i].i);
		uint64_t rec = b->first + ord[i].i;
		int none = w->op == WT_OP_NONE;
		/* a record of op none is the warp's last NOPs: of its threads */
		uint32_t mask = none ? exit_mask : (uint32_t)w->mask;
		const char *name = none ? NULL : opcode(w, rec, op, sizeof(op));

		if (w->mask & ~(uint64_t)exit_mask)
			wt_die(WT_EXIT_DATA, "record %llu: mask 0x%llx has lanes "
			       "past the last thread of warp %u of CTA %u (0x%x)",
			       (unsigned long long)rec,
			       (unsigned long long)w->mask, warp, w->cta, exit_mask);
		pc = w->pc;
		for (uint32_t k = 0; k < w->icount - (none && w->icount); k++) {
			fprintf(o->f, "%04x %08x 0 NOP", pc, mask);
			sources(o->f, after_load, "", 0);
			fputs(" 0\n", o->f);
			after_load = 0;
		}
		if (none) {	/* the EXIT is at its PC */
			exit_pc = w->pc;
			have_exit = 1;
			continue;
		}
		if (!name) {	/* const, texture: no addresses to give */
			fprintf(o->f, "%04x %08x 0 NOP", pc, mask);
			sources(o->f, after_load, "", 0);
			fputs(" 0\n", o->f);
			after_load = 0;
			ct->dropped++;
			continue;
		}
		if (w->op == WT_OP_STORE) {
			fprintf(o->f, "%04x %08x 0 %s", pc, mask, name);
			sources(o->f, after_load, " R4 R6", 2);
		} else {
			fprintf(o->f, "%04x %08x 1 R2 %s", pc, mask, name);
			sources(o->f, after_load, w->op == WT_OP_ATOMIC ?
				" R4 R6" : " R4", w->op == WT_OP_ATOMIC ? 2 : 1);
		}
		if (!mask) {
			/* As the tracer writes an instruction with every lane
			 * predicated off: base+stride, no address. */
			fprintf(o->f, " %u 1 0x0 0\n", (unsigned)w->size);
		} else {
			fprintf(o->f, " %u 0", (unsigned)w->size);
			for (unsigned l = 0; l < LANES; l++)
				if (mask >> l & 1)
					fprintf(o->f, " 0x%llx",
						(unsigned long long)w->addr[l]);
			fputc('\n', o->f);
		}
		after_load = w->op != WT_OP_STORE;
	}
	fprintf(o->f, "%04x %08x 0 EXIT", have_exit ? exit_pc : n ? pc + 16 : 0,
		exit_mask);
	sources(o->f, after_load, "", 0);
	fputs(" 0\n", o->f);
	out_check(o);
}

/* A kernel metadata value as a number, or an error naming the kernel. */
static uint64_t meta_num(const struct wt_kernel *k, const char *key,
			 uint64_t dflt)
{
	const char *v = wt_meta_get(&k->extra, key), *why;
	uint64_t x;

	if (!v)
		return dflt;
	if (wt_parse_u64(v, UINT32_MAX, &x, &why) < 0)
		wt_die(WT_EXIT_DATA, "kernel %u (%s): %s=%s: %s", k->id, k->name,
		       key, v, why);
	return x;
}

struct job {
	const char *dir;	/* the temporary directory */
	long binary_version;	/* -1: the stream's, else 70 */
	struct out list;	/* kernelslist.g */
	struct counts ct;
};

static void write_kernel(struct job *j, const struct wt_kernel *k,
			 const struct kernel_buf *b)
{
	uint64_t threads = wt_kernel_block_threads(k), ctas, wpc;
	uint32_t grid[3] = { k->grid[0], k->grid[1], k->grid[2] };
	uint64_t id = j->ct.kernels + 1;
	struct order *ord;
	struct out o;
	char path[4096], file[64];
	const char *v;
	size_t p = 0;

	if (!threads)
		wt_die(WT_EXIT_DATA, "kernel %u (%s): block size unknown (0 0 0); "
		       "Accel-Sim needs the CTA size", k->id, k->name);
	if (b->n > UINT32_MAX)
		wt_die(WT_EXIT_DATA, "kernel %u (%s): %zu records; at most %u",
		       k->id, k->name, b->n, UINT32_MAX);
	wpc = (threads + LANES - 1) / LANES;
	if (!grid[0] || !grid[1] || !grid[2]) {
		uint32_t top = 0;

		for (size_t i = 0; i < b->n; i++)
			if (rec_at(b, i)->cta > top)
				top = rec_at(b, i)->cta;
		grid[0] = top + 1;
		grid[1] = grid[2] = 1;
		wt_warn("note: kernel %u (%s): grid size unknown; written as "
			"(%u,1,1), from its highest CTA", k->id, k->name, grid[0]);
	}
	ctas = (uint64_t)grid[0] * grid[1] * grid[2];

	ord = wt_malloc((b->n ? b->n : 1) * sizeof(*ord));
	for (size_t i = 0; i < b->n; i++) {
		const struct wt_warp *w = rec_at(b, i);

		if (w->cta >= ctas || w->warp / wpc != w->cta)
			wt_die(WT_EXIT_DATA, "record %llu: warp %u is not a warp of "
			       "CTA %u (%llu warps a CTA, %llu CTAs)",
			       (unsigned long long)(b->first + i), w->warp, w->cta,
			       (unsigned long long)wpc, (unsigned long long)ctas);
		ord[i].warp = w->warp;
		ord[i].i = (uint32_t)i;
	}
	qsort(ord, b->n, sizeof(*ord), by_warp);

	wt_snprintf(file, sizeof(file), "kernel-%llu.traceg",
		    (unsigned long long)id);
	files_begun = (sig_atomic_t)id;	/* before it exists: see remove_tmp */
	o.path = wt_snprintf(path, sizeof(path), "%s/%s", j->dir, file);
	if (!(o.f = fopen(o.path, "w")))
		wt_die(WT_EXIT_DATA, "%s: %s", o.path, strerror(errno));
	fprintf(o.f, "-kernel name = %s\n", *k->name ? k->name : "unnamed");
	fprintf(o.f, "-kernel id = %llu\n", (unsigned long long)id);
	fprintf(o.f, "-grid dim = (%u,%u,%u)\n", grid[0], grid[1], grid[2]);
	fprintf(o.f, "-block dim = (%u,%u,%u)\n", k->block[0], k->block[1],
		k->block[2]);
	fprintf(o.f, "-shmem = %u\n-nregs = %u\n", k->shmem, k->regs);
	fprintf(o.f, "-binary version = %llu\n", j->binary_version >= 0 ?
		(unsigned long long)j->binary_version : (unsigned long long)
		meta_num(k, "binary_version", DEFAULT_BINARY_VERSION));
	fprintf(o.f, "-cuda stream id = %llu\n",
		(unsigned long long)meta_num(k, "cuda_stream", 0));
	if ((v = wt_meta_get(&k->extra, "shmem_base")) != NULL)
		fprintf(o.f, "-shmem base_addr = %s\n", v);
	if ((v = wt_meta_get(&k->extra, "local_base")) != NULL)
		fprintf(o.f, "-local mem base_addr = %s\n", v);
	fputs("-accelsim tracer version = 4\n-enable lineinfo = 0\n\n"
	      "#traces format = PC mask dest_num [reg_dests] opcode src_num "
	      "[reg_srcs] mem_width [adrrescompress?] [mem_addresses]\n", o.f);

	for (uint64_t c = 0; c < ctas; c++) {
		fprintf(o.f, "\n#BEGIN_TB\n\nthread block = %llu,%llu,%llu\n",
			(unsigned long long)(c % grid[0]),
			(unsigned long long)(c / grid[0] % grid[1]),
			(unsigned long long)(c / grid[0] / grid[1]));
		for (uint64_t w = 0; w < wpc; w++) {
			uint64_t warp = c * wpc + w, left = threads - w * LANES;
			uint32_t exit_mask = left >= LANES ? UINT32_MAX :
				((uint32_t)1 << left) - 1;
			size_t q = p;

			while (q < b->n && ord[q].warp == warp)
				q++;
			write_warp(&o, b, ord + p, q - p, (unsigned)w, exit_mask,
				   &j->ct);
			p = q;
		}
		fputs("\n#END_TB\n", o.f);
		out_check(&o);
	}
	if (fclose(o.f) != 0)
		wt_die(WT_EXIT_DATA, "%s: write error: %s", o.path, strerror(errno));
	free(ord);

	for (size_t i = 0; i < k->extra.n; i++)
		if (strcmp(k->extra.key[i], "memcpy") == 0)
			fprintf(j->list.f, "%s\n", k->extra.val[i]);
	fprintf(j->list.f, "%s\n", file);
	out_check(&j->list);
	j->ct.kernels++;
}

/* DIR may be absent or an empty directory. */
static void check_target(const char *dir)
{
	struct stat st;
	DIR *d;
	struct dirent *e;

	if (stat(dir, &st) < 0) {
		if (errno == ENOENT)
			return;
		wt_die(WT_EXIT_DATA, "%s: %s", dir, strerror(errno));
	}
	if (!S_ISDIR(st.st_mode))
		wt_die(WT_EXIT_DATA, "%s: exists and is not a directory", dir);
	if (!(d = opendir(dir)))
		wt_die(WT_EXIT_DATA, "%s: %s", dir, strerror(errno));
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			closedir(d);
			wt_die(WT_EXIT_DATA, "%s: exists and is not empty; name "
			       "another directory or remove it", dir);
		}
	closedir(d);
}

static void run(struct wt_reader *r, struct job *j)
{
	struct kernel_buf b = { 0 };
	struct wt_kernel k;
	struct wt_item it;
	int rc, in_kernel = 0;

	wt_kernel_init(&k);
	while ((rc = wt_reader_next(r, &it)) > 0) {
		switch (it.type) {
		case WT_ITEM_KERNEL:
			wt_kernel_free(&k);
			wt_kernel_init(&k);
			wt_kernel_copy(&k, it.kernel);
			b.n = 0;
			in_kernel = 1;
			break;
		case WT_ITEM_RECORDS:
			if (!b.n)
				b.first = it.first;
			if (b.n + it.count > b.cap) {
				b.cap = b.cap ? b.cap : 1024;
				while (b.n + it.count > b.cap)
					b.cap *= 2;
				b.recs = wt_realloc(b.recs, b.cap * REC_SIZE);
			}
			memcpy(b.recs + b.n * REC_SIZE, it.recs,
			       it.count * REC_SIZE);
			b.n += it.count;
			break;
		case WT_ITEM_KERNEL_END:
			if (in_kernel)
				write_kernel(j, &k, &b);
			in_kernel = 0;
			break;
		default:
			break;
		}
	}
	if (rc < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
	wt_kernel_free(&k);
	free(b.recs);
}

int main(int argc, char **argv)
{
	enum { O_BINARY = 256 };
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "binary-version", required_argument, NULL, O_BINARY },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *input = "-";
	char *dir = NULL, tmpl[sizeof(tmp_dir)], err[768];
	struct job j = { .binary_version = -1 };
	struct wt_reader *r;
	const struct wt_header *h;
	size_t len;
	mode_t um;
	int c;

	wt_set_progname(argv[0]);
	opterr = 0;
	while ((c = getopt_long(argc, argv, "o:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			dir = optarg;
			break;
		case O_BINARY:
			j.binary_version = (long)wt_opt_num("binary-version", optarg,
							    1, 1000);
			break;
		case 'h':
			fputs(usage, stdout);
			return WT_EXIT_OK;
		case 'V':
			printf("wt2accelsim (warptrace) %s\n", WT_VERSION);
			return WT_EXIT_OK;
		default:
			wt_bad_option(argv, optind, optopt);
		}
	}
	if (!dir || !*dir)
		wt_die(WT_EXIT_USAGE, "expected -o DIR, the directory to write");
	if (argc - optind > 1)
		wt_die(WT_EXIT_USAGE, "expected at most one FILE, got %d (join "
		       "streams with cat)", argc - optind);
	if (optind < argc)
		input = argv[optind];
	len = strlen(dir);
	while (len > 1 && dir[len - 1] == '/')
		dir[--len] = '\0';
	check_target(dir);

	r = wt_reader_open(input, err, sizeof(err));
	if (!r)
		wt_die(WT_EXIT_DATA, "%s", err);
	if (wt_reader_expect(r, WT_KIND_WARP, "run trace-order first") < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
	h = wt_reader_header(r);
	if (h->lanes != LANES)
		wt_die(WT_EXIT_DATA, "%s: warps of %u lanes; Accel-Sim's are %u "
		       "(trace-order --warp-size=32)", wt_reader_name(r), h->lanes,
		       LANES);

	if (len + 16 > sizeof(tmp_dir))
		wt_die(WT_EXIT_USAGE, "-o %s: a name of at most %zu bytes expected",
		       dir, sizeof(tmp_dir) - 16);
	wt_snprintf(tmpl, sizeof(tmpl), "%s.tmpXXXXXX", dir);
	if (!mkdtemp(tmpl))
		wt_die(WT_EXIT_DATA, "%s: cannot make a directory beside it: %s",
		       dir, strerror(errno));
	strcpy(tmp_dir, tmpl);
	wt_atdie(remove_tmp);
	wt_fatal_cleanup(remove_tmp);
	um = umask(0);	/* mkdtemp made it 0700; DIR is an ordinary one */
	umask(um);
	if (chmod(tmp_dir, 0777 & ~um) < 0)
		wt_die(WT_EXIT_DATA, "%s: %s", tmp_dir, strerror(errno));
	j.dir = tmp_dir;
	j.list.path = wt_snprintf(err, sizeof(err), "%s/kernelslist.g", tmp_dir);
	if (!(j.list.f = fopen(j.list.path, "w")))
		wt_die(WT_EXIT_DATA, "%s: %s", j.list.path, strerror(errno));

	run(r, &j);
	if (!j.ct.kernels)
		wt_die(WT_EXIT_DATA, "%s: no kernel; Accel-Sim needs one",
		       wt_reader_name(r));
	wt_reader_close(r);
	if (fclose(j.list.f) != 0)
		wt_die(WT_EXIT_DATA, "%s: write error: %s", j.list.path,
		       strerror(errno));
	if (rename(tmp_dir, dir) < 0)
		wt_die(WT_EXIT_DATA, "%s: %s", dir, strerror(errno));
	tmp_dir[0] = '\0';	/* DIR is complete: nothing to remove */
	if (j.ct.dropped)
		wt_warn("note: %llu const or texture records written as NOPs: "
			"Accel-Sim traces give them no addresses",
			(unsigned long long)j.ct.dropped);
	return WT_EXIT_OK;
}
