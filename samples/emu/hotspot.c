/* hotspot.c - Rodinia HotSpot (hotspot.cu, calculate_temp): the pyramid
 * kernel.  Each 16x16 CTA loads a tile of temperature and power into
 * shared memory (global loads), runs `iteration` time steps in shared
 * memory, shrinking the valid region by one cell per step, and stores
 * the inner small block (global stores).  Shared-memory accesses are not
 * traced (they are counted in icount).
 *
 * Host: cudaMalloc MatrixTemp[0], MatrixTemp[1], MatrixPower; launches
 * ceil(total/pyramid) kernels, ping-ponging the two temperature buffers;
 * grid (blockCols, blockRows) with blockCols = ceil(cols /
 * (16 - 2*pyramid)), borderCols = pyramid.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dump.h"
#include "emu.h"

#define BS 16
#define MAX_PD 3.0e6f
#define PRECISION 0.001f
#define SPEC_HEAT_SI 1.75e6f
#define K_SI 100.0f
#define FACTOR_CHIP 0.5f
#define T_CHIP 0.0005f
#define CHIP_HEIGHT 0.016f
#define CHIP_WIDTH 0.016f
#define AMB_TEMP 80.0f

#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))

struct hs_const {
	float cap, rx, ry, rz, step;
};

/* emulates one CTA (bx, by) of calculate_temp */
static void hs_cta(struct emu *e, const struct hs_const *k, int iteration,
		   int rows, int cols, int brd, unsigned bx, unsigned by,
		   const float *src, const float *pow_, float *dst,
		   uint64_t Dsrc, uint64_t Dpow, uint64_t Ddst)
{
	float tc[BS][BS], pc[BS][BS], tt[BS][BS];
	int comp[BS][BS];
	float sdc = k->step / k->cap;
	float rx1 = 1 / k->rx, ry1 = 1 / k->ry, rz1 = 1 / k->rz;
	int small = BS - iteration * 2;
	int blkY = small * (int)by - brd, blkX = small * (int)bx - brd;
	int blkYmax = blkY + BS - 1, blkXmax = blkX + BS - 1;
	int vYmin = blkY < 0 ? -blkY : 0;
	int vYmax = blkYmax > rows - 1 ? BS - 1 - (blkYmax - rows + 1) : BS - 1;
	int vXmin = blkX < 0 ? -blkX : 0;
	int vXmax = blkXmax > cols - 1 ? BS - 1 - (blkXmax - cols + 1) : BS - 1;
	int tx, ty, i;

	memset(tc, 0, sizeof(tc));
	memset(pc, 0, sizeof(pc));
	memset(tt, 0, sizeof(tt));
	memset(comp, 0, sizeof(comp));
	for (ty = 0; ty < BS; ty++)
		for (tx = 0; tx < BS; tx++) {
			int y = blkY + ty, x = blkX + tx;
			long idx = (long)cols * y + x;

			if (!(IN_RANGE(y, 0, rows - 1) && IN_RANGE(x, 0, cols - 1)))
				continue;
			/* setup: 1/Cap, 1/Rx, 1/Ry, 1/Rz (IEEE divisions), tile
			 * bounds, index, range checks */
			dump_acc(e->d, (unsigned)(ty * BS + tx), RW_LOAD,
				 Dsrc + 4 * (uint64_t)idx, 4, PC(40), 40);
			dump_acc(e->d, (unsigned)(ty * BS + tx), RW_LOAD,
				 Dpow + 4 * (uint64_t)idx, 4, PC(41), 0);
			tc[ty][tx] = src[idx];
			pc[ty][tx] = pow_[idx];
		}
	for (i = 0; i < iteration; i++) {
		for (ty = 0; ty < BS; ty++)
			for (tx = 0; tx < BS; tx++) {
				int N = ty - 1 < vYmin ? vYmin : ty - 1;
				int S = ty + 1 > vYmax ? vYmax : ty + 1;
				int W = tx - 1 < vXmin ? vXmin : tx - 1;
				int E = tx + 1 > vXmax ? vXmax : tx + 1;

				comp[ty][tx] = 0;
				if (IN_RANGE(tx, i + 1, BS - i - 2) &&
				    IN_RANGE(ty, i + 1, BS - i - 2) &&
				    IN_RANGE(tx, vXmin, vXmax) &&
				    IN_RANGE(ty, vYmin, vYmax)) {
					comp[ty][tx] = 1;
					/* 2.0 is a double literal, as in the CUDA code */
					tt[ty][tx] = (float)(tc[ty][tx] + sdc *
						(pc[ty][tx] +
						 (tc[S][tx] + tc[N][tx] - 2.0 * tc[ty][tx]) * ry1 +
						 (tc[ty][E] + tc[ty][W] - 2.0 * tc[ty][tx]) * rx1 +
						 (AMB_TEMP - tc[ty][tx]) * rz1));
				}
			}
		if (i == iteration - 1)
			break;
		for (ty = 0; ty < BS; ty++)
			for (tx = 0; tx < BS; tx++)
				if (comp[ty][tx])
					tc[ty][tx] = tt[ty][tx];
	}
	for (ty = 0; ty < BS; ty++)
		for (tx = 0; tx < BS; tx++) {
			int y = blkY + ty, x = blkX + tx;
			long idx = (long)cols * y + x;

			if (!comp[ty][tx])
				continue;
			dst[idx] = tt[ty][tx];
			/* per step: range checks, 6 LDS, ~12 FP ops, STS,
			 * BAR, copy-back LDS/STS, BAR, loop */
			dump_acc(e->d, (unsigned)(ty * BS + tx), RW_STORE,
				 Ddst + 4 * (uint64_t)idx, 4, PC(104),
				 (unsigned)(20 + 30 * iteration));
		}
}

/* sequential reference: `steps` explicit steps on the whole grid, with
 * neighbours clamped at the chip border, in double precision */
static int hs_verify(const struct hs_const *k, int rows, int cols, int steps,
		     const float *t0, const float *pw, const float *res)
{
	size_t n = (size_t)rows * cols;
	double *a = xmalloc(n * sizeof(double)), *b = xmalloc(n * sizeof(double));
	double sdc = (double)k->step / k->cap;
	int s, y, x, ok = 1;
	size_t i;

	for (i = 0; i < n; i++)
		a[i] = t0[i];
	for (s = 0; s < steps; s++) {
		for (y = 0; y < rows; y++)
			for (x = 0; x < cols; x++) {
				double c = a[(size_t)y * cols + x];
				double nn = a[(size_t)(y > 0 ? y - 1 : y) * cols + x];
				double ss = a[(size_t)(y < rows - 1 ? y + 1 : y) * cols + x];
				double ww = a[(size_t)y * cols + (x > 0 ? x - 1 : x)];
				double ee = a[(size_t)y * cols + (x < cols - 1 ? x + 1 : x)];

				b[(size_t)y * cols + x] = c + sdc *
					(pw[(size_t)y * cols + x] +
					 (ss + nn - 2.0 * c) / k->ry +
					 (ee + ww - 2.0 * c) / k->rx +
					 (AMB_TEMP - c) / k->rz);
			}
		memcpy(a, b, n * sizeof(double));
	}
	for (i = 0; i < n; i++)
		if (fabs(a[i] - res[i]) > 1e-3 * (1.0 + fabs(a[i])))
			ok = 0;
	free(a);
	free(b);
	return verify_report(ok, "hotspot temperatures differ from the reference");
}

int run_hotspot(struct emu *e)
{
	int n = (int)e->p.n, pyr = (int)e->p.m, total = (int)e->p.iters;
	size_t cells = (size_t)n * n, i;
	float *temp[2], *pw;
	uint64_t Dtemp[2], Dpow;
	struct hs_const k;
	struct rng r;
	struct kgeom g = { "calculate_temp", { BS, BS, 1 }, { 0, 0, 1 }, 34,
			   3 * BS * BS * 4 };
	int small, src = 1, dst = 0, tstep, rc = 0;
	float gh, gw, max_slope;

	if (total % pyr != 0)
		usage_error("--iters: expected a multiple of --m (pyramid height "
			    "%d), got %d", pyr, total);
	rng_seed(&r, e->p.seed);
	temp[0] = xmalloc(cells * sizeof(float));
	temp[1] = xmalloc(cells * sizeof(float));
	pw = xmalloc(cells * sizeof(float));
	for (i = 0; i < cells; i++) {
		temp[0][i] = 323.0f + 20.0f * rng_unit(&r);
		pw[i] = 1e-3f * rng_unit(&r);
	}
	memcpy(temp[1], temp[0], cells * sizeof(float));

	gh = CHIP_HEIGHT / (float)n;
	gw = CHIP_WIDTH / (float)n;
	k.cap = FACTOR_CHIP * SPEC_HEAT_SI * T_CHIP * gw * gh;
	k.rx = gw / (2.0f * K_SI * T_CHIP * gh);
	k.ry = gh / (2.0f * K_SI * T_CHIP * gw);
	k.rz = T_CHIP / (K_SI * gh * gw);
	max_slope = MAX_PD / (FACTOR_CHIP * T_CHIP * SPEC_HEAT_SI);
	k.step = PRECISION / max_slope;

	Dtemp[0] = dmalloc(&e->al, cells * 4);
	Dtemp[1] = dmalloc(&e->al, cells * 4);
	Dpow = dmalloc(&e->al, cells * 4);

	small = BS - 2 * pyr;
	g.grid[0] = g.grid[1] = ceil_div((unsigned long)n, (unsigned long)small);
	for (tstep = 0; tstep < total; tstep += pyr) {
		int it = pyr < total - tstep ? pyr : total - tstep, tmp = src;
		unsigned bx, by;

		src = dst;
		dst = tmp;
		dump_kernel(e->d, &g);
		for (by = 0; by < g.grid[1]; by++)
			for (bx = 0; bx < g.grid[0]; bx++) {
				dump_cta(e->d, bx, by, 0);
				hs_cta(e, &k, it, n, n, pyr, bx, by, temp[src], pw,
				       temp[dst], Dtemp[src], Dpow, Dtemp[dst]);
			}
		dump_end(e->d);
	}
	if (e->p.verify) {
		float *t0 = xmalloc(cells * sizeof(float));
		struct rng r2;

		rng_seed(&r2, e->p.seed);
		for (i = 0; i < cells; i++) {
			t0[i] = 323.0f + 20.0f * rng_unit(&r2);
			(void)rng_unit(&r2);
		}
		rc = hs_verify(&k, n, n, total, t0, pw, temp[dst]);
		free(t0);
	}
	free(temp[0]);
	free(temp[1]);
	free(pw);
	return rc;
}
