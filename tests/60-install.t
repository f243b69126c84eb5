#!/bin/sh
# make install and uninstall into a scratch prefix.
. "$(dirname "$0")/lib.sh"

make -s install PREFIX="$T/prefix" BUILD="$BUILD" > "$T/log" 2>&1
ok $? "make install PREFIX=..."
for p in trace-gen trace-dump trace-emu; do
	"$T/prefix/bin/$p" --version > /dev/null 2>&1
	ok $? "installed $p runs"
done
for m in man/*.[157]; do
	s=${m##*.}
	[ -f "$T/prefix/share/man/man$s/$(basename "$m")" ]
	ok $? "installed $(basename "$m")"
done
# "man warptrace" opens the overview, warptrace(7): no page of another
# section is named warptrace
if command -v man > /dev/null 2>&1; then
	is "$(MANPATH="$T/prefix/share/man" man -w warptrace 2> /dev/null)" \
		"$T/prefix/share/man/man7/warptrace.7" "man warptrace is warptrace(7)"
else
	ok 0 "# SKIP man is not installed"
fi
make -s uninstall PREFIX="$T/prefix" BUILD="$BUILD" > "$T/log" 2>&1
is "$(find "$T/prefix" -type f | wc -l | tr -d ' ')" 0 "make uninstall removes every file"

done_testing
