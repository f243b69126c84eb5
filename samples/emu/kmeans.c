/* kmeans.c - Rodinia k-means (CUDA): invert_mapping transposes the
 * point-major features into feature-major order once, then every
 * iteration launches kmeansPoint (one thread per point) and the host
 * recomputes the centroids from the memberships.
 *
 * invert_mapping (1D grid of num_blocks, 256 threads):
 *   if (p < npoints) for (i < nfeatures)
 *     output[p + npoints*i] = input[p*nfeatures + i];
 * kmeansPoint (grid num_blocks_perdim^2, 256 threads):
 *   point_id = (gridDim.x*blockIdx.y + blockIdx.x)*blockDim.x + threadIdx.x;
 *   for (i < nclusters) { ans = 0;
 *     for (j < nfeatures) { diff = features[point_id + j*npoints]
 *                                  - clusters[i*nfeatures + j];
 *       ans += diff*diff; }
 *     if (ans < min_dist) { min_dist = ans; index = i; } }
 *   membership[point_id] = index;
 * Rodinia reads the features through a texture and the centroids from
 * constant memory; both are traced here as global loads of feature_d and
 * clusters_d.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dump.h"
#include "emu.h"

#define NCLUSTERS 5

/* one membership pass over point-major features (reference + host side) */
static long assign(const float *feat, const float *clus, int *memb,
		   unsigned long np, unsigned long nf)
{
	unsigned long p, j;
	long delta = 0;
	int i;

	for (p = 0; p < np; p++) {
		float min_dist = FLT_MAX;
		int index = -1;

		for (i = 0; i < NCLUSTERS; i++) {
			float ans = 0.0f;

			for (j = 0; j < nf; j++) {
				float diff = feat[p * nf + j] - clus[i * nf + j];

				ans += diff * diff;
			}
			if (ans < min_dist) {
				min_dist = ans;
				index = i;
			}
		}
		if (memb[p] != index)
			delta++;
		memb[p] = index;
	}
	return delta;
}

/* host-side centroid update of kmeans_clustering.c */
static void update_centers(const float *feat, const int *memb, float *clus,
			   unsigned long np, unsigned long nf)
{
	float *sum = xcalloc(NCLUSTERS * nf, sizeof(float));
	long len[NCLUSTERS] = { 0 };
	unsigned long p, j;
	int i;

	for (p = 0; p < np; p++) {
		len[memb[p]]++;
		for (j = 0; j < nf; j++)
			sum[memb[p] * nf + j] += feat[p * nf + j];
	}
	for (i = 0; i < NCLUSTERS; i++)
		if (len[i] > 0)
			for (j = 0; j < nf; j++)
				clus[i * nf + j] = sum[i * nf + j] / (float)len[i];
	free(sum);
}

int run_kmeans(struct emu *e)
{
	unsigned long np = (unsigned long)e->p.n, nf = (unsigned long)e->p.m;
	unsigned long p, j, it, nthr, nblk, perdim;
	float *feat, *ffm, *clus, *center;
	int *memb, *rmemb = NULL;
	float *rclus = NULL;
	struct rng r;
	uint64_t Dflip, Dfeat, Dmemb, Dclus;
	struct kgeom gi = { "invert_mapping", { 0, 1, 1 }, { 0, 1, 1 }, 12, 0 };
	struct kgeom gk = { "kmeansPoint", { 0, 1, 1 }, { 0, 0, 1 }, 20, 0 };
	unsigned b, t;
	int rc = 0, ok = 1, i;

	/* data: NCLUSTERS blobs around random centres in [0,10)^nf */
	rng_seed(&r, e->p.seed);
	center = xmalloc(NCLUSTERS * nf * sizeof(float));
	for (j = 0; j < NCLUSTERS * nf; j++)
		center[j] = 10.0f * rng_unit(&r);
	feat = xmalloc(np * nf * sizeof(float));
	for (p = 0; p < np; p++) {
		uint32_t c = rng_below(&r, NCLUSTERS);

		for (j = 0; j < nf; j++)
			feat[p * nf + j] = center[c * nf + j] +
				4.0f * (rng_unit(&r) - 0.5f);
	}
	ffm = xmalloc(np * nf * sizeof(float));
	for (p = 0; p < np; p++)
		for (j = 0; j < nf; j++)
			ffm[p + np * j] = feat[p * nf + j];
	/* initial centroids: the first NCLUSTERS points */
	clus = xmalloc(NCLUSTERS * nf * sizeof(float));
	memcpy(clus, feat, NCLUSTERS * nf * sizeof(float));
	memb = xmalloc(np * sizeof(int));
	for (p = 0; p < np; p++)
		memb[p] = -1;
	if (e->p.verify) {
		/* sequential reference, run in lockstep on point-major data */
		rclus = xmalloc(NCLUSTERS * nf * sizeof(float));
		rmemb = xmalloc(np * sizeof(int));
		memcpy(rclus, clus, NCLUSTERS * nf * sizeof(float));
		memcpy(rmemb, memb, np * sizeof(int));
	}

	nthr = 256;
	if (e->p.block_set)
		nthr = e->p.block[0];
	nblk = ceil_div(np, nthr);
	perdim = (unsigned long)sqrt((double)nblk);
	while (perdim * perdim < nblk)
		perdim++;
	nblk = perdim * perdim;

	Dflip = dmalloc(&e->al, np * nf * 4);
	Dfeat = dmalloc(&e->al, np * nf * 4);
	gi.block[0] = (unsigned)nthr;
	gi.grid[0] = (unsigned)nblk;
	dump_kernel(e->d, &gi);
	for (b = 0; b < gi.grid[0]; b++) {
		dump_cta(e->d, b, 0, 0);
		for (t = 0; t < nthr; t++) {
			p = b * nthr + t;
			if (p >= np)
				break;
			for (j = 0; j < nf; j++) {
				dump_acc(e->d, t, RW_LOAD, Dflip + 4 * (p * nf + j), 4,
					 PC(8), j == 0 ? 8 : 5);
				dump_acc(e->d, t, RW_STORE, Dfeat + 4 * (p + np * j), 4,
					 PC(10), 1);
			}
		}
	}
	dump_end(e->d);
	Dmemb = dmalloc(&e->al, np * 4);
	Dclus = dmalloc(&e->al, NCLUSTERS * nf * 4);

	gk.block[0] = (unsigned)nthr;
	gk.grid[0] = gk.grid[1] = (unsigned)perdim;
	for (it = 0; it < (unsigned long)e->p.iters; it++) {
		unsigned bx, by;
		long delta = 0;

		dump_kernel(e->d, &gk);
		for (by = 0; by < perdim; by++)
			for (bx = 0; bx < perdim; bx++) {
				dump_cta(e->d, bx, by, 0);
				for (t = 0; t < nthr; t++) {
					float min_dist = FLT_MAX;
					int index = -1;

					p = ((unsigned long)by * perdim + bx) * nthr + t;
					if (p >= np)
						break;
					for (i = 0; i < NCLUSTERS; i++) {
						float ans = 0.0f;

						for (j = 0; j < nf; j++) {
							float diff = ffm[p + np * j] -
								clus[i * nf + j];

							dump_acc(e->d, t, RW_LOAD,
								 Dfeat + 4 * (p + np * j), 4, PC(16),
								 j ? 6 : i ? 9 : 16);
							dump_acc(e->d, t, RW_LOAD,
								 Dclus + 4 * (i * nf + j), 4,
								 PC(18), 1);
							ans += diff * diff;
						}
						if (ans < min_dist) {
							min_dist = ans;
							index = i;
						}
					}
					if (memb[p] != index)
						delta++;
					memb[p] = index;
					dump_acc(e->d, t, RW_STORE, Dmemb + 4 * p, 4,
						 PC(40), 8);
				}
			}
		dump_end(e->d);
		update_centers(feat, memb, clus, np, nf);
		if (e->p.verify) {
			assign(feat, rclus, rmemb, np, nf);
			if (memcmp(rmemb, memb, np * sizeof(int)) != 0)
				ok = 0;
			update_centers(feat, rmemb, rclus, np, nf);
			if (memcmp(rclus, clus, NCLUSTERS * nf * sizeof(float)) != 0)
				ok = 0;
		}
		if (delta == 0)
			break;  /* converged (Rodinia: delta <= threshold) */
	}

	if (e->p.verify)
		rc = verify_report(ok, "kmeans memberships differ from the reference");
	free(rclus);
	free(rmemb);
	free(center);
	free(feat);
	free(ffm);
	free(clus);
	free(memb);
	return rc;
}
