/* polybench.c - PolyBench/GPU linear-algebra kernels (CUDA versions):
 * syrk, gemm, gesummv, atax, mvt.
 *
 * Memory model: every array reference of the CUDA source is one access, in
 * left-to-right source order, except a load whose value the compiler
 * knows from an earlier access of the same thread to the same address
 * with no possibly aliasing store in between (redundant-load elimination;
 * the pointers are not restrict-qualified, so any store may alias).
 * Stores are never removed.  icount values are estimates from a plausible
 * SASS compilation (address arithmetic, FMAs, loop compare/branch).
 */
#include "dump.h"
#include "emu.h"

/* walks the CTAs of a 2D grid in flat order */
#define FOR_CTA_2D(g, bx, by) \
	for (by = 0; by < (g).grid[1]; by++) \
		for (bx = 0; bx < (g).grid[0]; bx++)

/*
 * The thread program shared by syrk and gemm, whose kernels differ only
 * in the second operand: per thread (i, j) of an rows x cols result,
 * ld c, st c, then per k < depth: ld a[i][k], ld the second operand, st c
 * (the loop's load of c is forwarded from the thread's own previous
 * store).  The second operand is b[j][k] when b_by_row (syrk reads A
 * again, as A^T), else b[k][j] (gemm).
 */
static void product_kernel(struct emu *e, struct kgeom *g, unsigned long rows,
			   unsigned long cols, unsigned long depth, uint64_t A,
			   uint64_t B, int b_by_row, uint64_t C)
{
	unsigned bx, by;

	block_shape(e, 32, 8, g->block);
	g->grid[0] = ceil_div(cols, g->block[0]);
	g->grid[1] = ceil_div(rows, g->block[1]);
	dump_kernel(e->d, g);
	FOR_CTA_2D(*g, bx, by) {
		unsigned tx, ty;

		dump_cta(e->d, bx, by, 0);
		for (ty = 0; ty < g->block[1]; ty++)
			for (tx = 0; tx < g->block[0]; tx++) {
				unsigned t = ty * g->block[0] + tx;
				unsigned long j = (unsigned long)bx * g->block[0] + tx;
				unsigned long i = (unsigned long)by * g->block[1] + ty, k;
				uint64_t c = C + 4 * (i * cols + j);

				if (i >= rows || j >= cols)
					continue;
				dump_acc(e->d, t, RW_LOAD, c, 4, PC(11), 11);
				dump_acc(e->d, t, RW_STORE, c, 4, PC(13), 1);
				for (k = 0; k < depth; k++) {
					dump_acc(e->d, t, RW_LOAD, A + 4 * (i * depth + k),
						 4, PC(18), k == 0 ? 4 : 5);
					dump_acc(e->d, t, RW_LOAD, b_by_row ?
						 B + 4 * (j * depth + k) :
						 B + 4 * (k * cols + j), 4, PC(19), 0);
					dump_acc(e->d, t, RW_STORE, c, 4, PC(22), 2);
				}
			}
	}
	dump_end(e->d);
}

/* syrk_kernel, 32x8 blocks, grid (ceil(N/32), ceil(N/8)):
 *   if (i < N && j < N) { c[i*N+j] *= beta;
 *     for (k = 0; k < M; k++) c[i*N+j] += alpha*a[i*M+k]*a[j*M+k]; }
 * Host: cudaMalloc A_gpu (N x M), C_gpu (N x N). */
int run_syrk(struct emu *e)
{
	unsigned long N = (unsigned long)e->p.n, M = (unsigned long)e->p.m;
	struct kgeom g = { "syrk_kernel", { 0 }, { 0, 0, 1 }, 16, 0 };
	uint64_t A = dmalloc(&e->al, N * M * 4);
	uint64_t C = dmalloc(&e->al, N * N * 4);

	product_kernel(e, &g, N, N, M, A, A, 1, C);
	return 0;
}

/* gemm_kernel, 32x8 blocks, grid (ceil(NJ/32), ceil(NI/8)):
 *   if (i < NI && j < NJ) { c[i*NJ+j] *= beta;
 *     for (k = 0; k < NK; k++) c[i*NJ+j] += alpha*a[i*NK+k]*b[k*NJ+j]; }
 * Host: cudaMalloc A_gpu (NI x NK), B_gpu (NK x NJ), C_gpu (NI x NJ).
 * Here NI = NJ = n, NK = m. */
int run_gemm(struct emu *e)
{
	unsigned long NI = (unsigned long)e->p.n, NJ = NI;
	unsigned long NK = (unsigned long)e->p.m;
	struct kgeom g = { "gemm_kernel", { 0 }, { 0, 0, 1 }, 18, 0 };
	uint64_t A = dmalloc(&e->al, NI * NK * 4);
	uint64_t B = dmalloc(&e->al, NK * NJ * 4);
	uint64_t C = dmalloc(&e->al, NI * NJ * 4);

	product_kernel(e, &g, NI, NJ, NK, A, B, 0, C);
	return 0;
}

/* walks a 1D grid of g.block[0] threads per CTA; sets t and i */
#define FOR_THREAD_1D(e, g, b, t, i) \
	for (b = 0; b < (g).grid[0]; b++) \
		for (dump_cta((e)->d, b, 0, 0), t = 0; t < (g).block[0]; t++) \
			if ((i = (unsigned long)b * (g).block[0] + t), 1)

/* gesummv_kernel, 256-thread blocks, grid ceil(N/256):
 *   if (i < N) { for (j = 0; j < N; j++) {
 *       tmp[i] += a[i*N+j]*x[j]; y[i] += b[i*N+j]*x[j]; }
 *     y[i] = alpha*tmp[i] + beta*y[i]; }
 * Host: cudaMalloc A_gpu, B_gpu, x_gpu, y_gpu, tmp_gpu.
 * Every store may alias every array, so all loads are repeated each
 * iteration: ld tmp, ld a, ld x, st tmp, ld y, ld b, ld x, st y; at the
 * end ld tmp, st y (y[i] is forwarded from the last store). */
int run_gesummv(struct emu *e)
{
	unsigned long N = (unsigned long)e->p.n, i, j;
	uint64_t A, B, X, Y, T;
	unsigned b, t;
	struct kgeom g = { "gesummv_kernel", { 0 }, { 0, 1, 1 }, 20, 0 };

	A = dmalloc(&e->al, N * N * 4);
	B = dmalloc(&e->al, N * N * 4);
	X = dmalloc(&e->al, N * 4);
	Y = dmalloc(&e->al, N * 4);
	T = dmalloc(&e->al, N * 4);
	block_shape(e, 256, 1, g.block);
	g.grid[0] = ceil_div(N, g.block[0]);
	dump_kernel(e->d, &g);
	FOR_THREAD_1D(e, g, b, t, i) {
		if (i >= N)
			continue;
		for (j = 0; j < N; j++) {
			dump_acc(e->d, t, RW_LOAD, T + 4 * i, 4, PC(12),
				 j == 0 ? 12 : 5);
			dump_acc(e->d, t, RW_LOAD, A + 4 * (i * N + j), 4, PC(13), 0);
			dump_acc(e->d, t, RW_LOAD, X + 4 * j, 4, PC(14), 0);
			dump_acc(e->d, t, RW_STORE, T + 4 * i, 4, PC(16), 1);
			dump_acc(e->d, t, RW_LOAD, Y + 4 * i, 4, PC(17), 0);
			dump_acc(e->d, t, RW_LOAD, B + 4 * (i * N + j), 4, PC(18), 0);
			dump_acc(e->d, t, RW_LOAD, X + 4 * j, 4, PC(19), 0);
			dump_acc(e->d, t, RW_STORE, Y + 4 * i, 4, PC(21), 1);
		}
		dump_acc(e->d, t, RW_LOAD, T + 4 * i, 4, PC(27), 5);
		dump_acc(e->d, t, RW_STORE, Y + 4 * i, 4, PC(30), 2);
	}
	dump_end(e->d);
	return 0;
}

/* atax_kernel1 (grid ceil(NX/256)):
 *   if (i < NX) { tmp[i] = 0; for (j < NY) tmp[i] += A[i*NY+j]*x[j]; }
 * atax_kernel2 (grid ceil(NY/256)):
 *   if (j < NY) { y[j] = 0; for (i < NX) y[j] += A[i*NY+j]*tmp[i]; }
 * Host: cudaMalloc A_gpu, x_gpu, y_gpu, tmp_gpu.  Here NX = n, NY = m. */
int run_atax(struct emu *e)
{
	unsigned long NX = (unsigned long)e->p.n, NY = (unsigned long)e->p.m;
	unsigned long i, j;
	uint64_t A, X, Y, T;
	unsigned b, t;
	struct kgeom g1 = { "atax_kernel1", { 0 }, { 0, 1, 1 }, 14, 0 };
	struct kgeom g2 = { "atax_kernel2", { 0 }, { 0, 1, 1 }, 14, 0 };

	A = dmalloc(&e->al, NX * NY * 4);
	X = dmalloc(&e->al, NY * 4);
	Y = dmalloc(&e->al, NY * 4);
	T = dmalloc(&e->al, NX * 4);
	block_shape(e, 256, 1, g1.block);
	block_shape(e, 256, 1, g2.block);
	g1.grid[0] = ceil_div(NX, g1.block[0]);
	g2.grid[0] = ceil_div(NY, g2.block[0]);

	dump_kernel(e->d, &g1);
	FOR_THREAD_1D(e, g1, b, t, i) {
		if (i >= NX)
			continue;
		dump_acc(e->d, t, RW_STORE, T + 4 * i, 4, PC(9), 9);
		for (j = 0; j < NY; j++) {
			dump_acc(e->d, t, RW_LOAD, A + 4 * (i * NY + j), 4, PC(14),
				 j == 0 ? 4 : 5);
			dump_acc(e->d, t, RW_LOAD, X + 4 * j, 4, PC(15), 0);
			dump_acc(e->d, t, RW_STORE, T + 4 * i, 4, PC(17), 1);
		}
	}
	dump_end(e->d);

	dump_kernel(e->d, &g2);
	FOR_THREAD_1D(e, g2, b, t, j) {
		if (j >= NY)
			continue;
		dump_acc(e->d, t, RW_STORE, Y + 4 * j, 4, PC(9), 9);
		for (i = 0; i < NX; i++) {
			dump_acc(e->d, t, RW_LOAD, A + 4 * (i * NY + j), 4, PC(14),
				 i == 0 ? 4 : 5);
			dump_acc(e->d, t, RW_LOAD, T + 4 * i, 4, PC(15), 0);
			dump_acc(e->d, t, RW_STORE, Y + 4 * j, 4, PC(17), 1);
		}
	}
	dump_end(e->d);
	return 0;
}

/* mvt_kernel1: if (i < N) for (j < N) x1[i] += a[i*N+j]*y_1[j];
 * mvt_kernel2: if (i < N) for (j < N) x2[i] += a[j*N+i]*y_2[j];
 * 256-thread blocks, grid ceil(N/256).
 * Host: cudaMalloc a_gpu, x1_gpu, x2_gpu, y_1_gpu, y_2_gpu.
 * Per thread: ld x, then per j: ld a, ld y, st x (x forwarded). */
int run_mvt(struct emu *e)
{
	unsigned long N = (unsigned long)e->p.n, i, j;
	uint64_t A, X1, X2, Y1, Y2;
	unsigned b, t, k;
	struct kgeom g = { "", { 0 }, { 0, 1, 1 }, 14, 0 };

	A = dmalloc(&e->al, N * N * 4);
	X1 = dmalloc(&e->al, N * 4);
	X2 = dmalloc(&e->al, N * 4);
	Y1 = dmalloc(&e->al, N * 4);
	Y2 = dmalloc(&e->al, N * 4);
	block_shape(e, 256, 1, g.block);
	g.grid[0] = ceil_div(N, g.block[0]);
	for (k = 0; k < 2; k++) {
		uint64_t x = k ? X2 : X1, y = k ? Y2 : Y1;

		g.name = k ? "mvt_kernel2" : "mvt_kernel1";
		dump_kernel(e->d, &g);
		FOR_THREAD_1D(e, g, b, t, i) {
			if (i >= N)
				continue;
			dump_acc(e->d, t, RW_LOAD, x + 4 * i, 4, PC(10), 10);
			for (j = 0; j < N; j++) {
				unsigned long ai = k ? j * N + i : i * N + j;

				dump_acc(e->d, t, RW_LOAD, A + 4 * ai, 4, PC(14),
					 j == 0 ? 3 : 5);
				dump_acc(e->d, t, RW_LOAD, y + 4 * j, 4, PC(15), 0);
				dump_acc(e->d, t, RW_STORE, x + 4 * i, 4, PC(17), 1);
			}
		}
		dump_end(e->d);
	}
	return 0;
}
