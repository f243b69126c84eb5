/*
 * test-l2instr.c - l2sim's warp-instruction statistics (l2model.h,
 * wt_l2_instr_*): the totals by warp type, the stall and the inter-bank
 * divergence are the same whether the per-warp records are kept or not
 * (no_warp_stats, l2sim without --stats), and without them none is made.
 */
#include "l2instr.h"
#include "rnd.h"
#include "tap.h"

#include <string.h>

#define WARPS 300
#define READS 20000

/*
 * A kernel's loads read in each warp's order (instructions numbered up
 * from 1 per warp, one to four requests each), their outcomes folded a
 * few reads later, out of order between warps; then the kernel's end.
 * The same seed gives the same kernel.
 */
static void run_kernel(struct wt_l2_instr_stats *s, uint32_t kernel,
		       uint64_t seed)
{
	static struct wt_l2_outcome pending[64];
	uint32_t instr[WARPS], left[WARPS];
	size_t np = 0;

	rng_state = seed;
	memset(instr, 0, sizeof(instr));
	memset(left, 0, sizeof(left));
	for (unsigned k = 0; k < READS; k++) {
		uint32_t w = (uint32_t)rnd() % WARPS;
		struct wt_event e = { 0 };
		uint32_t slot;

		if (!left[w]) {		/* the warp's next instruction */
			instr[w]++;
			left[w] = 1 + (uint32_t)rnd() % 4;
		}
		left[w]--;
		e.warp = w;
		e.instr = instr[w];
		e.cta = w / 8;
		e.sm = (uint16_t)(w % 15);
		e.pc = 0x100 + 8 * (e.instr % 5);
		if (wt_l2_instr_read(s, kernel, &e, &slot) < 0) {
			ok(0, "read %u of warp %u refused", k, w);
			return;
		}
		pending[np++] = (struct wt_l2_outcome){
			.warp = w, .instr = e.instr, .pc = e.pc, .cta = e.cta,
			.latency = 100 + (uint32_t)rnd() % 300,
			.tag = slot, .sm = e.sm, .hit = rnd() % 3 != 0,
		};
		if (np == 64 || k == READS - 1) {
			/* fold them newest first: out of the read order */
			for (size_t i = 0; i < np / 2; i++) {
				struct wt_l2_outcome t = pending[i];

				pending[i] = pending[np - 1 - i];
				pending[np - 1 - i] = t;
			}
			wt_l2_instr_fold(s, pending, np);
			np = 0;
		}
	}
	wt_l2_instr_end(s);
}

static void same_totals(int early)
{
	struct wt_l2_instr_stats with, without;
	uint64_t accesses = 0, hits = 0, by_warp[WT_WT_MAX] = { 0 };
	uint64_t pc_accesses = 0;
	int same = 1;

	memset(&with, 0, sizeof(with));
	memset(&without, 0, sizeof(without));
	with.early = without.early = early;
	without.no_warp_stats = 1;
	for (uint32_t kernel = 0; kernel < 2; kernel++) {
		run_kernel(&with, kernel, 7 + kernel);
		run_kernel(&without, kernel, 7 + kernel);
	}
	for (int t = 0; t < WT_WT_MAX; t++)
		same &= with.instructions[t] == without.instructions[t];
	ok(same && with.ninstr > 0, "early %d: instructions by warp type the same", early);
	ok(with.stall == without.stall && with.ninstr == without.ninstr,
	   "early %d: the stall and instruction count the same", early);
	ok(memcmp(&with.divergence, &without.divergence, sizeof(with.divergence)) == 0 &&
	   with.divergence.n > 0,
	   "early %d: the inter-bank divergence the same", early);
	ok(with.npcs == without.npcs &&
	   memcmp(with.pcs, without.pcs, with.npcs * sizeof(*with.pcs)) == 0,
	   "early %d: the PCs the same", early);
	ok(without.nwarps == 0 && without.warps == NULL,
	   "early %d: no_warp_stats makes no warp records", early);
	ok(with.nwarps > WARPS && with.nwarps <= 2 * WARPS,
	   "early %d: without it, a record for each warp of each kernel (%zu)",
	   early, with.nwarps);
	for (size_t i = 0; i < with.nwarps; i++) {
		accesses += with.warps[i].accesses;
		hits += with.warps[i].hits;
		for (int t = 0; t < WT_WT_MAX; t++)
			by_warp[t] += with.warps[i].instructions[t];
	}
	for (size_t i = 0; i < with.npcs; i++)
		pc_accesses += with.pcs[i].accesses;
	same = 1;
	for (int t = 0; t < WT_WT_MAX; t++)
		same &= by_warp[t] == with.instructions[t];
	ok(same && accesses == pc_accesses && accesses == 2 * READS && hits < accesses,
	   "early %d: the warp records add up to the totals", early);
	wt_l2_instr_free(&with);
	wt_l2_instr_free(&without);
}

int main(void)
{
	same_totals(1);
	same_totals(0);
	return tap_done();
}
