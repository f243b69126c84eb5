/* main.c - trace-emu: option parsing, kernel table, help. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dump.h"
#include "emu.h"

#define VERSION "0.1"
#define DEFAULT_BASE 0x200000000ULL

#define B1 OPT_BLOCK1
#define B2 (OPT_BLOCK1 | OPT_BLOCK2)

static const struct kernel_desc kernels[] = {
	/* name, description, options,
	 * n, m, height, width, stride, iters, min/max n, min/max m, run */
	{ "vectoradd", "C[i] = A[i] + B[i] (CUDA samples vectorAdd), n elements",
	  OPT_N | B1, 16384, 0, 0, 0, 0, 0, 1, 1L << 24, 0, 0, run_vectoradd },
	{ "syrk", "PolyBench/GPU SYRK, C(n x n) += A(n x m) A^T",
	  OPT_N | OPT_M | B2, 64, 32, 0, 0, 0, 0, 1, 2048, 1, 2048, run_syrk },
	{ "gemm", "PolyBench/GPU GEMM, C(n x n) += A(n x m) B(m x n)",
	  OPT_N | OPT_M | B2, 64, 16, 0, 0, 0, 0, 1, 2048, 1, 2048, run_gemm },
	{ "gesummv", "PolyBench/GPU GESUMMV, y = aAx + bBx, n x n",
	  OPT_N | B1, 128, 0, 0, 0, 0, 0, 1, 8192, 0, 0, run_gesummv },
	{ "atax", "PolyBench/GPU ATAX, y = A^T (A x), A n x m, two kernels",
	  OPT_N | OPT_M | B1, 128, 128, 0, 0, 0, 0, 1, 8192, 1, 8192, run_atax },
	{ "mvt", "PolyBench/GPU MVT, x1 += A y1, x2 += A^T y2, two kernels",
	  OPT_N | B1, 128, 0, 0, 0, 0, 0, 1, 8192, 0, 0, run_mvt },
	{ "conv2d", "PolyBench/GPU 2DConvolution, 3x3 stencil on n x m",
	  OPT_N | OPT_M | B2, 128, 128, 0, 0, 0, 0, 3, 8192, 3, 8192, run_conv2d },
	{ "conv3d", "PolyBench/GPU 3DConvolution on n^3, one launch per i-plane",
	  OPT_N | B2, 24, 0, 0, 0, 0, 0, 3, 512, 0, 0, run_conv3d },
	{ "bfs", "Rodinia BFS, random CSR graph, n nodes, mean degree m",
	  OPT_N | OPT_M | OPT_ITERS | OPT_SEED | OPT_VERIFY | B1,
	  4096, 6, 0, 0, 0, 0, 1, 1L << 22, 1, 64, run_bfs },
	{ "spmv", "CSR scalar SpMV, one thread per row, n rows, m nonzeros/row",
	  OPT_N | OPT_M | OPT_SEED | OPT_VERIFY | B1,
	  4096, 8, 0, 0, 0, 0, 1, 1L << 22, 1, 256, run_spmv },
	{ "kmeans", "Rodinia k-means (5 clusters), n points, m features",
	  OPT_N | OPT_M | OPT_ITERS | OPT_SEED | OPT_VERIFY | B1,
	  1024, 8, 0, 0, 0, 3, 5, 1L << 20, 1, 64, run_kmeans },
	{ "hotspot", "Rodinia HotSpot, n x n grid, pyramid height m",
	  OPT_N | OPT_M | OPT_ITERS | OPT_SEED | OPT_VERIFY,
	  128, 2, 0, 0, 0, 4, 1, 8192, 1, 7, run_hotspot },
	{ "nw", "Rodinia Needleman-Wunsch, sequences of n, gap penalty m",
	  OPT_N | OPT_M | OPT_SEED | OPT_VERIFY,
	  256, 10, 0, 0, 0, 0, 16, 8192, 0, 1000, run_nw },
	{ "mshr", "Nugteren's MSHR experiment: one CTA copies height rows",
	  OPT_HEIGHT | OPT_WIDTH, 0, 0, 256, 1024, 0, 0, 0, 0, 0, 0, run_mshr },
	{ "stride", "strided loads: thread i loads in[i*stride], n threads",
	  OPT_N | OPT_STRIDE | OPT_ITERS | B1,
	  8192, 0, 0, 0, 32, 1, 1, 1L << 22, 0, 0, run_stride },
};
#define NKERNELS (sizeof(kernels) / sizeof(kernels[0]))

static void help(void)
{
	size_t i;

	printf(
"usage: trace-emu KERNEL [options]\n"
"       trace-emu --list | --help | --version\n"
"\n"
"Emulates the global-memory behaviour of a GPU kernel and writes a\n"
"per-thread access dump (warptrace extended dialect 1) to stdout.\n"
"\n"
"options:\n"
"  -o, --output=FILE   write the dump to FILE instead of stdout\n"
"  --n=N, --m=M        problem sizes (meaning per kernel, below)\n"
"  --height=H          mshr: threads = rows (32..1024, default 256)\n"
"  --width=W           mshr: floats per row (default 1024)\n"
"  --stride=S          stride: stride in 4-byte elements (default 32)\n"
"  --iters=K           bfs: max levels (0 = until the frontier is empty);\n"
"                      kmeans: max iterations; hotspot: time steps;\n"
"                      stride: passes over the loads\n"
"  --seed=S            seed of the generated graph/matrix/data (default 1)\n"
"  --block=X[,Y]       CTA shape override (1D kernels X, 2D kernels X,Y)\n"
"  --order=thread|interleaved\n"
"                      thread by thread (default) or round-robin over the\n"
"                      threads of each CTA, as Ocelot writes them\n"
"  --base=ADDR         first allocation address (default 0x200000000)\n"
"  --verify            check the computed result against a sequential\n"
"                      reference (bfs, spmv, kmeans, hotspot, nw)\n"
"  --list              list the kernels and their defaults\n"
"  --help, --version\n"
"\n"
"sizes per kernel:\n"
"  vectoradd  n: elements\n"
"  syrk       n: rows of A and C (C is n x n), m: columns of A\n"
"  gemm       n: NI = NJ, m: NK\n"
"  gesummv    n: matrix order        mvt  n: matrix order\n"
"  atax       n: NX (rows of A), m: NY (columns of A)\n"
"  conv2d     n: NI (rows), m: NJ (columns)\n"
"  conv3d     n: NI = NJ = NK\n"
"  bfs        n: nodes, m: mean out-degree\n"
"  spmv       n: rows (= columns), m: mean nonzeros per row\n"
"  kmeans     n: points, m: features (5 clusters)\n"
"  hotspot    n: grid rows = columns, m: pyramid height\n"
"  nw         n: sequence length (multiple of 16), m: gap penalty\n"
"  stride     n: threads\n"
"\n"
"kernels:\n");
	for (i = 0; i < NKERNELS; i++)
		printf("  %-10s %s\n", kernels[i].name, kernels[i].desc);
	printf("\nExit status: 0 ok, 1 write error or verify mismatch, "
	       "2 usage error.\n");
}

static void list_defaults(const struct kernel_desc *k, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
#define ADD(bit, name, val) \
	if ((k->opts & (bit)) && o < len) \
		o += (size_t)snprintf(buf + o, len - o, "%s" name "=%ld", \
				      o ? " " : "", (long)(val))
	ADD(OPT_N, "n", k->def_n);
	ADD(OPT_M, "m", k->def_m);
	ADD(OPT_HEIGHT, "height", k->def_height);
	ADD(OPT_WIDTH, "width", k->def_width);
	ADD(OPT_STRIDE, "stride", k->def_stride);
	ADD(OPT_ITERS, "iters", k->def_iters);
#undef ADD
}

static void list(void)
{
	size_t i;
	char def[128];

	for (i = 0; i < NKERNELS; i++) {
		list_defaults(&kernels[i], def, sizeof(def));
		printf("%-10s %-60s %s\n", kernels[i].name, kernels[i].desc, def);
	}
}

static long parse_num(const char *opt, const char *val, long min, long max)
{
	char *end;
	long v;

	errno = 0;
	if (val == NULL || *val == '\0' || *val == '-' || *val == '+')
		usage_error("%s: expected an integer in %ld..%ld", opt, min, max);
	v = strtol(val, &end, 10);
	if (errno || *end != '\0' || v < min || v > max)
		usage_error("%s: expected an integer in %ld..%ld, got '%s'",
			    opt, min, max, val);
	return v;
}

static uint64_t parse_u64(const char *opt, const char *val)
{
	char *end;
	unsigned long long v;

	errno = 0;
	if (val == NULL || *val == '\0' || *val == '-' || *val == '+')
		usage_error("%s: expected an unsigned integer", opt);
	v = strtoull(val, &end, 0);
	if (errno || *end != '\0')
		usage_error("%s: expected an unsigned integer, got '%s'", opt, val);
	return (uint64_t)v;
}

static void parse_block(struct params *p, const char *val)
{
	const char *s = val;
	int n = 0;

	if (val == NULL || *val == '\0')
		usage_error("--block: expected X[,Y[,Z]]");
	while (n < 3) {
		char *end;
		long v;

		errno = 0;
		if (*s < '0' || *s > '9')
			usage_error("--block: expected X[,Y[,Z]] with positive "
				    "integers, got '%s'", val);
		v = strtol(s, &end, 10);
		if (errno || v < 1 || v > 1024)
			usage_error("--block: dimensions must be in 1..1024, "
				    "got '%s'", val);
		p->block[n++] = (unsigned)v;
		if (*end == '\0')
			break;
		if (*end != ',' || n == 3)
			usage_error("--block: expected X[,Y[,Z]], got '%s'", val);
		s = end + 1;
	}
	p->block_set = n;
	while (n < 3)
		p->block[n++] = 1;
	if ((unsigned long)p->block[0] * p->block[1] * p->block[2] > 1024)
		usage_error("--block: at most 1024 threads per block, got '%s'",
			    val);
}

/* flushes stdout after --help/--list/--version */
static int finish_stdout(void)
{
	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "trace-emu: write error: stdout: %s\n",
			strerror(errno ? errno : EIO));
		return 1;
	}
	return 0;
}

/* option table: long name, bit, takes value */
struct optdef {
	const char *name;
	unsigned bit;
};

static const struct optdef valopts[] = {
	{ "n", OPT_N }, { "m", OPT_M }, { "height", OPT_HEIGHT },
	{ "width", OPT_WIDTH }, { "stride", OPT_STRIDE },
	{ "iters", OPT_ITERS }, { "seed", OPT_SEED }, { "block", 0 },
	{ "order", 0 }, { "base", 0 }, { "output", 0 },
};

int main(int argc, char **argv)
{
	const struct kernel_desc *k = NULL;
	const char *kname = NULL, *outname = NULL;
	const char *sv[sizeof(valopts) / sizeof(valopts[0])] = { 0 };
	int verify = 0, i;
	size_t j;
	struct emu e;
	char cmd[512];
	size_t c;
	FILE *f;
	int rc;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *name, *val = NULL, *eq;
		size_t nl;

		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			help();
			return finish_stdout();
		}
		if (strcmp(a, "--version") == 0) {
			printf("trace-emu (warptrace) %s\n", VERSION);
			return finish_stdout();
		}
		if (strcmp(a, "--list") == 0) {
			list();
			return finish_stdout();
		}
		if (strcmp(a, "--verify") == 0) {
			verify = 1;
			continue;
		}
		if (strcmp(a, "-o") == 0) {
			if (i + 1 >= argc)
				usage_error("-o: expected a file name");
			outname = argv[++i];
			continue;
		}
		if (a[0] != '-' || a[1] == '\0') {
			if (kname)
				usage_error("unexpected argument '%s' (kernel "
					    "'%s' already given)", a, kname);
			kname = a;
			continue;
		}
		if (a[1] != '-')
			usage_error("unknown option '%s' (try --help)", a);
		name = a + 2;
		eq = strchr(name, '=');
		nl = eq ? (size_t)(eq - name) : strlen(name);
		for (j = 0; j < sizeof(valopts) / sizeof(valopts[0]); j++)
			if (strlen(valopts[j].name) == nl &&
			    strncmp(valopts[j].name, name, nl) == 0)
				break;
		if (j == sizeof(valopts) / sizeof(valopts[0]))
			usage_error("unknown option '%s' (try --help)", a);
		if (eq)
			val = eq + 1;
		else if (i + 1 < argc)
			val = argv[++i];
		else
			usage_error("--%s: expected a value", valopts[j].name);
		if (strcmp(valopts[j].name, "output") == 0) {
			if (*val == '\0')
				usage_error("--output: expected a file name");
			outname = val;
			continue;
		}
		sv[j] = val;
	}
	if (!kname)
		usage_error("missing kernel name (try --help or --list)");
	for (j = 0; j < NKERNELS; j++)
		if (strcmp(kernels[j].name, kname) == 0)
			k = &kernels[j];
	if (!k)
		usage_error("unknown kernel '%s' (try --list)", kname);

	memset(&e, 0, sizeof(e));
	e.p.n = k->def_n;
	e.p.m = k->def_m;
	e.p.height = k->def_height;
	e.p.width = k->def_width;
	e.p.stride = k->def_stride;
	e.p.iters = k->def_iters;
	e.p.seed = 1;
	e.p.order = ORDER_THREAD;
	e.p.base = DEFAULT_BASE;
	e.p.verify = verify;

	for (j = 0; j < sizeof(valopts) / sizeof(valopts[0]); j++) {
		const char *o = valopts[j].name, *val = sv[j];
		char oname[16];

		if (!val)
			continue;
		snprintf(oname, sizeof(oname), "--%s", o);
		if (valopts[j].bit && !(k->opts & valopts[j].bit))
			usage_error("%s: not used by kernel %s", oname, k->name);
		if (strcmp(o, "n") == 0)
			e.p.n = parse_num(oname, val, k->min_n, k->max_n);
		else if (strcmp(o, "m") == 0)
			e.p.m = parse_num(oname, val, k->min_m, k->max_m);
		else if (strcmp(o, "height") == 0)
			e.p.height = parse_num(oname, val, 32, 1024);
		else if (strcmp(o, "width") == 0)
			e.p.width = parse_num(oname, val, 1, 1L << 20);
		else if (strcmp(o, "stride") == 0)
			e.p.stride = parse_num(oname, val, 0, 1L << 16);
		else if (strcmp(o, "iters") == 0)
			e.p.iters = parse_num(oname, val,
					      strcmp(k->name, "bfs") == 0 ? 0 : 1,
					      1000);
		else if (strcmp(o, "seed") == 0)
			e.p.seed = parse_u64(oname, val);
		else if (strcmp(o, "block") == 0) {
			if (!(k->opts & OPT_BLOCK1))
				usage_error("--block: kernel %s has a fixed "
					    "block shape", k->name);
			parse_block(&e.p, val);
			if (!(k->opts & OPT_BLOCK2) &&
			    (e.p.block[1] != 1 || e.p.block[2] != 1))
				usage_error("--block: kernel %s takes a 1D block "
					    "(--block=X), got '%s'", k->name, val);
			if (e.p.block[2] != 1)
				usage_error("--block: kernel %s takes --block=X,Y, "
					    "got '%s'", k->name, val);
		} else if (strcmp(o, "order") == 0) {
			if (strcmp(val, "thread") == 0)
				e.p.order = ORDER_THREAD;
			else if (strcmp(val, "interleaved") == 0)
				e.p.order = ORDER_INTERLEAVED;
			else
				usage_error("--order: expected 'thread' or "
					    "'interleaved', got '%s'", val);
		} else if (strcmp(o, "base") == 0) {
			e.p.base = parse_u64(oname, val);
			if (e.p.base == 0 || e.p.base % 512 != 0 ||
			    e.p.base >= (1ULL << 48))
				usage_error("--base: expected a nonzero multiple "
					    "of 512 below 2^48, got '%s'", val);
		}
	}
	if (verify && !(k->opts & OPT_VERIFY))
		usage_error("--verify: kernel %s has no data-dependent result "
			    "to verify", k->name);

	/* canonical command line, written as a comment into the dump */
	c = (size_t)snprintf(cmd, sizeof(cmd), "trace-emu %s", k->name);
#define ARG(bit, fmt, val) \
	if ((k->opts & (bit)) && c < sizeof(cmd)) \
		c += (size_t)snprintf(cmd + c, sizeof(cmd) - c, fmt, val)
	ARG(OPT_N, " --n=%ld", e.p.n);
	ARG(OPT_M, " --m=%ld", e.p.m);
	ARG(OPT_HEIGHT, " --height=%ld", e.p.height);
	ARG(OPT_WIDTH, " --width=%ld", e.p.width);
	ARG(OPT_STRIDE, " --stride=%ld", e.p.stride);
	ARG(OPT_ITERS, " --iters=%ld", e.p.iters);
	ARG(OPT_SEED, " --seed=%llu", (unsigned long long)e.p.seed);
	if (e.p.block_set) {
		ARG(OPT_BLOCK1, " --block=%u", e.p.block[0]);
		if (e.p.block_set > 1)
			ARG(OPT_BLOCK1, ",%u", e.p.block[1]);
	}
#undef ARG
	if (e.p.order == ORDER_INTERLEAVED && c < sizeof(cmd))
		c += (size_t)snprintf(cmd + c, sizeof(cmd) - c,
				      " --order=interleaved");
	if (e.p.base != DEFAULT_BASE && c < sizeof(cmd))
		snprintf(cmd + c, sizeof(cmd) - c, " --base=%#llx",
			 (unsigned long long)e.p.base);

	if (outname) {
		f = fopen(outname, "w");
		if (!f) {
			fprintf(stderr, "trace-emu: cannot open %s: %s\n",
				outname, strerror(errno));
			return 1;
		}
	} else {
		f = stdout;
		outname = "stdout";
	}
	alloc_init(&e.al, e.p.base);
	e.d = dump_open(f, outname, e.p.order, &e.al, cmd);
	rc = k->run(&e);
	dump_close(e.d);
	return rc;
}
