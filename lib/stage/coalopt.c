/*
 * coalopt.c - coalesce's options and configuration (coalopt.h): the
 * machine's coalescing rules, line, sector and shared memory, then the
 * options over them.  coalesce and gpusim configure their coalescers
 * here.
 */
#include "coalopt.h"
#include "coaloptnum.h"

#include "util.h"

#include <stdlib.h>
#include <string.h>

const struct option wt_coalopt_longopts[] = {
	{ "stats", required_argument, NULL, O_STATS },
	{ "level", required_argument, NULL, O_LEVEL },
	{ "rules", required_argument, NULL, O_RULES },
	{ "line", required_argument, NULL, O_LINE },
	{ "sector", required_argument, NULL, O_SECTOR },
	{ "shmem-banks", required_argument, NULL, O_BANKS },
	{ "shmem-limited-broadcast", required_argument, NULL, O_BCAST },
	{ "shmem-warp-parts", required_argument, NULL, O_PARTS },
	{ "coalesce-arch", required_argument, NULL, O_CARCH },
	{ "skip-l1", required_argument, NULL, O_SKIP },
	{ NULL, 0, NULL, 0 },
};

static unsigned parse_bytes(const char *opt, const char *arg)
{
	const char *why;
	uint64_t v;

	if (wt_parse_u64(arg, 1u << 20, &v, &why) < 0)
		wt_die(WT_EXIT_USAGE, "--%s=%s%s: %s (expected a number of bytes, "
		       "a power of two)", opt, arg, wt_opt_whence(arg), why);
	return (unsigned)v;
}

/*
 * The gpgpusim rules' settings: the machine's coalescing arch and skip-L1
 * setting, or the options over them, which must agree with a machine
 * somebody chose as --rules does.  The other rules take neither option.
 */
static void gpgpusim_cfg(struct wt_coalsetup *g, const struct wt_stage_args *a,
			 const char *const *set, const struct wt_meta *opts)
{
	static const char *const yesno[] = { "no", "yes" };
	const char *v;

	if (g->cfg.rules != WT_COALESCE_GPGPUSIM) {
		if (set[O_CARCH] || set[O_SKIP])
			wt_die(WT_EXIT_USAGE, "--%s: only the gpgpusim rules take "
			       "it (--rules=gpgpusim)", set[O_CARCH] ?
			       "coalesce-arch" : "skip-l1");
		return;
	}
	wt_stage_bind("coalesce-arch", set[O_CARCH], opts, &g->machine, a);
	wt_stage_bind("skip-l1", set[O_SKIP], opts, &g->machine, a);
	v = set[O_CARCH] ? set[O_CARCH] : wt_meta_get(opts, "coalesce-arch");
	if (v)
		g->cfg.coalesce_arch = (unsigned)wt_opt_num("coalesce-arch", v,
							   WT_GPGPUSIM_ARCH_MIN,
							   WT_GPGPUSIM_ARCH_MAX);
	v = set[O_SKIP] ? set[O_SKIP] : wt_meta_get(opts, "skip-l1");
	if (v)
		g->cfg.skip_l1 = wt_opt_choice("skip-l1", v, yesno, 2);
}

/*
 * The machine's rules, line and sector, then the explicit options over
 * them: those must agree with a machine somebody chose (stageopt.h,
 * wt_stage_bind), and a combination that does not work is a usage error.
 * The gpgpusim rules agree with every machine: they are its own
 * coalescer, where the machine's fermi or sector rules are warptrace's
 * view of it.  stream: the input's metadata, or NULL before it is read.
 */
void wt_coalopt_configure(struct wt_coalsetup *g, const struct wt_stage_args *a,
			  const char *const *set, const struct wt_meta *stream)
{
	static const char *const yesno[] = { "no", "yes" };
	struct wt_meta opts;
	const char *why, *v;
	int rules;

	/* a value that is no value is said so before any contradiction */
	if (set[O_RULES] && wt_coalesce_rules_parse(set[O_RULES]) < 0)
		wt_die(WT_EXIT_USAGE, "--rules=%s: expected fermi, sector or "
		       "gpgpusim", set[O_RULES]);
	if (set[O_LINE])
		parse_bytes("line", set[O_LINE]);
	if (set[O_SECTOR])
		parse_bytes("sector", set[O_SECTOR]);
	if (set[O_CARCH])
		wt_opt_num("coalesce-arch", set[O_CARCH], WT_GPGPUSIM_ARCH_MIN,
			   WT_GPGPUSIM_ARCH_MAX);
	if (set[O_SKIP])
		wt_opt_choice("skip-l1", set[O_SKIP], yesno, 2);
	wt_meta_init(&opts);
	wt_stage_machine("coalesce", a, stream, &g->machine, &opts);
	if (!set[O_RULES] || strcmp(set[O_RULES], "gpgpusim") != 0)
		wt_stage_bind("rules", set[O_RULES], &opts, &g->machine, a);
	wt_stage_bind("line", set[O_LINE], &opts, &g->machine, a);
	wt_stage_bind("sector", set[O_SECTOR], &opts, &g->machine, a);
	wt_coalesce_cfg_init(&g->cfg);
	v = set[O_RULES] ? set[O_RULES] : wt_meta_get(&opts, "rules");
	if ((rules = wt_coalesce_rules_parse(v)) < 0)
		wt_die(WT_EXIT_USAGE, "--rules=%s: expected fermi, sector or "
		       "gpgpusim", v);
	g->cfg.rules = (enum wt_coalesce_rules)rules;
	gpgpusim_cfg(g, a, set, &opts);
	g->cfg.line = parse_bytes("line", set[O_LINE] ? set[O_LINE] :
				 wt_meta_get(&opts, "line"));
	g->cfg.sector = 32;
	if (set[O_SECTOR])
		g->cfg.sector = parse_bytes("sector", set[O_SECTOR]);
	else
		wt_coalesce_fit_sector(&g->cfg);
	if ((why = wt_coalesce_cfg_check(&g->cfg)) != NULL)
		wt_die(WT_EXIT_USAGE, "%s", why);
	/* shared memory: the machine's banks, unless given */
	wt_shmem_cfg_init(&g->sh);
	v = set[O_BANKS] ? set[O_BANKS] : wt_meta_get(&opts, "shmem-banks");
	if (v)
		g->sh.banks = (unsigned)wt_opt_num("shmem-banks", v, 1,
						  WT_SHMEM_BANKS_MAX);
	v = set[O_BCAST] ? set[O_BCAST] : wt_meta_get(&opts, "shmem-limited-broadcast");
	if (v)
		g->sh.limited_broadcast = wt_opt_choice("shmem-limited-broadcast", v,
						       yesno, 2);
	v = set[O_PARTS] ? set[O_PARTS] : wt_meta_get(&opts, "shmem-warp-parts");
	if (v)
		g->sh.warp_parts = (unsigned)wt_opt_num("shmem-warp-parts", v, 1,
						       WT_MAX_LANES);
	if ((why = wt_shmem_cfg_check(&g->sh)) != NULL)
		wt_die(WT_EXIT_USAGE, "%s", why);
	/* one GPGPU-Sim setting, mem_warp_parts, for both */
	g->cfg.warp_parts = g->sh.warp_parts;
	wt_meta_free(&opts);
}

void wt_coalopt_configure_argv(struct wt_coalsetup *g, int argc, char **argv,
			       const struct wt_meta *stream)
{
	static const int own[] = { O_STATS, O_LEVEL, 0 };
	const char *set[O_NOPTS] = { 0 };
	const char *was = wt_progname();	/* the caller's argv[0] */
	struct wt_stage_args args;

	wt_set_progname(argv[0]);
	wt_stage_parse_inner(argc, argv, "coalesce", wt_coalopt_longopts, O_STATS,
			     O_NOPTS, own, set, &args);
	wt_machine_init(&g->machine);
	wt_opt_forget_machine();	/* as wt_l1stage_configure */
	wt_coalopt_configure(g, &args, set, stream);
	wt_set_progname(was);
}
