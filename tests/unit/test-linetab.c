/*
 * test-linetab.c - records by key: agreement with u64map over random keys
 * (0, UINT64_MAX and line addresses among them) across many growths and
 * the split into parts, each record visited once by wt_linetab_next,
 * clearing, and the memory.
 */
#include "linetab.h"
#include "u64map.h"
#include "util.h"
#include "tap.h"
#include "rnd.h"

#include <stdlib.h>
#include <string.h>

/* A record of size bytes: its first 8 bytes count the key's gets, the
 * rest repeat the key's low byte (all zero before the first). */
static int check_record(const unsigned char *rec, size_t size, uint64_t key,
			uint64_t gets)
{
	uint64_t n = 0;

	memcpy(&n, rec, size < 8 ? size : 8);
	if (size < 8)
		gets &= (1ULL << (8 * size)) - 1;
	if (n != gets)
		return 0;
	for (size_t i = 8; i < size; i++)
		if (rec[i] != (gets ? (unsigned char)key : 0))
			return 0;
	return 1;
}

static void bump(unsigned char *rec, size_t size, uint64_t key)
{
	uint64_t n = 0;

	memcpy(&n, rec, size < 8 ? size : 8);
	n++;
	memcpy(rec, &n, size < 8 ? size : 8);
	for (size_t i = 8; i < size; i++)
		rec[i] = (unsigned char)key;
}

static uint64_t draw(size_t npool, const uint64_t *pool, size_t *have)
{
	uint64_t key;

	if (*have < npool && rnd() % 3 == 0) {
		switch (rnd() % 4) {
		case 0: key = (uint64_t)*have * 128; break;
		case 1: key = UINT64_MAX - *have; break;
		default: key = rnd(); break;
		}
		return key;
	}
	return *have ? pool[rnd() % *have] : 0;
}

/* n gets of up to npool keys; the table split into parts past split
 * bytes (0: wt_linetab_new's). */
static void against_u64map(size_t rec_size, size_t n, size_t npool,
			   size_t split)
{
	struct wt_linetab *t = split ? wt_linetab_new_split(rec_size, split)
				     : wt_linetab_new(rec_size);
	struct wt_u64map *ref = wt_u64map_new();	/* key -> gets */
	uint64_t *pool = wt_malloc(npool * sizeof(*pool));
	size_t have = 0, bad = 0, seen = 0, pos = 0;
	uint64_t total = 0, visited = 0;
	unsigned char *rec;

	for (size_t i = 0; i < n; i++) {
		uint64_t key = draw(npool, pool, &have), *gets;
		int added, ref_added;

		rec = wt_linetab_get(t, key, &added);
		gets = wt_u64map_get(ref, key, &ref_added);
		if (ref_added && have < npool)
			pool[have++] = key;
		if (added != ref_added ||
		    !check_record(rec, rec_size, key, *gets)) {
			if (bad++ < 5)
				printf("#   get %zu, key %llx: added %d, want %d\n",
				       i, (unsigned long long)key, added,
				       ref_added);
		}
		bump(rec, rec_size, key);
		(*gets)++;
		total++;
	}
	ok(bad == 0, "%zu-byte records: %zu gets agree with u64map", rec_size,
	   n);
	is_u64(wt_linetab_count(t), wt_u64map_count(ref),
	       "%zu-byte records: %zu keys", rec_size, wt_u64map_count(ref));
	/* Every record once: the gets they count add up to all gets. */
	while ((rec = wt_linetab_next(t, &pos))) {
		uint64_t g = 0;

		memcpy(&g, rec, rec_size < 8 ? rec_size : 8);
		visited += g;
		seen++;
	}
	is_u64(seen, wt_linetab_count(t), "%zu-byte records: next visits "
	       "each key once", rec_size);
	if (rec_size >= 8)
		is_u64(visited, total, "%zu-byte records: and their counts "
		       "add up to the gets", rec_size);
	free(pool);
	wt_u64map_free(ref);
	wt_linetab_free(t);
}

static void clear_and_memory(void)
{
	enum { KEYS = 200000 };
	struct wt_linetab *t = wt_linetab_new_split(24, 1 << 20);
	size_t pos = 0, per_key;
	int added;
	uint64_t *r;

	for (uint64_t i = 0; i < KEYS; i++) {
		r = wt_linetab_get(t, i * 128, &added);
		*r = i;
	}
	per_key = wt_linetab_bytes(t) / KEYS;
	ok(per_key <= 32 * 5 / 4 * 5 / 4 + 1, "24-byte records: %zu bytes a "
	   "key (slots of 32, 64 %% to 80 %% full)", per_key);
	/* Split past 1 MiB, a growth copies one part: with keys spread
	 * evenly over the 64 parts, the largest holds a few times a 64th of
	 * the table, not the table. */
	ok(wt_linetab_part_bytes(t) * 16 <= wt_linetab_bytes(t),
	   "largest part %zu of %zu bytes: a growth holds at most a 16th more",
	   wt_linetab_part_bytes(t), wt_linetab_bytes(t));
	/* a prefetch is a hint: a key present or not, nothing changes */
	wt_linetab_prefetch(t, 12345 * 128);
	wt_linetab_prefetch(t, 777);
	wt_linetab_prefetch(t, UINT64_MAX);
	is_u64(wt_linetab_count(t), KEYS, "prefetch adds no key");
	r = wt_linetab_get(t, 12345 * 128, &added);
	ok(!added && *r == 12345, "a key among 200000 keeps its record");
	wt_linetab_clear(t);
	is_u64(wt_linetab_count(t), 0, "clear: no keys");
	ok(wt_linetab_next(t, &pos) == NULL, "clear: nothing to visit");
	r = wt_linetab_get(t, 12345 * 128, &added);
	ok(added && *r == 0, "clear: a key comes back new, its record zero");
	r = wt_linetab_get(t, UINT64_MAX, &added);
	ok(added && *r == 0, "UINT64_MAX: new, zero");
	*r = 7;
	r = wt_linetab_get(t, UINT64_MAX, &added);
	ok(!added && *r == 7, "UINT64_MAX: keeps its record");
	wt_linetab_free(t);
}

int main(int argc, char **argv)
{
	(void)argc;
	wt_set_progname(argv[0]);
	against_u64map(24, 300000, 50000, 0);
	against_u64map(1, 100000, 300, 0);
	against_u64map(20, 200000, 20000, 0);
	against_u64map(40, 50000, 30, 0);
	/* split into parts, which then grow: past 64 KiB, and at the first
	 * growth (parts of the least size) */
	against_u64map(40, 1000000, 100000, 64 << 10);
	against_u64map(24, 300000, 50000, 1);
	against_u64map(1, 100000, 300, 1);
	clear_and_memory();
	return tap_done();
}
