/*
 * test-cachecfg.c - GPGPU-Sim cache configuration strings: the real
 * configs (GTX480, TITAN V, the 3.x forms), round trips, descriptions, and
 * every rejection with its message.
 */
#include "cachecfg.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static struct wt_cachecfg cfg;
static char err[256];

/* Parse s; ok if it parses. */
static int accept(const char *s)
{
	int r = wt_cachecfg_parse(s, &cfg, err, sizeof(err));

	if (!ok(r == 0, "accepts '%s'", s))
		printf("#   error: %s\n", err);
	return r == 0;
}

/* Parse s; ok if it is rejected with a message containing want. */
static void reject(const char *s, const char *want)
{
	int r = wt_cachecfg_parse(s, &cfg, err, sizeof(err));

	ok(r == -1, "rejects '%s'", s);
	like(err, want, "  saying '%s'", want);
	ok(strchr(err, '\n') == NULL, "  in one line");
}

/* parse -> format gives the same string; format -> parse gives the same
 * struct. */
static void round_trip(const char *s)
{
	struct wt_cachecfg a, b;
	char buf[128];

	if (wt_cachecfg_parse(s, &a, err, sizeof(err))) {
		ok(0, "round trip '%s': %s", s, err);
		return;
	}
	wt_cachecfg_format(&a, buf, sizeof(buf));
	is_str(buf, s, "format(parse('%s'))", s);
	ok(wt_cachecfg_parse(buf, &b, err, sizeof(err)) == 0 &&
	   memcmp(&a, &b, sizeof(a)) == 0, "parse(format()) is the same");
}

static void gtx480_l1(void)
{
	char d[256];

	if (!accept("N:32:128:4,L:L:m:N:H,S:64:8,8"))
		return;
	is_u64(cfg.disabled, 0, "GTX480 L1: enabled");
	is_u64(cfg.form, WT_CACHECFG_V4, "  4.x form");
	is_u64(cfg.sectored, 0, "  not sectored");
	is_u64(cfg.sets, 32, "  32 sets");
	is_u64(cfg.line, 128, "  128-B lines");
	is_u64(cfg.assoc, 4, "  4 ways");
	is_u64(cfg.size_bytes, 16384, "  16 KB");
	is_u64(cfg.replacement, 'L', "  LRU");
	is_u64(cfg.write, 'L', "  local write-back, global write-evict");
	is_u64(cfg.alloc, 'm', "  allocate on miss");
	is_u64(cfg.write_alloc, 'N', "  no write-allocate");
	is_u64(cfg.index, 'H', "  Fermi hash");
	is_u64(cfg.mshr_type, 'S', "  sector MSHR");
	is_u64(cfg.mshr_entries, 64, "  64 MSHR entries");
	is_u64(cfg.mshr_max_merge, 8, "  8 merges");
	is_u64(cfg.miss_queue, 8, "  miss queue 8");
	is_u64(cfg.nopt, 0, "  no optional fields");
	is_u64(cfg.result_fifo, 0, "  no result FIFO");
	is_u64(cfg.data_port_field, 0, "  no port width written");
	is_u64(cfg.data_port_width, 128, "  port width defaults to the line");
	is_u64(cfg.atom, 128, "  fills whole lines");
	is_str(wt_cachecfg_describe(&cfg, d, sizeof(d)),
	       "16 KB, 32 sets x 4 ways x 128 B, LRU, local write-back/global "
	       "write-evict, allocate on miss, no write-allocate, Fermi hash "
	       "index, sector MSHR: 64 entries x 8 merges, miss queue 8",
	       "  description");
	ok(wt_cachecfg_check_data(&cfg, err, sizeof(err)) == 0,
	   "  is a valid data cache");

	/* The PreferL1 alternative in the same config: 48 KB, 6 ways. */
	if (accept("N:64:128:6,L:L:m:N:H,S:64:8,8"))
		is_u64(cfg.size_bytes, 48 * 1024, "  48 KB");
}

static void gtx480_l2(void)
{
	char d[256];

	/* configs/tested-cfgs/SM2_GTX480: one of 12 sub-partitions. */
	if (!accept("S:64:128:8,L:B:m:L:L,A:256:4,4:0,32"))
		return;
	is_u64(cfg.sectored, 1, "GTX480 L2: sectored");
	is_u64(cfg.sets, 64, "  64 sets");
	is_u64(cfg.line, 128, "  128-B lines");
	is_u64(cfg.assoc, 8, "  8 ways");
	is_u64(cfg.size_bytes, 65536, "  64 KB (x 12 = 768 KB)");
	is_u64(cfg.replacement, 'L', "  LRU");
	is_u64(cfg.write, 'B', "  write-back");
	is_u64(cfg.alloc, 'm', "  allocate on miss");
	is_u64(cfg.write_alloc, 'L', "  lazy fetch-on-read");
	is_u64(cfg.index, 'L', "  linear");
	is_u64(cfg.mshr_type, 'A', "  associative MSHR");
	is_u64(cfg.mshr_entries, 256, "  256 entries");
	is_u64(cfg.mshr_max_merge, 4, "  4 merges");
	is_u64(cfg.miss_queue, 4, "  miss queue 4");
	is_u64(cfg.nopt, 2, "  both optional fields");
	is_u64(cfg.result_fifo, 0, "  result FIFO 0");
	is_u64(cfg.data_port_field, 32, "  port width 32 written");
	is_u64(cfg.data_port_width, 32, "  port width 32");
	is_u64(cfg.atom, 32, "  fills 32-B sectors");
	is_str(wt_cachecfg_describe(&cfg, d, sizeof(d)),
	       "64 KB sectored (4 x 32 B sectors), 64 sets x 8 ways x 128 B, "
	       "LRU, write-back, allocate on miss, lazy fetch-on-read, linear "
	       "index, MSHR: 256 entries x 4 merges, miss queue 4, data port "
	       "32 B", "  description");

	/* The same L2 in GPGPU-Sim 3.x's config. */
	if (!accept("64:128:8,L:B:m:W:L,A:32:4,4:0,32"))
		return;
	is_u64(cfg.form, WT_CACHECFG_V3_INDEX, "3.x GTX480 L2: 3.x form");
	is_u64(cfg.sectored, 0, "  not sectored");
	is_u64(cfg.size_bytes, 65536, "  64 KB");
	is_u64(cfg.write_alloc, 'W', "  write-allocate");
	is_u64(cfg.mshr_entries, 32, "  32 entries");
	is_u64(cfg.data_port_width, 32, "  port width 32");
}

static void titan_v(void)
{
	if (!accept("S:4:128:64,L:T:m:L:L,A:512:8,16:0,32"))
		return;
	is_u64(cfg.sectored, 1, "TITAN V L1: sectored");
	is_u64(cfg.sets, 4, "  4 sets");
	is_u64(cfg.line, 128, "  128-B lines");
	is_u64(cfg.assoc, 64, "  64 ways");
	is_u64(cfg.size_bytes, 32768, "  32 KB as written (the unit the "
	       "adaptive L1 grows by)");
	is_u64(cfg.write, 'T', "  write-through");
	is_u64(cfg.alloc, 'm', "  allocate on miss");
	is_u64(cfg.write_alloc, 'L', "  lazy fetch-on-read");
	is_u64(cfg.index, 'L', "  linear");
	is_u64(cfg.mshr_type, 'A', "  associative MSHR");
	is_u64(cfg.mshr_entries, 512, "  512 entries");
	is_u64(cfg.mshr_max_merge, 8, "  8 merges");
	is_u64(cfg.miss_queue, 16, "  miss queue 16");
	is_u64(cfg.result_fifo, 0, "  result FIFO 0");
	is_u64(cfg.data_port_width, 32, "  32-B data port");
	is_u64(cfg.atom, 32, "  32-B sectors");

	/* V100's L2 slice: IPOLY over 32 sets, 24 ways. */
	if (accept("S:32:128:24,L:B:m:L:P,A:192:4,32:0,32")) {
		is_u64(cfg.index, 'P', "V100 L2: IPOLY");
		is_u64(cfg.size_bytes, 96 * 1024, "  96 KB");
	}
}

static void other_caches(void)
{
	char d[256];

	/* GTX480 texture, instruction and constant caches. */
	if (accept("N:4:128:24,L:R:m:N:L,T:128:4,128:2")) {
		is_u64(cfg.mshr_type, 'T', "texture: sector texture FIFO");
		is_u64(cfg.mshr_entries, 128, "  128 fragments");
		is_u64(cfg.mshr_max_merge, 4, "  4 requests");
		is_u64(cfg.miss_queue, 128, "  reorder buffer 128");
		is_u64(cfg.result_fifo, 2, "  result FIFO 2");
		is_u64(cfg.nopt, 1, "  one optional field");
		like(wt_cachecfg_describe(&cfg, d, sizeof(d)),
		     "sector texture FIFO: 128 fragments, 4 requests, reorder "
		     "buffer 128, result FIFO 2", "  description");
		ok(wt_cachecfg_check_data(&cfg, err, sizeof(err)) == -1,
		   "  is not a data cache");
		like(err, "texture cache's FIFO", "  because of its FIFO");
	}
	if (accept("N:4:128:4,L:R:f:N:L,S:2:32,4")) {
		is_u64(cfg.write, 'R', "instruction cache: read-only");
		is_u64(cfg.alloc, 'f', "  allocate on fill");
		ok(wt_cachecfg_check_data(&cfg, err, sizeof(err)) == -1,
		   "  is not a data cache");
		like(err, "read-only", "  because it is read-only");
	}
	if (accept("N:64:64:2,L:R:f:N:L,S:2:32,4"))
		is_u64(cfg.size_bytes, 8192, "constant cache: 8 KB");
	accept("N:4:128:4,L:R:m:N:L,F:128:4,128:2");

	/* Every letter GPGPU-Sim 4.x knows. */
	accept("N:32:128:4,F:E:m:F:X,A:32:8,8");
	accept("N:32:128:4,L:T:f:W:C,A:32:8,8");
	accept("N:32:128:4,L:T:s:N:L,A:32:8,8");
	if (accept("S:4:128:64,L:L:s:N:L,A:512:8,16:0,32"))
		like(wt_cachecfg_describe(&cfg, d, sizeof(d)),
		     "streaming (allocate on fill)", "  described as streaming");
	accept("N:16:128:4,L:B:m:W:P,A:32:8,8");
	accept("N:64:128:4,L:B:m:W:H,A:32:8,8");

	/* "none" turns a cache off, as in GPGPU-Sim. */
	if (accept("none")) {
		is_u64(cfg.disabled, 1, "none: disabled");
		is_u64(cfg.size_bytes, 0, "  no capacity");
		is_str(wt_cachecfg_describe(&cfg, d, sizeof(d)),
		       "disabled (none)", "  description");
		ok(wt_cachecfg_check_data(&cfg, err, sizeof(err)) == 0,
		   "  passes the data cache check");
	}
	/* Surrounding spaces, as a config file line might leave. */
	if (accept("  N:32:128:4,L:L:m:N:H,S:64:8,8\n"))
		is_u64(cfg.size_bytes, 16384, "  still 16 KB");
	accept("\tnone ");
}

static void old_forms(void)
{
	/* GPGPU-Sim 3.2 to 3.x: no N/S field. */
	if (accept("32:128:4,L:L:m:N:H,A:32:8,8")) {
		is_u64(cfg.form, WT_CACHECFG_V3_INDEX, "3.x form");
		is_u64(cfg.sectored, 0, "  not sectored");
		is_u64(cfg.size_bytes, 16384, "  16 KB");
		is_u64(cfg.index, 'H', "  Fermi hash");
	}
	accept("4:128:4,L:R:f:N:L,A:2:32,4");
	/* GPGPU-Sim 3.0: no set index field either. */
	if (accept("32:128:4,L:L:m:N,A:32:8,8")) {
		is_u64(cfg.form, WT_CACHECFG_V3, "3.0 form");
		is_u64(cfg.index, 'L', "  linear index");
		is_u64(cfg.mshr_entries, 32, "  32 MSHR entries");
	}
	accept("4:128:24,L:R:m:N,F:128:4,128:2");
}

static void round_trips(void)
{
	static const char *const s[] = {
		"N:32:128:4,L:L:m:N:H,S:64:8,8",
		"S:64:128:8,L:B:m:L:L,A:256:4,4:0,32",
		"S:4:128:64,L:T:m:L:L,A:512:8,16:0,32",
		"N:4:128:24,L:R:m:N:L,T:128:4,128:2",
		"N:32:128:4,L:L:m:N:H,A:32:8,8:0",
		"N:32:128:4,L:L:m:N:H,A:32:8,8:0,0",
		"32:128:4,L:L:m:N:H,A:32:8,8",
		"64:128:8,L:B:m:W:L,A:32:4,4:0,32",
		"32:128:4,L:L:m:N,A:32:8,8",
		"none",
	};
	struct wt_cachecfg c;
	char buf[128], small[8];

	for (size_t i = 0; i < sizeof(s) / sizeof(s[0]); i++)
		round_trip(s[i]);

	/* Formatting is bounded and terminated. */
	wt_cachecfg_parse(s[0], &c, err, sizeof(err));
	wt_cachecfg_format(&c, small, sizeof(small));
	is_str(small, "N:32:12", "format truncates to the buffer");
	wt_cachecfg_describe(&c, small, sizeof(small));
	is_u64(strlen(small), 7, "describe truncates to the buffer");

	/* A 3.0 string with another index function is written in 3.x form;
	 * a 3.x struct may be written in 4.x form. */
	wt_cachecfg_parse("32:128:4,L:L:m:N,A:32:8,8", &c, err, sizeof(err));
	c.index = 'H';
	is_str(wt_cachecfg_format(&c, buf, sizeof(buf)),
	       "32:128:4,L:L:m:N:H,A:32:8,8", "3.0 with an index: 3.x form");
	c.form = WT_CACHECFG_V4;
	is_str(wt_cachecfg_format(&c, buf, sizeof(buf)),
	       "N:32:128:4,L:L:m:N:H,A:32:8,8", "3.x upgraded to 4.x form");
}

static void rejections(void)
{
	/* Empty and garbage. */
	reject("", "empty cache configuration");
	reject("   \t", "empty cache configuration");
	ok(wt_cachecfg_parse(NULL, &cfg, err, sizeof(err)) == -1 &&
	   strstr(err, "no cache configuration"), "rejects NULL");
	reject("garbage", "field 1 (cache type) 'garbage': expected N "
	       "(normal) or S (sectored)");
	reject("Nonsense", "field 1 (cache type) 'Nonsense'");
	reject("NONE", "field 1 (cache type) 'NONE'");
	reject("none,", "field 1 (cache type) 'none'");
	reject("X:32:128:4,L:L:m:N:H,S:64:8,8", "field 1 (cache type) 'X'");
	reject("\x01:32", "field 1 (cache type) '\\x01'");

	/* Unknown letters, each field. */
	reject("N:32:128:4,R:L:m:N:H,S:64:8,8",
	       "field 5 (replacement policy) 'R': expected L or F");
	reject("N:32:128:4,L:Q:m:N:H,S:64:8,8",
	       "field 6 (write policy) 'Q': expected R, B, T, E or L");
	reject("N:32:128:4,L:L:M:N:H,S:64:8,8",
	       "field 7 (allocation policy) 'M': expected m, f or s");
	reject("N:32:128:4,L:L:m:n:H,S:64:8,8",
	       "field 8 (write-allocate policy) 'n': expected N, W, F or L");
	reject("N:32:128:4,L:L:m:N:h,S:64:8,8",
	       "field 9 (set index function) 'h': expected L, H, P, X or C");
	reject("N:32:128:4,L:L:m:N:H,B:64:8,8",
	       "field 10 (MSHR type) 'B': expected A, S, F or T");
	reject("N:32:128:4,LL:L:m:N:H,S:64:8,8",
	       "field 5 (replacement policy) 'LL'");
	reject("N:32:128:4,:L:m:N:H,S:64:8,8",
	       "field 5 (replacement policy) is empty");

	/* Letters the 3.x forms did not know. */
	reject("32:128:4,L:L:s:N:H,A:32:8,8", "field 6 (allocation policy) "
	       "'s': expected m or f (GPGPU-Sim 3.x form)");
	reject("32:128:4,L:L:m:L:H,A:32:8,8", "field 7 (write-allocate "
	       "policy) 'L': expected N or W");
	reject("32:128:4,L:L:m:N:P,A:32:8,8", "field 8 (set index function) "
	       "'P': expected L, H or C");
	reject("32:128:4,L:L:m:N:H,S:32:8,8", "field 9 (MSHR type) 'S': "
	       "expected A or F");
	reject("32:128:4,L:L:m:N,S:32:8,8", "field 8 (MSHR type) 'S'");

	/* Non-numeric, signed, hex, too large, spaced numbers. */
	reject("N:x:128:4,L:L:m:N:H,S:64:8,8",
	       "field 2 (sets) 'x': not a decimal number");
	reject("N:32:12a:4,L:L:m:N:H,S:64:8,8",
	       "field 3 (line size) '12a': not a decimal number");
	reject("N:32:128:-4,L:L:m:N:H,S:64:8,8",
	       "field 4 (associativity) '-4': not a decimal number");
	reject("N:32:128:+4,L:L:m:N:H,S:64:8,8",
	       "field 4 (associativity) '+4'");
	reject("N:32:0x80:4,L:L:m:N:H,S:64:8,8", "field 3 (line size) '0x80'");
	reject("N:32:128:4,L:L:m:N:H,S:4294967296:8,8",
	       "field 11 (MSHR entries) '4294967296': larger than 4294967295");
	reject("N:32:128:4,L:L:m:N:H,S:64:8,8:F,32",
	       "field 14 (result FIFO entries) 'F': not a decimal number");
	reject("N:32:128:4,L:L:m:N:H,S:64:8, 8",
	       "field 13 (miss queue size) ' 8' contains a space");
	reject("N:32:128:4, L:L:m:N:H,S:64:8,8",
	       "field 5 (replacement policy) ' L' contains a space");
	reject("N::128:4,L:L:m:N:H,S:64:8,8", "field 2 (sets) is empty");

	/* Missing fields, extra fields, wrong separators. */
	reject("N", "field 2 (sets) is missing: the string ends after "
	       "field 1 (cache type)");
	reject("N:32:128:4", "field 5 (replacement policy) is missing");
	reject("N:32:128:4,L:L:m:N:H", "field 10 (MSHR type) is missing");
	reject("N:32:128:4,L:L:m:N:H,S:64:8", "field 13 (miss queue size) "
	       "is missing: the string ends after field 12 (MSHR max merge)");
	reject("N:32:128,L:L:m:N:H,S:64:8,8", "field 4 (associativity) is "
	       "missing: found ',' after field 3 (line size)");
	reject("N:32:128:4,L:L:m:N,S:64:8,8",
	       "field 9 (set index function) is missing");
	reject("N:32:128:4:2,L:L:m:N:H,S:64:8,8", "one field too many after "
	       "field 4 (associativity): found ':', expected ','");
	reject("N:32:128:4,L:L:m:N:H:X,S:64:8,8",
	       "one field too many after field 9 (set index function)");
	reject("N:32:128:4,L:L:m:N:H,S:64:8,8,32", "field 14 (result FIFO "
	       "entries) is missing: found ',' after field 13");
	reject("N:32:128:4,L:L:m:N:H,S:64:8,8:0,32:1",
	       "unexpected ':1' after field 15 (data port width), the last");
	reject("N:32:128:4,L:L:m:N:H,S:64:8,8:0,32,", "unexpected ','");
	reject("N:32:128:4,L:L:m:N:H,S:64:8,8 # comment",
	       "field 13 (miss queue size) '8 # comment'");
	reject("N;32;128;4,L:L:m:N:H,S:64:8,8", "field 1 (cache type)");

	/* GPGPU-Sim's own checks. */
	reject("N:32:128:4,L:B:f:N:L,A:32:8,8", "field 7 (allocation policy) "
	       "'f' with field 6 (write policy) 'B': a write-back cache "
	       "cannot allocate on fill");
	reject("S:4:128:64,L:B:s:N:L,A:512:8,16:0,32",
	       "field 7 (allocation policy) 's' with field 6 (write policy) "
	       "'B'");
	reject("32:128:4,L:B:f:W:L,A:32:8,8", "field 6 (allocation policy) "
	       "'f' with field 5 (write policy) 'B'");
	reject("N:32:128:4,L:T:f:F:L,A:32:8,8", "field 8 (write-allocate "
	       "policy) 'F' with field 7 (allocation policy) 'f': "
	       "fetch-on-write and lazy fetch-on-read need allocation on miss");
	reject("S:4:128:64,L:T:s:L:L,A:512:8,16:0,32",
	       "field 8 (write-allocate policy) 'L' with field 7 (allocation "
	       "policy) 's'");
	reject("S:32:64:4,L:L:m:N:H,S:64:8,8", "field 3 (line size) 64: a "
	       "sectored cache's line is 4 sectors of 32 B, 128 B");
	reject("S:32:256:4,L:L:m:N:H,S:64:8,8", "field 3 (line size) 256");
	reject("N:32:128:4,L:L:m:N:H,S:64:8,8:0,48",
	       "field 15 (data port width) 48 does not divide the 128-byte "
	       "line");
	reject("N:32:128:4,L:L:m:N:H,S:64:8,8:0,256",
	       "field 15 (data port width) 256 does not divide");
	reject("N:16:128:4,L:L:m:N:H,S:64:8,8", "field 9 (set index function) "
	       "'H': the Fermi hash needs 32 or 64 sets, not 16");
	reject("N:128:128:4,L:L:m:N:H,S:64:8,8", "not 128");
	reject("16:128:4,L:L:m:N:H,A:16:8,8", "field 8 (set index function) "
	       "'H'");
	reject("N:8:128:4,L:L:m:N:P,S:64:8,8", "field 9 (set index function) "
	       "'P': IPOLY needs 16, 32 or 64 sets, not 8");
	reject("N:4:128:24,L:R:m:N:L,T:128:4,128", "field 10 (MSHR type) "
	       "'T': a texture FIFO needs field 14 (result FIFO entries)");
	reject("N:4:128:24,L:R:m:N:L,F:128:4,128:2,32", "field 10 (MSHR type) "
	       "'F': a texture FIFO takes no field 15 (data port width)");
	reject("4:128:24,L:R:m:N,F:128:4,128", "field 8 (MSHR type) 'F': a "
	       "texture FIFO needs field 12 (result FIFO entries)");

	/* Ours: what GPGPU-Sim would run with and get wrong or hang. */
	reject("N:48:128:4,L:L:m:N:L,S:64:8,8",
	       "field 2 (sets) 48: must be a power of two");
	reject("N:0:128:4,L:L:m:N:L,S:64:8,8", "field 2 (sets) 0");
	reject("N:32:96:4,L:L:m:N:L,S:64:8,8",
	       "field 3 (line size) 96: must be a power of two");
	reject("N:32:0:4,L:L:m:N:L,S:64:8,8", "field 3 (line size) 0");
	reject("N:32:128:0,L:L:m:N:L,S:64:8,8",
	       "field 4 (associativity) 0: a set needs at least one way");
	reject("N:32:128:4,L:L:m:N:L,S:0:8,8",
	       "field 11 (MSHR entries) 0: no miss could ever be tracked");
	reject("N:32:128:4,L:L:m:N:L,S:64:0,8", "field 12 (MSHR max merge) 0");
	reject("N:32:128:4,L:L:m:N:L,S:64:8,0", "field 13 (miss queue size) 0");
	reject("N:4:128:24,L:R:m:N:L,T:128:4,128:0",
	       "field 14 (result FIFO entries) 0");
	reject("N:65536:128:131072,L:L:m:N:L,S:64:8,8",
	       "65536 sets x 131072 ways is more than 4294967295 lines");

	/* A failed parse leaves no half-filled struct behind. */
	wt_cachecfg_parse("N:32:128:4,L:Q:m:N:H,S:64:8,8", &cfg, err,
			  sizeof(err));
	is_u64(cfg.sets, 0, "a failed parse clears the struct");

	/* A short error buffer is still terminated; none at all is fine. */
	{
		char tiny[12];

		ok(wt_cachecfg_parse("N:32:128:4,L:Q:m:N:H,S:64:8,8", &cfg,
				     tiny, sizeof(tiny)) == -1 &&
		   strlen(tiny) == sizeof(tiny) - 1, "short error buffer");
		ok(wt_cachecfg_parse("bad", &cfg, NULL, 0) == -1,
		   "no error buffer");
	}
}

int main(void)
{
	gtx480_l1();
	gtx480_l2();
	titan_v();
	other_caches();
	old_forms();
	round_trips();
	rejections();
	return tap_done();
}
