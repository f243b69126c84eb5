/*
 * machine.c - machine descriptions: presets, gpgpusim.config files and
 * stream headers; see machine.h.
 */
#include "machine.h"
#include "gpgpucfg.h"
#include "presets.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wt_machine_init(struct wt_machine *m)
{
	memset(m, 0, sizeof(*m));
	wt_meta_init(&m->val);
	wt_meta_init(&m->src);
}

void wt_machine_free(struct wt_machine *m)
{
	wt_meta_free(&m->val);
	wt_meta_free(&m->src);
	memset(m, 0, sizeof(*m));
}

void wt_machine_copy(struct wt_machine *dst, const struct wt_machine *src)
{
	wt_machine_free(dst);
	wt_machine_init(dst);
	memcpy(dst->name, src->name, sizeof(dst->name));
	memcpy(dst->origin, src->origin, sizeof(dst->origin));
	dst->dflt = src->dflt;
	wt_meta_copy(&dst->val, &src->val);
	wt_meta_copy(&dst->src, &src->src);
}

const char *wt_machine_get(const struct wt_machine *m, const char *key)
{
	return wt_meta_get(&m->val, key);
}

void wt_machine_set(struct wt_machine *m, const char *key, const char *value,
		    const char *src)
{
	wt_meta_set(&m->val, key, value);
	wt_meta_set(&m->src, key, src);
}

/* GPGPU-Sim's default of every option that has one. */
static void defaults(struct wt_machine *m)
{
	for (const struct wt_mkey *k = wt_mkeys; k->name; k++)
		if (k->dflt)
			wt_machine_set(m, k->name, k->dflt, "GPGPU-Sim's default");
}

/* Append word to a comma-separated list. */
static void list_add(char **list, const char *word)
{
	size_t n = *list ? strlen(*list) : 0;

	*list = wt_realloc(*list, n + strlen(word) + 3);
	if (n)
		strcpy(*list + n, ", "), n += 2;
	strcpy(*list + n, word);
}

/*
 * Take the options of c that are keys; the others go to *ignored or
 * *unknown (when not NULL); each key's source is src.
 */
static int apply(struct wt_machine *m, const struct wt_gpgpu_cfg *c,
		 const char *src, char **ignored, char **unknown, char *err,
		 size_t errlen)
{
	for (size_t i = 0; i < c->n; i++) {
		const struct wt_gpgpu_opt *o = &c->opt[i];
		const struct wt_mkey *k = wt_mkey_find(o->name);
		char why[256], where[600];

		if (!k) {
			if (wt_gpgpu_option_known(o->name)) {
				if (ignored)
					list_add(ignored, o->name);
			} else if (unknown) {
				list_add(unknown, o->name);
			}
			continue;
		}
		if (k->check(o->value, why, sizeof(why)) < 0) {
			wt_snprintf(err, errlen, "%s:%u: -%s '%s': %s", o->file,
				    o->line, o->name, o->value, why);
			return -1;
		}
		if (src)
			wt_snprintf(where, sizeof(where), "%s", src);
		else
			wt_snprintf(where, sizeof(where), "%s:%u", o->file, o->line);
		if (strcmp(k->name, "gpgpu_dram_timing_opt") == 0) {
			/* the blanks a quoted value spread over lines leaves */
			char *v = wt_strdup(o->value), *w = v;

			for (const char *p = o->value; *p; p++)
				if (*p != ' ')
					*w++ = *p;
			*w = 0;
			wt_machine_set(m, k->name, v, where);
			free(v);
		} else {
			wt_machine_set(m, k->name, o->value, where);
		}
	}
	return 0;
}

static const struct wt_preset *find_preset(const char *name)
{
	for (const struct wt_preset_alias *a = wt_preset_aliases; a->name; a++)
		if (strcmp(a->name, name) == 0)
			name = a->preset;
	for (const struct wt_preset *p = wt_presets; p->name; p++)
		if (strcmp(p->name, name) == 0)
			return p;
	return NULL;
}

static int load_preset(struct wt_machine *m, const struct wt_preset *p,
		       char *err, size_t errlen)
{
	struct wt_gpgpu_cfg c;
	char name[96], src[160];
	int rc;

	if (p->base) {
		if (load_preset(m, find_preset(p->base), err, errlen) < 0)
			return -1;
	} else {
		defaults(m);
	}
	wt_gpgpu_cfg_init(&c);
	wt_snprintf(name, sizeof(name), "preset %s", p->name);
	wt_snprintf(src, sizeof(src), "the %s preset", p->name);
	rc = wt_gpgpu_cfg_parse(&c, name, p->text, err, errlen);
	if (rc == 0)
		rc = apply(m, &c, src, NULL, NULL, err, errlen);
	wt_gpgpu_cfg_free(&c);
	return rc;
}

/* Every key has a value, or err names the first that has none. */
static int whole(const struct wt_machine *m, const char *what, char *err,
		 size_t errlen)
{
	for (const struct wt_mkey *k = wt_mkeys; k->name; k++)
		if (!wt_machine_get(m, k->name)) {
			wt_snprintf(err, errlen, "%s gives no -%s (%s)%s", what,
				    k->name, k->doc,
				    strcmp(k->name, "gpgpu_mem_addr_mapping") == 0 ?
				    "; warptrace does not model GPGPU-Sim's "
				    "built-in masks of -gpgpu_mem_address_mask" : "");
			return -1;
		}
	return 0;
}

int wt_machine_preset(struct wt_machine *m, const char *name, char *err,
		      size_t errlen)
{
	const struct wt_preset *p = find_preset(name);
	char what[96];

	if (!p) {
		wt_snprintf(err, errlen, "no machine called '%s': expected %s",
			    name, wt_machine_preset_names());
		return -1;
	}
	wt_machine_free(m);
	wt_machine_init(m);
	if (load_preset(m, p, err, errlen) < 0)
		return -1;
	wt_snprintf(m->name, sizeof(m->name), "%s", name);
	wt_snprintf(m->origin, sizeof(m->origin), "the %s preset", name);
	wt_snprintf(what, sizeof(what), "the %s preset", name);
	return whole(m, what, err, errlen);
}

const char *wt_machine_preset_names(void)
{
	return "fermi, kepler, pascal, volta, turing, ampere, hopper, nugteren, "
	       "gtx480, kepler-titan, titanx, gtx1080, qv100, titanv, rtx2060, "
	       "rtx3070, a100 or h100";
}

/* The preset a name stands for, and the one that one changes. */
static void canon(const char *name, const char **p, const char **base)
{
	const struct wt_preset *pr = find_preset(name);

	*p = pr ? pr->name : name;
	*base = pr && pr->base ? pr->base : *p;
}

int wt_machine_is_preset(const struct wt_machine *m)
{
	return find_preset(m->name) &&
	       strncmp(m->origin, "--gpgpusim-config=", 18) != 0;
}

int wt_machine_same_gpu(const char *a, const char *b)
{
	const char *pa, *ba, *pb, *bb;

	canon(a, &pa, &ba);
	canon(b, &pb, &bb);
	return strcmp(pa, pb) == 0 || strcmp(ba, pb) == 0 || strcmp(pa, bb) == 0;
}

/* Set key unless the files gave it. */
static void fill(struct wt_machine *m, const char *key, const char *value,
		 const char *src)
{
	if (!wt_machine_get(m, key))
		wt_machine_set(m, key, value, src);
}

/*
 * What a gpgpusim.config does not say and warptrace needs: the wt_ keys,
 * from the compute capability where it decides them (the occupancy
 * calculator's units), else as every preset has them (presets.c).
 */
static void config_wt_keys(struct wt_machine *m, const char *name)
{
	static const char *const same[][2] = {
		{ "wt_cta_threads", "1024" }, { "wt_l1_model", "gpgpusim" },
		{ "wt_l1_sigma", "0" }, { "wt_l2_banks", "2" }, { "wt_l2_ports", "2" },
		{ "wt_l2_tag_latency", "10" }, { "wt_icnt_latency", "10" },
		{ "wt_l2_miss_latency", "200" },
	};
	unsigned major = (unsigned)atoi(wt_machine_get(m,
					"gpgpu_compute_capability_major"));
	unsigned lat = (unsigned)atoi(wt_machine_get(m, "gpgpu_l1_latency")) +
		       (unsigned)atoi(wt_machine_get(m, "gpgpu_l2_rop_latency"));
	const char *what = "as every preset has it (presets.c)";
	char buf[32];

	fill(m, "wt_gpu", name, "the configuration's file name");
	fill(m, "wt_reg_unit", major < 3 ? "64" : "256",
	     "the CUDA occupancy calculator, for the compute capability");
	fill(m, "wt_shmem_unit", major < 3 || major >= 8 ? "128" : "256",
	     "the CUDA occupancy calculator, for the compute capability");
	fill(m, "wt_l1_miss_latency", wt_snprintf(buf, sizeof(buf), "%u", lat),
	     "derived: gpgpu_l1_latency + gpgpu_l2_rop_latency");
	for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++)
		fill(m, same[i][0], same[i][1], what);
}

int wt_machine_from_config(struct wt_machine *m, const char *paths,
			   char **ignored, char **unknown, char *err,
			   size_t errlen)
{
	struct wt_gpgpu_cfg c;
	char *list = wt_strdup(paths), *save = NULL, *base;
	int rc = 0;

	wt_machine_free(m);
	wt_machine_init(m);
	wt_gpgpu_cfg_init(&c);
	for (char *p = strtok_r(list, ",", &save); p && rc == 0;
	     p = strtok_r(NULL, ",", &save))
		rc = wt_gpgpu_cfg_read(&c, p, err, errlen);
	if (rc == 0) {
		defaults(m);
		rc = apply(m, &c, NULL, ignored, unknown, err, errlen);
	}
	wt_gpgpu_cfg_free(&c);
	if (rc == 0) {
		/* the machine's name: the first file's, or its directory's
		 * for a file called gpgpusim.config */
		char *first = wt_strdup(paths), *comma = strchr(first, ',');
		char *slash;

		if (comma)
			*comma = 0;
		slash = strrchr(first, '/');
		base = slash ? slash + 1 : first;
		if (strcmp(base, "gpgpusim.config") == 0 && slash) {
			*slash = 0;
			slash = strrchr(first, '/');
			base = slash ? slash + 1 : first;
		}
		wt_snprintf(m->name, sizeof(m->name), "%s", base);
		free(first);
		config_wt_keys(m, m->name);
		wt_snprintf(m->origin, sizeof(m->origin), "--gpgpusim-config=%s",
			    paths);
		rc = whole(m, paths, err, errlen);
	}
	free(list);
	return rc;
}

/* "machine." and key, its ':' written '.' (metadata keys have no ':'). */
static char *meta_key(const char *key, char *buf, size_t n)
{
	wt_snprintf(buf, n, "machine.%s", key);
	for (char *p = buf; *p; p++)
		if (*p == ':')
			*p = '.';
	return buf;
}

void wt_machine_to_meta(const struct wt_machine *m, struct wt_meta *meta)
{
	char key[128];

	wt_meta_set(meta, "machine", m->name);
	wt_meta_set(meta, "machine_origin", m->origin);
	wt_meta_set(meta, "machine_default", m->dflt ? "yes" : "no");
	for (const struct wt_mkey *k = wt_mkeys; k->name; k++)
		wt_meta_set(meta, meta_key(k->name, key, sizeof(key)),
			    wt_machine_get(m, k->name));
}

/* A key added since m's stream was written: the preset's value where m
 * is one, else the default. */
static void late_key(struct wt_machine *m, const struct wt_mkey *k)
{
	struct wt_machine p;
	char err[256];

	wt_machine_init(&p);
	if (wt_machine_is_preset(m) &&
	    wt_machine_preset(&p, m->name, err, sizeof(err)) == 0)
		wt_machine_set(m, k->name, wt_machine_get(&p, k->name),
			       "not in the stream (written before the key): "
			       "the preset's");
	else
		wt_machine_set(m, k->name, k->dflt, "not in the stream (written "
			       "before the key): GPGPU-Sim's default");
	wt_machine_free(&p);
}

int wt_machine_from_meta(struct wt_machine *m, const struct wt_meta *meta,
			 char *err, size_t errlen)
{
	const char *name = wt_meta_get(meta, "machine");
	const char *origin = wt_meta_get(meta, "machine_origin");
	char key[128], why[256];

	if (!name)
		return 0;
	wt_machine_free(m);
	wt_machine_init(m);
	wt_snprintf(m->name, sizeof(m->name), "%s", name);
	wt_snprintf(m->origin, sizeof(m->origin), "%s", origin ? origin : "");
	m->dflt = wt_meta_get(meta, "machine_default") &&
		  strcmp(wt_meta_get(meta, "machine_default"), "yes") == 0;
	for (const struct wt_mkey *k = wt_mkeys; k->name; k++) {
		const char *v = wt_meta_get(meta, meta_key(k->name, key, sizeof(key)));

		if (!v && wt_mkey_late(k)) {
			late_key(m, k);
			continue;
		}
		if (!v) {
			wt_snprintf(err, errlen, "the stream's machine %s has no %s",
				    name, key);
			return -1;
		}
		if (k->check(v, why, sizeof(why)) < 0) {
			wt_snprintf(err, errlen, "the stream's machine %s: %s '%s': %s",
				    name, key, v, why);
			return -1;
		}
		wt_machine_set(m, k->name, v, "the stream");
	}
	return 1;
}

void wt_machine_print(const struct wt_machine *m, FILE *out)
{
	const struct wt_preset *p = wt_machine_is_preset(m) ? find_preset(m->name) : NULL;

	fprintf(out, "# machine %s (%s), as a gpgpusim.config that gives it "
		"back (warptrace --gpgpusim-config=FILE)\n", m->name, m->origin);
	if (p)
		fprintf(out, "# the %s preset, a %s GPU, from %s\n", p->name,
			p->family, p->source);
	for (const struct wt_mkey *k = wt_mkeys; k->name; k++) {
		const char *v = wt_machine_get(m, k->name);
		const char *src = wt_meta_get(&m->src, k->name);

		fprintf(out, strpbrk(v, " \t") ? "-%s \"%s\"" : "-%s %s", k->name, v);
		fprintf(out, "\t# %s%s%s\n", k->doc, src ? "; " : "", src ? src : "");
	}
}

void wt_machine_default_meta(struct wt_meta *meta, const char *who)
{
	struct wt_machine m;
	char err[256];

	wt_machine_init(&m);
	if (wt_machine_preset(&m, "fermi", err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);	/* a preset always loads */
	m.dflt = 1;
	wt_snprintf(m.origin, sizeof(m.origin), "%s's default, the fermi preset",
		    who);
	wt_machine_to_meta(&m, meta);
	wt_machine_free(&m);
}
