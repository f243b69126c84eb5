#!/bin/sh
# The library's layers.  No include circles: in lib/ and in the
# emulator's sources, a module (x.c with its x.h) that includes another's
# header, directly or through headers, is never included by it in turn,
# as the compiler's dependency output (gcc -MM) shows them.  And the
# folders of lib/ are layers: a module includes headers of its own folder
# and of the folders listed before its own in lib/layers, never of one
# listed after it.  A circle means two files that cannot be understood,
# or moved, one without the other.
. "$(dirname "$0")/lib.sh"

cd "$(dirname "$0")/.." || exit 1
layers=$(sed 's/#.*//' lib/layers | awk 'NF { print $1 }')
incs=$(for l in $layers; do printf ' -Ilib/%s' "$l"; done)

# folder of each module: "name folder rank"
n=0
for l in $layers; do
	n=$((n + 1))
	for f in lib/"$l"/*.[ch]; do
		[ -e "$f" ] && echo "$(basename "${f%.?}") $l $n"
	done
done | sort -u > "$T/rank"

is "$(ls lib/*.[ch] 2>/dev/null | tr '\n' ' ')" "" "lib/: every source file is in a folder"
is "$(ls -d lib/*/ | sed 's|lib/||; s|/$||' | sort | tr '\n' ' ')" \
	"$(echo $layers | tr ' ' '\n' | sort | tr '\n' ' ')" \
	"lib/layers lists every folder of lib/"
is "$(cut -d' ' -f1 "$T/rank" | uniq -d | tr '\n' ' ')" "" "no two folders hold a module of one name"

# edges FILES...: "x y" for each module x whose x.c depends on y.h, y a
# module too (a header without a .c of its own is no module)
edges() {
	inc=$1
	shift
	for f in "$@"; do
		m=$(basename "$f" .c)
		d=$(dirname "$f")
		# shellcheck disable=SC2086
		${CC:-cc} -MM $inc "$f" | tr ' \\' '\n\n' | grep '\.h$' |
		while read -r h; do
			y=$(basename "$h" .h)
			[ "$y" != "$m" ] && [ -f "$(dirname "$h")/$y.c" ] && echo "$m $y"
		done
	done | sort -u
}

edges "$incs" lib/*/*.c > "$T/edges-lib"
edges "-Isamples/emu" samples/emu/*.c > "$T/edges-emu"
for e in lib emu; do
	[ -s "$T/edges-$e" ]
	ok $? "$e: the dependency output names modules"
	tsort "$T/edges-$e" > /dev/null 2> "$T/loops"
	is "$(grep -v 'input contains a loop' "$T/loops" | sed 's/^tsort: //' | tr '\n' ' ')" "" \
		"$e: no include circles"
done

# every edge from a folder to one listed after it
awk 'NR == FNR { dir[$1] = $2; rank[$1] = $3; next }
     rank[$2] > rank[$1] { print dir[$1] "/" $1 " includes " dir[$2] "/" $2 ".h" }' \
	"$T/rank" "$T/edges-lib" > "$T/upward"
is "$(cat "$T/upward")" "" "lib/: no module includes a header of a later layer"

done_testing
