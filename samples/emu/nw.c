/* nw.c - Rodinia Needleman-Wunsch (needle.cu / needle_kernel.cu).
 *
 * The (n+1) x (n+1) score matrix is processed in 16x16 tiles along
 * anti-diagonals: needle_cuda_shared_1 is launched for i = 1 .. bw
 * (grid i x 1, tile (bx, i-1-bx)), then needle_cuda_shared_2 for
 * i = bw-1 .. 1 (tile (bx+bw-i, bw-bx-1)), bw = n/16.  Each CTA has 16
 * threads (one per tile column); thread tx loads
 *   [tx == 0] matrix[nw corner], reference[16 rows of column tx],
 *   matrix[west column, row tx], matrix[north row, column tx],
 * computes the tile in shared memory (not traced) and stores its column:
 *   matrix[index + ty*cols] for ty = 0..15.
 * Host: cudaMalloc referrence_cuda, matrix_cuda (max_rows*max_cols ints).
 * The substitution scores come from a random symmetric 10x10 table made
 * with --seed (Rodinia uses BLOSUM62 on random residues 1..10).
 */
#include <stdlib.h>
#include <string.h>

#include "dump.h"
#include "emu.h"

#define BS 16

static int max3(int a, int b, int c)
{
	int m = a > b ? a : b;

	return m > c ? m : c;
}

/* one CTA: tile (bxi, byi) of the matrix */
static void nw_cta(struct emu *e, int *mat, const int *ref, int cols,
		   int pen, int bxi, int byi, uint64_t Dref, uint64_t Dmat)
{
	int temp[BS + 1][BS + 1];
	long base = (long)cols * BS * byi + (long)BS * bxi;
	long index_nw = base, index_w = base + cols;
	int tx, ty, m;

	for (tx = 0; tx < BS; tx++) {
		long index = base + tx + cols + 1, index_n = base + tx + 1;
		unsigned active = 0, ic;

		if (tx == 0)
			dump_acc(e->d, 0, RW_LOAD, Dmat + 4 * (uint64_t)index_nw,
				 4, PC(12), 12);
		for (ty = 0; ty < BS; ty++)
			dump_acc(e->d, (unsigned)tx, RW_LOAD,
				 Dref + 4 * (uint64_t)(index + (long)cols * ty), 4,
				 PC(14 + 2 * ty),
				 ty ? 1 : tx == 0 ? 1 : 13);
		dump_acc(e->d, (unsigned)tx, RW_LOAD,
			 Dmat + 4 * (uint64_t)(index_w + (long)cols * tx), 4,
			 PC(48), 4);
		dump_acc(e->d, (unsigned)tx, RW_LOAD,
			 Dmat + 4 * (uint64_t)index_n, 4, PC(51), 2);
		/* 31 diagonal steps: ~17 instructions when the thread is
		 * active (tx <= m), 5 when idle (compare, branch, BAR, loop) */
		for (m = 0; m < BS; m++)
			active += tx <= m;
		for (m = BS - 2; m >= 0; m--)
			active += tx <= m;
		ic = 4 + 17 * active + 5 * (2 * BS - 1 - active);
		for (ty = 0; ty < BS; ty++)
			dump_acc(e->d, (unsigned)tx, RW_STORE,
				 Dmat + 4 * (uint64_t)(index + (long)ty * cols), 4,
				 PC(120 + 2 * ty), ty ? 1 : ic);
	}
	/* the tile's values, as the shared-memory wavefront computes them */
	temp[0][0] = mat[index_nw];
	for (ty = 0; ty < BS; ty++) {
		temp[ty + 1][0] = mat[index_w + (long)cols * ty];
		temp[0][ty + 1] = mat[base + ty + 1];
	}
	for (ty = 1; ty <= BS; ty++)
		for (tx = 1; tx <= BS; tx++)
			temp[ty][tx] = max3(temp[ty - 1][tx - 1] +
				ref[base + (long)cols * ty + tx],
				temp[ty][tx - 1] - pen, temp[ty - 1][tx] - pen);
	for (ty = 0; ty < BS; ty++)
		for (tx = 0; tx < BS; tx++)
			mat[base + cols + 1 + (long)ty * cols + tx] =
				temp[ty + 1][tx + 1];
}

int run_nw(struct emu *e)
{
	int n = (int)e->p.n, pen = (int)e->p.m, cols = n + 1, bw = n / BS;
	size_t size = (size_t)cols * cols;
	int *mat, *ref, *seq, blosum[11][11];
	uint64_t Dref, Dmat;
	struct rng r;
	struct kgeom g = { "", { BS, 1, 1 }, { 0, 1, 1 }, 30,
			   ((BS + 1) * (BS + 1) + BS * BS) * 4 };
	int i, j, rc = 0;

	if (n % BS != 0)
		usage_error("--n: expected a multiple of 16, got %d", n);
	rng_seed(&r, e->p.seed);
	for (i = 1; i <= 10; i++)
		for (j = i; j <= 10; j++)
			blosum[i][j] = blosum[j][i] = i == j ?
				4 + (int)rng_below(&r, 8) : (int)rng_below(&r, 7) - 4;
	seq = xmalloc(2 * (size_t)cols * sizeof(int));
	for (i = 1; i < cols; i++) {
		seq[i] = 1 + (int)rng_below(&r, 10);           /* column 0 */
		seq[cols + i] = 1 + (int)rng_below(&r, 10);    /* row 0 */
	}
	mat = xcalloc(size, sizeof(int));
	ref = xcalloc(size, sizeof(int));
	for (i = 1; i < cols; i++)
		for (j = 1; j < cols; j++)
			ref[(size_t)i * cols + j] = blosum[seq[i]][seq[cols + j]];
	for (i = 1; i < cols; i++) {
		mat[(size_t)i * cols] = -i * pen;
		mat[i] = -i * pen;
	}

	Dref = dmalloc(&e->al, size * 4);
	Dmat = dmalloc(&e->al, size * 4);

	g.name = "needle_cuda_shared_1";
	for (i = 1; i <= bw; i++) {
		unsigned bx;

		g.grid[0] = (unsigned)i;
		dump_kernel(e->d, &g);
		for (bx = 0; bx < (unsigned)i; bx++) {
			dump_cta(e->d, bx, 0, 0);
			nw_cta(e, mat, ref, cols, pen, (int)bx, i - 1 - (int)bx,
			       Dref, Dmat);
		}
		dump_end(e->d);
	}
	g.name = "needle_cuda_shared_2";
	for (i = bw - 1; i >= 1; i--) {
		unsigned bx;

		g.grid[0] = (unsigned)i;
		dump_kernel(e->d, &g);
		for (bx = 0; bx < (unsigned)i; bx++) {
			dump_cta(e->d, bx, 0, 0);
			nw_cta(e, mat, ref, cols, pen, (int)bx + bw - i,
			       bw - (int)bx - 1, Dref, Dmat);
		}
		dump_end(e->d);
	}

	if (e->p.verify) {
		int *f = xcalloc(size, sizeof(int)), ok;

		for (i = 1; i < cols; i++) {
			f[(size_t)i * cols] = -i * pen;
			f[i] = -i * pen;
		}
		for (i = 1; i < cols; i++)
			for (j = 1; j < cols; j++)
				f[(size_t)i * cols + j] = max3(
					f[(size_t)(i - 1) * cols + j - 1] +
						ref[(size_t)i * cols + j],
					f[(size_t)i * cols + j - 1] - pen,
					f[(size_t)(i - 1) * cols + j] - pen);
		ok = memcmp(f, mat, size * sizeof(int)) == 0;
		rc = verify_report(ok, "nw score matrix differs from the reference");
		free(f);
	}
	free(mat);
	free(ref);
	free(seq);
	return rc;
}
