#!/bin/sh
# No include circles: in lib/ and in the emulator's sources, a module
# (x.c with its x.h) that includes another's header, directly or through
# headers, is never included by it in turn, as the compiler's dependency
# output (gcc -MM) shows them.  A circle means two files that cannot be
# understood, or moved to folders of their own, one without the other.
. "$(dirname "$0")/lib.sh"

# edges DIR: "x y" for each module x of DIR whose x.c depends on y.h,
# y a module of DIR too (a header without a .c of its own is no module)
edges() {
	for f in "$1"/*.c; do
		m=$(basename "$f" .c)
		${CC:-cc} -MM -I"$1" "$f" | tr ' \\' '\n\n' | sed -n 's|.*/||; s/\.h$//p' |
		while read -r d; do
			[ "$d" != "$m" ] && [ -f "$1/$d.c" ] && echo "$m $d"
		done
	done | sort -u
}

for dir in lib samples/emu; do
	edges "$dir" > "$T/edges"
	[ -s "$T/edges" ]
	ok $? "$dir: the dependency output names modules"
	tsort "$T/edges" > /dev/null 2> "$T/loops"
	is "$(grep -v 'input contains a loop' "$T/loops" | sed 's/^tsort: //' | tr '\n' ' ')" "" \
		"$dir: no include circles"
done

done_testing
