/*
 * sweeppool.c - running a sweep's points on a pool of workers, the
 * upstream stages of a shared group once for all its points.
 */
#include "sweeppool.h"

#include "util.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Start point p (wt_sweep_start_from), or die. */
static pid_t start_from(const struct wt_sweep *s, size_t p, const char *requests)
{
	pid_t pid = wt_sweep_start_from(s, p, requests);

	if (pid < 0)
		wt_die(WT_EXIT_DATA, "fork: %s", strerror(errno));
	return pid;
}

/*
 * The points' programs (l1sim, l2sim, dramsim and classify run threads,
 * par.h) share the CPUs with the other jobs: unless the user says
 * otherwise, each gets its share of them, cpus / njobs threads (at
 * least 1).  Their threads sleep when they wait.
 */
void wt_sweep_share_cpus(long cpus, unsigned njobs)
{
	char v[32];
	long per = cpus > 0 ? cpus / (long)njobs : 1;

	if (per < 1)
		per = 1;
	wt_snprintf(v, sizeof(v), "%ld", per);
	if (setenv("OMP_NUM_THREADS", v, 0) < 0)
		wt_die(WT_EXIT_DATA, "setenv: %s", strerror(errno));
}

/*
 * The upstream groups (sweep.h) of a run: the requests each shared one's
 * trace-gen | trace-order | coalesce wrote once into DIR/requests, for
 * its points to read in place of running those stages again.
 */
struct group {
	enum { G_WAITING, G_RUNNING, G_DONE, G_FAILED } state;
	size_t left;		/* its points not yet finished */
};

static char *requests_path(const struct wt_sweep *s, size_t g, const char *ext,
			   char *buf, size_t len)
{
	return wt_snprintf(buf, len, "%s/requests/%0*zu.%s", s->absdir, s->width,
			   g + 1, ext);
}

/*
 * A point that read its group's saved requests: put what the upstream
 * stages wrote on stderr (notes, warnings) in front of its own
 * stderr.txt, as a point that ran its whole pipeline has it.
 */
static void prepend_upstream(const struct wt_sweep *s, size_t p, size_t g)
{
	char up[PATH_MAX], own[PATH_MAX], tmp[PATH_MAX];
	const char *parts[2];
	FILE *out, *in;
	struct stat sb;

	requests_path(s, g, "stderr", up, sizeof(up));
	if (stat(up, &sb) != 0 || sb.st_size == 0)
		return;
	wt_sweep_path(s, p, "stderr.txt", own, sizeof(own));
	wt_snprintf(tmp, sizeof(tmp), "%s.tmp", own);
	if (!(out = fopen(tmp, "w")))
		return;		/* the point keeps its own lines */
	parts[0] = up;
	parts[1] = own;
	for (int i = 0; i < 2; i++) {
		if (!(in = fopen(parts[i], "r")))
			continue;
		wt_copy_rest(in, out);
		fclose(in);
	}
	if (fclose(out) != 0 || rename(tmp, own) != 0)
		unlink(tmp);
}

/* The points in the order they start: group by group, each group's in
 * point order, so that a group's requests live only while its points
 * run. */
static size_t *start_order(const struct wt_sweep *s, size_t ngroups)
{
	size_t *first = wt_calloc(ngroups + 1, sizeof(*first));
	size_t *order = wt_calloc(s->npoints ? s->npoints : 1, sizeof(*order));

	for (size_t p = 0; p < s->npoints; p++)
		first[wt_sweep_group(s, p) + 1]++;
	for (size_t g = 0; g < ngroups; g++)
		first[g + 1] += first[g];
	for (size_t p = 0; p < s->npoints; p++)
		order[first[wt_sweep_group(s, p)]++] = p;
	free(first);
	return order;
}

/* A group's requests, once its upstream has run: its file, or NULL if it
 * failed (its points then run the whole pipeline, and fail with their
 * own messages where the upstream did). */
static int upstream_ok(const struct wt_sweep *s, size_t g, int ws)
{
	char path[PATH_MAX];

	return WIFEXITED(ws) && WEXITSTATUS(ws) == 0 &&
	       access(requests_path(s, g, "wt", path, sizeof(path)), R_OK) == 0;
}

/*
 * Run the points, njobs at a time.  A shared group's upstream runs first,
 * when a worker is free and no point can start; its points start when it
 * is done.  Each point writes only its own directory, and only this
 * process writes the point.json files, so the results do not depend on
 * njobs.
 */
void wt_sweep_pool(const struct wt_sweep *s, unsigned njobs,
		   wt_sweep_done_fn *done, void *ctx)
{
	size_t ngroups = wt_sweep_ngroups(s), next = 0, next_group = 0, running = 0;
	struct group *grp = wt_calloc(ngroups, sizeof(*grp));
	size_t *order = start_order(s, ngroups);
	pid_t *pids = wt_calloc(njobs, sizeof(*pids));
	/* what worker w runs: a point, or group (which - npoints) */
	size_t *which = wt_calloc(njobs, sizeof(*which));
	double *t0 = wt_calloc(njobs, sizeof(*t0));
	int *from = wt_calloc(njobs, sizeof(*from));	/* read requests */
	char path[PATH_MAX], log[PATH_MAX], err[PATH_MAX + 256];

	for (size_t p = 0; p < s->npoints; p++)
		grp[wt_sweep_group(s, p)].left++;
	for (size_t g = 0; g < ngroups; g++)
		if (!wt_sweep_shared(s, g) || !grp[g].left)
			grp[g].state = G_FAILED;	/* nothing saved to read */
		else if (wt_mkdirs(wt_snprintf(path, sizeof(path), "%s/requests",
				   s->absdir), err, sizeof(err)) < 0)
			wt_die(WT_EXIT_DATA, "%s", err);
	while (next < s->npoints || running) {
		unsigned w;
		pid_t pid;
		int ws;

		for (w = 0; w < njobs; w++) {
			size_t g;

			if (pids[w])
				continue;
			g = next < s->npoints ? wt_sweep_group(s, order[next]) : 0;
			if (next < s->npoints && grp[g].state >= G_DONE) {
				which[w] = order[next++];
				from[w] = grp[g].state == G_DONE;
				pids[w] = start_from(s, which[w], from[w] ?
					requests_path(s, g, "wt", path, sizeof(path)) : NULL);
			} else {
				while (next_group < ngroups &&
				       grp[next_group].state != G_WAITING)
					next_group++;
				if (next_group == ngroups)
					break;	/* every free worker waits */
				g = next_group;
				which[w] = s->npoints + g;
				grp[g].state = G_RUNNING;
				pids[w] = wt_sweep_start_upstream(s, g,
					requests_path(s, g, "wt", path, sizeof(path)),
					requests_path(s, g, "stderr", log, sizeof(log)));
				if (pids[w] < 0)
					wt_die(WT_EXIT_DATA, "fork: %s", strerror(errno));
			}
			t0[w] = now();
			running++;
		}
		if ((pid = waitpid(-1, &ws, 0)) < 0) {
			if (errno == EINTR)
				continue;
			wt_die(WT_EXIT_DATA, "waitpid: %s", strerror(errno));
		}
		for (w = 0; w < njobs && pids[w] != pid; w++)
			;
		if (w == njobs)
			continue;
		pids[w] = 0;
		running--;
		if (which[w] >= s->npoints) {
			size_t g = which[w] - s->npoints;

			grp[g].state = upstream_ok(s, g, ws) ? G_DONE : G_FAILED;
			continue;
		}
		if (from[w])
			prepend_upstream(s, which[w], wt_sweep_group(s, which[w]));
		done(ctx, s, which[w], ws, now() - t0[w],
			    from[w] ? requests_path(s, wt_sweep_group(s, which[w]),
			    "wt", path, sizeof(path)) : NULL);
		/* its group's requests and their stderr go with its last point */
		if (--grp[wt_sweep_group(s, which[w])].left == 0) {
			unlink(requests_path(s, wt_sweep_group(s, which[w]), "wt",
					     path, sizeof(path)));
			unlink(requests_path(s, wt_sweep_group(s, which[w]), "stderr",
					     log, sizeof(log)));
		}
	}
	rmdir(wt_snprintf(path, sizeof(path), "%s/requests", s->absdir));
	free(grp);
	free(order);
	free(pids);
	free(which);
	free(t0);
	free(from);
}

