/*
 * test-accelsim.c - the Accel-Sim trace reader: every line form, the three
 * address modes with 1, 2, 31 and 32 active lanes, the exact base+delta
 * boundary, opcode classes and widths, and malformed files named by file
 * and line.
 */
#include "asfile.h"
#include "asline.h"
#include "util.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static const struct wt_as_layout plain = { 0, 0, 0, 0, 0 };
static const struct wt_as_layout with_imm = { 0, 0, 0, 1, 0 };

/* Parse a copy of line; returns 0 or -1, the reason in why. */
static int parse(const char *line, const struct wt_as_layout *lay,
		 struct wt_as_inst *in, char *why, size_t n)
{
	char buf[4096];

	snprintf(buf, sizeof(buf), "%s", line);
	return wt_as_parse(buf, lay, in, why, n);
}

/* The address fields of a memory line for mask in mode, lanes at
 * base + 4 * lane * k (k = 1: consecutive words). */
static void fields(char *out, size_t n, uint32_t mask, int mode, uint64_t base,
		   int k)
{
	size_t len = 0;
	uint64_t prev = 0;
	int first = 1;

	if (mode == WT_AS_STRIDE) {
		snprintf(out, n, "1 0x%llx %d", (unsigned long long)(base +
			 4u * k * __builtin_ctz(mask)), 4 * k);
		return;
	}
	len += (size_t)snprintf(out, n, "%d", mode);
	for (int l = 0; l < 32; l++) {
		uint64_t a = base + 4u * k * l;

		if (!(mask >> l & 1))
			continue;
		if (mode == WT_AS_LIST || first)
			len += (size_t)snprintf(out + len, n - len, " 0x%llx",
						(unsigned long long)a);
		else
			len += (size_t)snprintf(out + len, n - len, " %lld",
						(long long)(a - prev));
		prev = a;
		first = 0;
	}
}

static void modes(void)
{
	static const char *const names[] = { "list", "base+stride", "base+delta" };
	/* 1, 2, 31 and 32 active lanes; stride needs consecutive lanes. */
	static const uint32_t masks[] = {
		0x00000001, 0x80000000, 0x00000003, 0x00000005,
		0x7fffffff, 0xfffffffe, 0xffffffff
	};

	for (int mode = 0; mode < 3; mode++) {
		for (size_t m = 0; m < sizeof(masks) / sizeof(masks[0]); m++) {
			uint32_t mask = masks[m];
			int lanes = __builtin_popcount(mask), good = 1;
			char line[2048], addr[1800], why[512];
			struct wt_as_inst in;

			if (mode == WT_AS_STRIDE && mask == 0x5)
				continue;
			fields(addr, sizeof(addr), mask, mode, 0x7f0000001000ull, 3);
			snprintf(line, sizeof(line), "0100 %08x 1 R1 LDG.E 1 R2 4 %s",
				 mask, addr);
			if (parse(line, &plain, &in, why, sizeof(why)) < 0) {
				ok(0, "%s, %d lanes (mask %08x): %s", names[mode], lanes,
				   mask, why);
				continue;
			}
			for (int l = 0; l < 32; l++)
				if (in.addr[l] != (mask >> l & 1 ? 0x7f0000001000ull +
						   12u * l : 0))
					good = 0;
			ok(good && in.mask == mask && in.mode == mode &&
			   in.mem_width == 4 && in.pc == 0x100,
			   "%s, %d lane%s (mask %08x): every lane's address", names[mode],
			   lanes, lanes == 1 ? "" : "s", mask);
			/* One field more, and (but for one lane) one fewer. */
			snprintf(line, sizeof(line), "0100 %08x 1 R1 LDG.E 1 R2 4 %s 8",
				 mask, addr);
			ok(parse(line, &plain, &in, why, sizeof(why)) < 0,
			   "%s, %d lanes: one field too many is an error (%s)",
			   names[mode], lanes, why);
			if (mode != WT_AS_STRIDE && lanes > 1) {
				*strrchr(addr, ' ') = '\0';
				snprintf(line, sizeof(line), "0100 %08x 1 R1 LDG.E 1 R2 "
					 "4 %s", mask, addr);
				ok(parse(line, &plain, &in, why, sizeof(why)) < 0,
				   "%s, %d lanes: one field too few is an error (%s)",
				   names[mode], lanes, why);
			}
		}
	}
}

static void delta_boundary(void)
{
	struct wt_as_inst in;
	char why[512];

	/* Three lanes: two deltas, each from the lane before. */
	is_u64(parse("0 00000007 0 STG.E 0 4 2 0x1000 16 -8", &plain, &in, why,
		     sizeof(why)), 0, "base+delta: exactly popcount-1 deltas");
	ok(in.addr[0] == 0x1000 && in.addr[1] == 0x1010 && in.addr[2] == 0x1008,
	   "base+delta: each delta from the previous active lane");
	is_u64(parse("0 00000007 0 STG.E 0 4 2 0x1000 16 -8 0", &plain, &in, why,
		     sizeof(why)), (uint64_t)-1,
	       "base+delta: popcount deltas (Accel-Sim's reading) is an error");
	like(why, "mask 00000007 has 3 active lanes: expected 2 deltas after the "
	     "base address, got 3 fields", "... which says how many were expected");
	is_u64(parse("0 00000007 0 STG.E 0 4 2 0x1000 16", &plain, &in, why,
		     sizeof(why)), (uint64_t)-1, "base+delta: a missing delta is an error");
	like(why, "expected 2 deltas after the base address, got 1 field",
	     "... named as such");
	/* With the immediate column, the same count plus one. */
	is_u64(parse("0 00000007 0 STG.E 0 4 2 0x1000 16 -8 7", &with_imm, &in, why,
		     sizeof(why)), 0, "base+delta then the immediate (version 5)");
	ok(in.addr[2] == 0x1008, "... the immediate is not read as a delta");
	is_u64(parse("0 00000007 0 STG.E 0 4 2 0x1000 16 7", &with_imm, &in, why,
		     sizeof(why)), (uint64_t)-1,
	       "version 5: a missing delta is an error, not an immediate");
	like(why, "expected 2 deltas and the immediate after the base address, "
	     "got 2 fields", "... named as such");
	is_u64(parse("0 00000000 0 STG.E 0 4 2 0x0", &plain, &in, why, sizeof(why)),
	       0, "base+delta with no active lane: no delta");
	is_u64(parse("0 ffffffff 0 STG.E 0 4 2 0xfffffffffffffff0 16", &plain, &in,
		     why, sizeof(why)), (uint64_t)-1, "32 lanes need 31 deltas");
	is_u64(parse("0 00000003 0 STG.E 0 4 2 0x10 -32", &plain, &in, why,
		     sizeof(why)), 0, "negative deltas");
	ok(in.addr[1] == (uint64_t)0x10 - 32, "... wrap as 64-bit addresses do");
}

static void line_forms(void)
{
	struct wt_as_layout raw = { 1, 0, 0, 0, 0 }, cluster = { 1, 1, 0, 1, 0 };
	struct wt_as_layout lineinfo = { 0, 0, 1, 0, 0 };
	struct wt_as_inst in;
	char why[512];

	is_u64(parse("0008 ffffffff 1 R1 MOV 0 0 ", &plain, &in, why, sizeof(why)),
	       0, "non-memory line, trailing blank (versions 3 and 4)");
	ok(in.mem_width == 0 && in.pc == 8 && !strcmp(in.opcode, "MOV"),
	   "... its PC and opcode");
	is_u64(parse("0008 ffffffff 1 R1 MOV 0 0 4096", &with_imm, &in, why,
		     sizeof(why)), 0, "non-memory line with an immediate (version 5)");
	is_u64(parse("0008 ffffffff 1 R1 MOV 0 0 4096", &plain, &in, why,
		     sizeof(why)), (uint64_t)-1, "an immediate where the version has none");
	like(why, "unexpected field '4096' after the memory width (this tracer "
	     "version writes no immediate)", "... says so");
	is_u64(parse("0008 ffffffff 1 R1 MOV 0 0", &with_imm, &in, why, sizeof(why)),
	       (uint64_t)-1, "no immediate where the version has one");
	like(why, "line ends before its immediate", "... says so");
	is_u64(parse("31 0 2 3 0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0", &raw,
		     &in, why, sizeof(why)), 0, "raw line: CTA and warp first");
	ok(in.cta[0] == 31 && in.cta[1] == 0 && in.cta[2] == 2 && in.warp == 3,
	   "... CTA (31,0,2), warp 3");
	is_u64(parse("1 0 0 2 1 0 0 1 0 0 3 00f0 0000ffff 0 STG.E 2 R2 R3 4 1 "
		     "0x100 4 0", &cluster, &in, why, sizeof(why)), 0,
	       "raw line with cluster fields and an immediate");
	ok(in.warp == 2 && in.pc == 0xf0 && in.addr[15] == 0x13c,
	   "... read past the cluster fields");
	is_u64(parse("57 0010 ffffffff 1 R4 LDG.E.64 1 R2 8 1 0x200 8", &lineinfo,
		     &in, why, sizeof(why)), 0, "a source line number first");
	ok(in.pc == 0x10 && in.mem_width == 8, "... then the PC");
	is_u64(parse("0010 ffffffff 2 R4 UR5 LDG.E 0 4 0 0x100 0x104 0x108 0x10c "
		     "0x110 0x114 0x118 0x11c 0x120 0x124 0x128 0x12c 0x130 0x134 "
		     "0x138 0x13c 0x140 0x144 0x148 0x14c 0x150 0x154 0x158 0x15c "
		     "0x160 0x164 0x168 0x16c 0x170 0x174 0x178 0x17c", &plain, &in,
		     why, sizeof(why)), 0, "two destination registers, uniform too");
	is_u64(parse("0 ffffffff 0 UTMALDG.2D 2 R2 R3 128 4 5 0x1 0x2", &plain, &in,
		     why, sizeof(why)), 0, "a TMA operand is passed over");
	ok(in.skipped, "... and marked so");
	ok(wt_as_raw_has_cluster("0 0 0 0 0 0 0 0 0 0 0 0000 ffffffff 0 EXIT 0 0", 0) &&
	   !wt_as_raw_has_cluster("0 0 0 0 0000 ffffffff 0 EXIT 0 0", 0) &&
	   !wt_as_raw_has_cluster("0 0 0 0 12 0000 00000000 0 EXIT 0 0", 1),
	   "cluster fields told by where the 8-digit mask is");
}

static void malformed(void)
{
	static const struct { const char *line, *want; } bad[] = {
		{ "zz ffffffff 0 EXIT 0 0", "PC 'zz': not a hexadecimal number" },
		{ "0 1ffffffff 0 EXIT 0 0", "mask '1ffffffff': larger than 0xffffffff" },
		{ "0 ffffffff x EXIT 0 0", "destination count 'x': not a decimal number" },
		{ "0 ffffffff 1 X1 MOV 0 0", "destination register 'X1': expected a "
		  "register such as R12" },
		{ "0 ffffffff 0 ld.e 0 0", "opcode 'ld.e': expected a SASS mnemonic" },
		{ "0 ffffffff 0 MOV 17 0", "source count '17': larger than 16" },
		{ "0 ffffffff 0 MOV 0", "line ends before its memory width" },
		{ "0 ffffffff 0 LDG.E 0 4", "line ends before its address mode" },
		{ "0 ffffffff 0 LDG.E 0 4 3 0x0", "address mode '3': expected 0 (list), "
		  "1 (base+stride) or 2 (base+delta)" },
		{ "0 ffffffff 0 LDG.E 0 4 1 0x0", "line ends before its stride" },
		{ "0 00000005 0 LDG.E 0 4 1 0x0 4", "base+stride: the active lanes of "
		  "mask 00000005 are not consecutive" },
		{ "0 00000003 0 LDG.E 0 4 1 0x0 4x", "stride '4x': not a decimal number" },
		{ "0 00000003 0 LDG.E 0 4 2 0x0 99999999999999999999",
		  "delta '99999999999999999999': out of the 64-bit range" },
		{ "0 00000001 0 LDG.E 0 4 0 0xg", "address '0xg': not a hexadecimal" },
		{ "0 00000003 0 LDG.E 0 4 0 0x10", "list: mask 00000003 has 2 active "
		  "lanes: expected 2 addresses, got 1 field" },
	};
	struct wt_as_inst in;
	char why[512];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int r = parse(bad[i].line, &plain, &in, why, sizeof(why));

		ok(r < 0, "malformed: %s", bad[i].line);
		like(why, bad[i].want, "... %s", bad[i].want);
	}
}

static void classes(void)
{
	static const struct { const char *op; int kind; unsigned o; } c[] = {
		{ "LDG.E.128.CONSTANT.SYS", WT_AS_GLOBAL, 0 },
		{ "STG.E.64", WT_AS_GLOBAL, 1 },
		{ "LD.E", WT_AS_GENERIC, 0 }, { "ST.E.U8", WT_AS_GENERIC, 1 },
		{ "ATOM.E.ADD", WT_AS_GENERIC, 2 }, { "RED.E.ADD", WT_AS_GENERIC, 2 },
		{ "ATOMG.E.CAS", WT_AS_GLOBAL, 2 }, { "ATOMS.ADD", WT_AS_SHARED, 2 },
		{ "LDS.U.32", WT_AS_SHARED, 0 }, { "STS.128", WT_AS_SHARED, 1 },
		{ "LDSM.16.M88.4", WT_AS_SHARED, 0 },
		{ "LDL.64", WT_AS_LOCAL, 0 }, { "STL", WT_AS_LOCAL, 1 },
		{ "LDC.64", WT_AS_CONST, 0 }, { "ULDC", WT_AS_CONST, 0 },
		{ "TEX.SCR.LL", WT_AS_TEXTURE, 0 }, { "TLD4.R", WT_AS_TEXTURE, 0 },
		{ "TXQ", WT_AS_TEXTURE, 0 }, { "TLD.B.LZ", WT_AS_TEXTURE, 0 },
		{ "LDGSTS.E.BYPASS.128", WT_AS_GLOBAL, 0 },
		{ "LDGDEPBAR", WT_AS_NONMEM, 0 }, { "LDSX", WT_AS_NONMEM, 0 },
		{ "MOV", WT_AS_NONMEM, 0 }, { "UTMALDG.2D", WT_AS_TMA, 0 },
	};
	static const struct { const char *op; unsigned w; } widths[] = {
		{ "LDG.E.U8", 1 }, { "LDG.E.S8", 1 }, { "ST.E.8", 1 },
		{ "LDG.E.U16", 2 }, { "STS.S16", 2 }, { "LDS.16", 2 },
		{ "LDG.E", 4 }, { "ATOM.E.ADD.F32.FTZ.RN", 4 }, { "STG.E.64", 8 },
		{ "LDS.U.128", 16 }, { "LDG.E.128.CONSTANT.SYS", 16 },
		{ "LDGSTS.E.BYPASS.LTC128B.128", 16 },
	};
	struct wt_as_class cls;

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		wt_as_classify(c[i].op, &cls);
		ok((int)cls.kind == c[i].kind && (cls.kind == WT_AS_NONMEM ||
						 cls.kind == WT_AS_TMA ||
						 cls.op == c[i].o),
		   "class of %s", c[i].op);
	}
	wt_as_classify("LDGSTS.E", &cls);
	ok(cls.ldgsts, "LDGSTS is marked");
	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++)
		is_u64(wt_as_opcode_width(widths[i].op), widths[i].w, "width of %s",
		       widths[i].op);
}

/* Read a whole kernel file from text; the error, or "" and the records. */
static const char *file(const char *text, int *records)
{
	static char err[1100];
	struct wt_asf *f = wt_asf_open_mem("k.traceg", text, strlen(text));
	struct wt_warp *rec = wt_calloc(1, sizeof(*rec) + 8 * 32);
	int r = wt_asf_begin(f);

	*records = 0;
	while (r == 0 && (r = wt_asf_next(f, rec)) > 0) {
		++*records;
		r = 0;
	}
	snprintf(err, sizeof(err), "%s", r < 0 ? wt_asf_error(f) : "");
	wt_asf_close(f);
	free(rec);
	return err;
}

#define HDR "-kernel name = k\n-grid dim = (2,1,1)\n-block dim = (40,1,1)\n"

static void files(void)
{
	static const struct { const char *text, *want; } bad[] = {
		{ "-block dim = (32,1,1)\n#BEGIN_TB\n", "k.traceg:2: no '-grid dim" },
		{ "-grid dim = (1,1)\n", "k.traceg:1: grid dim: expected three numbers" },
		{ "-grid dim = 1,1,1\n", "k.traceg:1: grid dim '1,1,1': expected (X,Y,Z)" },
		{ "-grid dim = (0,1,1)\n", "dimension 0 is 0" },
		{ "-shmem = 1\n-shmem = 2\n", "k.traceg:2: header 'shmem' given twice" },
		{ "-nregs x\n", "k.traceg:1: header line without '='" },
		{ HDR "#BEGIN_TB\nwarp = 0\n", "k.traceg:5: warp before the 'thread block" },
		{ HDR "#BEGIN_TB\nthread block = 2,0,0\n", "k.traceg:5: thread block "
		  "(2,0,0) lies outside the grid (2,1,1)" },
		{ HDR "#BEGIN_TB\nthread block = 0,0,0\nwarp = 2\n", "k.traceg:6: warp 2: "
		  "a CTA of 40 threads has 2 warps (0 to 1)" },
		{ HDR "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 ffffffff 0 EXIT 0 0\n",
		  "k.traceg:7: instruction before the 'insts = N' line" },
		{ HDR "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
		  "0 ffffffff 0 EXIT 0 0\n#END_TB\n", "k.traceg:9: 'insts = 2' at line 7, "
		  "but 1 instruction line follows" },
		{ HDR "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 0\n"
		  "0 ffffffff 0 EXIT 0 0\n", "k.traceg:8: more instruction lines than" },
		{ HDR "#BEGIN_TB\nthread block = 0,0,0\nwarp = 1\ninsts = 1\n"
		  "0 0001ffff 0 EXIT 0 0\n", "k.traceg:8: mask 0001ffff: warp 1 has only "
		  "8 threads" },
		{ HDR "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 0\nwarp = 0\n",
		  "k.traceg:8: warp 0 of thread block (0,0,0) appears twice" },
		{ HDR "#BEGIN_TB\nthread block = 0,0,0\n", "k.traceg:5: the file ends "
		  "inside the thread block begun at line 4" },
		{ HDR "#BEGIN_TB\n#BEGIN_TB\n", "k.traceg:5: #BEGIN_TB inside the thread "
		  "block begun at line 4" },
		{ HDR "0 ffffffff 0 EXIT 0 0\n", "k.traceg:4: thread block y 'ffffffff': "
		  "not a decimal number" },
		{ HDR "0 0 0 0 0 ffffffff 0 EXIT 0 0\n#BEGIN_TB\n", "k.traceg:5: #BEGIN_TB "
		  "in a raw trace" },
		{ HDR "0 0 0 0 0 ffffffff 0 LDGSTS.E 0 4 1 0x0 4\n"
		  "0 0 0 0 0 ffffffff 0 EXIT 0 0\n", "k.traceg:5: EXIT after only one of "
		  "the two lines of the LDGSTS at PC 0000" },
		{ HDR "0 0 0 0 0 ffffffff 0 LDGSTS.E 0 4 1 0x0 4\n", "k.traceg:4: the file "
		  "ends after only one of the two lines of the LDGSTS" },
		{ HDR "0 0 0 0 0 ffffffff 0 EXIT 0 0\n-shmem = 0\n", "k.traceg:5: header "
		  "line after the first instruction" },
		{ HDR "0 0 0 0 0 00000001 0 LDG.E 0 4 1 0xfffffffffffffffe 0\n",
		  "k.traceg:4: lane 0: access of 4 bytes at 0xfffffffffffffffe wraps" },
		{ HDR "thread block = 0,0,0\n", "k.traceg:4: 'thread block' line outside "
		  "a thread block (expected #BEGIN_TB first)" },
	};
	int n;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		like(file(bad[i].text, &n), bad[i].want, "bad file %zu: %s", i,
		     bad[i].want);
	is_str(file(HDR "#BEGIN_TB\nthread block = 1,0,0\ncluster id = 0,0,0\n"
		    "warp = 1\ninsts = 2\n0 000000ff 0 LDG.E 0 4 1 0x40 4\n"
		    "0 00000000 0 LDG.E 0 4 1 0x0 0\n#END_TB\n", &n), "",
	       "a grouped kernel with cluster lines");
	is_u64((uint64_t)n, 2, "... an empty mask makes no memory record, but "
	       "counts in the warp's last (op none)");
	is_str(file(HDR "\n# a comment\n1 0 0 0 0 ffffffff 0 LDGSTS.E 0 4 1 0x0 4\n"
		    "1 0 0 0 0 00ffffff 0 LDGSTS.E 0 4 1 0x100 4\n", &n), "",
	       "a raw kernel with an LDGSTS pair");
	is_u64((uint64_t)n, 1, "... one record for the pair");
	is_str(file(HDR, &n), "", "a header without instructions");
	is_u64((uint64_t)n, 0, "... no record");
}

/* The records of a kernel: op, space, instr, icount and size of each. */
static void records(void)
{
	const char *text =
		"-grid dim = (1,1,1)\n-block dim = (64,1,1)\n"
		"-shmem base_addr = 0x7f0000000000\n"
		"-local mem base_addr = 0x7f0002000000\n"
		"-accelsim tracer version = 5\n"
		"0 0 0 1 0000 ffffffff 0 MOV 0 0 0\n"
		"0 0 0 1 0010 ffffffff 0 MOV 0 0 0\n"
		"0 0 0 1 0020 ffffffff 0 LD.E 0 4 1 0x7f0000000010 4 0\n"
		"0 0 0 0 0030 00000003 0 ST.E.64 0 8 1 0x7f0002000000 8 0\n"
		"0 0 0 1 0040 00000000 0 LDG.E 0 4 1 0x0 0 0\n"
		"0 0 0 1 0050 00000001 0 RED.E.ADD 0 4 2 0x7f0001000000 0\n"
		"0 0 0 1 0060 ffffffff 0 EXIT 0 0 0\n";
	struct wt_asf *f = wt_asf_open_mem("r.trace", text, strlen(text));
	struct wt_warp *r = wt_calloc(1, sizeof(*r) + 8 * 32);
	const struct wt_asf_stats *st;
	char why[160];

	is_u64((uint64_t)wt_asf_begin(f), 0, "raw kernel: header");
	is_u64((uint64_t)wt_asf_next(f, r), 1, "first record");
	ok(r->warp == 1 && r->instr == 0 && r->icount == 2 && r->op == WT_OP_LOAD &&
	   r->space == WT_SPACE_SHARED && r->size == 4 && r->lanes == 32 &&
	   r->time == 0 && r->sm == 0 && r->mask == 0xffffffff,
	   "generic load in the shared window: shared, after 2 instructions");
	is_u64((uint64_t)wt_asf_next(f, r), 1, "second record");
	ok(r->warp == 0 && r->instr == 0 && r->space == WT_SPACE_LOCAL &&
	   r->size == 8 && r->op == WT_OP_STORE && r->addr[1] == 0x7f0002000008,
	   "generic store in the local window: local, 8 bytes");
	is_u64((uint64_t)wt_asf_next(f, r), 1, "third record");
	ok(r->warp == 1 && r->instr == 1 && r->icount == 1 &&
	   r->op == WT_OP_ATOMIC && r->space == WT_SPACE_GLOBAL &&
	   r->flags == (WT_COP_FLAGS(WT_COP_DEFAULT) | WT_WARP_DEPS),
	   "the empty mask counts as an instruction; between the windows is global");
	is_u64((uint64_t)wt_asf_next(f, r), 1, "a fourth record, at the end");
	ok(r->warp == 1 && r->cta == 0 && r->instr == 2 && r->icount == 1 &&
	   r->op == WT_OP_NONE && r->mask == 0 && r->size == 1 &&
	   r->flags == (WT_WARP_LAST | WT_WARP_DEPS) && r->pc == 0x60 &&
	   r->lanes == 32 &&
	   wt_record_check(WT_KIND_WARP, 32, r, why, sizeof(why)) == 0,
	   "warp 1's EXIT: its last record, of op none, at the end of a raw file");
	is_u64((uint64_t)wt_asf_next(f, r), 0, "end (warp 0 ends with its store)");
	st = wt_asf_stats(f);
	ok(st->instructions == 7 && st->records == 3 && st->empty_masks == 1 &&
	   st->trailing == 1 && st->tails == 1 && st->warps == 2 && st->ctas == 1 &&
	   !st->traceg, "statistics");
	wt_asf_close(f);
	free(r);
}

static void cacheops(void)
{
	static const struct { const char *op; unsigned cop; } c[] = {
		{ "LDG.E", WT_COP_DEFAULT }, { "LDG.E.SYS", WT_COP_DEFAULT },
		{ "LDG.E.64.SYS", WT_COP_DEFAULT }, { "STG.E.WEAK.GPU", WT_COP_DEFAULT },
		{ "LDG.E.CA", WT_COP_CA }, { "LDG.E.CG", WT_COP_CG },
		{ "LDG.E.CS", WT_COP_CS }, { "LDG.E.EF", WT_COP_CS },
		{ "LDG.E.LU.64", WT_COP_LU }, { "LDG.E.EL", WT_COP_EL },
		{ "LDG.E.NA.128", WT_COP_NA }, { "LD.E.CV", WT_COP_CV },
		{ "LDG.E.STRONG.GPU", WT_COP_STRONG_GPU },
		{ "LD.E.64.STRONG.SYS", WT_COP_STRONG_SYS },
		{ "LDG.E.STRONG.SM", WT_COP_DEFAULT }, { "LDG.E.STRONG.CTA", WT_COP_DEFAULT },
		{ "LDG.E.128.CONSTANT.SYS", WT_COP_NC }, { "LDG.E.CI", WT_COP_NC },
		{ "LDG.E.NC.U8", WT_COP_NC }, { "STG.E.WB", WT_COP_WB },
		{ "STG.E.WT", WT_COP_WT }, { "LDGSTS.E.BYPASS.LTC128B.128", WT_COP_CG },
		{ "LDGSTS.E.LTC128B", WT_COP_DEFAULT }, { "LDG.E.CGX", WT_COP_DEFAULT },
		{ "CG", WT_COP_DEFAULT }, { "LDS.U.32", WT_COP_DEFAULT },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		is_u64(wt_as_cacheop(c[i].op), c[i].cop, "cache operator of %s: %s",
		       c[i].op, wt_cacheop_name(c[i].cop));
}

/* Tracers before version 4: addresses of lanes predicated off. */
/* The registers a line lists, for the dependences (trace-gen(1),
 * Register dependences): R0 to R255 by number, uniform registers and
 * numbers past 255 as none; and which opcodes are CTA barriers. */
static void registers(void)
{
	struct wt_as_inst in;
	char why[512];

	is_u64(parse("0010 ffffffff 1 R7 ATOMG.E.ADD 2 R4 R255 4 1 0x1000 4",
		     &plain, &in, why, sizeof(why)), 0, "registers: an atomic line");
	ok(in.ndst == 1 && in.dst[0] == 7 && in.nsrc == 2 && in.src[0] == 4 &&
	   in.src[1] == WT_AS_RZ && WT_AS_RZ == 255,
	   "registers: destination R7, sources R4 and RZ (255)");
	is_u64(parse("0010 ffffffff 2 UR4 R0 IMAD 3 R256 R0012 UR9 0", &plain, &in,
		     why, sizeof(why)), 0, "registers: uniform and out-of-range ones parse");
	ok(in.ndst == 2 && in.dst[0] == WT_AS_NOREG && in.dst[1] == 0 &&
	   in.nsrc == 3 && in.src[0] == WT_AS_NOREG && in.src[1] == 12 &&
	   in.src[2] == WT_AS_NOREG,
	   "registers: UR4, R256 and UR9 are none; R0012 is R12");
	is_u64(parse("0010 ffffffff 0 EXIT 0 0", &plain, &in, why, sizeof(why)), 0,
	       "registers: a line without");
	ok(in.ndst == 0 && in.nsrc == 0, "registers: ... none");
	ok(wt_as_is_barrier("BAR.SYNC") && wt_as_is_barrier("BAR.SYNC.DEFER_BLOCKING") &&
	   wt_as_is_barrier("BAR.RED.POPC") && wt_as_is_barrier("BAR"),
	   "barriers: BAR.SYNC, .SYNC.DEFER_BLOCKING, .RED.POPC, BAR");
	ok(!wt_as_is_barrier("BAR.ARV") && !wt_as_is_barrier("BAR.ARV.DEFER_BLOCKING") &&
	   !wt_as_is_barrier("BARX") && !wt_as_is_barrier("BSYNC") &&
	   !wt_as_is_barrier("MEMBAR.GPU") && !wt_as_is_barrier("WARPSYNC") &&
	   !wt_as_is_barrier("DEPBAR.LE"),
	   "barriers: not BAR.ARV, nor BSYNC, MEMBAR, WARPSYNC, DEPBAR");
}

static void loose(void)
{
	static const struct wt_as_layout lo = { 0, 0, 0, 0, 1 };
	struct wt_as_inst in;
	char why[512];

	is_u64(parse("0 00000005 0 LDG.E 0 4 0 0x100 0x104 0x108", &lo, &in, why,
		     sizeof(why)), 0, "loose list: 3 addresses for 2 lanes");
	ok(in.addr[0] == 0x100 && in.addr[2] == 0x104 && in.addr[1] == 0 &&
	   in.surplus, "... the first two to the mask's lanes, as Accel-Sim does");
	is_u64(parse("0 00000005 0 LDG.E 0 4 0 0x100 0x104", &lo, &in, why,
		     sizeof(why)), 0, "loose list: as many as the lanes");
	ok(!in.surplus, "... is no surplus");
	is_u64(parse("0 00000005 0 LDG.E 0 4 0 0x100", &lo, &in, why, sizeof(why)),
	       (uint64_t)-1, "loose list: fewer addresses than lanes is an error");
	is_u64(parse("0 00000005 0 LDG.E 0 4 0 0x100 0x104 zz", &lo, &in, why,
		     sizeof(why)), (uint64_t)-1, "loose list: a surplus field is checked");
	like(why, "address 'zz': not a hexadecimal", "... as an address");
	is_u64(parse("0 00000005 0 LDG.E 0 4 0 0x100 0x104 0x108", &plain, &in, why,
		     sizeof(why)), (uint64_t)-1, "version 4 on: the same line is an error");
	is_u64(parse("0 0000000d 0 LDG.E 0 4 1 0x100 4", &lo, &in, why, sizeof(why)),
	       0, "loose base+stride: lanes 0, 2, 3");
	ok(in.addr[0] == 0x100 && in.addr[2] == 0x108 && in.addr[3] == 0x10c &&
	   in.surplus, "... each at base + (lane - first lane) * stride");
	is_u64(parse("0 00000005 0 LDG.E 0 4 2 0x100 4 4", &lo, &in, why, sizeof(why)),
	       0, "loose base+delta: 2 deltas for 2 lanes");
	ok(in.addr[0] == 0x100 && in.addr[2] == 0x104 && in.surplus,
	   "... the first delta taken");
	is_u64(parse("0 00000000 0 LDG.E 0 4 0 0x100 0x104", &lo, &in, why,
		     sizeof(why)), 0, "loose: every lane predicated off");
	ok(in.mask == 0 && in.surplus, "... an empty mask, addresses dropped");
}

static void shapes(void)
{
	ok(wt_as_grouped_has_ids("0008 ffffffff 1 R1 MOV 0 0 ", 0) == 0,
	   "grouped line without ids (version 3 on)");
	ok(wt_as_grouped_has_ids("0 0 0 3 0008 ffffffff 1 R1 MOV 0 0 ", 0) == 1,
	   "grouped line with CTA and warp ids (before version 3)");
	ok(wt_as_grouped_has_ids("7 0008 ffffffff 1 R1 MOV 0 0", 1) == 0 &&
	   wt_as_grouped_has_ids("1 2 0 3 7 0008 ffffffff 1 R1 MOV 0 0", 1) == 1,
	   "... with a line number too");
	ok(wt_as_grouped_has_ids("0008 fff 1 R1 MOV 0 0 ", 0) == -1,
	   "neither: left to the version");
}

/* All the records of a kernel file, at most max; -1 and the error. */
static int read_all(const char *text, struct wt_warp **recs, int max, char *err,
		    size_t n)
{
	struct wt_asf *f = wt_asf_open_mem("k.traceg", text, strlen(text));
	int got = 0, r = wt_asf_begin(f);

	while (r == 0 && got < max && (r = wt_asf_next(f, recs[got])) > 0) {
		got++;
		r = 0;
	}
	snprintf(err, n, "%s", r < 0 ? wt_asf_error(f) : "");
	wt_asf_close(f);
	return r < 0 ? -1 : got;
}

#define V2HDR "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (64,1,1)\n" \
	"-shmem = 0\n-nregs = 8\n-binary version = 70\n-cuda stream id = 0\n\n" \
	"#traces format = threadblock_x threadblock_y threadblock_z warpid_tb " \
	"PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width " \
	"[adrrescompress?] [mem_addresses]\n\n#BEGIN_TB\n\nthread block = 0,0,0\n\n"

static void pre_v3(void)
{
	struct wt_warp *r[8];
	char err[1100];
	int n;

	for (int i = 0; i < 8; i++)
		r[i] = wt_calloc(1, sizeof(struct wt_warp) + 8 * 32);
	/* The published form: no version, CTA and warp on every line. */
	n = read_all(V2HDR "warp = 0\ninsts = 3\n"
		     "0 0 0 0 0008 ffffffff 1 R1 MOV 0 0 \n"
		     "0 0 0 0 0010 ffffffff 1 R2 LDG.E.CG 1 R4 4 1 0x1000 4 \n"
		     "0 0 0 0 0018 ffffffff 0 EXIT 0 0 \n\n"
		     "warp = 1\ninsts = 2\n"
		     "0 0 0 1 0020 0000000f 0 STS 2 R0 R1 4 0 0x0 0x8 0x10 0x18 \n"
		     "0 0 0 1 0028 ffffffff 0 EXIT 0 0 \n#END_TB\n", r, 8, err,
		     sizeof(err));
	is_str(err, "", "before version 3: a grouped file with CTA and warp ids");
	is_u64((uint64_t)n, 4, "... two memory records, each warp's last");
	ok(n == 4 && r[0]->warp == 0 && r[0]->op == WT_OP_LOAD && r[0]->icount == 1 &&
	   r[0]->addr[31] == 0x1000 + 31 * 4 &&
	   WT_FLAGS_COP(r[0]->flags) == WT_COP_CG,
	   "... the load, after the MOV, .CG");
	ok(n == 4 && r[1]->warp == 0 && r[1]->op == WT_OP_NONE && r[1]->icount == 1 &&
	   r[1]->flags == (WT_WARP_LAST | WT_WARP_DEPS) && r[1]->pc == 0x18,
	   "... warp 0's EXIT: a record of op none, as the warp's run ends");
	ok(n == 4 && r[2]->warp == 1 && r[2]->space == WT_SPACE_SHARED &&
	   r[2]->addr[3] == 0x18 && r[3]->op == WT_OP_NONE && r[3]->icount == 1,
	   "... warp 1: a shared store, then its EXIT");
	n = read_all(V2HDR "warp = 0\ninsts = 1\n0 0 0 1 0008 ffffffff 1 R1 MOV 0 0 \n"
		     "#END_TB\n", r, 8, err, sizeof(err));
	like(err, "k.traceg:17: the line names warp 1 of thread block (0,0,0) in "
	     "the lines of warp 0 of thread block (0,0,0)",
	     "before version 3: a line of another warp is an error");
	/* A tracer before 3 wrote its version as 1.2: Accel-Sim reads 1. */
	n = read_all("-grid dim = (1,1,1)\n-block dim = (32,1,1)\n"
		     "-accelsim tracer version = 1.2\n#BEGIN_TB\nthread block = 0,0,0\n"
		     "warp = 0\ninsts = 1\n"
		     "0 0 0 0 0010 00000003 0 LDG.E 0 4 0 0x100 0x104 0x108 \n#END_TB\n",
		     r, 8, err, sizeof(err));
	is_str(err, "", "tracer version 1.2, predicated-off lanes listed");
	ok(n == 1 && r[0]->mask == 3 && r[0]->addr[1] == 0x104,
	   "... the first addresses go to the mask's lanes");
	n = read_all("-grid dim = (1,1,1)\n-block dim = (32,1,1)\n"
		     "-accelsim tracer version = 1.x\n", r, 8, err, sizeof(err));
	like(err, "k.traceg:3: accelsim tracer version '1.x': expected a number "
	     "such as 5 or 1.2", "a version that is no number");
	/* Without base addresses, generic accesses are shared, as Accel-Sim
	 * has them. */
	n = read_all("-grid dim = (1,1,1)\n-block dim = (32,1,1)\n"
		     "0 0 0 0 0010 00000001 0 LD.E 0 4 0 0x7f0000000100 \n", r, 8, err,
		     sizeof(err));
	ok(n == 1 && r[0]->space == WT_SPACE_SHARED,
	   "no base address: a generic load is shared");
	/* A warp without a memory instruction: one record of op none. */
	n = read_all("-grid dim = (1,1,1)\n-block dim = (64,1,1)\n"
		     "-accelsim tracer version = 4\n#BEGIN_TB\nthread block = 0,0,0\n"
		     "warp = 0\ninsts = 2\n0008 ffffffff 1 R1 MOV 0 0\n"
		     "0010 ffffffff 0 EXIT 0 0\nwarp = 1\ninsts = 0\n#END_TB\n",
		     r, 8, err, sizeof(err));
	ok(n == 1 && r[0]->op == WT_OP_NONE && r[0]->icount == 2 && r[0]->instr == 0,
	   "a warp without memory instructions: one record of op none; an empty "
	   "warp: none");
	for (int i = 0; i < 8; i++)
		free(r[i]);
}

int main(void)
{
	cacheops();
	registers();
	loose();
	shapes();
	pre_v3();
	modes();
	delta_boundary();
	line_forms();
	malformed();
	classes();
	files();
	records();
	return tap_done();
}
