/* micro.c - micro-benchmarks: vectoradd, mshr, stride.
 *
 * PCs are SASS-like byte offsets (16 bytes per instruction); icount is the
 * number of instructions between two traced accesses of a thread, counted
 * from a plausible compilation of the kernel (an estimate).
 */
#include "dump.h"
#include "emu.h"

/* CUDA samples vectorAdd:
 *   i = blockDim.x * blockIdx.x + threadIdx.x;
 *   if (i < numElements) C[i] = A[i] + B[i];
 * Host: cudaMalloc d_A, d_B, d_C; 256 threads per block. */
int run_vectoradd(struct emu *e)
{
	unsigned long n = (unsigned long)e->p.n, b;
	uint64_t A, B, C;
	struct kgeom g = { "vectorAdd", { 0 }, { 1, 1, 1 }, 8, 0 };

	A = dmalloc(&e->al, n * 4);
	B = dmalloc(&e->al, n * 4);
	C = dmalloc(&e->al, n * 4);
	block_shape(e, 256, 1, g.block);
	g.grid[0] = ceil_div(n, g.block[0]);
	dump_kernel(e->d, &g);
	for (b = 0; b < g.grid[0]; b++) {
		unsigned t;

		dump_cta(e->d, (unsigned)b, 0, 0);
		for (t = 0; t < g.block[0]; t++) {
			unsigned long i = b * g.block[0] + t;

			if (i >= n)
				break;
			/* S2R x2, IMAD, ISETP, EXIT, 3x address IMAD.WIDE */
			dump_acc(e->d, t, RW_LOAD, A + 4 * i, 4, PC(8), 8);
			dump_acc(e->d, t, RW_LOAD, B + 4 * i, 4, PC(9), 0);
			/* FADD, (C address computed earlier), wait */
			dump_acc(e->d, t, RW_STORE, C + 4 * i, 4, PC(11), 1);
		}
	}
	dump_end(e->d);
	return 0;
}

/* Nugteren's MSHR experiment: a single CTA of `height` threads, thread
 * tid copies row tid of a height x width float matrix:
 *   for (j = 0; j < width; j++) out[tid*width + j] = in[tid*width + j];
 * Consecutive threads are width*4 bytes apart, so every warp-wide load
 * touches 32 different cache lines (a column of the matrix). */
int run_mshr(struct emu *e)
{
	unsigned long h = (unsigned long)e->p.height, w = (unsigned long)e->p.width;
	uint64_t in, out;
	unsigned t;
	unsigned long j;
	struct kgeom g = { "mshr_copy", { 0, 1, 1 }, { 1, 1, 1 }, 10, 0 };

	in = dmalloc(&e->al, h * w * 4);
	out = dmalloc(&e->al, h * w * 4);
	g.block[0] = (unsigned)h;
	dump_kernel(e->d, &g);
	dump_cta(e->d, 0, 0, 0);
	for (t = 0; t < h; t++) {
		for (j = 0; j < w; j++) {
			uint64_t off = 4 * (t * w + j);

			/* first: S2R, ISETP, EXIT, IMAD, 2x IMAD.WIDE, MOV;
			 * then IADD x3, ISETP, BRA per iteration */
			dump_acc(e->d, t, RW_LOAD, in + off, 4, PC(7),
				 j == 0 ? 7 : 5);
			dump_acc(e->d, t, RW_STORE, out + off, 4, PC(8), 0);
		}
	}
	dump_end(e->d);
	return 0;
}

/* Strided loads:
 *   __global__ void stride_kernel(const volatile float *in, float *out,
 *                                 int n, int stride, int passes)
 *   i = blockIdx.x * blockDim.x + threadIdx.x;
 *   if (i < n) { s = 0; for (p = 0; p < passes; p++) s += in[i*stride];
 *                out[i] = s; }
 * `in` is volatile so that every pass reloads. */
int run_stride(struct emu *e)
{
	unsigned long n = (unsigned long)e->p.n, s = (unsigned long)e->p.stride;
	unsigned long passes = (unsigned long)e->p.iters, b;
	uint64_t in, out;
	struct kgeom g = { "stride_kernel", { 0 }, { 1, 1, 1 }, 8, 0 };

	in = dmalloc(&e->al, ((n - 1) * s + 1) * 4);
	out = dmalloc(&e->al, n * 4);
	block_shape(e, 256, 1, g.block);
	g.grid[0] = ceil_div(n, g.block[0]);
	dump_kernel(e->d, &g);
	for (b = 0; b < g.grid[0]; b++) {
		unsigned t;

		dump_cta(e->d, (unsigned)b, 0, 0);
		for (t = 0; t < g.block[0]; t++) {
			unsigned long i = b * g.block[0] + t, p;

			if (i >= n)
				break;
			for (p = 0; p < passes; p++)
				/* first: index, bounds check, IMAD, IMAD.WIDE,
				 * loop setup; then FADD, IADD, ISETP, BRA */
				dump_acc(e->d, t, RW_LOAD, in + 4 * i * s, 4,
					 PC(10), p == 0 ? 10 : 4);
			/* FADD, IMAD.WIDE out address */
			dump_acc(e->d, t, RW_STORE, out + 4 * i, 4, PC(14), 3);
		}
	}
	dump_end(e->d);
	return 0;
}
