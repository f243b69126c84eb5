/*
 * arch.c - the presets.  Per-SM limits are those of the CUDA C Programming
 * Guide's table of compute capabilities and its occupancy calculator
 * (allocation units); SM counts are those of the named GPU; schedulers
 * per SM from NVIDIA's architecture whitepapers; GTO is the policy of the
 * GPGPU-Sim configurations the papers use (Khairy et al. Table 1, Yen
 * Table 8).
 */
#include "arch.h"

#include <string.h>

static const struct wt_arch presets[] = {
	{ "fermi", "GTX 480", "2.0", 15, 32, 1536, 8, 48, 32768, 64,
	  48 * 1024, 128, 1024, 2, WT_POLICY_GTO },
	{ "kepler", "GTX Titan", "3.5", 14, 32, 2048, 16, 64, 65536, 256,
	  48 * 1024, 256, 1024, 4, WT_POLICY_GTO },
	{ "volta", "Titan V", "7.0", 80, 32, 2048, 32, 64, 65536, 256,
	  96 * 1024, 256, 1024, 4, WT_POLICY_GTO },
	{ "ampere", "A100", "8.0", 108, 32, 2048, 32, 64, 65536, 256,
	  164 * 1024, 128, 1024, 4, WT_POLICY_GTO },
	{ "hopper", "H100 SXM5", "9.0", 132, 32, 2048, 32, 64, 65536, 256,
	  228 * 1024, 128, 1024, 4, WT_POLICY_GTO },
};

const struct wt_arch *wt_arch_find(const char *name)
{
	for (size_t i = 0; i < sizeof(presets) / sizeof(presets[0]); i++)
		if (strcmp(presets[i].name, name) == 0)
			return &presets[i];
	return NULL;
}

const char *wt_arch_names(void)
{
	return "fermi, kepler, volta, ampere or hopper";
}

static const char *const policy_names[] = { "lrr", "gto", "two-level" };

const char *wt_policy_name(enum wt_policy p)
{
	return (unsigned)p < 3 ? policy_names[p] : "unknown";
}

int wt_policy_parse(const char *name)
{
	for (int i = 0; i < 3; i++)
		if (strcmp(name, policy_names[i]) == 0)
			return i;
	return -1;
}
