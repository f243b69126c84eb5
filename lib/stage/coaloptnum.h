/*
 * coaloptnum.h - coalesce's options by number (set[] of stageopt.h),
 * apart from coalopt.h so that a program that configures several stages
 * (gpusim) can include their headers together.
 */
#ifndef WT_COALOPTNUM_H
#define WT_COALOPTNUM_H

enum {
	O_STATS = 256, O_LEVEL, O_RULES, O_LINE, O_SECTOR, O_BANKS, O_BCAST,
	O_PARTS, O_CARCH, O_SKIP, O_NOPTS
};

#endif
