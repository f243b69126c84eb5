#!/bin/sh
# nugteren-compare.sh - run l1sim --arch=nugteren beside Nugteren et al.'s
# own cache model (github.com/tue-es/gpu-cache-model) on the same dumps and
# print one row per dump and cache: line requests, misses, miss rates and
# CPU seconds of each.
#
#   sh bench/nugteren-compare.sh [-F] [-b BUILD] [-c 16K/4,48K/6] [-o DIR]
#        -r MODEL_SRC DUMP...
#
# MODEL_SRC is the model's src/model directory (fetch the repository; this
# script never ships its code).  The script builds two binaries from it in
# DIR (default ./nugteren-compare): "published", as it is, and "fixed",
# with four changes that leave its results as they are where it runs at
# all: Requests::has_requests uses map::find instead of inserting an empty
# list on every lookup (4-30x faster); MAX_THREADS is 1M instead of 32768
# (gids of 32768 and more overflow it); its coalescing skips an earlier
# lane that has no access at that position (it reads past that lane's
# list, and crashes, on divergent kernels such as bfs); and a warp with no
# thread in the dump (a CTA's tail that never loads, as atax's 128 of 256)
# stays out of the pool (it reads that warp's first thread and crashes).
#
# Each DUMP (a warptrace or Ocelot dump, plain or .zst/.gz) is split into
# the model's one-file-per-kernel form (blocksize line, then "gid rw
# address size"), run under both caches with 64 MSHRs, a latency of 100
# and sigma 0 (the model seeds its random latencies from /dev/urandom, so
# only sigma 0 repeats), and, decompressed as the model's files are
# before any is timed (DIR/run/NAME.trc), through
#
#   trace-gen NAME.trc | trace-order --arch=nugteren | coalesce
#     | l1sim --sigma=0 --size=S --assoc=A
#
# The model counts a reuse distance equal to the number of ways as a hit,
# but times it as a miss; "ref misses" adds those back (the corrected
# count, the one to compare).  Its CPU seconds are for its four runs per
# kernel (the model, full associativity, no latency, no MSHR limit), as
# it always makes them; warptrace's are of the whole pipeline, every
# stage's CPU time summed.  -F: the fixed build alone ("pub-cpu" is "-"),
# as make bench runs it: the published one takes minutes where it runs.
set -eu

BUILD=build
CONFIGS=16K/4,48K/6
OUT=nugteren-compare
SRC=
FIXED_ONLY=0
while getopts Fb:c:o:r: opt; do
	case $opt in
	F) FIXED_ONLY=1 ;;
	b) BUILD=$OPTARG ;;
	c) CONFIGS=$OPTARG ;;
	o) OUT=$OPTARG ;;
	r) SRC=$OPTARG ;;
	*) echo "usage: nugteren-compare.sh [-F] [-b BUILD] [-c 16K/4,...] [-o DIR] -r MODEL_SRC DUMP..." >&2
	   exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ -z "$SRC" ] || [ $# -eq 0 ]; then
	echo "nugteren-compare.sh: give -r MODEL_SRC (the model's src/model) and at least one dump" >&2
	exit 2
fi
[ -f "$SRC/reusedistance.cpp" ] || {
	echo "nugteren-compare.sh: $SRC: no reusedistance.cpp (expected gpu-cache-model's src/model)" >&2
	exit 2
}
BIN=$(cd "$BUILD/bin" && pwd)
MEASURE=$(cd "$BUILD/tools" && pwd)/measure
[ -x "$MEASURE" ] || { echo "nugteren-compare.sh: $MEASURE: not built (make -j2 all)" >&2; exit 2; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# ---- the two builds of the model ----
build_model() {	# NAME, then sed scripts for each file
	name=$1
	[ -x "$OUT/$name/cachemodel" ] && return 0
	rm -rf "${OUT:?}/$name"
	mkdir -p "$OUT/$name"
	cp "$SRC"/*.cpp "$SRC"/*.h "$OUT/$name/"
	if [ "$name" = fixed ]; then
		sed -i 's|return (request_list\[current_time\]\.size() > 0);|std::map<unsigned,std::vector<Request>>::const_iterator it = request_list.find(current_time); return it != request_list.end() \&\& it->second.size() > 0;|' "$OUT/$name/model.h"
		sed -i 's|#define MAX_THREADS 32\*1024 |#define MAX_THREADS 1024*1024 |' "$OUT/$name/model.h"
		sed -i 's|^\([[:space:]]*\)unsigned long old_line = threads\[old_tid\]|\1if (access >= threads[old_tid].accesses.size()) { continue; }\n\1unsigned long old_line = threads[old_tid]|' "$OUT/$name/scheduler.cpp"
		sed -i 's|^\([[:space:]]*\)pool.add_warp(blocks\[bid\]\[wnum\],0);|\1if (!warps[blocks[bid][wnum]].empty()) { pool.add_warp(blocks[bid][wnum],0); }|' "$OUT/$name/reusedistance.cpp"
		if ! grep -q 'request_list.find' "$OUT/$name/model.h" ||
		   ! grep -q 'MAX_THREADS 1024\*1024' "$OUT/$name/model.h" ||
		   ! grep -q 'access >= threads\[old_tid\]' "$OUT/$name/scheduler.cpp" ||
		   ! grep -q 'if (!warps\[blocks' "$OUT/$name/reusedistance.cpp"; then
			echo "nugteren-compare.sh: the model's source is not the one this script patches" >&2
			exit 1
		fi
	fi
	(cd "$OUT/$name" && ${CXX:-g++} -O2 -std=c++11 -w ./*.cpp -o cachemodel)
}
[ "$FIXED_ONLY" = 1 ] || build_model published
build_model fixed

cat_dump() {
	case $1 in
	*.zst) zstd -dcq "$1" ;;
	*.gz) gzip -dc "$1" ;;
	*) cat "$1" ;;
	esac
}

# the model's form: OUT/run/output/NAME/NAME_KK.trc, one per kernel
split_dump() {	# DUMP NAME
	d="$OUT/run/output/$2"
	rm -rf "$d"
	mkdir -p "$d"
	cat_dump "$1" | awk -v dir="$d" -v name="$2" '
		/^blocksize:/ { k++; f = sprintf("%s/%s_%02d.trc", dir, name, k - 1)
				print $1, $2, $3, $4 > f; next }
		/^[0-9]/ { print $1, $2, $3, $4 > f }'
}

cpu_of() {	# seconds of user + system CPU of the shell command $1, all its processes
	"$MEASURE" "$1 > /dev/null 2>&1" 2> "$OUT/time" || return 1
	sed 's/.*"cpu_s": \([0-9.]*\).*/\1/' "$OUT/time"
}

# model results for NAME: "accesses misses corrected"
model_sum() {	# NAME WAYS
	cat "$OUT/run/output/$1"/*.out | awk -v ways="$2" '
		/^histogram:/ { h = 1; next }
		h && NF == 2 { if ($1 == ways) eq += $2; next }
		h && NF != 2 { h = 0 }
		/^modelled_accesses:/ { a += $2; m += $2 }
		/^modelled_hits:/ { m -= $2 }
		END { printf "%d %d %d", a, m, m + eq }'
}

printf '%-12s %-5s %9s %9s %9s %9s %7s %7s %7s %8s %8s %8s\n' \
	dump cache requests wt-req ref-miss wt-miss ref-% wt-% delta \
	pub-cpu fix-cpu wt-cpu
for dump in "$@"; do
	name=$(basename "$dump")
	name=${name%%.*}
	split_dump "$dump" "$name"
	cat_dump "$dump" > "$OUT/run/$name.trc"
	for cfg in $(echo "$CONFIGS" | tr , ' '); do
		size=${cfg%/*}
		ways=${cfg#*/}
		bytes=$(echo "$size" | awk '/K$/ { print $0 * 1024; next } { print $0 }')
		mkdir -p "$OUT/run/configurations"
		printf 'LINE_SIZE 128\nCACHE_BYTES %s\nCACHE_WAYS %s\nNUM_MSHR 64\nMEM_LATENCY 100\nMEM_LATENCY_STDDEV 0\n' \
			"$bytes" "$ways" > "$OUT/run/configurations/current.conf"
		pub=-
		[ "$FIXED_ONLY" = 1 ] ||
			pub=$(cd "$OUT/run" && cpu_of "'$OUT/published/cachemodel' '$name'") || pub=fail
		rm -f "$OUT/run/output/$name"/*.out
		fix=$(cd "$OUT/run" && cpu_of "'$OUT/fixed/cachemodel' '$name'")
		read -r acc _ corr <<-EOF
		$(model_sum "$name" "$ways")
		EOF
		wt=$(cpu_of "'$BIN/trace-gen' '$OUT/run/$name.trc' | '$BIN/trace-order' --arch=nugteren \
			| '$BIN/coalesce' | '$BIN/l1sim' \
			--sigma=0 --size=$size --assoc=$ways --stats='$OUT/l1.json'")
		read -r wreq wmiss <<-EOF
		$(awk '
			/"total":/ { t = 1 }
			t && /"loads":/ && !gotl { gsub(/[^0-9]/, "", $2); l = $2; gotl = 1 }
			t && /"misses":/ && !got { gsub(/[^0-9]/, "", $2); m = $2; got = 1 }
			END { print l, m }' "$OUT/l1.json")
		EOF
		awk -v n="$name" -v c="$cfg" -v a="$acc" -v wa="$wreq" -v r="$corr" \
			-v w="$wmiss" -v p="$pub" -v f="$fix" -v t="$wt" 'BEGIN {
			rr = a ? 100 * r / a : 0; wr = wa ? 100 * w / wa : 0
			printf "%-12s %-5s %9d %9d %9d %9d %7.2f %7.2f %+7.2f %8s %8s %8s\n",
				n, c, a, wa, r, w, rr, wr, wr - rr, p, f, t }'
	done
	rm -f "$OUT/run/$name.trc"
done
