/* dump.c - buffered writer of per-thread access dumps.
 *
 * The accesses of one CTA are collected (in whatever order the kernel
 * emulation produces them, each thread's own accesses in program order)
 * and written when the CTA ends, either thread after thread
 * (--order=thread) or round-robin over the CTA's threads by per-thread
 * access index (--order=interleaved), as Ocelot's emulator does.  Memory
 * use is bounded by one CTA's accesses.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dump.h"

struct rec {
	uint64_t addr;
	uint32_t pc;
	uint32_t icount;
	uint16_t tid;
	uint8_t rw;
	uint8_t size;
};

#define OUTBUF (1u << 16)

struct dump {
	FILE *f;
	const char *fname;
	enum order order;
	const struct alloc *al;
	const char *cmd;
	int kernels;            /* kernels started */
	int in_kernel;
	int kernel_lines;       /* access lines in the current kernel */
	struct kgeom g;
	unsigned tpb;           /* threads per block */
	uint64_t nblocks;
	int in_cta;
	uint64_t cta_flat;      /* flat id of the current CTA */
	struct rec *recs, *tmp;
	size_t nrec, caprec;
	uint32_t *cnt;          /* per-thread counters, tpb + 1 entries */
	uint32_t *pos;          /* per-index counters (interleaving) */
	size_t npos;
	uint64_t total;
	char buf[OUTBUF];
	size_t blen;
};

static void die_write(struct dump *d)
{
	fprintf(stderr, "trace-emu: write error: %s: %s\n", d->fname,
		strerror(errno ? errno : EIO));
	exit(1);
}

static void internal(const char *msg)
{
	fprintf(stderr, "trace-emu: internal error: %s\n", msg);
	exit(1);
}

static void flush_buf(struct dump *d)
{
	if (d->blen == 0)
		return;
	errno = 0;
	if (fwrite(d->buf, 1, d->blen, d->f) != d->blen || ferror(d->f))
		die_write(d);
	d->blen = 0;
}

static void put_str(struct dump *d, const char *s)
{
	size_t n = strlen(s);

	if (d->blen + n > OUTBUF)
		flush_buf(d);
	if (n > OUTBUF)
		internal("line too long");
	memcpy(d->buf + d->blen, s, n);
	d->blen += n;
}

/* writes decimal u into p (backwards from the end); returns start */
static char *fmt_dec(char *end, uint64_t u)
{
	do {
		*--end = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	return end;
}

static char *fmt_hex(char *end, uint64_t u)
{
	do {
		*--end = "0123456789abcdef"[u & 15];
		u >>= 4;
	} while (u);
	*--end = 'x';
	*--end = '0';
	return end;
}

struct dump *dump_open(FILE *f, const char *fname, enum order order,
		       const struct alloc *al, const char *cmd)
{
	struct dump *d = xcalloc(1, sizeof(*d));

	d->f = f;
	d->fname = fname;
	d->order = order;
	d->al = al;
	d->cmd = cmd;
	return d;
}

void dump_kernel(struct dump *d, const struct kgeom *g)
{
	char line[256];
	uint64_t tpb;

	if (d->in_kernel)
		internal("kernel started inside a kernel");
	d->g = *g;
	tpb = (uint64_t)g->block[0] * g->block[1] * g->block[2];
	if (tpb == 0 || tpb > 1024 || g->grid[0] == 0 || g->grid[1] == 0 ||
	    g->grid[2] == 0)
		internal("bad launch geometry");
	d->tpb = (unsigned)tpb;
	d->nblocks = (uint64_t)g->grid[0] * g->grid[1] * g->grid[2];
	d->cnt = realloc(d->cnt, (d->tpb + 1) * sizeof(*d->cnt));
	if (!d->cnt)
		internal("out of memory");
	snprintf(line, sizeof(line),
		 "blocksize: %u %u %u\ngridsize: %u %u %u\nkernel: %s\n"
		 "regs: %u\nshmem: %u\n",
		 g->block[0], g->block[1], g->block[2],
		 g->grid[0], g->grid[1], g->grid[2], g->name, g->regs, g->shmem);
	put_str(d, line);
	if (d->kernels == 0 && d->cmd) {
		put_str(d, "# ");
		put_str(d, d->cmd);
		put_str(d, "\n");
	}
	d->kernels++;
	d->in_kernel = 1;
	d->kernel_lines = 0;
	d->in_cta = 0;
}

static void write_rec(struct dump *d, const struct rec *r)
{
	char tmp[128];
	char *end = tmp + sizeof(tmp);
	char *p = end;
	uint64_t gid = d->cta_flat * d->tpb + r->tid;

	*--p = '\n';
	p = fmt_dec(p, r->icount);
	*--p = ' ';
	p = fmt_hex(p, r->pc);
	*--p = ' ';
	p = fmt_dec(p, r->size);
	*--p = ' ';
	p = fmt_dec(p, r->addr);
	*--p = ' ';
	*--p = (char)('0' + r->rw);
	*--p = ' ';
	p = fmt_dec(p, gid);
	if (d->blen + (size_t)(end - p) > OUTBUF)
		flush_buf(d);
	memcpy(d->buf + d->blen, p, (size_t)(end - p));
	d->blen += (size_t)(end - p);
}

/* writes the buffered CTA in the requested order */
static void flush_cta(struct dump *d)
{
	size_t i, n = d->nrec;
	unsigned t;
	uint32_t maxper = 0, sum, idx;

	if (!d->in_cta)
		return;
	d->in_cta = 0;
	if (n == 0)
		return;
	if (d->tmp == NULL)
		d->tmp = xmalloc(d->caprec * sizeof(*d->tmp));
	/* pass 1: stable bucket sort by thread id -> thread order */
	memset(d->cnt, 0, (d->tpb + 1) * sizeof(*d->cnt));
	for (i = 0; i < n; i++)
		d->cnt[d->recs[i].tid + 1]++;
	for (t = 0; t < d->tpb; t++) {
		if (d->cnt[t + 1] > maxper)
			maxper = d->cnt[t + 1];
		d->cnt[t + 1] += d->cnt[t];
	}
	for (i = 0; i < n; i++)
		d->tmp[d->cnt[d->recs[i].tid]++] = d->recs[i];
	if (d->order == ORDER_THREAD) {
		for (i = 0; i < n; i++)
			write_rec(d, &d->tmp[i]);
	} else {
		/* pass 2: stable bucket sort by per-thread access index;
		 * inside one index, threads stay in ascending order */
		if (d->npos < (size_t)maxper + 1) {
			free(d->pos);
			d->npos = (size_t)maxper + 1;
			d->pos = xmalloc(d->npos * sizeof(*d->pos));
		}
		memset(d->pos, 0, ((size_t)maxper + 1) * sizeof(*d->pos));
		for (i = 0, idx = 0; i < n; i++) {
			idx = (i > 0 && d->tmp[i].tid == d->tmp[i - 1].tid) ?
				idx + 1 : 0;
			d->pos[idx]++;
		}
		for (sum = 0, i = 0; i <= maxper; i++) {
			uint32_t c = d->pos[i];
			d->pos[i] = sum;
			sum += c;
		}
		for (i = 0, idx = 0; i < n; i++) {
			idx = (i > 0 && d->tmp[i].tid == d->tmp[i - 1].tid) ?
				idx + 1 : 0;
			d->recs[d->pos[idx]++] = d->tmp[i];
		}
		for (i = 0; i < n; i++)
			write_rec(d, &d->recs[i]);
	}
	d->kernel_lines += (int)(n > 0);
	d->total += n;
	d->nrec = 0;
}

void dump_cta(struct dump *d, unsigned bx, unsigned by, unsigned bz)
{
	uint64_t flat;

	if (!d->in_kernel)
		internal("CTA outside a kernel");
	if (bx >= d->g.grid[0] || by >= d->g.grid[1] || bz >= d->g.grid[2])
		internal("CTA outside the grid");
	flat = ((uint64_t)bz * d->g.grid[1] + by) * d->g.grid[0] + bx;
	if (d->in_cta && flat <= d->cta_flat)
		internal("CTAs out of order");
	flush_cta(d);
	d->cta_flat = flat;
	d->in_cta = 1;
}

void dump_acc(struct dump *d, unsigned tid, int rw, uint64_t addr,
	      unsigned size, unsigned pc, unsigned icount)
{
	struct rec *r;

	if (!d->in_cta || tid >= d->tpb)
		internal("access outside a CTA");
	if (!alloc_contains(d->al, addr, size))
		internal("access outside the allocations");
	if (d->nrec == d->caprec) {
		d->caprec = d->caprec ? d->caprec * 2 : 4096;
		d->recs = realloc(d->recs, d->caprec * sizeof(*d->recs));
		if (!d->recs)
			internal("out of memory");
		free(d->tmp);
		d->tmp = NULL;
	}
	r = &d->recs[d->nrec++];
	r->addr = addr;
	r->pc = pc;
	r->icount = icount;
	r->tid = (uint16_t)tid;
	r->rw = (uint8_t)rw;
	r->size = (uint8_t)size;
}

void dump_end(struct dump *d)
{
	if (!d->in_kernel)
		internal("end outside a kernel");
	flush_cta(d);
	if (d->kernel_lines == 0)
		internal("kernel without accesses");
	d->in_kernel = 0;
}

uint64_t dump_count(const struct dump *d)
{
	return d->total;
}

void dump_close(struct dump *d)
{
	if (d->in_kernel)
		dump_end(d);
	flush_buf(d);
	errno = 0;
	if (fflush(d->f) != 0 || ferror(d->f))
		die_write(d);
	if (d->f != stdout) {
		if (fclose(d->f) != 0)
			die_write(d);
	} else if (fclose(stdout) != 0) {
		die_write(d);
	}
	free(d->recs);
	free(d->tmp);
	free(d->cnt);
	free(d->pos);
	free(d);
}
