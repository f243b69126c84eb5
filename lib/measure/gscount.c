/*
 * gscount.c - GPGPU-Sim's counting of cache accesses; see gscount.h.
 */
#include "gscount.h"

void wt_gs_add(struct wt_gs_counts *dst, const struct wt_gs_counts *src)
{
	for (unsigned t = 0; t < WT_GS_NTYPE; t++)
		for (unsigned s = 0; s < WT_GS_NSTATUS; s++)
			dst->n[t][s] += src->n[t][s];
}

uint64_t wt_gs_total(const struct wt_gs_counts *c, unsigned status)
{
	uint64_t n = 0;

	for (unsigned t = 0; t < WT_GS_NTYPE; t++)
		n += c->n[t][status];
	return n;
}

uint64_t wt_gs_accesses(const struct wt_gs_counts *c)
{
	return wt_gs_total(c, WT_GS_HIT) + wt_gs_total(c, WT_GS_HIT_RESERVED) +
	       wt_gs_misses(c);
}

uint64_t wt_gs_misses(const struct wt_gs_counts *c)
{
	return wt_gs_total(c, WT_GS_MISS) + wt_gs_total(c, WT_GS_SECTOR_MISS);
}

void wt_gs_miss_rate_json(struct wt_json *j, const struct wt_gs_counts *c)
{
	wt_json_key_ratio(j, "miss_rate_gpgpusim", (double)wt_gs_misses(c),
			  (double)wt_gs_accesses(c));
}

void wt_gs_json(struct wt_json *j, const struct wt_gs_counts *c, const char *unit,
		unsigned types)
{
	static const char *const type_names[WT_GS_NTYPE] = {
		"loads", "stores", "atomics", "write_backs"
	};
	static const char *const status_names[WT_GS_NSTATUS] = {
		"hit", "hit_reserved", "miss", "reservation_fail", "sector_miss",
		"mshr_hit"
	};
	/* the order GPGPU-Sim prints them in, the fail last */
	static const unsigned order[WT_GS_NSTATUS] = {
		WT_GS_HIT, WT_GS_HIT_RESERVED, WT_GS_MISS, WT_GS_SECTOR_MISS,
		WT_GS_MSHR_HIT, WT_GS_RESERVATION_FAIL
	};

	wt_json_key(j, "gpgpusim");
	wt_json_begin_object(j);
	wt_json_key(j, "unit");
	wt_json_string(j, unit);
	wt_json_key_u64(j, "accesses", wt_gs_accesses(c));
	wt_json_key_u64(j, "misses", wt_gs_misses(c));
	wt_json_key_u64(j, "pending_hits", wt_gs_total(c, WT_GS_HIT_RESERVED));
	wt_json_key_u64(j, "reservation_fails", wt_gs_total(c, WT_GS_RESERVATION_FAIL));
	wt_gs_miss_rate_json(j, c);
	for (unsigned t = 0; t < WT_GS_NTYPE; t++) {
		if (!(types & 1u << t))
			continue;
		wt_json_key(j, type_names[t]);
		wt_json_begin_object(j);
		for (unsigned i = 0; i < WT_GS_NSTATUS; i++)
			wt_json_key_u64(j, status_names[order[i]], c->n[t][order[i]]);
		wt_json_end_object(j);
	}
	wt_json_end_object(j);
}
