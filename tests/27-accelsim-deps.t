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
# /cN for a chain N, +bar for a BAR among them, - where a record tells
# nothing.
#
# chain: each non-memory instruction of a record has a depth, 1 + the
# deepest register it reads that an earlier non-memory instruction of the
# same record wrote last (a register written before the record, or by a
# load, is of depth 0; RZ always); the record's chain is the deepest
# register its memory instruction reads (any source the line lists), at
# most 63; 0 for op none.
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
# store reads R8, the FADD's, pending from no load.  Chain: the MOVs are
# of depth 1 (R20-R22 come from before the record), the FADD reads R2
# (the load's: 0) and R7 (1): depth 2; the STG reads R12 (0) and R8: c2,
# of which the FADD single precision: [sp1].
pc=0
{ LDG R2 R10; ALU R5 MOV R20; ALU R6 MOV R21; ALU R7 MOV R22
  ALU R8 FADD R2 R7; STG R12 R8; EXIT; } | kernel later
is "$(deps later)" "0 0x0 load 0 0
0 0x50 store 4 1@3/c2[sp1]
0 0x60 none 1 0" "a load used by the fourth non-memory instruction: at 3"

# Overwritten before use: the MOV that writes R2 waits for its load first
# (a write of a pending register, as GPGPU-Sim's scoreboard checks its
# destinations too): record 1 (the LDG of R4 after it), dep 1 at 0.  The
# FADD then reads R2, the MOV's: no load's; record 2 waits for nothing,
# though R4 (record 1) is still pending: nothing reads it.  Chain: the
# FADD reads R2, which the MOV wrote in record 1, before record 2: depth
# 1; the STG reads its R6: c1, a single-precision one: [sp1].
pc=0
{ LDG R2 R10; ALU R2 MOV R20; LDG R4 R12; ALU R6 FADD R2 R2; STG R14 R6; EXIT; } | kernel over
is "$(deps over)" "0 0x0 load 0 0
0 0x20 load 1 1@0
0 0x40 store 1 0/c1[sp1]
0 0x50 none 1 0" "a register overwritten by an ALU instruction: no dependence for its use"

# Waiting for a load completes the earlier ones: record 3's first FADD
# (position 0) reads R4 of record 1: at 0, dep 3 - 1 = 2, and records 0
# and 1 are complete; the second reads R2 (record 0): nothing more; the
# third reads R6 of record 2: dep rises to 3 - 2 = 1, at stays 0.  A load
# that overwrites a pending register waits for it (record 4, R2 again...
# of record 0, complete: no wait) and owns it: record 5 reads R2 of
# record 4: dep 1, at 0.  Chain of record 3: the first two FADDs read
# loads' registers (0): depth 1 each, R8 and R9; the third reads R6 (0)
# and R9 (1): depth 2, into R9; the STG reads R16 (0) and R9: c2, both
# FADDs single precision: [sp2].  The
# op-none record 5: chain 0 (its MOV writes R3 at depth 1, but no memory
# instruction reads it).
pc=0
{ LDG R2 R10; LDG R4 R12; LDG R6 R14
  ALU R8 FADD R4 R4; ALU R9 FADD R2 R2; ALU R9 FADD R6 R9; STG R16 R9
  LDG R2 R18; ALU R3 MOV R2; EXIT; } | kernel newest
is "$(deps newest)" "0 0x0 load 0 0
0 0x10 load 0 0
0 0x20 load 0 0
0 0x60 store 3 1@0/c2[sp2]
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

# ---- chains ----
# An address computed in the record: the IADD3 reads R20 and R21, written
# before the record (0): depth 1, into R4; the IMAD reads R4 (1) and R22
# (0): depth 2, into R5; the LDG reads R5: c2.
pc=0
{ ALU R4 IADD3 R20 R21; ALU R5 IMAD R4 R22; LDG R6 R5; EXIT; } | kernel chain2
is "$(deps chain2)" "0 0x20 load 2 0/c2
0 0x30 none 1 0" "an address from IADD3 then IMAD: chain 2"

# An address from before the record: record 0's IADD3 writes R4 (depth 1
# there); its STG reads R12 and R20, neither written in record 0: 0.
# Record 1 starts afresh: its MOV writes R7 (depth 1), its LDG reads R4,
# written before record 1 began: c0, though R4 was of depth 1 in record 0.
pc=0
{ ALU R4 IADD3 R20 R21; STG R12 R20; ALU R7 MOV R22; LDG R8 R4; EXIT; } | kernel before
is "$(deps before)" "0 0x10 store 1 0
0 0x30 load 1 0
0 0x40 none 1 0" "an address written before the record: chain 0"

# A store's data from a chain of 3, its address from none: MOV R4 <- R20
# (1), IADD3 R5 <- R4 R21 (2), FMUL R6 <- R5 R5 (3); the STG reads R12
# (its address, 0) and R6 (its data, 3): c3, the FMUL single precision:
# [sp1].
pc=0
{ ALU R4 MOV R20; ALU R5 IADD3 R4 R21; ALU R6 FMUL R5 R5; STG R12 R6; EXIT; } |
	kernel data3
is "$(deps data3)" "0 0x30 store 3 0/c3[sp1]
0 0x40 none 1 0" "a store's data from a chain of 3: chain 3"

# A register written again takes its new writer's depth: MOV R4 (1),
# IADD3 R5 <- R4 R4 (2), IMAD R6 <- R5 R4 (3), then MOV R6 <- R21 (1):
# the LDG reads R6, the last MOV's: c1, not 3.
pc=0
{ ALU R4 MOV R20; ALU R5 IADD3 R4 R4; ALU R6 IMAD R5 R4; ALU R6 MOV R21
  LDG R7 R6; EXIT; } | kernel rewrite
is "$(deps rewrite)" "0 0x40 load 4 0/c1
0 0x50 none 1 0" "a register rewritten at depth 1 after depth 3: chain 1"

# Loads begin no chain: the memory instruction without active lane (a
# load, counted among the non-memory instructions) writes R4, which the
# MOV had at depth 1: R4 is of depth 0 now, and the LDG that reads it and
# R12 has c0.  Its IADD3 reads R4 too: depth 1, into R5, which nothing
# reads.
pc=0
{ ALU R4 MOV R20
  printf '0010 00000000 1 R4 LDG.E 1 R4 4 1 0x0 0 0\n'; pc=32
  ALU R5 IADD3 R4 R21; LDG R6 R4; EXIT; } | kernel emptyld
is "$(deps emptyld)" "0 0x30 load 3 0
0 0x40 none 1 0" "a load without active lane writes depth 0: chain 0"

# The cap: warp 0 runs MOV R4 <- R20 (1) then 63 IADD3 R4 <- R4 R21
# (2 to 64): its LDG reads R4, of depth 64: c63, the cap.  Warp 1 runs
# the MOV and 61 of them (depth 62): c62, one below it.  icount: 64, 62.
pc=0
{ ALU R4 MOV R20; i=0; while [ $i -lt 63 ]; do ALU R4 IADD3 R4 R21; i=$((i + 1)); done
  LDG R5 R4; EXIT; echo --
  ALU R4 MOV R20; i=0; while [ $i -lt 61 ]; do ALU R4 IADD3 R4 R21; i=$((i + 1)); done
  LDG R5 R4; EXIT; } | kernel cap
is "$(deps cap)" "0 0x400 load 64 0/c63
0 0x410 none 1 0
1 0x800 load 62 0/c62
1 0x810 none 1 0" "chain capped at 63 (a run of 64), 62 below the cap"

# The op-none record has no memory instruction: chain 0, though its MOV
# and IADD3 make a run of 2 (R4, then R5).
pc=0
{ LDG R2 R10; ALU R4 MOV R20; ALU R5 IADD3 R4 R21; EXIT; } | kernel nonechain
is "$(deps nonechain)" "0 0x0 load 0 0
0 0x30 none 3 0" "the op-none record: chain 0"

# The column with a chain and a barrier: BAR.SYNC (no register), MOV R4
# <- R20 (1), the STS stores R4 at R12: c1, shown after dep, before +bar.
pc=0
{ printf '0000 00000001 0 BAR.SYNC 0 0 0\n'; pc=16
  ALU R4 MOV R20; printf '0020 00000001 0 STS 2 R12 R4 4 1 0x200 4 0\n'; pc=48
  EXIT; } | kernel barchain
is "$(deps barchain)" "0 0x20 store 2 0/c1+bar
0 0x30 none 1 0" "deps column: chain, then +bar"

# at is capped at 1023: after the LDG of R2, 1100 MOVs (positions 0 to
# 1099), then the FADD at position 1100 reads R2: at 1100, shown 1023;
# dep 1.  The MOVs write R5 (depth 1) but the FADD reads only R2 (the
# load's, 0): depth 1, into R6, which the STG reads: c1[sp1].  icount
# 1101.
pc=0
{ LDG R2 R10; i=0; while [ $i -lt 1100 ]; do ALU R5 MOV R20; i=$((i + 1)); done
  ALU R6 FADD R2 R2; STG R12 R6; EXIT; } | kernel atcap
is "$(deps atcap | awk '$3 == "store"')" "0 0x44e0 store 1101 1@1023/c1[sp1]" \
	"at capped at 1023 (1100 instructions before the first that waits)"
trace-gen -o "$T/atcap.wt" "$T/atcap.traceg" 2>/dev/null &&
	trace-dump --check "$T/atcap.wt" > /dev/null
ok $? "... and the stream passes the checks"

# Chains belong to each warp: in a raw trace, warp 0's IADD3 writes R5
# (depth 1) between warp 1's lines; warp 1's LDG reads R5, written by no
# instruction of its own: c0.  Warp 0's LDG reads it: c1.
{ sed -n '/^-/p' "$T/chain2.traceg" | sed 's/(32,1,1)/(64,1,1)/'; echo
  printf '0 0 0 1 0000 00000001 1 R6 MOV 1 R20 0 0\n'
  printf '0 0 0 0 0000 00000001 1 R5 IADD3 2 R20 R21 0 0\n'
  printf '0 0 0 1 0010 00000001 1 R7 LDG.E 1 R5 4 1 0x1000 4 0\n'
  printf '0 0 0 0 0010 00000001 1 R7 LDG.E 1 R5 4 1 0x1000 4 0\n'; } > "$T/rawchain.trace"
is "$(trace-gen "$T/rawchain.trace" 2>/dev/null | trace-dump | records |
	awk '$8 == "load" { printf "%s %s\n", $5, $15 }' | sort)" "0 0/c1
1 0" "a raw trace: each warp's own chain"

# The chain's classes (record.h's classes byte): its instructions that
# are not integer ones, by class.  MUFU.RCP R4 <- R20 (depth 1, sfu 1),
# FMUL R5 <- R4 R4 (2, sp 1 and sfu 1); the STG's data R5: c2[sp1,sfu1].
pc=0
{ ALU R4 MUFU.RCP R20; ALU R5 FMUL R4 R4; STG R12 R5; EXIT; } | kernel sfu
is "$(deps sfu | head -n 1)" "0 0x20 store 2 0/c2[sp1,sfu1]" \
	"classes: MUFU then FMUL, c2[sp1,sfu1]"
# Of two runs as deep, the slower: IADD3 R4 (1, integer), MUFU R5 (1,
# sfu 1); the IMAD reads both (either order): depth 2 from the MUFU's run,
# c2[sfu1] for the LDG that reads R6.
pc=0
{ ALU R4 IADD3 R20 R21; ALU R5 MUFU.EX2 R22; ALU R6 IMAD R4 R5 R23; LDG R8 R6; EXIT; } |
	kernel tie1
pc=0
{ ALU R4 IADD3 R20 R21; ALU R5 MUFU.EX2 R22; ALU R6 IMAD R5 R4 R23; LDG R8 R6; EXIT; } |
	kernel tie2
is "$(deps tie1 | head -n 1) $(deps tie2 | head -n 1)" \
	"0 0x30 load 3 0/c2[sfu1] 0 0x30 load 3 0/c2[sfu1]" \
	"classes: of two runs as deep the slower (SFU), whatever the source order"
# A longer run of integer instructions beats a slower shorter one: MUFU R5
# (1), then MOV R4, IADD3 R4, IADD3 R4 (1, 2, 3); the IMAD reads R4 (3)
# and R5 (1): depth 4, integer only: c4.
pc=0
{ ALU R5 MUFU.RSQ R22; ALU R4 MOV R20; ALU R4 IADD3 R4 R21; ALU R4 IADD3 R4 R21
  ALU R6 IMAD R4 R5 R23; LDG R8 R6; EXIT; } | kernel deeper
is "$(deps deeper | head -n 1)" "0 0x50 load 5 0/c4" \
	"classes: the deeper run counts, integer only: c4"
# Counts stop at 3: five DFMAs in a run, then a DADD, an HMMA and the
# STG of its result: depth 7, dp 3 (of 6), tensor 1.
pc=0
{ ALU R4 DFMA R20 R20 R20; ALU R4 DFMA R4 R4 R4; ALU R4 DFMA R4 R4 R4
  ALU R4 DFMA R4 R4 R4; ALU R4 DFMA R4 R4 R4; ALU R4 DADD R4 R4
  ALU R6 HMMA.1688.F32 R4 R4 R4; STG R12 R6; EXIT; } | kernel dp
is "$(deps dp | head -n 1)" "0 0x70 store 7 0/c7[dp3,tensor1]" \
	"classes: a count stops at 3; DFMA/DADD double, HMMA tensor"
trace-gen -o "$T/dp.wt" "$T/dp.traceg" 2>/dev/null &&
	trace-dump --check "$T/dp.wt" > /dev/null
ok $? "... and the stream passes the checks"

# The stream: 4.2 from Accel-Sim traces, every record checked; trace-order
# passes the bits on (the deps column as it came) and says 4.2 too.
trace-gen -o "$T/newest.wt" "$T/newest.traceg"
like "$(trace-dump --header "$T/newest.wt")" "warptrace stream 4.2, 'warp' records" \
	"trace-gen of an Accel-Sim trace: stream 4.2"
trace-dump --check "$T/newest.wt" > /dev/null; ok $? "... its records pass the checks"
trace-order -o "$T/newest.o.wt" "$T/newest.wt"
like "$(trace-dump --header "$T/newest.o.wt")" "warptrace stream 4.2" "trace-order of it: 4.2"
is "$(trace-dump "$T/newest.o.wt" | records | awk '{ print $7, $15 }' | sort | tr '\n' ' ')" \
	"0x0 0 0x10 0 0x20 0 0x60 1@0/c2[sp2] 0x70 0 0x90 1@0 " "... the same dependences after trace-order"
is "$(trace-dump --format=jsonl "$T/newest.wt" | sed -n 4p | grep -o '"flags":[0-9]*,"cacheop":"[a-z]*","deps":"[^"]*"')" \
	'"flags":0,"cacheop":"default","deps":"1@0/c2[sp2]"' "JSON lines: deps a string, flags without them"
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
