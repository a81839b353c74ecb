# SPDX-License-Identifier: MIT
# tests/tests.mk - the test programs, fuzzing, and `make test`, `test-slow`
# and `fuzz`.  Included by the top-level Makefile; tests/README.md says what
# each kind of test checks, tests/run-all.sh runs them and counts.
#
# A test lives in the folder of the module it checks (tests/bits,
# tests/checkers, tests/engine, tests/firmware, tests/sim, ...):
#   test_NAME.c, .cpp    a C test program; the lists below say where it runs
#   test_NAME.sh         a script, run by tests/run-all.sh
#   slow_NAME.sh         a script too long for make test: make test-slow
# and tests/sim/runner/*.c are firmwares that exercise the runner,
# tests/fuzz/fuzz_*.c libFuzzer targets whose corpora make test replays.

# Where each C test runs:
#   EVERYWHERE   on the host (the sanitizers; once more with the portable
#                fallbacks alone) and in the simulator on SIM_TEST_BOARDS
#   ATMEGA       on the host and on the ATmega328P only (its RAM)
#   HOST         on the host only
#   SMALL_ENGINE on the host, with the size-first engine's library alone
#   AVR_TABLE    on the host with the AVR's search sizes (avr-sizes) and on
#                the ATmega328P: the compact table that only they have
TESTS_EVERYWHERE   := test_bitscan test_nibble test_bitboard32 test_kingray test_symmetry test_pdn test_game
TESTS_ATMEGA       := test_rules test_perft test_movegen_digest test_movegen_override test_game_status \
                      test_pdn_fen test_pdn_moves test_search test_eval test_hub test_hub_session
TESTS_HOST         := test_debruijn test_bitscan_tables test_kingray_tables test_movegen_reference \
                      test_pdn_fuzz test_perft_deep test_elo test_tune test_cxx_headers test_table
TESTS_SMALL_ENGINE := test_search_small
TESTS_AVR_TABLE    := test_table_compact
RUNNER_FW          := $(basename $(notdir $(wildcard tests/sim/runner/*.c)))

# test_source NAME: the test's source, wherever its module keeps it.
test_source = $(firstword $(wildcard tests/*/$(1).c tests/*/$(1).cpp))
# Every test program is in exactly one list.
TEST_PROGRAMS := $(TESTS_EVERYWHERE) $(TESTS_ATMEGA) $(TESTS_HOST) $(TESTS_SMALL_ENGINE) $(TESTS_AVR_TABLE)
$(foreach t,$(basename $(notdir $(wildcard tests/*/test_*.c tests/*/test_*.cpp))),\
    $(if $(filter $(t),$(TEST_PROGRAMS)),,$(error tests/tests.mk: $(call test_source,$(t)) is in none \
        of TESTS_EVERYWHERE, TESTS_ATMEGA, TESTS_HOST, TESTS_SMALL_ENGINE, TESTS_AVR_TABLE)))
$(foreach t,$(TEST_PROGRAMS),$(if $(call test_source,$(t)),,$(error tests/tests.mk: $(t) is listed \
    but no tests/*/$(t).c exists))$(if $(filter-out 1,$(words $(filter $(t),$(TEST_PROGRAMS)))),\
    $(error tests/tests.mk: $(t) is listed twice)))

# ------------------------------------------------------------------- host --
# build/host/tests/BUILD/NAME: a test program built with BUILD's flags and
# library (build/host/BUILD): san, the sanitizers and the host's overrides;
# portable, lib/arch/generic alone; avr-sizes, the AVR's search workspace;
# small, the small move generator; small-engine, the size-first engine.
HOST_TEST_LIBS = $(if $(filter small-engine,$(1)),libbitdraughts.a,libtools.a libbench.a libbitdraughts.a)
HOST_TEST_BUILD_avr-sizes := avrsizes
host_test_build = $(or $(HOST_TEST_BUILD_$(1)),$(1))
host_test_prerequisites = $(foreach b,host/$(call host_test_build,$(patsubst %/,%,$(dir $(1)))),\
    $(call objects_of,$(b),$(call test_source,$(notdir $(1))) $(TEST_SUPPORT)) \
    $(addprefix $(BUILD)/$(b)/,$(call HOST_TEST_LIBS,$(notdir $(b)))))
$(HOST)/tests/%: $$(call host_test_prerequisites,$$*)
	$(call say,LD,$@)
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) $(SANITIZE) $(HOST_LDFLAGS) $^ $(HOST_LDLIBS) -o $@

# The small move generator's suites: the comparison with the portable C
# (every node to perft depth SMALL_TREE_DEPTH) and the search, whose results
# must not change with the generator.
SMALL_HOST_TESTS := test_movegen_override test_movegen_digest test_search
SMALL_TREE_DEPTH := 7u
$(HOST)/small/obj/$(basename $(call test_source,test_movegen_override)).o: HOST_CFLAGS += -DTREE_DEPTH=$(SMALL_TREE_DEPTH)

HOST_TEST_BINS := $(addprefix $(HOST)/tests/san/,$(TESTS_EVERYWHERE) $(TESTS_ATMEGA) $(TESTS_HOST)) \
                  $(TESTS_EVERYWHERE:%=$(HOST)/tests/portable/%) $(HOST)/tests/avr-sizes/test_search \
                  $(TESTS_AVR_TABLE:%=$(HOST)/tests/avr-sizes/%) \
                  $(SMALL_HOST_TESTS:%=$(HOST)/tests/small/%) \
                  $(TESTS_SMALL_ENGINE:%=$(HOST)/tests/small-engine/%)

# ---------------------------------------------------------------- boards --
# The simulator's tests run on these boards (TESTS_EVERYWHERE and the
# runner's firmwares), and TESTS_ATMEGA on the Uno.
SIM_TEST_BOARDS := uno attiny85
sim_tests = $(TESTS_EVERYWHERE:%=$(BUILD)/$(1)/tests/%.elf) $(RUNNER_FW:%=$(BUILD)/$(1)/runner/%.elf)
# The small move generator in the simulator: the ATmega168's game build,
# with the moves of its 1 KB of RAM (both generators do not fit its flash:
# tests/checkers/test_movegen_digest.sh compares what it prints with the
# portable C's on the host).
SMALL_SIM_TESTS := $(BUILD)/diecimila/game/tests/test_movegen_digest.elf
# Boards that only the tests build (tests/boards/NAME.mk).
TEST_BOARDS := $(basename $(notdir $(wildcard tests/boards/*.mk)))
$(call read_boards,tests/boards,$(TEST_BOARDS))

# The move generators compared to perft depth 8 for make test-slow (the Uno).
SLOW_AVR_TESTS := $(BUILD)/uno/slow/test_movegen_override_deep.elf
$(BUILD)/uno/obj/slow/test_movegen_override_deep.o: tests/checkers/test_movegen_override.c $(MAKEFILE_DEPS)
	$(call say,AVR-CC,$@)
	@mkdir -p $(@D)
	$(Q)$(AVR_CC) $(call avr_cflags,uno) -DTREE_DEPTH=8u -c $< -o $@
$(SLOW_AVR_TESTS): $(BUILD)/uno/obj/slow/test_movegen_override_deep.o \
    $(call objects_of,uno,$(TEST_SUPPORT)) $(call support_of,uno)

# ---------------------------------------------------------------- fuzzing --
# tests/fuzz/fuzz_NAME.c: a libFuzzer target each (tests/fuzz/fuzz.h), built
# with clang for `make fuzz` (build/fuzz/NAME), and with gcc and the
# sanitizers against tests/fuzz/replay.c for `make test`
# (build/host/tests/fuzz/NAME), which replays tests/fuzz/corpus/NAME/.
# The game firmware's targets (commands, eeprom) build firmware/demo but
# main.c over host stand-ins (tests/fuzz/firmware_host.h, and
# tests/fuzz/include/ for the avr-libc headers), with a 2 KB board's
# choices but Hub mode (which tests/fuzz/fuzz_hub.c covers).
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_FIRMWARE_SRC := $(filter-out firmware/demo/main.c $(HUB_MODE_yes_SRC),$(wildcard firmware/demo/*.c)) \
                     tests/fuzz/firmware_host.c
FUZZ_FIRMWARE_FLAGS := -Itests/fuzz/include -Ifirmware/demo $(call game_include,full,no,2k) -DF_CPU=16000000UL \
    -DBOARD_NAME='"host"' -DBOARD_MCU_NAME='"host"' -DLED_PORT_LETTER=B -DLED_BIT=5
fuzz_extra_commands := $(FUZZ_FIRMWARE_SRC) firmware/common/serial_print.c
fuzz_extra_eeprom   := $(fuzz_extra_commands)
fuzz_extra_cli      := firmware/host/host_table.c   # checkers_main.c's search table
# and its endgame tables' files (lib/endgame, which only the host's library has)
fuzz_extra_cli      += firmware/host/endgame_file.c lib/endgame/index.c lib/endgame/probe.c
# store.c states the AVR layout of its header; on the host bd_position has
# tail padding and the header is longer, which tests/fuzz/fuzz_eeprom.c
# follows.  Its EEPROM addresses are integers cast to pointers, as avr-libc
# wants them.
FUZZ_STORE_FLAGS := -D'_Static_assert(condition, message)=' -Wno-int-to-pointer-cast
HOST_SOURCE_FLAG_PATTERNS += firmware/demo/% tests/fuzz/% firmware/demo/store.c
HOST_FLAGS_firmware/demo/% := $(FUZZ_FIRMWARE_FLAGS)
HOST_FLAGS_tests/fuzz/%    := $(FUZZ_FIRMWARE_FLAGS)
HOST_FLAGS_firmware/demo/store.c := $(FUZZ_STORE_FLAGS)

FUZZ_SECONDS ?= 120
FUZZ_FLAGS   ?=
FUZZ         := $(BUILD)/fuzz
FUZZ_CC      := clang
FUZZ_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS  := -std=gnu11 -O1 -g -Wall -Wextra -Werror $(INCLUDES) -Ifirmware $(ARCH_host_INCLUDE) -MMD -MP \
                $(FUZZ_SANITIZE)
# libFuzzer's coverage, left out of the engine but its Hub session
# (sanitizers kept): the firmware's searches spent most of their time in
# its comparison hooks, and no target is after the search's own paths.
fuzz_coverage = $(if $(filter-out lib/engine/hub%,$(filter lib/engine/%,$(1))),,-fsanitize=fuzzer-no-link)
FUZZ_BINS        := $(FUZZ_TARGETS:%=$(FUZZ)/%)
FUZZ_REPLAY_BINS := $(FUZZ_TARGETS:%=$(HOST)/tests/fuzz/%)

$(FUZZ)/obj/%.o: %.c $(MAKEFILE_DEPS)
	$(call say,CC-FUZZ,$@)
	@mkdir -p $(@D)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(call fuzz_coverage,$<) $(call source_flags,HOST,$<) -c $< -o $@
$(FUZZ)/libbitdraughts.a: $(LIB_SRC:%.c=$(FUZZ)/obj/%.o)
	$(archive)
$(FUZZ_BINS): $(FUZZ)/%: $(FUZZ)/obj/tests/fuzz/fuzz_%.o $$(call objects_of,fuzz,$$(fuzz_extra_$$*)) \
        $(FUZZ)/libbitdraughts.a
	$(call say,LD-FUZZ,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_SANITIZE) -fsanitize=fuzzer $^ $(HOST_LDLIBS) -o $@
$(FUZZ_REPLAY_BINS): $(HOST)/tests/fuzz/%: $(HOST)/san/obj/tests/fuzz/fuzz_%.o $(HOST)/san/obj/tests/fuzz/replay.o \
        $$(call objects_of,host/san,$$(fuzz_extra_$$*)) $(HOST)/san/libbitdraughts.a
	$(call say,LD,$@)
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) $(SANITIZE) $(HOST_LDFLAGS) $^ $(HOST_LDLIBS) -o $@

# ------------------------------------------------------------ bootloaders --
# tests/sim/runner/bootloader.S, the runner's bootloader-like firmware, at the
# Uno's boot section (its last 512 bytes), without the C runtime.  And the
# Optiboot of the Uno and the Nano for tests/firmware/test_flash.sh, from the source
# Debian's arduino-core-avr ships, with the flags of its own Makefile but
# without the LED flashes at start (LED_START_FLASHES=0): Debian's prebuilt
# image, with them, runs past the 512-byte boot section; without them it
# fits, and speaks the same protocol at the same speed.  The rule checks
# that it fits.
UNO_BOOT_SECTION := 0x7e00
UNO_BOOT_END     := 0x8000
OPTIBOOT_SOURCE  := /usr/share/arduino/hardware/arduino/avr/bootloaders/optiboot
FLASH_BOOTLOADERS := $(BUILD)/uno/runner/bootloader.hex $(BUILD)/flash/optiboot_atmega328.hex
$(BUILD)/uno/runner/bootloader.hex: tests/sim/runner/bootloader.S $(MAKEFILE_DEPS)
	$(call say,AVR-AS,$@)
	@mkdir -p $(@D)
	$(Q)$(AVR_CC) -mmcu=$(uno_MCU) -nostartfiles -nostdlib -Wl,--section-start=.text=$(UNO_BOOT_SECTION) \
	    $< -o $(@:.hex=-boot.elf)
	$(Q)avr-objcopy -O ihex $(@:.hex=-boot.elf) $@
$(BUILD)/flash/optiboot_atmega328.hex: $(OPTIBOOT_SOURCE)/optiboot.c $(MAKEFILE_DEPS)
	$(call say,AVR-CC,$@)
	@mkdir -p $(@D)
	$(Q)$(AVR_CC) -mmcu=atmega328p -DF_CPU=16000000L -DBAUD_RATE=115200 -DLED_START_FLASHES=0 -w \
	    -Os -fno-inline-small-functions -fno-split-wide-types -mshort-calls -I$(OPTIBOOT_SOURCE) \
	    -nostartfiles -nostdlib -Wl,--relax -Wl,--gc-sections -Wl,--section-start=.text=$(UNO_BOOT_SECTION) \
	    -Wl,--section-start=.version=0x7ffe $< -o $(@:.hex=.elf)
	$(Q)end=$$(avr-size -A $(@:.hex=.elf) | awk '$$1 == ".text" { print $$2 + $$3 }'); \
	if [ $$((end)) -gt $$(($(UNO_BOOT_END))) ]; then \
	    echo "$@: Optiboot ends at $$end, past the Uno's boot section" >&2; exit 1; fi
	$(Q)avr-objcopy -O ihex $(@:.hex=.elf) $@

# ----------------------------------------------------------------- targets --
test-build: $(HOST_TOOLS) $(HOST_TEST_BINS) $(FUZZ_REPLAY_BINS) firmware \
            $(foreach b,$(SIM_TEST_BOARDS),$(call sim_tests,$(b))) \
            $(TESTS_ATMEGA:%=$(BUILD)/uno/tests/%.elf) $(TESTS_AVR_TABLE:%=$(BUILD)/uno/tests/%.elf) \
            $(foreach b,$(BENCH_BOARDS),$(BUILD)/$(b)/bench.elf) \
            $(SMALL_SIM_TESTS) $(foreach b,$(TEST_BOARDS),$(BUILD)/$(b)/demo.elf) \
            $(FLASH_BOOTLOADERS) $(foreach b,$(BOARDS),$(BUILD)/$(b)/demo.hex)

## test         host and simulator tests; ends with "total: N passed, N failed"
# Install first, then build in a fresh make so that pkg-config and the
# compilers are found; the scripts do the running and the counting.
test: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) test-build
	$(Q)BUILD=$(BUILD) SIM_TEST_BOARDS="$(SIM_TEST_BOARDS)" tests/run-all.sh

## test-slow    checks too long for make test (minutes rather than seconds)
test-slow: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(HOST_PROGRAMS) $(HOST)/avrsim $(SLOW_AVR_TESTS) $(BUILD)/uno/demo.elf
	$(Q)status=0; for script in tests/*/slow_*.sh; do \
	    BUILD=$(BUILD) sh $$script || status=1; done; exit $$status

## fuzz         libFuzzer on the readers, the firmware, the Hub session and the CLI (FUZZ_SECONDS each)
# New inputs in build/fuzz/corpus/NAME, a crash in build/fuzz/NAME-crash-*;
# ends with each target's executions.  FUZZ_FLAGS passes libFuzzer options
# (-jobs=2, -dict=...).  fuzz-merge adds to tests/fuzz/corpus/NAME the inputs
# of build/fuzz/corpus/NAME that reach code (edges, not hit counts, which
# would keep ten times as many) the corpus does not.
fuzz:
	$(Q).ci/install-deps clang libclang-rt-dev
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(FUZZ_BINS)
	$(Q)status=0; for t in $(FUZZ_TARGETS); do \
	    mkdir -p $(FUZZ)/corpus/$$t; \
	    $(FUZZ)/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=20 -print_final_stats=1 \
	        -artifact_prefix=$(FUZZ)/$$t- $(FUZZ_FLAGS) $(FUZZ)/corpus/$$t tests/fuzz/corpus/$$t \
	        > $(FUZZ)/$$t.log 2>&1 || status=1; \
	    printf '  FUZZ     %-10s %s executions, %s corpus inputs%s\n' $$t \
	        "$$(sed -n 's/^stat::number_of_executed_units: *//p' $(FUZZ)/$$t.log)" \
	        "$$(ls $(FUZZ)/corpus/$$t tests/fuzz/corpus/$$t | grep -vc ':$$\|^$$')" \
	        "$$(grep -q 'ERROR\|property broken' $(FUZZ)/$$t.log && echo ", FAILED: see $(FUZZ)/$$t.log")"; \
	    done; exit $$status

fuzz-merge:
	$(Q).ci/install-deps clang libclang-rt-dev
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(FUZZ_BINS)
	$(Q)for t in $(FUZZ_TARGETS); do mkdir -p $(FUZZ)/corpus/$$t; \
	    $(FUZZ)/$$t -merge=1 -use_counters=0 tests/fuzz/corpus/$$t $(FUZZ)/corpus/$$t \
	        > $(FUZZ)/$$t-merge.log 2>&1 \
	    || { tail -n 20 $(FUZZ)/$$t-merge.log; exit 1; }; done

.PHONY: test test-build test-slow fuzz fuzz-merge
