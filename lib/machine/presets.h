/*
 * presets.h - the machine presets (presets.c), for machine.c.
 */
#ifndef WT_PRESETS_H
#define WT_PRESETS_H

struct wt_preset {
	const char *name;	/* gtx480, qv100, ... */
	const char *family;	/* its generation: fermi, volta, ... */
	const char *base;	/* a preset this one changes, or NULL */
	const char *text;	/* gpgpusim.config lines */
	const char *source;	/* where its GPGPU-Sim values come from */
};

struct wt_preset_alias {
	const char *name;	/* fermi, kepler, ... */
	const char *preset;
};

extern const struct wt_preset wt_presets[];		/* NULL name ends it */
extern const struct wt_preset_alias wt_preset_aliases[];

#endif
