/*
 * test-kname.c - kernel names for report --compare: the short name and
 * the key of what c++filt, nvprof and ncu write (return types, parameter
 * lists, nested templates, anonymous namespaces, lambdas), which names
 * go to c++filt, and c++filt itself on the names of the test traces.
 */
#include "kname.h"
#include "tap.h"

#include <stdlib.h>

static void check(const char *name, const char *want_short, const char *want_key)
{
	char *s = wt_kname_short(name), *k = wt_kname_key(name);

	is_str(s, want_short, "short name of '%s'", name);
	is_str(k, want_key, "key of '%s'", name);
	free(s);
	free(k);
}

int main(void)
{
	static const char *const names[] = {
		"_Z6synth1PfS_", "kern_a", "_Z3fooIfLi4EEvPT_i", "_Z bad",
	};
	char *out[4], err[256];

	check("synth1(float*, float*)", "synth1", "synth1");
	check("synth1", "synth1", "synth1");
	check("void foo<float, 4>(float *, int)", "foo<float, 4>", "foo");
	check("void ns::detail::baz<int>(int*)", "ns::detail::baz<int>", "ns::detail::baz");
	check("void outer<vec<int, 2>, (int)3>::kern<map<int, int> >(int)",
	      "outer<vec<int, 2>, (int)3>::kern<map<int, int> >", "outer::kern");
	check("(anonymous namespace)::scan(float*)", "(anonymous namespace)::scan",
	      "(anonymous namespace)::scan");
	check("void (anonymous namespace)::apply<main::{lambda(int)#1}>(int)",
	      "(anonymous namespace)::apply<main::{lambda(int)#1}>",
	      "(anonymous namespace)::apply");
	check("unsigned int count<4>(int)", "count<4>", "count");
	check("  kern_a (float*, int) ", "kern_a", "kern_a");
	is_str(wt_kname_base("ns::detail::baz"), "baz", "base of a namespaced key");
	is_str(wt_kname_base("baz"), "baz", "base of a bare key");

	ok(wt_kname_mangled("_Z6synth1PfS_"), "_Z... is mangled");
	ok(!wt_kname_mangled("synth1(float*, float*)"), "a demangled name is not");
	ok(!wt_kname_mangled("_Z bad"), "a name with a space does not go to c++filt");
	if (wt_demangle(names, 4, out, err, sizeof(err)) < 0) {
		printf("# %s\n", err);
		for (int i = 0; i < 4; i++)
			free(out[i]);
		printf("ok %d # skip c++filt: %s\n", ++tap_n, err);
		return tap_done();
	}
	is_str(out[0], "synth1(float*, float*)", "c++filt demangles an Accel-Sim name");
	is_str(out[1], "kern_a", "a name that is not mangled stays");
	is_str(out[2], "void foo<float, 4>(float*, int)", "a template's name");
	is_str(out[3], "_Z bad", "a name c++filt is not given stays");
	for (int i = 0; i < 4; i++)
		free(out[i]);
	return tap_done();
}
