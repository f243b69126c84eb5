/*
 * test-stage.c - the stage loop (stage.c) with a model of its own: each
 * request answered once, some cycles later, the answers written up to
 * the horizon at each run.  Through small batches, three kernels (one
 * empty, one out of time order) and back: every answer comes out once,
 * in time order within its kernel, in its kernel, as with whole-kernel
 * runs; the model hears of the out-of-order kernel once.  With
 * run_unsorted (l1sim's), the batches go on through the out-of-order
 * part, and the stream is still the same.
 */
#include "machine.h"
#include "stage.h"
#include "stream.h"
#include "tap.h"
#include "util.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { DELAY = 10, NREC = 200 };

/* The fake model: answers waiting, and what the loop told it. */
struct fake {
	struct wt_event *wait;
	size_t n, cap;
	unsigned runs, finals, unsorted, kernels;
};

static size_t take(struct wt_stage *st, const void *rec, uint64_t index)
{
	struct fake *f = st->model;
	struct wt_event e = *(const struct wt_event *)rec;

	(void)index;
	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 64;
		f->wait = realloc(f->wait, f->cap * sizeof(*f->wait));
	}
	/* answered DELAY to DELAY + 36 cycles later: out of order */
	e.time += DELAY + e.addr % 37;
	e.level = 2;
	f->wait[f->n++] = e;
	return 1;
}

static void unsorted(struct wt_stage *st)
{
	((struct fake *)st->model)->unsorted++;
}

static void kernel_begin(struct wt_stage *st, const struct wt_kernel *k)
{
	(void)k;
	((struct fake *)st->model)->kernels++;
}

/* Sort the answers (stably), write those before the horizon: no record
 * not read yet is earlier than last_time, so none of its answers is
 * earlier than last_time + DELAY.  Out of time order, nothing is sure. */
static void run(struct wt_stage *st, int final)
{
	struct fake *f = st->model;
	uint64_t h = final ? UINT64_MAX : st->unsorted ? 0 : st->last_time + DELAY;
	size_t k = 0;

	f->runs++;
	f->finals += final;
	for (size_t i = 1; i < f->n; i++) {
		struct wt_event x = f->wait[i];
		size_t j = i;

		for (; j > 0 && f->wait[j - 1].time > x.time; j--)
			f->wait[j] = f->wait[j - 1];
		f->wait[j] = x;
	}
	while (k < f->n && f->wait[k].time < h)
		k++;
	{
		struct wt_event *lists[1] = { f->wait };

		wt_stage_put_merged(st, lists, &k, 1);
	}
	memmove(f->wait, f->wait + k, (f->n - k) * sizeof(*f->wait));
	f->n -= k;
}

static const struct wt_stage_ops ops = {
	.rec_size = sizeof(struct wt_event),
	.take = take,
	.unsorted = unsorted,
	.kernel_begin = kernel_begin,
	.run = run,
};

/* The input: kernel 0 in time order, kernel 1 empty, kernel 2 out of
 * order half way (a record a cycle before the one before it). */
static int write_input(const char *path)
{
	struct wt_header h;
	struct wt_kernel kern;
	struct wt_writer *w;
	char err[512];

	wt_header_init(&h, WT_KIND_EVENT, 0);
	wt_machine_default_meta(&h.meta, "test-stage");
	w = wt_writer_open(path, &h, 0, err, sizeof(err));
	wt_header_free(&h);
	if (!w)
		return printf("# %s\n", err), -1;
	for (uint32_t k = 0; k < 3; k++) {
		wt_kernel_init(&kern);
		kern.id = k;
		wt_writer_kernel_begin(w, &kern);
		wt_kernel_free(&kern);
		for (unsigned i = 0; k != 1 && i < NREC; i++) {
			struct wt_event e;

			memset(&e, 0, sizeof(e));
			e.level = 1;
			/* back a cycle in kernel 2: out of order, but no
			 * answer before what the runs wrote already */
			e.time = k == 2 && i == NREC / 2 ? (uint64_t)(i - 1) * 3 / 2 - 1 :
				 (uint64_t)i * 3 / 2;
			e.addr = (uint64_t)i * 13 + k;
			wt_writer_put(w, &e);
		}
		wt_writer_kernel_end(w);
	}
	if (wt_writer_close(w, err, sizeof(err)) < 0)
		return printf("# %s\n", err), -1;
	return 0;
}

/* Run the loop over in into out with --batch batch. */
static void run_stage(const char *in, const char *out, size_t batch, struct fake *f,
		      const struct wt_stage_ops *o)
{
	struct wt_stage st;
	struct wt_header h;
	char err[512];

	memset(&st, 0, sizeof(st));
	memset(f, 0, sizeof(*f));
	st.ops = o;
	st.model = f;
	st.batch = batch;
	st.r = wt_reader_open(in, err, sizeof(err));
	if (!st.r)
		wt_die(1, "%s", err);
	wt_header_init(&h, WT_KIND_EVENT, 0);
	wt_meta_copy(&h.meta, &wt_reader_header(st.r)->meta);
	st.w = wt_writer_open(out, &h, 0, err, sizeof(err));
	wt_header_free(&h);
	if (!st.w)
		wt_die(1, "%s", err);
	wt_stage_loop(&st);
	wt_reader_close(st.r);
	if (wt_writer_close(st.w, err, sizeof(err)) < 0)
		wt_die(1, "%s", err);
	free(f->wait);
}

/* The output's events (into ev) and each one's kernel (into kern). */
static size_t read_output(const char *path, struct wt_event *ev, uint32_t *kern,
			  unsigned *nkernels)
{
	struct wt_reader *r;
	struct wt_item it;
	char err[512];
	uint32_t k = 0;
	size_t n = 0;

	*nkernels = 0;
	if (!(r = wt_reader_open(path, err, sizeof(err))))
		wt_die(1, "%s", err);
	while (wt_reader_next(r, &it) > 0) {
		if (it.type == WT_ITEM_KERNEL) {
			k = it.kernel->id;
			++*nkernels;
		}
		if (it.type != WT_ITEM_RECORDS)
			continue;
		for (size_t i = 0; i < it.count && n < 4 * NREC; i++, n++) {
			ev[n] = ((const struct wt_event *)it.recs)[i];
			kern[n] = k;
		}
	}
	wt_reader_close(r);
	return n;
}

/* wt_env_level(output) with stdout on fd (TAP's stdout put back). */
static int level_with_stdout(int fd, const char *output)
{
	int saved = dup(STDOUT_FILENO), v;

	fflush(stdout);
	dup2(fd, STDOUT_FILENO);
	v = wt_env_level(output);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	return v;
}

/* The level a stage writes at without --level (wt_env_level): none into
 * a pipe or a device, 1 into a file, whether named by -o or stdout. */
static void default_level(const char *dir)
{
	char file[96];
	int fds[2], fd;

	snprintf(file, sizeof(file), "%s/level.wt", dir);
	unsetenv("WARPTRACE_LEVEL");
	is_u64((uint64_t)wt_env_level("/dev/null"), 0, "default level: -o /dev/null, none");
	fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	is_u64((uint64_t)wt_env_level(file), 1, "default level: -o a file, 1");
	is_u64((uint64_t)level_with_stdout(fd, NULL), 1, "default level: stdout a file, 1");
	close(fd);
	fd = open("/dev/null", O_WRONLY);
	is_u64((uint64_t)level_with_stdout(fd, "-"), 0, "default level: stdout /dev/null, none");
	close(fd);
	if (pipe(fds) == 0) {
		is_u64((uint64_t)level_with_stdout(fds[1], NULL), 0,
		       "default level: stdout a pipe, none");
		close(fds[0]);
		close(fds[1]);
	}
	setenv("WARPTRACE_LEVEL", "3", 1);
	is_u64((uint64_t)wt_env_level("/dev/null"), 3, "default level: $WARPTRACE_LEVEL first");
	unsetenv("WARPTRACE_LEVEL");
	unlink(file);
}

int main(void)
{
	char dir[] = "/tmp/wt-test-stage.XXXXXX", in[64], out[64], whole[64];
	static struct wt_event ev[4 * NREC], ref[4 * NREC];
	static uint32_t kern[4 * NREC], refk[4 * NREC];
	struct fake f;
	unsigned nk, refnk, runs;
	struct wt_stage_ops ops_on;
	size_t n, refn;
	int order = 1, kept = 1;

	if (!mkdtemp(dir))
		return printf("Bail out! no temporary directory\n"), 1;
	snprintf(in, sizeof(in), "%s/in.wt", dir);
	snprintf(out, sizeof(out), "%s/out.wt", dir);
	snprintf(whole, sizeof(whole), "%s/whole.wt", dir);
	if (write_input(in) < 0)
		return printf("Bail out! no input\n"), 1;
	default_level(dir);

	run_stage(in, whole, 0, &f, &ops);
	is_u64(f.runs, 3, "whole kernels: one run a kernel");
	refn = read_output(whole, ref, refk, &refnk);
	run_stage(in, out, 3, &f, &ops);
	ok(f.runs > 60, "batches of 3: many runs (%u)", f.runs);
	is_u64(f.finals, 3, "a final run at each kernel's end");
	is_u64(f.unsorted, 1, "the kernel out of time order told once");
	is_u64(f.kernels, 3, "each kernel begun");
	n = read_output(out, ev, kern, &nk);
	is_u64(nk, 3, "three kernels out");
	is_u64(n, 2 * NREC, "every answer once");
	for (size_t i = 1; i < n; i++)
		if (kern[i] == kern[i - 1] && ev[i].time < ev[i - 1].time)
			order = 0;
	ok(order, "in time order within each kernel, across batches");
	for (size_t i = 0; i < n; i++)
		if (kern[i] != (ev[i].addr % 13 == 0 ? 0u : 2u))
			kept = 0;
	ok(kept, "each answer in its own kernel");
	ok(n == refn && nk == refnk && memcmp(ev, ref, n * sizeof(*ev)) == 0 &&
	   memcmp(kern, refk, n * sizeof(*kern)) == 0,
	   "the same stream as whole-kernel runs");
	/* kernel 2 goes out of order at its 101st record (i = 100), 2
	 * held then; a run at i = 101, 104, ..., 197 (33), where the loop
	 * would hold the rest of the kernel whole */
	runs = f.runs;
	ops_on = ops;	/* the same model, run on out of order (as l1sim) */
	ops_on.run_unsorted = 1;
	run_stage(in, out, 3, &f, &ops_on);
	is_u64(f.runs, runs + 33, "run_unsorted: the batches run on out of order "
	       "(%u runs)", f.runs);
	is_u64(f.unsorted, 1, "  the model told once");
	n = read_output(out, ev, kern, &nk);
	ok(n == refn && nk == refnk && memcmp(ev, ref, n * sizeof(*ev)) == 0 &&
	   memcmp(kern, refk, n * sizeof(*kern)) == 0,
	   "  the same stream as whole-kernel runs");
	unlink(in);
	unlink(out);
	unlink(whole);
	rmdir(dir);
	return tap_done();
}
