/*
 * fmtg.h - doubles in decimal as printf's "%.17g" writes them, fast.
 *
 * A stats file prints a rate or a mean for each warp, PC and SM; the C
 * library's "%.17g" converts through multiple precision and cost about
 * 2,500 machine instructions a number, more than the statistics it printed
 * (issue 46).  Most of those numbers lie between 1e-4 and 1e17, where
 * the 17 significant digits are the exact product of the double's 53-bit
 * mantissa and a power of ten, divided by a power of two: 128-bit integer
 * arithmetic gives them, rounded half to even as the C library rounds.
 * Any other number goes to snprintf.  The output is the same byte for
 * byte (tests/unit/test-fmtg.c compares them on half a million values).
 */
#ifndef WT_FMTG_H
#define WT_FMTG_H

#include <stddef.h>

/* Room a wt_fmt_g17 buffer needs: "-1.2345678901234567e-308" and more. */
#define WT_FMT_G17_SIZE 32

/* v as snprintf(buf, WT_FMT_G17_SIZE, "%.17g", v) writes it; returns buf. */
char *wt_fmt_g17(char *buf, double v);

#endif
