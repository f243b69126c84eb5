/*
 * util.h - small helpers every warptrace program shares: program name and
 * error reporting, checked allocation, strict number parsing.
 *
 * Exit codes follow the project convention: 0 ok, 1 data or runtime error,
 * 2 usage error.
 */
#ifndef WT_UTIL_H
#define WT_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define WT_VERSION "0.1.0"

enum { WT_EXIT_OK = 0, WT_EXIT_DATA = 1, WT_EXIT_USAGE = 2 };

#define WT_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define WT_NORETURN __attribute__((noreturn))

void wt_set_progname(const char *argv0);
const char *wt_progname(void);
/* Blocks of 256 KiB and more straight from mmap, always (glibc): for the
 * programs whose memory is growing per-SM arrays; see util.c. */
void wt_big_blocks_mapped(void);

/* Print "prog: message" on stderr and exit with the given code. */
WT_NORETURN void wt_die(int code, const char *fmt, ...) WT_PRINTF(2, 3);
void wt_warn(const char *fmt, ...) WT_PRINTF(1, 2);

/* getopt saw an unknown option or a missing argument: say which in one
 * line and exit 2.  Call with opterr = 0. */
WT_NORETURN void wt_bad_option(char **argv, int optind_now, int optopt_now);
/* The value of option --name: a number from lo to hi (K, M, G suffixes),
 * or a usage error. */
uint64_t wt_opt_num(const char *name, const char *arg, uint64_t lo, uint64_t hi);
/* arg, an option value, came from the stage's machine, not its command
 * line (stageopt.c): a usage error of wt_opt_* about it says so. */
void wt_opt_mark_machine(const char *arg);
/* Forget the values marked so far: a program that configures several
 * stages (gpusim) starts each afresh, as the marked values of the one
 * before may have been freed and their memory given to its arguments. */
void wt_opt_forget_machine(void);
/* "" for a value of the command line; for one of the machine, words
 * that say so, to follow "--NAME=VALUE" in a usage error. */
const char *wt_opt_whence(const char *arg);
/* The floor of log2(v); 0 for v of 0 or 1. */
static inline unsigned wt_log2(uint64_t v)
{
	return v > 1 ? 63u - (unsigned)__builtin_clzll(v) : 0;
}

/* Make directory dir and its parents (mkdir -p): 0, or -1 with
 * "DIR: why" in err. */
int wt_mkdirs(const char *dir, char *err, size_t len);

/* The value of option --name: a decimal number from lo to hi, or a usage
 * error. */
double wt_opt_real(const char *name, const char *arg, double lo, double hi);
/* The argument of option --name among getopt_long's options lo, from
 * what the command line set (set[val] for the option of val), or NULL. */
struct option;
const char *wt_opt_named(const struct option *lo, const char *const *set,
			 const char *name);
/* The index of arg among names[0..n-1], or a usage error listing them. */
int wt_opt_choice(const char *name, const char *arg, const char *const *names,
		  int n);

/* A function wt_warn and wt_die call before they write their line, e.g.
 * to take a progress line off the terminal (progress.c); NULL for none. */
void wt_before_message(void (*fn)(void));

/* Hooks run by wt_die before exiting, e.g. to remove partial outputs. */
void wt_atdie(void (*fn)(void));

void *wt_malloc(size_t n);
void *wt_calloc(size_t n, size_t size);
void *wt_realloc(void *p, size_t n);
char *wt_strdup(const char *s);
/* Write w as one word for sh: as it is when nothing in it is special,
 * else in single quotes (a quote inside as '\''). */
void wt_shell_word(FILE *f, const char *w);
/* Copy the rest of in onto out (errors are out's to report: ferror). */
void wt_copy_rest(FILE *in, FILE *out);
/*
 * Zeroed memory for a large table probed at random (a hash table, a
 * bitmap): from 2 MiB up it is mapped on its own and the kernel is asked
 * for transparent huge pages, so that a probe costs one cache miss and no
 * page walk.  Free with wt_free_big and the same n and size.
 */
void *wt_calloc_big(size_t n, size_t size);
void wt_free_big(void *p, size_t n, size_t size);

/*
 * Arrays whose elements different threads write (an SM's, a partition's
 * or a channel's state, on wt_par_for's threads): each element on cache lines of
 * its own, so that no two threads write the same line (false sharing,
 * which costs a coherence miss a write on a many-core machine).  The
 * element type has its first member declared _Alignas(WT_CACHE_LINE),
 * which makes its size a whole number of lines; the array is zeroed and
 * starts on a line.  wt_grow_lines gives such an array of n + more
 * elements, the first n copied from p (freed) and the rest zeroed.  Free
 * with free().
 */
#define WT_CACHE_LINE 64
void *wt_calloc_lines(size_t n, size_t size);
void *wt_grow_lines(void *p, size_t n, size_t more, size_t size);

/* Where temporary files go: $TMPDIR, else /tmp. */
const char *wt_tmpdir(void);

/* A temporary file, named after prog in wt_tmpdir() and unlinked
 * at once, so that nothing is left behind: its descriptor, or -1 with
 * errno set.  *dir says where it was tried, for the error. */
int wt_temp_fd(const char *prog, const char **dir);

/* Format into a buffer, always terminated; returns buf. */
char *wt_snprintf(char *buf, size_t n, const char *fmt, ...) WT_PRINTF(3, 4);

/*
 * Strict unsigned parsing of a whole string: decimal, or hexadecimal with a
 * 0x prefix.  No sign, no spaces, no trailing junk, no overflow past max.
 * Returns 0 on success, -1 on failure with *why set to a short reason.
 */
int wt_parse_u64(const char *s, uint64_t max, uint64_t *out, const char **why);

/*
 * Scan a number at *sp up to a space, tab or the end of the string, with
 * the rules of wt_parse_u64.  Returns NULL and advances *sp past the
 * number, or returns the reason it is not one.
 */
const char *wt_scan_u64(const char **sp, uint64_t max, uint64_t *out);

/* Parse a size with an optional K, M or G suffix (powers of 1024). */
int wt_parse_size(const char *s, uint64_t max, uint64_t *out, const char **why);

#endif
