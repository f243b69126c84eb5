#!/bin/sh
# deps.sh - check warptrace's build and test dependencies; as root on a
# Debian-like system, install what is missing with apt-get.
#
# Usage: scripts/deps.sh [CC]
set -u
cc=${1:-cc}
missing=""

have_header() {
	printf '#include <%s>\nint main(void){return 0;}\n' "$1" |
		"$cc" -x c -o /dev/null - $2 >/dev/null 2>&1
}

have_header zstd.h -lzstd || missing="$missing libzstd-dev"
have_header csv.h -lcsv || missing="$missing libcsv-dev"
have_header zlib.h -lz || missing="$missing zlib1g-dev"
have_header lzma.h -llzma || missing="$missing liblzma-dev"
have_header jansson.h -ljansson || missing="$missing libjansson-dev"
command -v prove >/dev/null 2>&1 || missing="$missing perl"
command -v zstd >/dev/null 2>&1 || missing="$missing zstd"
command -v mandoc >/dev/null 2>&1 || missing="$missing mandoc"
command -v gzip >/dev/null 2>&1 || missing="$missing gzip"
# report: plots, the HTML page's browser test, sweeps on GNU parallel
command -v gnuplot >/dev/null 2>&1 || missing="$missing gnuplot-nox"
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v parallel >/dev/null 2>&1 || missing="$missing parallel"
# the memcheck test
command -v valgrind >/dev/null 2>&1 || missing="$missing valgrind"

[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "deps: installing$missing" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null &&
		apt-get install -y -qq $missing >/dev/null ||
		{ echo "deps: apt-get install$missing failed" >&2; exit 1; }
	exit 0
fi
echo "deps: missing Debian packages:$missing" >&2
echo "deps: install them (apt-get install$missing) and run make again" >&2
exit 1
