/*
 * stageopt.c - the shared command line of the simulator stages; see
 * stageopt.h.
 */
#include "stageopt.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

void wt_stage_parse(int argc, char **argv, const char *name, const char *usage,
		    const struct option *longopts, int first, int last,
		    const char **set, struct wt_stage_args *a)
{
	int ch;

	a->arch = "fermi";
	a->output = "-";
	a->input = "-";
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "a:o:hV", longopts, NULL)) != -1) {
		switch (ch) {
		case 'a':
			a->arch = optarg;
			break;
		case 'o':
			a->output = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			exit(WT_EXIT_OK);
		case 'V':
			printf("%s (warptrace) %s\n", name, WT_VERSION);
			exit(WT_EXIT_OK);
		default:
			if (ch >= first && ch < last) {
				set[ch] = optarg ? optarg : "";
				break;
			}
			wt_bad_option(argv, optind, optopt);
		}
	}
	if (argc - optind > 1)
		wt_die(WT_EXIT_USAGE, "one input stream at most (got %d); "
		       "concatenate streams with cat", argc - optind);
	if (optind < argc)
		a->input = argv[optind];
}
