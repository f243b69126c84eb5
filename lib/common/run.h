/*
 * run.h - running a helper program (gnuplot, c++filt) on files: its
 * standard input from one, its output to another.  Files rather than
 * pipes: the program may write as much as it likes without either side
 * waiting on the other.
 */
#ifndef WT_RUN_H
#define WT_RUN_H

#include <stdio.h>

/*
 * Run argv[0], searched on PATH, with in (from its current offset) as its
 * standard input and out as its standard output, and its standard error
 * too when err_too; wait for it.  0 with its wait status in *status; -1
 * when it could not be started (fork or a pipe failed), with errno; or
 * the errno of its exec, which comes back through a close-on-exec pipe,
 * so that "not installed" (ENOENT) is told apart from "failed".
 */
int wt_run_files(char *const argv[], FILE *in, FILE *out, int err_too,
		 int *status);

#endif
