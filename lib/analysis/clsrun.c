/*
 * clsrun.c - classify's run over a request or event stream, and its
 * report written out.
 */
#include "clsrun.h"

#include "provenance.h"
#include "sink.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Record n, rq, comes after its warp's last instruction. */
static void after_end(struct wt_reader *r, uint64_t n, const struct wt_request *rq)
{
	wt_die(WT_EXIT_DATA, "%s: record %llu: warp %u's instruction %u comes "
	       "after the warp's last (flagged by trace-order): this input is "
	       "not in each warp's order", wt_reader_name(r),
	       (unsigned long long)n, rq->warp, rq->instr);
}

void wt_clsrun(struct wt_clsrun *c, struct wt_reader *r)
{
	const struct wt_cls_cfg *cfg = c->cfg;
	struct wt_clsrep *rep = c->rep;
	struct wt_item it;
	struct wt_kernel kern;
	unsigned allowed, given = rep->analyses;
	uint64_t hits = 0, other = 0;
	int level = 0;

	c->cls = wt_cls_new(cfg);
	wt_meta_init(&c->meta);
	wt_meta_copy(&c->meta, &wt_reader_header(r)->meta);
	switch (wt_reader_header(r)->kind) {
	case WT_KIND_REQUEST:
		rep->requests = 1;
		rep->level = "L1-view";
		allowed = WT_AN_ALL;
		break;
	case WT_KIND_EVENT:
		allowed = WT_AN_WARPS | WT_AN_DIVERGENCE;
		break;
	default:
		wt_die(WT_EXIT_DATA, "%s: expected request records (from coalesce) "
		       "or event records (from l1sim or l2sim), got %s records",
		       wt_reader_name(r), wt_kind_name(wt_reader_header(r)->kind));
	}
	if (!given)
		rep->analyses = allowed;
	if (rep->analyses & ~allowed)
		wt_die(WT_EXIT_USAGE, "%s: event records allow only the warps and "
		       "divergence analyses; the others need a request stream "
		       "(from coalesce)", wt_reader_name(r));
	rep->cfg = cfg;
	if (rep->requests) {
		rep->wt = wt_cls_warptypes(c->cls);
	} else {
		wt_cls_free(c->cls);
		c->cls = NULL;
		wt_wt_init(&c->evwt, &cfg->bounds, cfg->window, cfg->window_min,
			   cfg->series);
		rep->wt = &c->evwt;
	}

	wt_kernel_init(&kern);
	while (wt_reader_next(r, &it) > 0) {
		switch (it.type) {
		case WT_ITEM_KERNEL:
			wt_kernel_free(&kern);
			wt_kernel_copy(&kern, it.kernel);
			break;
		case WT_ITEM_RECORDS:
			if (rep->requests) {
				const struct wt_request *q = it.recs;
				unsigned sms = wt_reader_sms(r);
				size_t i;

				/* each SM has its L1 view: a stray id would
				 * make that many */
				for (i = 0; sms && i < it.count; i++)
					if (q[i].sm >= sms)
						wt_reader_die_sm(r, it.first + i, q[i].sm);
				i = wt_cls_requests(c->cls, kern.id, q, it.count);

				if (i < it.count)
					after_end(r, it.first + i, &q[i]);
			} else {
				const struct wt_event *e = it.recs;

				for (size_t i = 0; i < it.count; i++) {
					if (!level)
						level = e[i].level;
					if (e[i].type > WT_EV_MISS) {
						other++;
						continue;
					}
					hits += e[i].type == WT_EV_HIT;
					wt_wt_access(&c->evwt, kern.id, e[i].warp, e[i].cta,
						     e[i].sm, e[i].instr, e[i].time,
						     e[i].type == WT_EV_HIT, 0);
				}
			}
			break;
		case WT_ITEM_KERNEL_END: {
			struct wt_cls_kernel *k;

			rep->k = wt_realloc(rep->k, (rep->nk + 1) * sizeof(*rep->k));
			k = &rep->k[rep->nk++];
			memset(k, 0, sizeof(*k));
			k->id = kern.id;
			k->name = wt_strdup(kern.name ? kern.name : "");
			if (rep->requests)
				wt_cls_kernel_end(c->cls, &k->r);
			else
				wt_wt_kernel_end(&c->evwt, &k->r.div, &k->r.census);
			wt_cls_result_add(&rep->total, &k->r);
			break;
		}
		default:
			break;
		}
	}
	if (it.type == WT_ITEM_ERROR)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
	if (!rep->requests) {
		static const char *const levels[] = { "L1", "L2", "DRAM" };

		rep->level = level >= 1 && level <= 3 ? levels[level - 1] : "an unknown level";
		if (!hits && (rep->analyses & (WT_AN_WARPS | WT_AN_DIVERGENCE)) &&
		    (other || rep->total.div.instrs[WT_WT_ALL_MISS]))
			fprintf(stderr, "%s: note: %s has no hits: was it made with "
				"--events=all?\n", wt_progname(), wt_reader_name(r));
	}
	wt_kernel_free(&kern);
}

void wt_clsrun_free(struct wt_clsrun *c)
{
	for (size_t i = 0; i < c->rep->nk; i++) {
		free(c->rep->k[i].name);
		wt_cls_result_free(&c->rep->k[i].r);
	}
	free(c->rep->k);
	c->rep->k = NULL;
	c->rep->nk = 0;
	if (c->cls)
		wt_cls_free(c->cls);
	else
		wt_wt_free(&c->evwt);
	c->cls = NULL;
	wt_meta_free(&c->meta);
}

void wt_clsrun_write(const struct wt_clsrun *c, const char *path, int json,
		     int argc, char **argv)
{
	const struct wt_clsrep *p = c->rep;
	char err[768];

	if (json) {
		struct wt_json *j = wt_json_open(path, err, sizeof(err));

		if (!j)
			wt_die(WT_EXIT_DATA, "%s", err);
		wt_json_stats_begin(j, "classify", argc, argv);
		wt_json_provenance(j, &c->meta);
		wt_clsrep_json(j, p);
		wt_json_end_object(j);
		if (wt_json_close(j, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_DATA, "%s", err);
	} else {
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		if (!f)
			wt_die(WT_EXIT_DATA, "out of memory");
		wt_clsrep_table(f, p);
		if (fclose(f) != 0)
			wt_die(WT_EXIT_DATA, "out of memory");
		if (wt_sink_put(path, buf, len, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_DATA, "%s", err);
		free(buf);
	}
}
