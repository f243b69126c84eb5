#!/bin/sh
# Every example of README.md and of the man pages runs as printed: each
# page's commands in order, in one shell, in a scratch directory that has
# the shipped samples under samples/, as a reader who types them in would
# run them.  A command passes when it exits 0.  Commands that cannot run
# here are skipped, each with its reason: the build's own make targets,
# the tools of a GPU or a cluster (nvprof, ncu, parallel, sbatch), an
# Accel-Sim trace directory, a placeholder for the user's own dump, and
# lines that are no commands (a directory listing).
. "$(dirname "$0")/lib.sh"

ROOT=$(pwd)

# why_skip COMMAND: the reason it is not run, or nothing
why_skip() {
	first=$(printf '%s\n' "$1" | sed -n '/^[ 	]*[^ 	#]/{s/^[ 	]*//;s/[ 	].*//;p;q;}')
	case $first in
	'') echo "a comment"; return ;;
	make) echo "runs the build (make check runs this test)"; return ;;
	nvprof|ncu) echo "needs a GPU and its profiler"; return ;;
	parallel|sbatch) echo "needs a cluster"; return ;;
	*=*|for|while|if|'{'|'(') ;;
	*/*)	[ -f "$first" ] && [ -x "$first" ] ||
			{ echo "not a command ($first)"; return; } ;;
	*)	command -v "$first" > /dev/null 2>&1 ||
			{ echo "not a command here ($first)"; return; } ;;
	esac
	case $1 in
	*traces/*|*SM7_QV100*) echo "needs an Accel-Sim trace directory" ;;
	*dump.trc*|*big.trc*|*./app*) echo "a placeholder for the user's own input" ;;
	*measured.csv*) echo "needs a profiler's export (nvprof or ncu)" ;;
	*jq\ *) command -v jq > /dev/null 2>&1 || echo "needs jq" ;;
	esac
}

# Undo the troff escapes of a man page's example.
unescape() {
	sed -e 's/\\(aq/'"'"'/g' -e 's/\\(dq/"/g' -e 's/\\(ga/`/g' \
	    -e 's/\\(ti/~/g' -e 's/\\(ha/^/g' -e 's/\\-/-/g' -e 's/\\&//g' \
	    -e 's/\\f[BIRP]//g' -e 's/\\ / /g' -e 's/\\e/\\/g'
}

# examples PAGE: run PAGE's examples, a test each
examples() {
	page=$1 name=$(basename "$1")
	dir="$T/$name"
	mkdir -p "$dir/ex"
	ln -s "$ROOT/samples" "$dir/samples"
	awk -f "$ROOT/tests/examples.awk" "$page" |
		awk -v d="$dir/ex" '/^%% [0-9]+$/ { if (f) close(f); n++
				f = sprintf("%s/%03d", d, n); print $2 > (f ".block")
				close(f ".block"); next }
			{ print > f }'
	# one script for the page, so that what a command sets or writes
	# is there for the next; each command's status goes to a file
	script="$dir/run.sh"
	: > "$script"
	skipped_block=
	for ex in "$dir"/ex/???; do
		[ -e "$ex" ] || continue
		block=$(cat "$ex.block")
		cmd=$(cat "$ex")
		case $page in *.[157]) cmd=$(printf '%s\n' "$cmd" | unescape) ;; esac
		printf '%s\n' "$cmd" > "$ex"
		why=$(why_skip "$cmd")
		# the commands after a skipped one in its block need what it made
		[ -z "$why" ] && [ "$block" = "$skipped_block" ] && [ "$name" != README.md ] &&
			why="follows a skipped command"
		if [ -n "$why" ]; then
			printf '%s\n' "$why" > "$ex.skip"
			[ "$why" = "a comment" ] || skipped_block=$block
			continue
		fi
		# a command that is no sound shell would end the page's script
		if ! sh -n "$ex" 2> "$ex.err"; then
			echo "syntax error" > "$ex.rc"
			continue
		fi
		{
			printf '{\n%s\n} < /dev/null > %s.out 2> %s.err\n' "$cmd" "$ex" "$ex"
			printf 'echo $? > %s.rc\n' "$ex"
		} >> "$script"
	done
	(cd "$dir" && sh "$script" > /dev/null 2>&1)
	for ex in "$dir"/ex/???; do
		[ -e "$ex" ] || continue
		line=$(head -n 1 "$ex" | cut -c1-70)
		if [ -e "$ex.skip" ]; then
			case $(cat "$ex.skip") in
			"a comment") ;;
			*) ok 0 "# SKIP $name: $line: $(cat "$ex.skip")" ;;
			esac
			continue
		fi
		rc=$(cat "$ex.rc" 2> /dev/null || echo "not run")
		is "$rc" 0 "$name: $line"
		[ "$rc" = 0 ] || sed 's/^/#   /' "$ex.err" 2> /dev/null | head -n 5
	done
}

examples README.md
for page in man/*.[157]; do
	examples "$page"
done

done_testing
