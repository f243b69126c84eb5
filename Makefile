# warptrace - GPU memory-hierarchy simulation from memory-access traces.
#
#   make            build the library and programs into build/
#   make demo       check/install dependencies, build, run the sample job
#   make policies   every L1 management policy on the samples, as tables
#   make check      build and run every test under prove
#   make asan       the tests again, built with ASan and UBSan
#   make asan-quick a subset of them so built (CI runs it after check)
#   make bench      throughput and memory benchmarks
#   make same BASE=REV  every output of this tree against those of git revision REV
#   make fuzz       the parsers under libFuzzer (clang), FUZZ_SECONDS each
#   make samples    regenerate samples/*.trc.zst with the kernel emulator
#   make install PREFIX=/usr/local     make clean

PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
MANDIR   ?= $(PREFIX)/share/man
CC       ?= cc
OPT      ?= -O2 -g
CFLAGS   ?=
# The POPCNT instruction where the building machine's CPU has it: the exact
# reuse-distance engines count bits on every access (rclock.h), and
# without it they sum them in a dozen instructions (medians of runs here:
# l1sim on one thread 6 % more CPU time, reuse-bench 9 %).  CPU_FLAGS=
# builds for any x86-64.
ifeq ($(origin CPU_FLAGS),undefined)
CPU_FLAGS := $(shell grep -qw popcnt /proc/cpuinfo 2>/dev/null && echo -mpopcnt)
endif
BUILD    ?= build
# The kernels of make policies: the samples but the microbenchmarks.
POLICY_TRACES ?= $(filter-out samples/mshr-% samples/stride-%,$(wildcard samples/*.trc.zst))

# The library's folders, bottom layer first (lib/layers; HACKING says
# what each holds).  Headers are named without their folder.
LIB_DIRS  = $(addprefix lib/,$(shell sed 's/\#.*//' lib/layers))
WT_CFLAGS = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wshadow -Wstrict-prototypes \
	    -pthread $(addprefix -I,$(LIB_DIRS)) $(OPT) $(CPU_FLAGS) $(CFLAGS)
WT_LDLIBS = -pthread -lzstd -llzma -lcsv -ljansson -lz -lm $(LDLIBS)

PROGS    = $(sort $(notdir $(basename $(wildcard cmd/*.c))))
LIB_SRC  = $(foreach d,$(LIB_DIRS),$(wildcard $(d)/*.c))
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
LIB      = $(BUILD)/libwarptrace.a
BINS     = $(PROGS:%=$(BUILD)/bin/%)
EMU_SRC  = $(wildcard samples/emu/*.c)
EMU      = $(BUILD)/bin/trace-emu
UNIT_SRC = $(wildcard tests/unit/*.c)
UNITS    = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
TOOLS    = $(BUILD)/tools/gen-dump $(BUILD)/tools/gen-requests $(BUILD)/tools/measure \
	   $(BUILD)/tools/stream-bench $(BUILD)/tools/png-stats $(BUILD)/tools/reuse-bench \
	   $(BUILD)/tools/lru-bench $(BUILD)/tools/bench-compare \
	   $(BUILD)/tools/wt2accelsim
MAN1     = $(wildcard man/*.1)
MAN5     = $(wildcard man/*.5)
MAN7     = $(wildcard man/*.7)
DEPS_OK  = $(BUILD)/.deps-ok

.PHONY: all deps demo policies check test asan asan-quick bench same fuzz samples install uninstall clean lint-man

all: $(BINS) $(EMU) $(UNITS) $(TOOLS)

$(DEPS_OK): scripts/deps.sh
	@mkdir -p $(BUILD)
	@scripts/deps.sh $(CC)
	@touch $@

deps:
	@scripts/deps.sh $(CC)

# lib/layers: when folders change, every object is built again (the
# .SECONDARY below would otherwise keep objects of moved files)
$(BUILD)/obj/%.o: %.c $(DEPS_OK) lib/layers
	@mkdir -p $(dir $@)
	$(CC) $(WT_CFLAGS) -MMD -MP -c -o $@ $<

$(LIB): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $(LIB_OBJ)

$(BUILD)/bin/%: $(BUILD)/obj/cmd/%.o $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(WT_CFLAGS) -o $@ $< $(LIB) $(WT_LDLIBS)

$(EMU): $(EMU_SRC) $(wildcard samples/emu/*.h) $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(WT_CFLAGS) -o $@ $(EMU_SRC) -lm

$(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(WT_CFLAGS) -o $@ $< $(LIB) $(WT_LDLIBS)

$(BUILD)/tools/%: $(BUILD)/obj/bench/%.o $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(WT_CFLAGS) -o $@ $< $(LIB) $(WT_LDLIBS)

demo: all
	@sh scripts/demo.sh $(BUILD)/bin

# Every L1 management policy on every sample (l1sim(1), MANAGEMENT
# POLICIES): the tables in $(BUILD)/policies/report.txt and .md.
policies: all
	@PATH="$(CURDIR)/$(BUILD)/bin:$$PATH" sh scripts/policy-study.sh \
		-o $(BUILD)/policies --html $(POLICY_TRACES)

check test: all
	WT_BUILD=$(BUILD) prove -j2 tests/*.t

# The same tests with AddressSanitizer and UndefinedBehaviorSanitizer.
ASAN_OPT = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	   -fno-sanitize-recover=all
# The sanitizer subset CI runs after make check: the unit tests, the
# pipelines, l2sim (its spill file), faults, record checks, classify and
# report.
ASAN_QUICK = $(wildcard tests/1?-unit-*.t tests/2?-unit-*.t) tests/45-pipeline.t \
	     tests/57-l2sim.t tests/62-classify.t tests/64-record-checks.t \
	     tests/65-pipeline-faults.t tests/72-report.t tests/56-nugteren-code.t \
	     tests/92-gpusim.t

asan:
	$(MAKE) BUILD=build-asan OPT="$(ASAN_OPT)" check

asan-quick:
	$(MAKE) BUILD=build-asan OPT="$(ASAN_OPT)" all
	WT_BUILD=build-asan prove -j2 $(ASAN_QUICK)

bench: all
	@sh bench/run.sh $(BUILD)

# Every stream, stats file and exit status of this tree against those of
# git revision BASE (default HEAD), built apart in $(BUILD)/same-base:
# the check that a change of structure changes no output.
BASE ?= HEAD
same: all
	rm -rf $(BUILD)/same-base && mkdir -p $(BUILD)/same-base
	git archive $(BASE) | tar -x -C $(BUILD)/same-base
	$(MAKE) -C $(BUILD)/same-base all
	sh scripts/same-outputs.sh $(BUILD)/same-base/build $(BUILD)

fuzz:
	@sh fuzz/run.sh

samples: $(EMU)
	EMU=$(EMU) sh samples/generate.sh samples

lint-man:
	@for m in $(MAN1) $(MAN5) $(MAN7); do mandoc -Tlint -W warning $$m || exit 1; done

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7
	install -m 755 $(BINS) $(EMU) $(DESTDIR)$(BINDIR)
	for m in $(MAN1) $(MAN5) $(MAN7); do \
		s=$${m##*.}; install -m 644 $$m $(DESTDIR)$(MANDIR)/man$$s || exit 1; \
	done

uninstall:
	rm -f $(PROGS:%=$(DESTDIR)$(BINDIR)/%) $(DESTDIR)$(BINDIR)/trace-emu
	rm -f $(MAN1:man/%=$(DESTDIR)$(MANDIR)/man1/%) \
		$(MAN5:man/%=$(DESTDIR)$(MANDIR)/man5/%) \
		$(MAN7:man/%=$(DESTDIR)$(MANDIR)/man7/%)

clean:
	rm -rf build build-asan build-fuzz

.SECONDARY:
-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
