/*
 * tgenstats.c - trace-gen's statistics file.
 */
#include "tgenstats.h"

#include "json.h"
#include "provenance.h"
#include "util.h"

static void dims(struct wt_json *j, const char *key, const uint32_t d[3])
{
	wt_json_key(j, key);
	wt_json_begin_array(j);
	for (int i = 0; i < 3; i++)
		wt_json_u64(j, d[i]);
	wt_json_end_array(j);
}

/* The members only an Accel-Sim kernel has. */
static void as_stats(struct wt_json *j, const struct wt_asf_stats *st)
{
	wt_json_key(j, "form");
	wt_json_string(j, st->traceg ? "traceg" : st->records || st->instructions ?
		       "trace" : "empty");
	wt_json_key(j, "tracer_version");
	if (st->tracer_version)
		wt_json_u64(j, st->tracer_version);
	else
		wt_json_null(j);
	wt_json_key_u64(j, "instructions", st->instructions);
	wt_json_key_u64(j, "memory_instructions", st->records);
	wt_json_key_u64(j, "no_access_records", st->tails);
	wt_json_key(j, "spaces");
	wt_json_begin_object(j);
	for (unsigned sp = 0; sp <= WT_SPACE_MAX; sp++)
		wt_json_key_u64(j, wt_space_name(sp), st->spaces[sp]);
	wt_json_end_object(j);
	wt_json_key_u64(j, "empty_masks", st->empty_masks);
	wt_json_key_u64(j, "trailing_instructions", st->trailing);
	wt_json_key_u64(j, "generic_without_bases", st->generic_unbased);
	wt_json_key_u64(j, "predicated_address_lines", st->loose_lines);
	wt_json_key_u64(j, "warps", st->warps);
	wt_json_key_u64(j, "ctas", st->ctas);
}

void wt_tgenstats_write(const char *path, const struct wt_tgen *g,
			const struct wt_meta *meta, int argc, char **argv)
{
	char err[768];
	struct wt_json *j = wt_json_open(path, err, sizeof(err));
	uint64_t ops[WT_OP_MAX + 1] = { 0 }, accesses = 0;

	if (!j)
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_json_stats_begin(j, "trace-gen", argc, argv);
	wt_json_provenance(j, meta);
	wt_json_key(j, "kernels");
	wt_json_begin_array(j);
	for (size_t i = 0; i < g->nks; i++) {
		const struct wt_tgen_kernel *s = &g->ks[i];

		wt_json_begin_object(j);
		wt_json_key(j, "id");
		wt_json_u64(j, s->kernel.id);
		wt_json_key(j, "name");
		wt_json_string(j, s->kernel.name);
		wt_json_key(j, "source");
		wt_json_string(j, s->kernel.source);
		wt_json_key(j, "dialect");
		wt_json_string(j, s->dialect);
		dims(j, "grid", s->kernel.grid);
		dims(j, "block", s->kernel.block);
		wt_json_key(j, "accesses");
		wt_json_u64(j, s->accesses);
		accesses += s->accesses;
		for (int op = 0; op <= WT_OP_MAX; op++) {
			char key[16];

			wt_json_key(j, wt_snprintf(key, sizeof(key), "%ss",
						   wt_op_name((unsigned)op)));
			wt_json_u64(j, s->n.ops[op]);
			ops[op] += s->n.ops[op];
		}
		wt_json_key(j, "bytes");
		wt_json_u64(j, s->n.bytes);
		if (s->accelsim) {
			as_stats(j, &s->as);
		} else {
			wt_json_key(j, "max_thread");
			if (s->accesses)
				wt_json_u64(j, s->n.thread_max);
			else
				wt_json_null(j);
		}
		wt_json_key(j, "address_min");
		if (s->accesses)
			wt_json_u64(j, s->n.addr_min);
		else
			wt_json_null(j);
		wt_json_key(j, "address_max");
		if (s->accesses)
			wt_json_u64(j, s->n.addr_max);
		else
			wt_json_null(j);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	wt_json_key(j, "kernels");
	wt_json_u64(j, g->nks);
	wt_json_key(j, "accesses");
	wt_json_u64(j, accesses);
	for (int op = 0; op <= WT_OP_MAX; op++) {
		char key[16];

		wt_json_key(j, wt_snprintf(key, sizeof(key), "%ss",
					   wt_op_name((unsigned)op)));
		wt_json_u64(j, ops[op]);
	}
	wt_json_end_object(j);
	wt_json_end_object(j);
	if (wt_json_close(j, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}

