#!/bin/sh
# The manual pages: they format without warnings under mandoc and groff,
# every program has one, and every long option of --help is documented.
. "$(dirname "$0")/lib.sh"

MAN=$(cd "$(dirname "$0")/.." && pwd)/man
CMD=$(cd "$(dirname "$0")/.." && pwd)/cmd

have() { command -v "$1" >/dev/null 2>&1; }

# The text of a page as a reader sees it, hyphens and all.
page_text() {
	if have mandoc; then
		mandoc -Tascii "$1" 2>/dev/null | col -b
	else
		sed 's/\\-/-/g' "$1"
	fi
}

pages=$(ls "$MAN"/*.[157] 2>/dev/null)
[ -n "$pages" ]
ok $? "man/ holds pages"

for page in $pages; do
	name=${page#"$MAN"/}
	if have mandoc; then
		run mandoc -Tlint -W warning "$page"
		is "$rc:$out$err" "0:" "$name: mandoc -Tlint -W warning is silent"
		run mandoc -Tutf8 "$page"
		[ "$rc" -eq 0 ] && [ -n "$out" ]
		ok $? "$name: mandoc renders it"
	else
		echo "ok $((_n + 1)) - # SKIP $name: mandoc is not installed"
		_n=$((_n + 1))
	fi
	if have groff; then
		run groff -man -ww -z "$page"
		is "$rc:$out$err" "0:" "$name: groff -man -ww is silent"
		if have tbl; then
			run groff -t -man -ww -z "$page"
			is "$rc:$out$err" "0:" "$name: groff -t -man -ww is silent"
		fi
	else
		echo "ok $((_n + 1)) - # SKIP $name: groff is not installed"
		_n=$((_n + 1))
	fi
	if have man; then
		out=$(MANWIDTH=80 man -l "$page" 2>/dev/null)
		[ -n "$out" ]
		ok $? "$name: man -l renders it"
	fi
	# The first line of NAME names the page.
	base=${name%.[157]}
	like "$(page_text "$page" | sed -n '/^NAME/{n;p;}')" "^ *$base " \
		"$name: NAME section names $base"
done

# Every program has a page in section 1.
for src in "$CMD"/*.c; do
	prog=$(basename "$src" .c)
	[ -f "$MAN/$prog.1" ]
	ok $? "man/$prog.1 exists for cmd/$prog.c"
done

# Every long option that --help prints is in the program's page.
for bin in "$BIN"/*; do
	prog=$(basename "$bin")
	[ -x "$bin" ] && [ -f "$MAN/$prog.1" ] || continue
	text=$(page_text "$MAN/$prog.1")
	opts=$("$bin" --help | grep -o -- '--[a-z][a-z-]*' | sort -u)
	[ -n "$opts" ]
	ok $? "$prog --help lists long options"
	for opt in $opts; do
		printf '%s\n' "$text" | grep -q -- "$opt"
		ok $? "$prog.1 documents $opt"
	done
done

done_testing
