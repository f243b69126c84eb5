/*
 * coalstats.c - coalesce's statistics file.
 */
#include "coalstats.h"

#include "json.h"
#include "provenance.h"
#include "util.h"

#include <string.h>

static void put_space(struct wt_json *j, const char *key,
		      const struct wt_space_stats *s, int shared)
{
	wt_json_key(j, key);
	wt_json_begin_object(j);
	wt_json_key_u64(j, "warp_instructions", s->instructions);
	wt_json_key_u64(j, "threads", s->threads);
	if (shared) {
		wt_json_key_u64(j, "bank_accesses", s->accesses);
		wt_json_key_u64(j, "bank_conflicts", s->accesses - s->instructions);
		wt_json_key(j, "accesses_per_instruction");
		if (s->instructions)
			wt_json_double(j, (double)s->accesses / (double)s->instructions);
		else
			wt_json_null(j);
	}
	wt_json_end_object(j);
}

static void put_counts(struct wt_json *j, const struct wt_coalesce_stats *s)
{
	uint64_t made = s->instructions - s->empty;

	wt_json_key(j, "warp_instructions");
	wt_json_u64(j, s->instructions);
	wt_json_key(j, "empty_instructions");
	wt_json_u64(j, s->empty);
	wt_json_key(j, "threads");
	wt_json_u64(j, s->threads);
	wt_json_key(j, "requests");
	wt_json_u64(j, s->requests);
	wt_json_key(j, "requests_by_op");
	wt_json_begin_object(j);
	for (int op = 0; op <= WT_OP_MAX; op++) {
		char key[16];

		wt_json_key(j, wt_snprintf(key, sizeof(key), "%ss",
					   wt_op_name((unsigned)op)));
		wt_json_u64(j, s->op_requests[op]);
	}
	wt_json_end_object(j);
	wt_json_key(j, "requests_per_instruction");
	wt_json_begin_object(j);
	for (int n = 1; n <= WT_COALESCE_MAX_REQUESTS; n++) {
		char key[8];

		if (!s->histogram[n])
			continue;
		wt_json_key(j, wt_snprintf(key, sizeof(key), "%d", n));
		wt_json_u64(j, s->histogram[n]);
	}
	wt_json_end_object(j);
	wt_json_key(j, "mean_requests");
	if (made)
		wt_json_double(j, (double)s->requests / (double)made);
	else
		wt_json_null(j);
	wt_json_key(j, "bytes_requested");
	wt_json_u64(j, s->bytes_requested);
	wt_json_key(j, "bytes_used");
	wt_json_u64(j, s->bytes_used);
	wt_json_key(j, "efficiency");
	if (s->bytes_requested)
		wt_json_double(j, (double)s->bytes_used / (double)s->bytes_requested);
	else
		wt_json_null(j);
	/* What made no request for the caches, and every instruction. */
	put_space(j, "shared", &s->shared, 1);
	put_space(j, "constant", &s->constant, 0);
	put_space(j, "texture", &s->texture, 0);
	wt_json_key_u64(j, "no_access_records", s->none_in);
	wt_json_key_u64(j, "no_access_requests", s->none_out);
	wt_json_key_u64(j, "all_instructions", s->all_instructions);
	wt_json_key_u64(j, "instructions_lost", s->lost);
}

void wt_coalstats_write(const char *path, const struct wt_coalrun *c,
			const struct wt_machine *m, const struct wt_meta *meta,
			int argc, char **argv)
{
	char err[768];
	struct wt_json *j = wt_json_open(path, err, sizeof(err));
	struct wt_coalesce_stats total;

	if (!j)
		wt_die(WT_EXIT_DATA, "%s", err);
	memset(&total, 0, sizeof(total));
	wt_json_stats_begin(j, "coalesce", argc, argv);
	wt_json_provenance(j, meta);
	wt_json_key(j, "settings");
	wt_json_begin_object(j);
	wt_json_key(j, "arch");
	wt_json_string(j, m->name);
	wt_json_key(j, "machine_origin");
	wt_json_string(j, m->origin);
	wt_json_key(j, "rules");
	wt_json_string(j, wt_coalesce_rules_name(c->cfg->rules));
	wt_json_key(j, "line");
	wt_json_u64(j, c->cfg->line);
	wt_json_key(j, "sector");
	wt_json_u64(j, c->cfg->sector);
	wt_json_key_u64(j, "shmem_banks", c->sh->banks);
	wt_json_key(j, "shmem_limited_broadcast");
	wt_json_bool(j, c->sh->limited_broadcast);
	wt_json_key_u64(j, "shmem_warp_parts", c->sh->warp_parts);
	if (c->cfg->rules == WT_COALESCE_GPGPUSIM) {
		wt_json_key_u64(j, "coalesce_arch", c->cfg->coalesce_arch);
		wt_json_key(j, "skip_l1");
		wt_json_bool(j, c->cfg->skip_l1);
	}
	wt_json_end_object(j);
	wt_json_key(j, "kernels");
	wt_json_begin_array(j);
	for (size_t i = 0; i < c->nks; i++) {
		const struct wt_coalrun_kernel *k = &c->ks[i];

		wt_json_begin_object(j);
		wt_json_key(j, "id");
		wt_json_u64(j, k->id);
		wt_json_key(j, "name");
		wt_json_string(j, k->name);
		put_counts(j, &k->s);
		wt_json_end_object(j);
		wt_coalesce_stats_merge(&total, &k->s);
	}
	wt_json_end_array(j);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	wt_json_key(j, "kernels");
	wt_json_u64(j, c->nks);
	put_counts(j, &total);
	wt_json_end_object(j);
	wt_json_end_object(j);
	if (wt_json_close(j, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}

