/*
 * kname.h - kernel names as simulators and profilers write them, for
 * report --compare: C++ names demangled by c++filt (binutils), and the
 * shorter forms two spellings of one kernel are matched by.
 *
 * An Accel-Sim trace, and so l1sim's stats, names a kernel by its mangled
 * symbol (_Z6synth1PfS_); nvprof writes synth1(float*, float*), ncu
 * "void foo<float, 4>(float *, int)" or, with its default
 * --print-kernel-base=function, just foo.  Each is reduced to
 *
 *   the short name   no return type, no parameter list:  foo<float, 4>
 *   the key          the short name without template arguments (nested
 *                    <...> removed wherever they are):    foo
 *
 * Namespaces and enclosing classes stay in both (ns::foo): two kernels of
 * one name in different namespaces are different kernels; report matches
 * a name without any to a namespaced one itself (see rcompare.c).
 */
#ifndef WT_KNAME_H
#define WT_KNAME_H

#include <stddef.h>

/* Whether name looks like an Itanium C++ ABI symbol ("_Z..."): only such
 * names are handed to c++filt. */
int wt_kname_mangled(const char *name);

/*
 * Demangle names[0..n-1] with one c++filt process (the names on its
 * standard input, one a line): out[i] becomes a new string, the demangled
 * name, or a copy of names[i] when it is not mangled.  0; or -1 with the
 * reason in err ("c++filt: not found", ...) and out[i] copies of the
 * names as they are, so that the caller can go on and say so.
 */
int wt_demangle(const char *const *names, size_t n, char **out, char *err,
		size_t len);

/* The short name and the key of a demangled name, as new strings. */
char *wt_kname_short(const char *demangled);
char *wt_kname_key(const char *demangled);
/* The last component of a key, after its last "::" (the key itself when
 * it has none). */
const char *wt_kname_base(const char *key);

#endif
