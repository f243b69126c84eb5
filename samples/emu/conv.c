/* conv.c - PolyBench/GPU 2DConvolution and 3DConvolution (CUDA versions).
 * Same memory model as polybench.c; icount values are estimates. */
#include "dump.h"
#include "emu.h"

/* convolution2D_kernel, 32x8 blocks, grid (ceil(NJ/32), ceil(NI/8)):
 *   j = x index, i = y index;
 *   if (i < NI-1 && j < NJ-1 && i > 0 && j > 0)
 *     B[i*NJ+j] = c11*A[(i-1)*NJ+(j-1)] + c21*A[(i-1)*NJ+j] + c31*A[(i-1)*NJ+(j+1)]
 *               + c12*A[i*NJ+(j-1)]     + c22*A[i*NJ+j]     + c32*A[i*NJ+(j+1)]
 *               + c13*A[(i+1)*NJ+(j-1)] + c23*A[(i+1)*NJ+j] + c33*A[(i+1)*NJ+(j+1)];
 * Host: cudaMalloc A_gpu, B_gpu (NI x NJ floats each).
 * Per interior thread: 9 loads row by row, then 1 store. */
int run_conv2d(struct emu *e)
{
	long NI = e->p.n, NJ = e->p.m;
	uint64_t A, B;
	unsigned bx, by;
	struct kgeom g = { "convolution2D_kernel", { 0 }, { 0, 0, 1 }, 16, 0 };

	A = dmalloc(&e->al, (uint64_t)NI * NJ * 4);
	B = dmalloc(&e->al, (uint64_t)NI * NJ * 4);
	block_shape(e, 32, 8, g.block);
	g.grid[0] = ceil_div((unsigned long)NJ, g.block[0]);
	g.grid[1] = ceil_div((unsigned long)NI, g.block[1]);
	dump_kernel(e->d, &g);
	for (by = 0; by < g.grid[1]; by++)
		for (bx = 0; bx < g.grid[0]; bx++) {
			unsigned tx, ty;

			dump_cta(e->d, bx, by, 0);
			for (ty = 0; ty < g.block[1]; ty++)
				for (tx = 0; tx < g.block[0]; tx++) {
					unsigned t = ty * g.block[0] + tx;
					long j = (long)bx * g.block[0] + tx;
					long i = (long)by * g.block[1] + ty;
					int di, dj, n = 0;

					if (!(i < NI - 1 && j < NJ - 1 && i > 0 && j > 0))
						continue;
					for (di = -1; di <= 1; di++)
						for (dj = -1; dj <= 1; dj++, n++)
							/* first: ids, 4 compares,
							 * address IMADs */
							dump_acc(e->d, t, RW_LOAD,
								 A + 4 * (uint64_t)((i + di) * NJ + j + dj),
								 4, PC(14 + n),
								 n == 0 ? 14 : 0);
					/* 9 FMUL/FFMA, address of B */
					dump_acc(e->d, t, RW_STORE,
						 B + 4 * (uint64_t)(i * NJ + j), 4,
						 PC(33), 10);
				}
		}
	dump_end(e->d);
	return 0;
}

/* convolution3D_kernel, 32x8 blocks, grid (ceil(NK/32), ceil(NJ/8)),
 * launched once per plane i = 1 .. NI-2 (as the PolyBench/GPU host code
 * does); k = x index, j = y index:
 *   if (i < NI-1 && j < NJ-1 && k < NK-1 && i > 0 && j > 0 && k > 0)
 *     B[i][j][k] = 15-term stencil over A.
 * The PolyBench/GPU stencil repeats some terms; the repeated loads of the
 * same address are merged (the compiler does so: no store in between),
 * leaving 11 loads, in order of first occurrence, then 1 store.
 * Host: cudaMalloc A_gpu, B_gpu (NI x NJ x NK floats each). */
static const int conv3d_taps[11][3] = {
	/* di, dj, dk */
	{ -1, -1, -1 }, { 1, -1, -1 },
	{ 0, -1, 0 }, { 0, 0, 0 }, { 0, 1, 0 },
	{ -1, -1, 1 }, { 1, -1, 1 },
	{ -1, 0, 1 }, { 1, 0, 1 },
	{ -1, 1, 1 }, { 1, 1, 1 },
};

int run_conv3d(struct emu *e)
{
	long NI = e->p.n, NJ = NI, NK = NI, i;
	uint64_t A, B;
	unsigned bx, by;
	struct kgeom g = { "convolution3D_kernel", { 0 }, { 0, 0, 1 }, 24, 0 };

	A = dmalloc(&e->al, (uint64_t)NI * NJ * NK * 4);
	B = dmalloc(&e->al, (uint64_t)NI * NJ * NK * 4);
	block_shape(e, 32, 8, g.block);
	g.grid[0] = ceil_div((unsigned long)NK, g.block[0]);
	g.grid[1] = ceil_div((unsigned long)NJ, g.block[1]);
	for (i = 1; i < NI - 1; i++) {
		dump_kernel(e->d, &g);
		for (by = 0; by < g.grid[1]; by++)
			for (bx = 0; bx < g.grid[0]; bx++) {
				unsigned tx, ty;

				dump_cta(e->d, bx, by, 0);
				for (ty = 0; ty < g.block[1]; ty++)
					for (tx = 0; tx < g.block[0]; tx++) {
						unsigned t = ty * g.block[0] + tx;
						long k = (long)bx * g.block[0] + tx;
						long j = (long)by * g.block[1] + ty;
						int n;

						if (!(j < NJ - 1 && k < NK - 1 &&
						      j > 0 && k > 0))
							continue;
						for (n = 0; n < 11; n++) {
							const int *d = conv3d_taps[n];
							long idx = ((i + d[0]) * NJ + j + d[1]) * NK +
								   k + d[2];

							dump_acc(e->d, t, RW_LOAD,
								 A + 4 * (uint64_t)idx, 4,
								 PC(20 + n), n == 0 ? 20 : 0);
						}
						/* 15 FMUL/FFMA, address of B */
						dump_acc(e->d, t, RW_STORE,
							 B + 4 * (uint64_t)((i * NJ + j) * NK + k),
							 4, PC(47), 16);
					}
			}
		dump_end(e->d);
	}
	return 0;
}
