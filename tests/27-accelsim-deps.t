#!/bin/sh
# The register dependences and CTA barriers trace-gen gives the warp
# records of Accel-Sim traces (record.h, trace-gen(1) REGISTER
# DEPENDENCES), on hand-made kernels of one warp, each value worked out by
# hand below; trace-order passes them on; a dump without registers sets
# none of the bits.
#
# The rules, in short: a record's instructions are its icount non-memory
# instructions, then its memory instruction.  A load (a record of op load
# or atomic) leaves its destination registers pending.  An instruction
# that reads or writes a pending register waits for the newest load of
# those, and so for every earlier load: their registers are pending no
# more.  An instruction that writes a register takes it from its load.
# dep: the newest load a record's instructions wait for, counted back in
# records (1: the previous record; at most 63); at: how many of them come
# before the first that waits; "deps" shows DEP@AT, 0 when none waits,
# +bar for a BAR among them, - where a record tells nothing.
. "$(dirname "$0")/lib.sh"

records() { grep -v '^#'; }

kernel() { as_kernel "$T/$1.traceg" "$1"; }
# deps NAME: "warp pc op icount deps" of each record, one line each.
deps() {
	trace-gen "$T/$1.traceg" 2>/dev/null | trace-dump | records |
		awk '{ printf "%s %s %s %s %s\n", $5, $7, $8, $11, $15 }'
}
# Lines: LDG DST ADDR (a load of one lane), STG ADDR DATA, ALU DST SRC...
LDG() { printf '%04x 00000001 1 %s LDG.E 1 %s 4 1 0x1000 4 0\n' $pc $1 $2; pc=$((pc + 16)); }
STG() { printf '%04x 00000001 0 STG.E 2 %s %s 4 1 0x2000 4 0\n' $pc $1 $2; pc=$((pc + 16)); }
ALU() { _d=$1; _op=$2; shift 2
	printf '%04x 00000001 1 %s %s %d%s 0 0\n' $pc $_d $_op $# "$(printf ' %s' "$@")"
	pc=$((pc + 16)); }
EXIT() { printf '%04x 00000001 0 EXIT 0 0 0\n' $pc; pc=$((pc + 16)); }

# Independent loads: none reads another's register, dep 0 each.  A load
# into RZ (R255) leaves nothing pending: the store that reads RZ waits for
# nothing.  The EXIT names no register.
pc=0
{ LDG R2 R10; LDG R4 R12; LDG R6 R14; LDG R255 R16; STG R18 R255; EXIT; } | kernel indep
is "$(deps indep)" "0 0x0 load 0 0
0 0x10 load 0 0
0 0x20 load 0 0
0 0x30 load 0 0
0 0x40 store 0 0
0 0x50 none 1 0" "independent loads: dep 0; RZ is never pending"

# The address of the next memory instruction is the load's result: after
# two ALU instructions (positions 0 and 1) the LDG at position 2 reads R2,
# the previous record's: dep 1, at 2.
pc=0
{ LDG R2 R10; ALU R8 IADD3 R20 R21; ALU R9 IMAD R22 R23; LDG R4 R2; EXIT; } | kernel addr
is "$(deps addr)" "0 0x0 load 0 0
0 0x30 load 2 1@2
0 0x40 none 1 0" "an address from the previous load: dep 1, at its position 2"

# A non-memory instruction uses the load three instructions later: three
# MOVs (positions 0 to 2), then the FADD at position 3 reads R2: at 3; the
# store reads R8, the FADD's, pending from no load.
pc=0
{ LDG R2 R10; ALU R5 MOV R20; ALU R6 MOV R21; ALU R7 MOV R22
  ALU R8 FADD R2 R7; STG R12 R8; EXIT; } | kernel later
is "$(deps later)" "0 0x0 load 0 0
0 0x50 store 4 1@3
0 0x60 none 1 0" "a load used by the fourth non-memory instruction: at 3"

# Overwritten before use: the MOV that writes R2 waits for its load first
# (a write of a pending register, as GPGPU-Sim's scoreboard checks its
# destinations too): record 1 (the LDG of R4 after it), dep 1 at 0.  The
# FADD then reads R2, the MOV's: no load's; record 2 waits for nothing,
# though R4 (record 1) is still pending: nothing reads it.
pc=0
{ LDG R2 R10; ALU R2 MOV R20; LDG R4 R12; ALU R6 FADD R2 R2; STG R14 R6; EXIT; } | kernel over
is "$(deps over)" "0 0x0 load 0 0
0 0x20 load 1 1@0
0 0x40 store 1 0
0 0x50 none 1 0" "a register overwritten by an ALU instruction: no dependence for its use"

# Waiting for a load completes the earlier ones: record 3's first FADD
# (position 0) reads R4 of record 1: at 0, dep 3 - 1 = 2, and records 0
# and 1 are complete; the second reads R2 (record 0): nothing more; the
# third reads R6 of record 2: dep rises to 3 - 2 = 1, at stays 0.  A load
# that overwrites a pending register waits for it (record 4, R2 again...
# of record 0, complete: no wait) and owns it: record 5 reads R2 of
# record 4: dep 1, at 0.
pc=0
{ LDG R2 R10; LDG R4 R12; LDG R6 R14
  ALU R8 FADD R4 R4; ALU R9 FADD R2 R2; ALU R9 FADD R6 R9; STG R16 R9
  LDG R2 R18; ALU R3 MOV R2; EXIT; } | kernel newest
is "$(deps newest)" "0 0x0 load 0 0
0 0x10 load 0 0
0 0x20 load 0 0
0 0x60 store 3 1@0
0 0x70 load 0 0
0 0x90 none 2 1@0" "dep is the newest load waited for, at the first that waits"

# Pending registers belong to each warp: warp 1 reads R2, which only warp
# 0 loaded: nothing to wait for.  A load overwriting a pending register
# (warp 0's second LDG of R2) waits for the first: dep 1 at 0.
pc=0
{ LDG R2 R10; LDG R2 R12; EXIT; echo --; ALU R3 MOV R2; LDG R4 R2; EXIT; } | kernel warps
is "$(deps warps)" "0 0x0 load 0 0
0 0x10 load 0 1@0
0 0x20 none 1 0
1 0x40 load 1 0
1 0x50 none 1 0" "per warp; a load after a load of the same register waits for it"

# The same warps in a raw trace, their lines interleaved: the same values.
awk '/^warp = / { w = $3; next }
	/^[0-9a-f][0-9a-f][0-9a-f][0-9a-f] / { line[w, n[w]++] = "0 0 0 " w " " $0 }
	END { for (i = 0; i < n[0] || i < n[1]; i++)
		for (k = 0; k < 2; k++) if (i < n[k]) print line[k, i] }' \
	"$T/warps.traceg" > "$T/body"
{ sed -n '/^-/p' "$T/warps.traceg"; echo; cat "$T/body"; } > "$T/warps.trace"
trace-gen "$T/warps.trace" 2>/dev/null | trace-dump | records |
	awk '{ printf "%s %s %s %s %s\n", $5, $7, $8, $11, $15 }' | sort -k1,1n -k2,2 > "$T/raw.txt"
deps warps | sort -k1,1n -k2,2 > "$T/grouped.txt"
[ "$(wc -l < "$T/raw.txt")" -eq 5 ] && cmp -s "$T/raw.txt" "$T/grouped.txt"
ok $? "a raw trace, warps interleaved: the same 5 records, the same dependences"

# dep is capped at 63: warp 0 loads R2, stores 62 times (records 1 to
# 62), then its store at record 63 reads R2: dep 63 - 0 = 63.  Warp 1
# stores 63 times (records 1 to 63): record 64 reads R2, 64 back: 63.
pc=0
{ LDG R2 R10; i=0; while [ $i -lt 62 ]; do STG R12 R20; i=$((i + 1)); done
  STG R2 R20; EXIT; echo --
  LDG R2 R10; i=0; while [ $i -lt 63 ]; do STG R12 R20; i=$((i + 1)); done
  STG R2 R20; EXIT; } | kernel far
deps far > "$T/far.txt"
is "$(awk '$5 != "0"' "$T/far.txt")" "0 0x3f0 store 0 63@0
1 0x810 store 0 63@0" "dep 63 for 63 records back, and for 64 (the cap)"

# The last record of a warp (op none) tells its instructions' dependence:
# the IADD3 at position 1 reads R2 of the record before: 1@1.
pc=0
{ LDG R2 R10; ALU R3 MOV R20; ALU R4 IADD3 R2 R3; EXIT; } | kernel tail
is "$(deps tail)" "0 0x0 load 0 0
0 0x30 none 3 1@1" "the op-none record's dependence"

# Barriers: BAR.SYNC.DEFER_BLOCKING before the LDS sets the bit on its
# record; BAR.ARV, which waits for no one, does not; BAR.RED.POPC does,
# on the last record.  The LDS is a load (shared memory): the STS that
# stores its R2 waits, at 1 (after the BAR.ARV).
pc=0
{ printf '0000 00000001 0 BAR.SYNC.DEFER_BLOCKING 0 0 0\n'
  printf '0010 00000001 1 R2 LDS 1 R10 4 1 0x100 4 0\n'
  printf '0020 00000001 0 BAR.ARV 0 0 0\n'
  printf '0030 00000001 0 STS 2 R12 R2 4 1 0x200 4 0\n'
  printf '0040 00000001 1 R5 BAR.RED.POPC 1 R6 0 0\n'
  printf '0050 00000001 0 EXIT 0 0 0\n'; } | kernel bar
is "$(deps bar)" "0 0x10 load 1 0+bar
0 0x30 store 1 1@1
0 0x50 none 2 0+bar" "BAR.SYNC and BAR.RED set the barrier bit; BAR.ARV does not"

# Atomics with a result are loads; reductions write nothing; a memory
# instruction with no active lane makes no record, leaves nothing pending,
# but waits for what it names (the empty-mask LDG reads R2 of the ATOMG,
# record 0, at position 0 of record 2: 2@0).
pc=0
{ printf '0000 00000001 1 R2 ATOMG.E.ADD 2 R10 R11 4 1 0x1000 4 0\n'
  printf '0010 00000001 0 RED.E.ADD 2 R12 R13 4 1 0x1100 4 0\n'
  printf '0020 00000000 1 R4 LDG.E 1 R2 4 1 0x0 0 0\n'
  printf '0030 00000001 0 STG.E 2 R14 R4 4 1 0x2000 4 0\n'
  printf '0040 00000001 0 EXIT 0 0 0\n'; } | kernel atom
is "$(deps atom)" "0 0x0 atomic 0 0
0 0x10 atomic 0 0
0 0x30 store 1 2@0
0 0x40 none 1 0" "an atomic's result is waited for; an empty mask writes nothing"

# The stream: 4.1 from Accel-Sim traces, every record checked; trace-order
# passes the bits on (the deps column as it came) and says 4.1 too.
trace-gen -o "$T/newest.wt" "$T/newest.traceg"
like "$(trace-dump --header "$T/newest.wt")" "warptrace stream 4.1, 'warp' records" \
	"trace-gen of an Accel-Sim trace: stream 4.1"
trace-dump --check "$T/newest.wt" > /dev/null; ok $? "... its records pass the checks"
trace-order -o "$T/newest.o.wt" "$T/newest.wt"
like "$(trace-dump --header "$T/newest.o.wt")" "warptrace stream 4.1" "trace-order of it: 4.1"
is "$(trace-dump "$T/newest.o.wt" | records | awk '{ print $7, $15 }' | sort | tr '\n' ' ')" \
	"0x0 0 0x10 0 0x20 0 0x60 1@0 0x70 0 0x90 1@0 " "... the same dependences after trace-order"
is "$(trace-dump --format=jsonl "$T/newest.wt" | sed -n 4p | grep -o '"flags":[0-9]*,"cacheop":"[a-z]*","deps":"[^"]*"')" \
	'"flags":0,"cacheop":"default","deps":"1@0"' "JSON lines: deps a string, flags without them"
is "$(trace-gen "$T/bar.traceg" | trace-dump --format=csv | sed -n 2p | cut -d, -f13-15)" \
	"0,default,0+bar" "CSV: the deps column"

# A dump has no registers: no bit is set, the deps column says -, and the
# streams stay 4.0.
printf 'blocksize: 32 1 1\ngridsize: 1 1 1\nkernel: k\n0 0 0x100 4\n1 0 0x104 4\n' > "$T/k.trc"
trace-gen -o "$T/k.wt" "$T/k.trc"
trace-order -o "$T/k.o.wt" "$T/k.wt"
is "$(trace-dump "$T/k.o.wt" | records | awk '{ print $13, $15 }')" "1 -" \
	"a dump: no dependence bits (deps -)"
like "$(trace-dump --header "$T/k.o.wt")" "warptrace stream 4.0, 'warp' records" \
	"... and its warp stream stays 4.0"

done_testing
