/* bfs.c - Rodinia BFS (bfs.cu): Kernel visits the frontier, Kernel2
 * updates the masks; the host launches both until Kernel2 reports no
 * update.  The graph is a random CSR graph made with --seed.
 *
 * Kernel (tid = blockIdx.x*MAX_THREADS_PER_BLOCK + threadIdx.x):
 *   if (tid < n && mask[tid]) { mask[tid] = false;
 *     for (i = nodes[tid].starting;
 *          i < nodes[tid].no_of_edges + nodes[tid].starting; i++) {
 *       id = edges[i];
 *       if (!visited[id]) { cost[id] = cost[tid] + 1; updating[id] = true; }}}
 * Kernel2:
 *   if (tid < n && updating[tid]) { mask[tid] = true; visited[tid] = true;
 *     *over = true; updating[tid] = false; }
 * The stores in Kernel's loop may alias the Node fields, so the loop
 * condition reloads no_of_edges and starting after every iteration, and
 * cost[tid] is reloaded every time it is read.
 */
#include <stdlib.h>

#include "dump.h"
#include "emu.h"

struct graph {
	unsigned long n, ne;
	int32_t *start, *deg, *edges;
};

static void make_graph(struct graph *gr, unsigned long n, unsigned long m,
		       uint64_t seed)
{
	struct rng r;
	unsigned long v, e = 0;

	rng_seed(&r, seed);
	gr->n = n;
	gr->start = xmalloc(n * sizeof(int32_t));
	gr->deg = xmalloc(n * sizeof(int32_t));
	/* out-degree uniform in 1 .. 2m-1 (mean m) */
	for (v = 0; v < n; v++) {
		gr->deg[v] = (int32_t)(1 + rng_below(&r, (uint32_t)(2 * m - 1)));
		gr->start[v] = (int32_t)e;
		e += (unsigned long)gr->deg[v];
	}
	gr->ne = e;
	gr->edges = xmalloc(e * sizeof(int32_t));
	for (v = 0; v < e; v++)
		gr->edges[v] = (int32_t)rng_below(&r, (uint32_t)n);
}

/* sequential reference: BFS levels from node 0, at most `maxlev` levels */
static int verify_bfs(const struct graph *gr, const int32_t *cost,
		      unsigned long maxlev)
{
	int32_t *lev = xmalloc(gr->n * sizeof(int32_t));
	int32_t *queue = xmalloc(gr->n * sizeof(int32_t));
	unsigned long head = 0, tail = 0, v;
	int ok = 1;

	for (v = 0; v < gr->n; v++)
		lev[v] = -1;
	lev[0] = 0;
	queue[tail++] = 0;
	while (head < tail) {
		int32_t u = queue[head++];
		int32_t k;

		if ((unsigned long)lev[u] >= maxlev)
			continue;
		for (k = 0; k < gr->deg[u]; k++) {
			int32_t w = gr->edges[gr->start[u] + k];

			if (lev[w] < 0) {
				lev[w] = lev[u] + 1;
				queue[tail++] = w;
			}
		}
	}
	for (v = 0; v < gr->n; v++)
		if (lev[v] != cost[v])
			ok = 0;
	free(lev);
	free(queue);
	return verify_report(ok, "bfs cost differs from the reference");
}

int run_bfs(struct emu *e)
{
	struct graph gr;
	unsigned long n = (unsigned long)e->p.n, v, levels = 0;
	unsigned long maxit = (unsigned long)e->p.iters;
	uint64_t Dnodes, Dedges, Dmask, Dupd, Dvis, Dcost, Dover;
	char *mask, *upd, *vis;
	int32_t *cost;
	unsigned maxtpb = 512, b, t;
	struct kgeom g1 = { "Kernel", { 0, 1, 1 }, { 0, 1, 1 }, 16, 0 };
	struct kgeom g2 = { "Kernel2", { 0, 1, 1 }, { 0, 1, 1 }, 8, 0 };
	int over, rc = 0;

	if (e->p.block_set)
		maxtpb = e->p.block[0];
	make_graph(&gr, n, (unsigned long)e->p.m, e->p.seed);
	mask = xcalloc(n, 1);
	upd = xcalloc(n, 1);
	vis = xcalloc(n, 1);
	cost = xmalloc(n * sizeof(int32_t));
	for (v = 0; v < n; v++)
		cost[v] = -1;
	mask[0] = vis[0] = 1;
	cost[0] = 0;

	/* cudaMalloc order of bfs.cu; Node is { int starting; int no_of_edges; } */
	Dnodes = dmalloc(&e->al, n * 8);
	Dedges = dmalloc(&e->al, gr.ne * 4);
	Dmask = dmalloc(&e->al, n);
	Dupd = dmalloc(&e->al, n);
	Dvis = dmalloc(&e->al, n);
	Dcost = dmalloc(&e->al, n * 4);
	Dover = dmalloc(&e->al, 1);

	/* num_of_threads_per_block = min(n, MAX_THREADS_PER_BLOCK) */
	g1.block[0] = g2.block[0] = n < maxtpb ? (unsigned)n : maxtpb;
	g1.grid[0] = g2.grid[0] = ceil_div(n, g1.block[0]);
	do {
		over = 0;
		dump_kernel(e->d, &g1);
		for (b = 0; b < g1.grid[0]; b++) {
			dump_cta(e->d, b, 0, 0);
			for (t = 0; t < g1.block[0]; t++) {
				unsigned long tid = (unsigned long)b * maxtpb + t;
				uint64_t nd = Dnodes + 8 * tid;
				int32_t i;

				if (tid >= n)
					continue;
				dump_acc(e->d, t, RW_LOAD, Dmask + tid, 1, PC(6), 6);
				if (!mask[tid])
					continue;
				mask[tid] = 0;
				dump_acc(e->d, t, RW_STORE, Dmask + tid, 1, PC(9), 2);
				dump_acc(e->d, t, RW_LOAD, nd, 4, PC(11), 1);
				dump_acc(e->d, t, RW_LOAD, nd + 4, 4, PC(12), 0);
				for (i = gr.start[tid]; i < gr.start[tid] + gr.deg[tid]; i++) {
					int32_t id = gr.edges[i];

					dump_acc(e->d, t, RW_LOAD, Dedges + 4 * (uint64_t)i,
						 4, PC(17), 4);
					dump_acc(e->d, t, RW_LOAD, Dvis + (uint64_t)id,
						 1, PC(20), 2);
					if (!vis[id]) {
						dump_acc(e->d, t, RW_LOAD, Dcost + 4 * tid,
							 4, PC(24), 3);
						cost[id] = cost[tid] + 1;
						dump_acc(e->d, t, RW_STORE,
							 Dcost + 4 * (uint64_t)id, 4, PC(27), 2);
						upd[id] = 1;
						dump_acc(e->d, t, RW_STORE, Dupd + (uint64_t)id,
							 1, PC(29), 1);
					}
					/* loop condition reloads the Node fields */
					dump_acc(e->d, t, RW_LOAD, nd + 4, 4, PC(31),
						 vis[id] ? 3 : 1);
					dump_acc(e->d, t, RW_LOAD, nd, 4, PC(32), 0);
				}
			}
		}
		dump_end(e->d);

		dump_kernel(e->d, &g2);
		for (b = 0; b < g2.grid[0]; b++) {
			dump_cta(e->d, b, 0, 0);
			for (t = 0; t < g2.block[0]; t++) {
				unsigned long tid = (unsigned long)b * maxtpb + t;

				if (tid >= n)
					continue;
				dump_acc(e->d, t, RW_LOAD, Dupd + tid, 1, PC(6), 6);
				if (!upd[tid])
					continue;
				mask[tid] = vis[tid] = 1;
				over = 1;
				upd[tid] = 0;
				dump_acc(e->d, t, RW_STORE, Dmask + tid, 1, PC(9), 2);
				dump_acc(e->d, t, RW_STORE, Dvis + tid, 1, PC(10), 0);
				dump_acc(e->d, t, RW_STORE, Dover, 1, PC(12), 1);
				dump_acc(e->d, t, RW_STORE, Dupd + tid, 1, PC(13), 0);
			}
		}
		dump_end(e->d);
		levels++;
	} while (over && (maxit == 0 || levels < maxit));

	if (e->p.verify)
		rc = verify_bfs(&gr, cost, maxit == 0 ? (unsigned long)-1 : levels);
	free(mask);
	free(upd);
	free(vis);
	free(cost);
	free(gr.start);
	free(gr.deg);
	free(gr.edges);
	return rc;
}
