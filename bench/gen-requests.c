/*
 * gen-requests - write large deterministic request streams (what coalesce
 * makes) for benchmarks of l1sim, fast.
 *
 *   gen-requests [--requests=N] [--kernels=K] [--sms=S] [--ctas-per-sm=C]
 *                [--warps-per-cta=W] [--seed=N] [--level=N] [-o FILE]
 *
 * The requests are split evenly over K kernels, so that l1sim, which holds
 * one kernel at a time, stays bounded.  A kernel has 2*S*C CTAs of W warps
 * (fewer if it has under 16 requests a warp) and its requests are split
 * evenly over its warps.  Each SM holds C CTAs at a time: the first ones
 * round robin over the SMs, then a new one in a slot as its CTA ends.
 * Each cycle every SM issues one memory instruction of its next warp in
 * round-robin order, so the records come out in time order, by SM within
 * a cycle.  A warp loops over a ten-instruction program (warp i from
 * instruction i mod 10); as in real code, each instruction has its own
 * PC, count of non-memory instructions before it and access width.  Four
 * kinds of access:
 *   S  load 1 or 2 lines along the warp's private 32 KB array
 *   H  gather 1 to 4 lines (drawn) from an 8 KB table every warp shares
 *   C  load 2 or 4 rows of a 16-row column every warp shares, rows 4 KB
 *      apart: one set under linear indexing (conflict misses)
 *   W  store 2 lines along the warp's private output array
 * About 10% of the requests are stores.  The gathers come from xorshift64*
 * seeded by --seed: the output depends on the options alone.
 */
#include "machine.h"
#include "output.h"
#include "stream.h"
#include "util.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#define PC_BASE 0x100
#define LINE 128
#define PRIV_BASE 0x100000000ULL	/* private input arrays */
#define OUT_BASE 0x200000000ULL		/* private output arrays */
#define PRIV_LINES 256			/* 32 KB a warp */
#define HOT_BASE 0x300000000ULL		/* the shared table */
#define HOT_LINES 64			/* 8 KB */
#define COL_BASE 0x400000000ULL		/* the shared column */
#define COL_ROWS 16
#define COL_PITCH 4096
#define MIN_WARP_REQUESTS 16

static const char usage[] =
"usage: gen-requests [options]\n"
"Write a deterministic stream of memory requests, as coalesce makes them,\n"
"for benchmarks of l1sim.\n"
"\n"
"      --requests=N       requests in all (K, M, G suffixes; default 100M)\n"
"      --kernels=K        kernels the requests are split over (100)\n"
"      --sms=S            SMs (15)\n"
"      --ctas-per-sm=C    CTAs resident on an SM at once (8)\n"
"      --warps-per-cta=W  warps of 32 threads in a CTA (8)\n"
"      --seed=N           seed of the choices (1)\n"
"      --level=N          zstd level, 0 for none (default: $WARPTRACE_LEVEL,\n"
"                         else 1)\n"
"  -o, --output=FILE      write the stream to FILE (default: stdout)\n"
"  -h, --help             show this help\n";

/* One warp's loop: kind, lines (0: a gather of 1 to 4), icount. */
static const struct instr {
	char kind;
	unsigned lines, icount;
} program[] = {
	{ 'S', 1, 3 }, { 'H', 0, 0 }, { 'S', 2, 5 }, { 'H', 0, 1 }, { 'C', 4, 8 },
	{ 'S', 1, 2 }, { 'H', 0, 0 }, { 'C', 2, 4 }, { 'S', 2, 6 }, { 'W', 2, 1 },
};
#define PROGRAM_LEN (sizeof(program) / sizeof(program[0]))

struct warp {
	uint32_t cta, id;	/* kernel-wide CTA and warp ids */
	uint64_t left;		/* requests still to make */
	uint32_t instr;		/* memory instructions made */
	uint32_t stream, out, col;	/* next line of S, W and C */
};

struct sm {
	struct warp *w;		/* C slots of W warps */
	unsigned *live;		/* per slot: warps with requests left */
	unsigned rr;		/* the warp to look at first */
};

static struct {
	unsigned sms, ctas, warps;
	struct sm *sm;
	struct wt_writer *out;
	uint64_t rng;
	uint64_t next_cta, nctas;
	uint64_t per_warp, extra;	/* a warp's requests; +1 for the first extra */
	uint64_t gather[5][4];	/* lanes of request i of an n-request gather */
} G;

static uint64_t rnd(void)
{
	G.rng ^= G.rng >> 12;
	G.rng ^= G.rng << 25;
	G.rng ^= G.rng >> 27;
	return G.rng * 0x2545F4914F6CDD1DULL;
}

/* A gather of n requests: request i serves the lanes l with l % n == i. */
static void init_gather(void)
{
	for (unsigned n = 1; n <= 4; n++)
		for (unsigned l = 0; l < 32; l++)
			G.gather[n][l % n] |= 1ULL << l;
}

static unsigned popcount(uint64_t v)
{
	unsigned n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

static void put(const struct wt_request *q)
{
	if (wt_writer_put(G.out, q) < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.out));
}

/* The line of request i of an instruction of kind c by warp w. */
static uint64_t line_addr(char c, const struct warp *w, unsigned i, uint64_t r)
{
	uint64_t own = (uint64_t)w->id * PRIV_LINES;

	switch (c) {
	case 'S':
		return PRIV_BASE + (own + (w->stream + i) % PRIV_LINES) * LINE;
	case 'W':
		return OUT_BASE + (own + (w->out + i) % PRIV_LINES) * LINE;
	case 'H':	/* distinct lines: 17 * i differ mod 64 for i < 4 */
		return HOT_BASE + ((r + 17 * i) % HOT_LINES) * LINE;
	default:
		return COL_BASE + ((w->col + i) % COL_ROWS) * COL_PITCH;
	}
}

/* Request i of n of an instruction of kind c, r a random number. */
static void shape(struct wt_request *q, char c, unsigned i, unsigned n, uint64_t r)
{
	unsigned k;

	if (c != 'H') {		/* whole lines: 4 or 8 bytes a lane */
		q->lanes = n == 1 ? 0xffffffffULL : 0xffffULL << (16 * i);
		q->bytes = LINE;
		q->sectors = 0xf;
		return;
	}
	/* 4 bytes a lane, in the fewest sectors */
	q->lanes = G.gather[n][i];
	q->bytes = (uint16_t)(4 * popcount(q->lanes));
	k = (q->bytes + 31u) / 32;
	q->sectors = (uint8_t)(((1u << k) - 1) << ((r >> (2 * i)) % (5 - k)));
}

/* Warp w's next memory instruction, on SM sm at cycle t. */
static void issue(struct warp *w, unsigned sm, uint64_t t)
{
	unsigned slot = (w->instr + w->id) % PROGRAM_LEN;
	const struct instr *p = &program[slot];
	uint64_t r = p->lines ? 0 : rnd();
	struct wt_request q;
	unsigned n = p->lines ? p->lines : 1 + (unsigned)(r & 3);

	if (n > w->left)
		n = (unsigned)w->left;
	memset(&q, 0, sizeof(q));
	q.time = t;
	q.pc = PC_BASE + 16 * slot;
	q.cta = w->cta;
	q.warp = w->id;
	q.instr = w->instr;
	q.sm = (uint16_t)sm;
	q.op = p->kind == 'W' ? WT_OP_STORE : WT_OP_LOAD;
	q.space = WT_SPACE_GLOBAL;
	q.icount = p->icount;
	q.count = (uint8_t)n;
	for (unsigned i = 0; i < n; i++) {
		q.index = (uint8_t)i;
		q.addr = line_addr(p->kind, w, i, r >> 16);
		shape(&q, p->kind, i, n, r >> 2);
		put(&q);
	}
	if (p->kind == 'S')
		w->stream += n;
	else if (p->kind == 'W')
		w->out += n;
	else if (p->kind == 'C')
		w->col += n;
	w->instr++;
	w->left -= n;
}

/* Give a slot of SM m the next CTA with requests, if one is left. */
static void cta_start(struct sm *m, unsigned slot)
{
	struct warp *w = m->w + (size_t)slot * G.warps;

	m->live[slot] = 0;
	while (m->live[slot] == 0 && G.next_cta < G.nctas) {
		uint64_t cta = G.next_cta++;

		for (unsigned i = 0; i < G.warps; i++) {
			uint64_t id = cta * G.warps + i;

			memset(&w[i], 0, sizeof(w[i]));
			w[i].cta = (uint32_t)cta;
			w[i].id = (uint32_t)id;
			w[i].left = G.per_warp + (id < G.extra);
			w[i].stream = w[i].out = (uint32_t)(id % PRIV_LINES);
			w[i].col = (uint32_t)(id % COL_ROWS);
			m->live[slot] += w[i].left > 0;
		}
	}
}

/* SM s issues its next warp's instruction at cycle t; 0 if none is left. */
static int sm_step(unsigned s, uint64_t t)
{
	struct sm *m = &G.sm[s];
	unsigned nw = G.ctas * G.warps;

	for (unsigned k = 0; k < nw; k++) {
		unsigned i = (m->rr + k) % nw;
		struct warp *w = &m->w[i];

		if (w->left == 0)
			continue;
		issue(w, s, t);
		m->rr = (i + 1) % nw;
		if (w->left == 0 && --m->live[i / G.warps] == 0)
			cta_start(m, i / G.warps);
		return 1;
	}
	return 0;
}

static void kernel_begin(uint32_t id)
{
	struct wt_kernel k;
	char buf[32];

	wt_kernel_init(&k);
	k.id = id;
	free(k.name);
	k.name = wt_strdup("bench_requests");
	k.grid[0] = (uint32_t)G.nctas;
	k.grid[1] = k.grid[2] = 1;
	k.block[0] = 32 * G.warps;
	k.block[1] = k.block[2] = 1;
	wt_meta_set(&k.extra, "ctas_per_sm", wt_snprintf(buf, sizeof(buf), "%u",
							 G.ctas));
	if (wt_writer_kernel_begin(G.out, &k) < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.out));
	wt_kernel_free(&k);
}

/* Write kernel id with its requests from cycle clock; returns its end. */
static uint64_t run_kernel(uint32_t id, uint64_t requests, uint64_t clock)
{
	uint64_t fit = requests / ((uint64_t)G.warps * MIN_WARP_REQUESTS);
	uint64_t nwarps, t;

	G.nctas = 2ULL * G.sms * G.ctas;
	if (fit < G.nctas)
		G.nctas = fit ? fit : 1;
	nwarps = G.nctas * G.warps;
	G.per_warp = requests / nwarps;
	G.extra = requests % nwarps;
	G.next_cta = 0;
	kernel_begin(id);
	for (unsigned s = 0; s < G.sms; s++) {
		memset(G.sm[s].w, 0, (size_t)G.ctas * G.warps * sizeof(*G.sm[s].w));
		G.sm[s].rr = 0;
	}
	for (unsigned slot = 0; slot < G.ctas; slot++)
		for (unsigned s = 0; s < G.sms; s++)
			cta_start(&G.sm[s], slot);
	for (t = clock;; t++) {
		int any = 0;

		for (unsigned s = 0; s < G.sms; s++)
			any |= sm_step(s, t);
		if (!any)
			break;
	}
	if (wt_writer_kernel_end(G.out) < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.out));
	return t;
}

static uint64_t opt_num(const char *name, const char *arg, uint64_t lo, uint64_t hi)
{
	uint64_t v;
	const char *why;

	if (wt_parse_size(arg, hi, &v, &why) < 0 || v < lo)
		wt_die(WT_EXIT_USAGE, "--%s=%s: expected a number from %llu to %llu",
		       name, arg, (unsigned long long)lo, (unsigned long long)hi);
	return v;
}

static void open_output(const char *path, int level, int argc, char **argv)
{
	struct wt_header h;
	char buf[32];

	wt_header_init(&h, WT_KIND_REQUEST, 0);
	wt_machine_default_meta(&h.meta, "gen-requests");
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_meta_set(&h.meta, "sms", wt_snprintf(buf, sizeof(buf), "%u", G.sms));
	wt_meta_set(&h.meta, "warp_size", "32");
	wt_meta_set(&h.meta, "coalesce_rules", "sector");
	wt_meta_set(&h.meta, "line_size", "128");
	wt_meta_set(&h.meta, "sector_size", "32");
	G.out = wt_output_open(path, &h, level);
	wt_header_free(&h);
}

int main(int argc, char **argv)
{
	enum { O_REQUESTS = 256, O_KERNELS, O_SMS, O_CTAS, O_WARPS, O_SEED, O_LEVEL };
	static const struct option longopts[] = {
		{ "requests", required_argument, NULL, O_REQUESTS },
		{ "kernels", required_argument, NULL, O_KERNELS },
		{ "sms", required_argument, NULL, O_SMS },
		{ "ctas-per-sm", required_argument, NULL, O_CTAS },
		{ "warps-per-cta", required_argument, NULL, O_WARPS },
		{ "seed", required_argument, NULL, O_SEED },
		{ "level", required_argument, NULL, O_LEVEL },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	uint64_t requests = 100ULL << 20, kernels = 100, seed = 1, clock = 0;
	const char *output = "-";
	int level = -1000, c;

	wt_set_progname(argv[0]);
	G.sms = 15;
	G.ctas = 8;
	G.warps = 8;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		switch (c) {
		case O_REQUESTS:
			requests = opt_num("requests", optarg, 0, 1ULL << 40);
			break;
		case O_KERNELS:
			kernels = opt_num("kernels", optarg, 1, 1u << 20);
			break;
		case O_SMS:
			G.sms = (unsigned)opt_num("sms", optarg, 1, 65535);
			break;
		case O_CTAS:
			G.ctas = (unsigned)opt_num("ctas-per-sm", optarg, 1, 256);
			break;
		case O_WARPS:
			G.warps = (unsigned)opt_num("warps-per-cta", optarg, 1, 32);
			break;
		case O_SEED:
			seed = opt_num("seed", optarg, 0, UINT32_MAX);
			break;
		case O_LEVEL:
			level = wt_level_arg(optarg);
			break;
		case 'o':
			output = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			return WT_EXIT_OK;
		default:
			wt_bad_option(argv, optind, optopt);
		}
	}
	if (optind < argc)
		wt_die(WT_EXIT_USAGE, "unexpected argument '%s'", argv[optind]);
	if (level == -1000)
		level = wt_env_level(output);

	G.rng = (seed + 1) * 0x9E3779B97F4A7C15ULL;	/* never 0 */
	init_gather();
	G.sm = wt_calloc(G.sms, sizeof(*G.sm));
	for (unsigned s = 0; s < G.sms; s++) {
		G.sm[s].w = wt_calloc((size_t)G.ctas * G.warps, sizeof(*G.sm[s].w));
		G.sm[s].live = wt_calloc(G.ctas, sizeof(*G.sm[s].live));
	}
	open_output(output, level, argc, argv);
	for (uint64_t k = 0; k < kernels; k++)
		clock = run_kernel((uint32_t)k, requests / kernels +
				   (k < requests % kernels), clock);
	wt_output_close();
	for (unsigned s = 0; s < G.sms; s++) {
		free(G.sm[s].w);
		free(G.sm[s].live);
	}
	free(G.sm);
	return WT_EXIT_OK;
}
