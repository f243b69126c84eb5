# examples.awk - the shell examples of a man page or of README.md, one per
# record (tests/85-examples.t).
#
# A record's first line is "%% BLOCK", the number of the example block
# (a man page's .EX/.EE, a README code block) it is in.
#
# A man page's example is a line "$ COMMAND" inside .EX/.EE, with the
# lines after it that start with the continuation prompt "> " or follow a
# line ending in a backslash (\e); the lines that follow otherwise are its
# output.  README.md's are the lines of its indented code blocks, a
# command per line and the lines its trailing backslashes continue.
# The output ends with a "%% 0" line.
# Troff escapes are undone by the test, not here.

function flush() {
	if (cmd != "")
		printf "%%%% %d\n%s\n", block, cmd
	cmd = ""
	cont = 0
}

FILENAME ~ /\.md$/ {
	if ($0 ~ /^```/) {
		fence = !fence
		next
	}
	if (fence || $0 !~ /^    / || prev_blank_or_code == 0) {
		flush()
		if ($0 !~ /^[ \t]*$/)
			block++
		prev_blank_or_code = ($0 ~ /^[ \t]*$/)
		next
	}
	line = substr($0, 5)
	if (cont)
		cmd = cmd "\n" line
	else {
		flush()
		cmd = line
	}
	cont = (line ~ /\\$/)
	prev_blank_or_code = 1
	next
}

/^\.EX/ { ex = 1; block++; next }
/^\.EE/ { flush(); ex = 0; next }
!ex { next }
/^\$ / {
	flush()
	cmd = substr($0, 3)
	cont = ($0 ~ /\\e$/)
	next
}
cmd != "" && (cont || /^> /) {
	line = $0
	if (line ~ /^> /)
		line = substr(line, 3)
	cmd = cmd "\n" line
	cont = (line ~ /\\e$/)
	next
}
{ flush() }
END { flush(); print "%% 0" }
