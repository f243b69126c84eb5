/*
 * test-gpgpusim-index.c - GPGPU-Sim's cache set-index functions (the
 * letter in field 9 of -gpgpu_cache:dl1 and dl2) as l1sim and l2sim get
 * them through wt_index_gpgpusim_spec and wt_index_parse, against values
 * from GPGPU-Sim itself.
 *
 * Where the expected values come from: cache_config::hash_function of
 * gpu-cache.cc and ipoly_hash_function / bitwise_hash_function of
 * hashing.cc (the gpgpu-sim_distribution 667834c that Accel-Sim 73f9fac
 * builds), compiled on their own in a scratch directory outside the
 * project and run over the addresses below.  Each case keeps the sets of
 * the 20 addresses of fixed[] and an FNV-1a checksum of the sets of 512
 * more (seq(): 256 random 40-bit addresses, 128 at a stride of 128 bytes,
 * 128 at a stride of 8 KB).  Some to check by hand, at 32 sets of
 * 128-byte lines (A = byte address, line address A >> 7):
 *   P, 0x1f80: line 63, index bits 31, high bits 1 (a0): GPGPU-Sim's
 *      equations flip set bits 0 and 2 on a0: 31 ^ 5 = 26.
 *   H, 0x2000: A13 set: bit 0 of the upper XOR: set 1.
 *   X, 0x1f80: (63 ^ (63 >> 5)) & 31 = 31 ^ 1 = 30.
 * The geometries: 16, 32 and 64 sets of 32-, 64- and 128-byte lines (256
 * too for P), and those of the tested-cfgs' dl1 and dl2: 4 sets of 128 B
 * linear (Kepler to Ampere L1), 1 set (RTX 2060 S), 32 and 64 sets with
 * the Fermi hash (GTX 480, GTX 1080 L1), 64 sets linear (GTX 480 L2),
 * 32 and 64 sets IPOLY (Kepler to Ampere L2).
 */
#include "cacheindex.h"
#include "oracleaddr.h"
#include "tap.h"

#include <string.h>

/* GPGPU-Sim's enum set_index_function, which seeded the sequence. */
static unsigned kind_number(char letter)
{
	return (unsigned)(strchr("LXPHC", letter) - "LXPHC");
}

static const struct {
	char letter;
	unsigned sets, line;
	uint64_t sum;
	unsigned set[20];
} cases[] = {
	{ 'L', 1, 128, 0x7da144b97d054b25ULL,
	  {0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0} },
	{ 'L', 4, 128, 0x2ea89dd062a011c8ULL,
	  {0,1,2,3,0,3,3,0,1,0,2,3,0,1,1,3,3,2,0,3} },
	{ 'L', 4, 32, 0x9fa8352fe6fc1753ULL,
	  {0,0,0,0,0,0,0,0,0,0,2,0,0,0,0,0,0,0,0,0} },
	{ 'L', 16, 32, 0xecee56dfc8630c89ULL,
	  {0,4,8,12,0,12,12,0,4,0,10,12,0,4,4,12,12,8,0,12} },
	{ 'L', 16, 64, 0x579a3e7870d70fc2ULL,
	  {0,2,4,6,8,14,14,0,10,0,13,14,0,10,2,14,14,4,8,6} },
	{ 'L', 16, 128, 0x425d6a8b846decbcULL,
	  {0,1,2,3,4,15,15,0,13,0,6,15,0,13,1,15,15,2,12,11} },
	{ 'L', 32, 32, 0xaa8bd4205305a2fdULL,
	  {0,4,8,12,16,28,28,0,20,0,26,28,0,20,4,28,28,8,16,12} },
	{ 'L', 32, 64, 0x9ca3a649b5130d00ULL,
	  {0,2,4,6,8,30,30,0,26,0,13,30,0,26,2,30,30,4,24,22} },
	{ 'L', 32, 128, 0xc7eec58bfc960914ULL,
	  {0,1,2,3,4,15,31,0,29,0,6,31,0,29,1,15,31,2,28,11} },
	{ 'L', 64, 32, 0x89d59a392c041b84ULL,
	  {0,4,8,12,16,60,60,0,52,0,26,60,0,52,4,60,60,8,48,44} },
	{ 'L', 64, 64, 0x074e294ba40423d7ULL,
	  {0,2,4,6,8,30,62,0,58,0,13,62,0,58,2,30,62,4,56,22} },
	{ 'L', 64, 128, 0x3dd135edbb4b33b9ULL,
	  {0,1,2,3,4,15,63,0,61,0,6,63,0,61,33,15,63,2,28,11} },
	{ 'X', 4, 128, 0xdd017419da261757ULL,
	  {0,1,2,3,1,0,0,0,2,0,3,0,0,2,1,0,0,2,3,1} },
	{ 'X', 16, 32, 0x57f503ef0c1b61d9ULL,
	  {0,4,8,12,1,15,3,0,11,0,11,3,0,11,12,15,3,8,7,14} },
	{ 'X', 16, 64, 0x1c40c11ec74e2840ULL,
	  {0,2,4,6,8,15,9,8,5,0,5,1,0,5,6,7,1,4,3,15} },
	{ 'X', 16, 128, 0x0753adce07c3b397ULL,
	  {0,1,2,3,4,15,12,4,10,0,2,0,0,10,3,3,0,2,1,15} },
	{ 'X', 32, 32, 0xc9e36a745ce70630ULL,
	  {0,4,8,12,16,29,27,8,27,0,18,3,0,27,0,5,3,8,11,5} },
	{ 'X', 32, 64, 0x06b736ce24dafe96ULL,
	  {0,2,4,6,8,30,29,4,29,0,9,1,0,13,0,18,1,4,5,2} },
	{ 'X', 32, 128, 0xb8c9cf30bd9b6ba4ULL,
	  {0,1,2,3,4,15,30,2,30,16,20,0,0,6,0,25,0,2,2,17} },
	{ 'X', 64, 32, 0x2bfc7cf842d3710cULL,
	  {0,4,8,12,16,60,63,4,51,32,62,3,0,3,6,16,3,8,13,24} },
	{ 'X', 64, 64, 0xf871a66aba8d7b35ULL,
	  {0,2,4,6,8,30,63,2,57,16,31,1,0,33,3,8,1,4,6,12} },
	{ 'X', 64, 128, 0x409e9da845b1d199ULL,
	  {0,1,2,3,4,15,63,1,60,8,15,0,0,16,33,36,0,2,35,38} },
	{ 'P', 16, 32, 0x5dbdc266a5b8d5ebULL,
	  {0,4,8,12,3,9,14,5,3,14,2,2,2,12,15,5,0,8,7,9} },
	{ 'P', 16, 64, 0x75648cb8ecf475beULL,
	  {0,2,4,6,8,13,7,11,8,7,1,1,1,6,14,9,2,4,8,13} },
	{ 'P', 16, 128, 0xca2412d7ceffc975ULL,
	  {0,1,2,3,4,15,10,12,4,10,0,9,9,1,7,13,3,2,6,13} },
	{ 'P', 16, 256, 0xdb23a7736c139bc1ULL,
	  {0,0,1,1,2,7,12,6,11,5,0,4,13,0,3,4,3,1,3,4} },
	{ 'P', 32, 32, 0x938941c891672b5fULL,
	  {0,4,8,12,16,25,7,13,2,7,16,22,27,13,16,0,27,8,5,16} },
	{ 'P', 32, 64, 0x3d7c0ce8d96795fcULL,
	  {0,2,4,6,8,30,17,20,1,17,8,11,31,18,8,6,25,4,16,8} },
	{ 'P', 32, 128, 0x0a614bc9c4fc9a9dULL,
	  {0,1,2,3,4,15,26,10,18,26,22,23,29,15,4,3,24,4,8,2} },
	{ 'P', 32, 256, 0x94462642975cf046ULL,
	  {0,0,1,1,2,7,31,5,27,13,11,11,28,1,16,1,24,2,4,19} },
	{ 'P', 64, 32, 0x9be69537a648859cULL,
	  {0,4,8,12,16,60,57,12,61,35,53,13,19,55,58,20,27,51,61,17} },
	{ 'P', 64, 64, 0xc4976b6ad080c528ULL,
	  {0,2,4,6,8,30,61,6,63,48,59,39,40,43,12,10,44,56,46,41} },
	{ 'P', 64, 128, 0x8455d29802b6fe9cULL,
	  {0,1,2,3,4,15,63,3,62,24,29,50,20,37,23,5,22,28,6,36} },
	{ 'P', 64, 256, 0xc29efb7f0975a039ULL,
	  {0,0,1,1,2,7,31,32,62,12,47,56,10,18,26,19,42,14,3,51} },
	{ 'H', 32, 32, 0x48db10524ae8aa48ULL,
	  {0,4,8,12,16,28,28,1,21,0,27,3,0,1,4,31,3,8,15,9} },
	{ 'H', 32, 64, 0x05fbd79a0691bad5ULL,
	  {0,2,4,6,8,30,30,1,27,0,12,1,0,15,2,29,1,4,7,19} },
	{ 'H', 32, 128, 0x62f8f0f00b224c4cULL,
	  {0,1,2,3,4,15,31,1,28,0,7,0,0,8,1,12,0,2,3,14} },
	{ 'H', 64, 32, 0x3b41438df5358351ULL,
	  {0,4,8,12,16,28,60,1,53,0,27,35,0,33,36,31,35,8,15,9} },
	{ 'H', 64, 64, 0x21b65555b30c4a62ULL,
	  {0,2,4,6,8,30,62,1,59,0,12,33,0,47,34,29,33,4,7,19} },
	{ 'H', 64, 128, 0xe2f1244718e0e31aULL,
	  {0,1,2,3,4,15,63,1,60,0,7,32,0,40,33,12,32,2,3,14} },
	{ 'C', 4, 128, 0x7da144b97d054b25ULL,
	  {0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0} },
	{ 'C', 32, 128, 0x7da144b97d054b25ULL,
	  {0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0} },
};

static void against_gpgpusim(void)
{
	char err[256];

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		const char *spec;
		struct wt_index ix;
		uint64_t h = 0xcbf29ce484222325ULL;
		unsigned bad = 0;

		spec = wt_index_gpgpusim_spec(cases[k].letter, cases[k].sets,
					      cases[k].line, err, sizeof(err));
		if (!ok(spec && wt_index_parse(spec, cases[k].sets,
					       cases[k].line, &ix, err,
					       sizeof(err)) == 0,
			"'%c', %u sets of %u B: a spec", cases[k].letter,
			cases[k].sets, cases[k].line)) {
			printf("#   %s\n", err);
			continue;
		}
		for (unsigned i = 0; i < 20; i++)
			bad += wt_index_set(&ix, fixed[i]) != cases[k].set[i];
		is_u64(bad, 0, "'%c' (%s), %u sets of %u B: 20 addresses as "
		       "GPGPU-Sim", cases[k].letter, ix.name, cases[k].sets,
		       cases[k].line);
		rng_state = 0x243F6A8885A308D3ULL ^ ((uint64_t)cases[k].sets << 32 |
					      cases[k].line << 8 |
					      kind_number(cases[k].letter));
		for (unsigned i = 0; i < 512; i++)
			h = fnv(h, wt_index_set(&ix, seq(i)));
		is_u64(h, cases[k].sum, "  and 512 more (checksum)");
	}
}

/* What each letter becomes, and what GPGPU-Sim refuses. */
static void specs(void)
{
	struct wt_index ix;
	char err[256];

	is_str(wt_index_gpgpusim_spec('L', 4, 128, err, sizeof(err)), "linear",
	       "L is linear");
	is_str(wt_index_gpgpusim_spec('X', 64, 128, err, sizeof(err)), "xor",
	       "X is xor");
	is_str(wt_index_gpgpusim_spec('H', 32, 128, err, sizeof(err)), "fermi",
	       "H is fermi");
	is_str(wt_index_gpgpusim_spec('C', 32, 128, err, sizeof(err)), "zero",
	       "C is zero (GPGPU-Sim's placeholder leaves every line in set 0)");
	is_str(wt_index_gpgpusim_spec('P', 32, 64, err, sizeof(err)),
	       "gpgpusim-ipoly", "P is gpgpusim-ipoly");
	ok(wt_index_parse("gpgpusim-ipoly", 32, 128, &ix, err, sizeof(err)) == 0,
	   "gpgpusim-ipoly parses");
	is_str(ix.name, "ipoly37,bits=27", "  32 sets of 128 B: ipoly37,bits=27");
	wt_index_parse("gpgpusim-ipoly", 16, 32, &ix, err, sizeof(err));
	is_str(ix.name, "ipoly19,bits=22", "  16 sets of 32 B: ipoly19,bits=22");
	wt_index_parse("gpgpusim-ipoly", 64, 256, &ix, err, sizeof(err));
	is_str(ix.name, "ipoly67,bits=33", "  64 sets of 256 B: ipoly67,bits=33");
	wt_index_parse("zero", 32, 128, &ix, err, sizeof(err));
	is_u64(wt_index_set(&ix, 0xfedcba987654ULL), 0, "zero: set 0");
	is_str(ix.name, "zero", "  named zero");
	ok(wt_index_parse("fermi", 64, 32, &ix, err, sizeof(err)) == 0,
	   "fermi at 32-byte lines, as GPGPU-Sim");
	/* lower bits A5..A9 of 0x3e0 = 31, upper A13: 31 ^ 1, A12: bit 5 */
	is_u64(wt_index_set(&ix, 0x33e0), 30 | 32, "  0x33e0: set 62");

	ok(!wt_index_gpgpusim_spec('P', 8, 128, err, sizeof(err)), "P at 8 sets");
	is_str(err, "set index 'P': GPGPU-Sim's IPOLY has equations for 16, 32 "
	       "and 64 sets, not 8", "  refused, saying why");
	ok(!wt_index_gpgpusim_spec('H', 16, 128, err, sizeof(err)), "H at 16 sets");
	is_str(err, "set index 'H': GPGPU-Sim's Fermi hash needs 32 or 64 sets, "
	       "not 16", "  refused, saying why");
	ok(!wt_index_gpgpusim_spec('Q', 32, 128, err, sizeof(err)), "letter Q");
	is_str(err, "set index 'Q': GPGPU-Sim has L, X, P, H and C",
	       "  refused, saying why");
	ok(!wt_index_gpgpusim_spec('L', 48, 128, err, sizeof(err)), "48 sets");
	ok(wt_index_parse("gpgpusim-ipoly", 128, 128, &ix, err, sizeof(err)) < 0,
	   "gpgpusim-ipoly at 128 sets (a later --size)");
	is_str(err, "--index=gpgpusim-ipoly: GPGPU-Sim's IPOLY has equations "
	       "for 16, 32 and 64 sets, not 128", "  refused, saying why");
	ok(wt_index_parse("gpgpusim-ipoly,bits=30", 32, 128, &ix, err,
			  sizeof(err)) < 0, "gpgpusim-ipoly takes no bits=");
}

int main(void)
{
	specs();
	against_gpgpusim();
	return tap_done();
}
