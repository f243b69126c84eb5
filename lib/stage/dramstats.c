/*
 * dramstats.c - dramsim's --stats (dramstage.h): the settings, the
 * requests, row-buffer outcomes, latencies, queue and bus of all the
 * channels together and of each, and its banks.
 */
#include "dramstage.h"

#include "json.h"
#include "provenance.h"
#include "util.h"

#include <string.h>

void wt_dramstats_json(struct wt_dramstage *d, struct wt_json *j,
		       const struct wt_dram_stats *s, uint64_t ignored,
		       unsigned nchan, int total)
{
	const struct wt_dram_cfg *c = &d->cfg;
	uint64_t req = s->reads + s->writes, n, sum, lo, hi;
	uint64_t cycles = s->last > s->first && s->first != UINT64_MAX ?
			  s->last - s->first : 0;
	static const unsigned pct[] = { 50, 90, 95, 99 };

	wt_json_key_u64(j, "requests", req);
	wt_json_key_u64(j, "reads", s->reads);
	wt_json_key_u64(j, "writes", s->writes);
	wt_json_key_u64(j, "ignored", ignored);
	if (total && d->cfg.sched->stats_json)
		d->cfg.sched->stats_json(d->sched, j);
	if (total) {
		wt_json_key_u64(j, "stall_cycles", d->stall);
		wt_json_key_ratio(j, "mean_stall", (double)d->stall, (double)d->ninstr);
	}
	wt_json_key_u64(j, "row_hits", s->outcome[WT_DRAM_HIT]);
	wt_json_key_u64(j, "row_misses", s->outcome[WT_DRAM_MISS]);
	wt_json_key_u64(j, "row_conflicts", s->outcome[WT_DRAM_CONFLICT]);
	wt_json_key_ratio(j, "row_buffer_hit_rate", (double)s->outcome[WT_DRAM_HIT], (double)req);
	wt_dram_lat_summary(s, &n, &sum, &lo, &hi);
	wt_json_key(j, "latency");
	wt_json_begin_object(j);
	if (n) {
		wt_json_key(j, "mean");
		wt_json_double(j, (double)sum / (double)n);
		wt_json_key_u64(j, "min", lo);
		wt_json_key_u64(j, "max", hi);
		for (int k = 0; k < 4; k++) {
			char key[8];

			wt_json_key_u64(j, wt_snprintf(key, sizeof(key), "p%u", pct[k]),
					wt_dram_lat_percentile(s, pct[k]));
		}
	}
	wt_json_end_object(j);
	wt_json_key_u64(j, "queue_full", s->queue_full);
	wt_json_key_ratio(j, "queue_occupancy", (double)s->occupancy, (double)cycles * nchan);
	wt_json_key_u64(j, "bursts", s->bursts);
	wt_json_key_u64(j, "bytes", s->bursts * wt_dram_burst_bytes(c));
	wt_json_key_u64(j, "bus_busy_cycles", s->busy);
	wt_json_key_u64(j, "cycles", cycles);
	wt_json_key_u64(j, "core_cycles", wt_dram_to_core(&d->clk, cycles));
	wt_json_key_ratio(j, "bus_utilization", (double)s->busy, (double)cycles * nchan);
	wt_json_key_ratio(j, "bandwidth_utilization",
			  (double)s->bursts * wt_dram_burst_bytes(c),
		  (double)cycles * nchan * c->bus_width * c->data_rate);
	wt_json_key_ratio(j, "bandwidth_gbps",
			  (double)s->bursts * wt_dram_burst_bytes(c) * d->clk.dram_mhz,
		  (double)cycles * 1000.0);
}

void wt_dramstats_banks_json(struct wt_dramstage *d, struct wt_json *j,
			     const struct wt_dram_chan *ch)
{
	const struct wt_dram_cfg *c = &d->cfg;

	wt_json_key(j, "banks");
	wt_json_begin_array(j);
	for (unsigned b = 0; b < c->ranks * c->banks; b++) {
		const struct wt_dram_bank *k = &ch->bank[b];

		wt_json_begin_object(j);
		wt_json_key_u64(j, "rank", b / c->banks);
		wt_json_key_u64(j, "bank", b % c->banks);
		wt_json_key_u64(j, "accesses", k->accesses);
		wt_json_key_u64(j, "activates", k->activates);
		wt_json_key_u64(j, "precharges", k->precharges);
		wt_json_key_u64(j, "row_hits", k->row_hits);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
}

void wt_dramstats_settings_json(struct wt_dramstage *d, struct wt_json *j)
{
	const struct wt_dram_cfg *c = &d->cfg;
	const struct wt_dram_timing *t = &c->t;

	wt_json_key(j, "settings");
	wt_json_begin_object(j);
	wt_json_key(j, "machine_origin");
	wt_json_string(j, d->machine.origin);
	wt_json_key(j, "arch");
	wt_json_string(j, d->arch);
	wt_json_key_u64(j, "channels", c->channels);
	wt_json_key_u64(j, "ranks", c->ranks);
	wt_json_key_u64(j, "banks", c->banks);
	wt_json_key_u64(j, "rows", c->rows);
	wt_json_key_u64(j, "columns", c->columns);
	wt_json_key(j, "map");
	if (d->map.masked)
		wt_json_string(j, d->map.text);
	else
		wt_json_null(j);
	wt_json_key_u64(j, "interleave", d->map.interleave);
	wt_json_key_u64(j, "sub_partitions", d->map.sub);
	wt_json_key(j, "partition_indexing");
	wt_json_string(j, wt_pidx_name(d->map.indexing));
	wt_json_key_u64(j, "tCL", t->tCL);
	wt_json_key_u64(j, "tRP", t->tRP);
	wt_json_key_u64(j, "tRC", t->tRC);
	wt_json_key_u64(j, "tRAS", t->tRAS);
	wt_json_key_u64(j, "tRCD", t->tRCD);
	wt_json_key_u64(j, "tRRD", t->tRRD);
	wt_json_key_u64(j, "tWR", t->tWR);
	wt_json_key_u64(j, "tWL", t->tWL);
	wt_json_key_u64(j, "tCCD", t->tCCD);
	wt_json_key_u64(j, "burst", c->burst);
	wt_json_key_u64(j, "bus_width", c->bus_width);
	wt_json_key_u64(j, "data_rate", c->data_rate);
	wt_json_key_u64(j, "burst_bytes", wt_dram_burst_bytes(c));
	wt_json_key_u64(j, "clock_mhz", d->clk.dram_mhz);
	wt_json_key_u64(j, "core_clock_mhz", d->clk.core_mhz);
	wt_json_key_u64(j, "latency_in", d->latency_in);
	wt_json_key_u64(j, "queue", c->queue);
	wt_json_key(j, "sched");
	wt_json_string(j, c->sched->name);
	wt_json_key_u64(j, "request_bytes", d->line);
	wt_json_key_u64(j, "sector_bytes", d->sector);
	wt_json_end_object(j);
}

void wt_dramstage_stats(struct wt_dramstage *d, const char *path, int argc, char **argv)
{
	char err[768];
	struct wt_json *j = wt_json_open(path, err, sizeof(err));
	struct wt_dram_stats tot;
	unsigned nc = d->cfg.channels;

	if (!j)
		wt_die(WT_EXIT_DATA, "%s", err);
	memset(&tot, 0, sizeof(tot));
	tot.first = UINT64_MAX;
	d->ignored = 0;
	for (unsigned i = 0; i < nc; i++) {
		d->ignored += wt_dramstage_ignored(d, i);
		wt_dram_stats_add(&tot, &wt_dramstage_chan(d, i)->st);
		wt_dram_stats_add_lat(&tot, &wt_dramstage_chan(d, i)->st);
	}
	wt_json_stats_begin(j, "dramsim", argc, argv);
	wt_json_provenance(j, &d->meta);
	wt_dramstats_settings_json(d, j);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	wt_dramstats_json(d, j, &tot, d->ignored, nc, 1);
	wt_json_end_object(j);
	wt_json_key(j, "channels");
	wt_json_begin_array(j);
	for (unsigned i = 0; i < nc; i++) {
		wt_json_begin_object(j);
		wt_json_key_u64(j, "channel", i);
		wt_dramstats_json(d, j, &wt_dramstage_chan(d, i)->st, wt_dramstage_ignored(d, i), 1, 0);
		wt_dramstats_banks_json(d, j, wt_dramstage_chan(d, i));
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	wt_json_end_object(j);
	wt_dram_stats_free(&tot);
	if (wt_json_close(j, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}