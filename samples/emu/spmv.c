/* spmv.c - CSR sparse matrix-vector product, scalar kernel (one thread per
 * row), as in SHOC's spmv_csr_scalar_kernel, with the vector read from
 * global memory (SHOC can read it through the texture cache):
 *
 *   row = blockIdx.x*blockDim.x + threadIdx.x;
 *   if (row < dim) { t = 0; start = rowDelimiters[row];
 *     end = rowDelimiters[row+1];
 *     for (j = start; j < end; j++) { col = cols[j]; t += val[j]*vec[col]; }
 *     out[row] = t; }
 *
 * 128 threads per block.  The matrix is n x n with a geometric row-length
 * distribution of mean m (so row lengths vary a lot), distinct sorted
 * columns, all made with --seed.
 */
#include <math.h>
#include <stdlib.h>

#include "dump.h"
#include "emu.h"

static int cmp_i32(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;

	return (x > y) - (x < y);
}

int run_spmv(struct emu *e)
{
	unsigned long n = (unsigned long)e->p.n, m = (unsigned long)e->p.m;
	unsigned long r, nnz = 0, cap = n * m + 16, b;
	int32_t *rd, *cols;
	float *val, *vec, *out;
	uint64_t Dval, Dcols, Drd, Dvec, Dout;
	struct rng rg;
	struct kgeom g = { "spmv_csr_scalar_kernel", { 0 }, { 0, 1, 1 }, 16, 0 };
	int rc = 0;

	rng_seed(&rg, e->p.seed);
	rd = xmalloc((n + 1) * sizeof(int32_t));
	cols = xmalloc(cap * sizeof(int32_t));
	for (r = 0; r < n; r++) {
		unsigned long len = 0, k, w;

		/* geometric: P(len >= k+1 | len >= k) = m / (m+1) */
		while (rng_below(&rg, (uint32_t)(m + 1)) != 0 && len < n)
			len++;
		if (nnz + len > cap) {
			cap = 2 * (nnz + len);
			cols = realloc(cols, cap * sizeof(int32_t));
			if (!cols) {
				fprintf(stderr, "trace-emu: out of memory\n");
				exit(1);
			}
		}
		rd[r] = (int32_t)nnz;
		for (k = 0; k < len; k++)
			cols[nnz + k] = (int32_t)rng_below(&rg, (uint32_t)n);
		qsort(cols + nnz, len, sizeof(int32_t), cmp_i32);
		for (k = 0, w = 0; k < len; k++)
			if (w == 0 || cols[nnz + k] != cols[nnz + w - 1])
				cols[nnz + w++] = cols[nnz + k];
		nnz += w;
	}
	rd[n] = (int32_t)nnz;
	val = xmalloc((nnz ? nnz : 1) * sizeof(float));
	vec = xmalloc(n * sizeof(float));
	out = xmalloc(n * sizeof(float));
	for (r = 0; r < nnz; r++)
		val[r] = rng_unit(&rg) - 0.5f;
	for (r = 0; r < n; r++)
		vec[r] = rng_unit(&rg);

	Dval = dmalloc(&e->al, nnz * 4);
	Dcols = dmalloc(&e->al, nnz * 4);
	Drd = dmalloc(&e->al, (n + 1) * 4);
	Dvec = dmalloc(&e->al, n * 4);
	Dout = dmalloc(&e->al, n * 4);

	block_shape(e, 128, 1, g.block);
	g.grid[0] = ceil_div(n, g.block[0]);
	dump_kernel(e->d, &g);
	for (b = 0; b < g.grid[0]; b++) {
		unsigned t;

		dump_cta(e->d, (unsigned)b, 0, 0);
		for (t = 0; t < g.block[0]; t++) {
			unsigned long row = b * g.block[0] + t;
			int32_t j;
			float acc = 0.0f;

			if (row >= n)
				break;
			dump_acc(e->d, t, RW_LOAD, Drd + 4 * row, 4, PC(7), 7);
			dump_acc(e->d, t, RW_LOAD, Drd + 4 * (row + 1), 4, PC(8), 0);
			for (j = rd[row]; j < rd[row + 1]; j++) {
				int32_t col = cols[j];

				dump_acc(e->d, t, RW_LOAD, Dcols + 4 * (uint64_t)j, 4,
					 PC(12), j == rd[row] ? 3 : 4);
				dump_acc(e->d, t, RW_LOAD, Dval + 4 * (uint64_t)j, 4,
					 PC(13), 0);
				dump_acc(e->d, t, RW_LOAD, Dvec + 4 * (uint64_t)col, 4,
					 PC(16), 2);
				acc += val[j] * vec[col];
			}
			out[row] = acc;
			dump_acc(e->d, t, RW_STORE, Dout + 4 * row, 4, PC(24),
				 rd[row] == rd[row + 1] ? 3 : 4);
		}
	}
	dump_end(e->d);

	if (e->p.verify) {
		int ok = 1;

		for (r = 0; r < n; r++) {
			double s = 0.0, mag = 0.0;
			int32_t j;

			for (j = rd[r]; j < rd[r + 1]; j++) {
				s += (double)val[j] * vec[cols[j]];
				mag += fabs((double)val[j] * vec[cols[j]]);
			}
			if (fabs(s - out[r]) > 1e-5 * (1.0 + mag))
				ok = 0;
		}
		rc = verify_report(ok, "spmv result differs from the reference");
	}
	free(rd);
	free(cols);
	free(val);
	free(vec);
	free(out);
	return rc;
}
