#!/bin/sh
# bench/nugteren-compare.sh without the authors' model (make check never
# needs it): its bad arguments are refused with one line and exit 2.
. "$(dirname "$0")/lib.sh"
script=$(dirname "$0")/../bench/nugteren-compare.sh

sh "$script" samples/gemm.trc.zst > "$T/out" 2> "$T/err"
is $? 2 "no -r: exit 2"
like "$(cat "$T/err")" "give -r MODEL_SRC" "no -r: says what is missing"
is "$(wc -l < "$T/err")" 1 "no -r: one line"
sh "$script" -r "$T" > "$T/out" 2> "$T/err"
is $? 2 "no dump: exit 2"
mkdir "$T/src"
sh "$script" -r "$T/src" samples/gemm.trc.zst > "$T/out" 2> "$T/err"
is $? 2 "a -r without the model's source: exit 2"
like "$(cat "$T/err")" "no reusedistance.cpp" "names the file it looked for"
is "$(cat "$T/out")" "" "and prints no table"
sh "$script" -z > "$T/out" 2> "$T/err"
is $? 2 "an unknown option: exit 2"

done_testing
