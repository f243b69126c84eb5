/*
 * l1setup.c - the L1 presets and configuration strings; see l1setup.h.
 */
#include "l1setup.h"
#include "cachecfg.h"
#include "util.h"

#include <string.h>

/* The presets.  fermi: the GTX 480 L1 of GPGPU-Sim's configuration as the
 * papers use it (Khairy et al. Table 1): 16 KB, 4 ways, 128-byte lines,
 * LRU, local write-back and global write-evict, no write-allocate,
 * allocate on miss, 32 MSHRs of 8 merges, a miss queue of 8, Nugteren's
 * Fermi hash.  nugteren: the model of Nugteren et al. (HPCA 2014): 16 KB,
 * 4 ways, Fermi hash, 64 MSHRs, lambda 101 (its code's 100, whose fills
 * are seen a cycle later), sigma 5, a line's effect at its data's arrival
 * (allocate on fill), the warp pool with sets of active CTAs and no time
 * for non-memory instructions, and where its code differs from its text,
 * the code (l1sim(1), THE WARP POOL). */
void wt_l1_preset(const char *arch, struct wt_l1_setup *s)
{
	struct wt_l1_cfg *c = &s->cfg;

	memset(c, 0, sizeof(*c));
	c->geom.assoc = 4;
	c->geom.line = 128;
	c->geom.repl = WT_REPL_LRU;
	c->sector = 32;
	c->write = WT_WRITE_LOCAL_WB;
	c->write_allocate = 0;
	c->alloc_on_fill = 0;
	c->mshr_entries = 32;
	c->mshr_merge = 8;
	c->miss_queue = 8;
	c->hit_latency = 1;
	c->miss_latency = 100;
	c->sigma = 0;
	c->seed = 1;
	c->mode = WT_L1_BOUNDED;
	c->atomics_bypass = 1;
	s->size = 16 * 1024;
	s->index = "fermi";
	s->index_follows = 0;
	s->pool = 0;
	s->pc = (struct wt_pool_cfg){ .delay = 1, .icount = 1 };
	if (strcmp(arch, "nugteren") == 0) {
		c->mshr_entries = 64;
		c->mshr_merge = 0;
		c->mshr_per_warp = 0;
		c->miss_queue = 0;
		c->sigma = 5;
		c->hit_latency = 0;
		c->alloc_on_fill = 1;
		c->pending_miss = 1;
		c->miss_latency = 101;
		s->pool = 1;
		s->pc = (struct wt_pool_cfg){ .refill_set = 1, .delay = 1,
					      .mshr_instr = 1, .lane_order = 1,
					      .exit_slot = 1, .drop_stores = 1 };
	} else if (strcmp(arch, "fermi") != 0) {
		wt_die(WT_EXIT_USAGE, "--arch=%s: expected fermi or nugteren", arch);
	}
}

/* A GPGPU-Sim cache configuration string, field by field. */
void wt_l1_apply_config(const char *str, struct wt_l1_setup *s)
{
	struct wt_l1_cfg *c = &s->cfg;
	struct wt_cachecfg g;
	char err[512];

	if (wt_cachecfg_parse(str, &g, err, sizeof(err)) < 0 ||
	    wt_cachecfg_check_data(&g, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "--config=%s: %s", str, err);
	if (g.disabled) {
		c->mode = WT_L1_BYPASS;
		return;
	}
	if (g.size_bytes > UINT32_MAX)
		wt_die(WT_EXIT_USAGE, "--config=%s: a %llu-byte L1; l1sim models an "
		       "L1 of less than 4 GiB", str, (unsigned long long)g.size_bytes);
	c->geom.assoc = g.assoc;
	c->geom.line = g.line;
	s->size = g.sets * g.line * g.assoc;
	c->geom.repl = g.replacement == 'F' ? WT_REPL_FIFO : WT_REPL_LRU;
	switch (g.write) {
	case 'B': c->write = WT_WRITE_BACK; break;
	case 'T': c->write = WT_WRITE_THROUGH; break;
	case 'L': c->write = WT_WRITE_LOCAL_WB; break;
	default: c->write = WT_WRITE_EVICT; break;
	}
	c->alloc_on_fill = g.alloc != 'm';
	c->write_allocate = wt_walloc_letter(g.write_alloc);
	/* GPGPU-Sim's function for the letter, at the final geometry */
	s->index = wt_index_gpgpusim_spec(g.index, g.sets, g.line, err, sizeof(err));
	if (!s->index)
		wt_die(WT_EXIT_USAGE, "--config=%s: %s", str, err);
	c->mshr_entries = g.mshr_entries;
	c->mshr_merge = g.mshr_max_merge;
	c->miss_queue = g.miss_queue;
	if (g.sectored)
		c->sector = 32;
	c->sectored = g.sectored;
}

void wt_l1_options(struct wt_l1_setup *s, const char *size, const char *assoc,
		   unsigned max_assoc, const char *line, const char *index)
{
	if (size)
		s->size = (unsigned)wt_opt_num("size", size, 1, 1u << 30);
	if (line)
		s->cfg.geom.line = (unsigned)wt_opt_num("line", line, 16, 4096);
	if (index)
		s->index = index;
	if (assoc && strcmp(assoc, "full") == 0) {
		/* one set of every line: no index function to speak of */
		unsigned lines = s->size / s->cfg.geom.line;

		if (lines < 1 || lines > max_assoc)
			wt_die(WT_EXIT_USAGE, "--assoc=full: %u lines of %u bytes; "
			       "a fully associative cache holds 1 to %u", lines,
			       s->cfg.geom.line, max_assoc);
		s->cfg.geom.assoc = lines;
		s->index = "linear";
	} else if (assoc) {
		s->cfg.geom.assoc = (unsigned)wt_opt_num("assoc", assoc, 1, max_assoc);
	}
}

void wt_l1_geometry(struct wt_l1_setup *s)
{
	struct wt_l1_cfg *c = &s->cfg;
	uint64_t lines = s->size / c->geom.line;
	char err[512];

	if (s->size % (c->geom.line * c->geom.assoc) || lines < c->geom.assoc)
		wt_die(WT_EXIT_USAGE, "a %u-byte cache is not a whole number of "
		       "%u-way sets of %u-byte lines", s->size, c->geom.assoc,
		       c->geom.line);
	c->geom.sets = (unsigned)(lines / c->geom.assoc);
	if (c->geom.sets & (c->geom.sets - 1))
		wt_die(WT_EXIT_USAGE, "%u sets: the number of sets must be a "
		       "power of two", c->geom.sets);
	if (wt_index_parse(s->index, c->geom.sets, c->geom.line, &c->ix, err,
			   sizeof(err)) == 0)
		return;
	/* A size, ways or line given without an index: the index follows
	 * them, as a user who never named one expects, rather than failing
	 * with an --index nobody typed. */
	if (!s->index_follows)
		wt_die(WT_EXIT_USAGE, "%s", err);
	wt_warn("note: the %u-byte L1 has %u sets, which the machine's set "
		"index %s does not fit: linear in its place (--index chooses "
		"another)", s->size, c->geom.sets, s->index);
	s->index = "linear";
	if (wt_index_parse(s->index, c->geom.sets, c->geom.line, &c->ix, err,
			   sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "%s", err);
}
