# bitdraughts: bit-twiddling board-game library, checkers firmware and a
# cycle-accurate simulator runner for 8-bit AVR.
#
#   make [all]        host tools and every board's firmware
#   make test         host and simulator tests; ends with "N passed, N failed"
#   make fuzz         libFuzzer on the readers, the firmware and the CLI (FUZZ_SECONDS each)
#   make demo         the engine plays itself (both variants) on the simulated Uno
#   make play         play checkers against it in the terminal (simulated Uno)
#   make waveform     the game's LED and serial lines traced -> sim/demo-waveform.svg
#   make bench        cycle counts in the simulator -> build/bench/bench.csv, bench-chart.svg
#   make readme       the bench, then its tables into README.md, its chart to firmware/bench/
#   make size         flash and RAM of BOARD's firmware
#   make disasm       BOARD's firmware disassembled -> build/BOARD/*.lst
#   make flash        (alias upload) BOARD=uno PORT=/dev/ttyACM0
#   make monitor      serial terminal on PORT at the board's BAUD
#   make install PREFIX=/usr/local   (install-avrsim) the simulator runner, for any firmware
#   make clean
#
# V=1 shows full commands.  One build directory per target: build/host,
# build/<board>.  test and demo first install missing packages
# (.ci/install-deps).

.DEFAULT_GOAL := all
.SECONDARY:
SHELL := /bin/sh
BUILD := build
BOARD ?= uno
PORT ?= /dev/ttyACM0
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

ifeq ($(V),1)
  Q :=
  say = @true
else
  Q := @
  say = @printf '  %-8s %s\n' $(1) $(2)
endif

# Any change to the build description rebuilds everything.
MAKEFILE_DEPS := Makefile $(wildcard boards/*.mk)

# ---------------------------------------------------------------- sources --
# lib/: the library proper, one folder a concept, all of it runs on a board;
# lib/bench/ holds the bench's alternatives (bench firmware and tests only),
# lib/tools/ the host programs and the generators they share with the tests.
# The library's folders are those lib/bitdraughts.h includes from.
LIB_DIRS      := $(sort $(shell sed -n 's|^\#include "\([a-z0-9_]*\)/.*|\1|p' lib/bitdraughts.h))
LIB_SRC       := $(wildcard $(LIB_DIRS:%=lib/%/*.c))
BENCH_SRC     := $(wildcard lib/bench/*.c)
TOOLS_SRC     := $(filter-out %_main.c,$(wildcard lib/tools/*.c))
# The search's transposition table (lib/engine/table.h): only in the builds
# whose workspace has one (the host's; not the AVR's, nor the host build of
# the AVR's sizes, nor the small engine).
TABLE_SRC     := lib/engine/table.c
# Assembly that replaces C routines on AVR (lib/arch/avr/*.S), in every AVR
# build of the library; the host and the portable build keep the C.
LIB_AVR_ASM   := $(wildcard lib/arch/avr/*.S)
# The move generator, a build choice (README, "Boards"): `MOVEGEN := small`
# in a board file (or DEMO_MOVEGEN, for its game firmware alone) builds
# lib/arch/small/movegen.c, written for flash first (about 2 KB on AVR),
# instead of lib/checkers/movegen.c and the AVR assembly (lib/arch/avr/*.S,
# some 6 KB and a 256-byte table), and puts lib/arch/small first on the
# include path (its arch/ headers override the AVR's: no assembly, no
# popcount table).  Both list the same moves in the
# same order; mg_make and the capture paths (lib/checkers/move.c) are
# shared.
MOVEGENS        := fast small
# movegen_src MOVEGEN, movegen_asm MOVEGEN, movegen_include MOVEGEN: the
# library's C sources, its AVR assembly and its include path in front.
movegen_src     = $(if $(filter small,$(1)),$(filter-out lib/checkers/movegen.c,$(LIB_SRC)) lib/arch/small/movegen.c,$(LIB_SRC))
movegen_asm     = $(if $(filter small,$(1)),,$(LIB_AVR_ASM))
movegen_include = $(if $(filter small,$(1)),-Ilib/arch/small)
# The engine, a build choice the same way (ENGINE, below): engine_src
# ENGINE, engine_include ENGINE: its C sources instead of search.c and
# eval.c, and its folder in front of the include path.
engine_src     = $(if $(filter small,$(1)),$(wildcard lib/engine/small/*.c),lib/engine/search.c lib/engine/eval.c)
engine_include = $(if $(filter small,$(1)),-Ilib/engine/small)
FW_COMMON_SRC := $(wildcard firmware/common/*.c)
# tests/check.c prints through firmware/common/serial_print.c, on the host
# too (its serial_putc is stdout there).
TEST_SUPPORT  := tests/check.c firmware/common/serial_print.c
# tests/test_*.c run on the host and in the simulator on every SIM_TEST_BOARD;
# tests/atmega/test_*.c on the host and on the ATmega328P only (they need its
# RAM); tests/host/test_*.c on the host only; tests/runner/*.c are firmwares
# that exercise the runner.
UNIT_TESTS    := $(basename $(notdir $(wildcard tests/test_*.c)))
ATMEGA_TESTS  := $(basename $(notdir $(wildcard tests/atmega/test_*.c)))
HOST_TESTS    := $(basename $(notdir $(wildcard tests/host/test_*.c tests/host/test_*.cpp)))
RUNNER_FW     := $(basename $(notdir $(wildcard tests/runner/*.c)))
# Firmware programs: firmware/<name>/*.c, one ELF each; those that need an
# ATmega's RAM (2 KB and more) are not built for the ATtiny boards.
# The attiny boards' demo.elf is firmware/selfplay: the engine plays itself
# a game of each variant, with no console and no EEPROM record (issue 12),
# with the size-first move generator and engine (boards/attiny85.mk).  The
# Uno builds the same program as selfplay.elf with the full engine, and
# TINY_STANDIN, the ATmega328P, with the attiny boards' engine and RAM sizes
# but the ATmega's own move generator: tests/host/test_selfplay.sh plays
# all three.
FW_TINY_DEMO := selfplay
FW_PROGRAMS   := $(filter-out common $(FW_TINY_DEMO),$(notdir $(wildcard firmware/*)))
FW_ATMEGA_ONLY := perft
# fw_dir BOARD PROGRAM: the folder of the program's sources on that board.
fw_dir = firmware/$(if $(and $(filter attiny%,$($(1)_MCU)),$(filter demo,$(2))),$(FW_TINY_DEMO),$(2))
# The game's images: the move generator's popcount table must stay at the
# first 256-byte boundary, right after the tables that fill the padding
# before it (firmware/demo/flash_gap.h); grown past it, they would move the
# table and waste up to 255 bytes.
demo_gap_check = table=$$(avr-nm $(1) | awk '$$3 == "bd_popcount_table" { print $$1 }'); \
    if [ -n "$$table" ] && [ "$$table" != 00000100 ]; then \
        echo "$(1): bd_popcount_table at 0x$$table, not 0x100: the tables of" \
             "firmware/demo/flash_gap.h no longer fit before it" >&2; rm -f $(1); exit 1; fi
# link_order SOURCES: the sources in link order.  The game firmware's
# commands and the session's printers go last, right before the library
# code they call most (the notation), and the serial port's and the
# clock's code (DEMO_COMMON_LINKED, linked as objects rather than from the
# archive) in the middle of the user interface that calls it, with main()
# (compiled into .text, not .text.startup, which the linker would put after
# all of the library): with its functions in source order
# (DEMO_LINK_ORDER) more of those calls are 2-byte RCALLs (38 bytes; the
# serial port and main() 104 more).
DEMO_COMMON_LINKED := firmware/common/serial.c firmware/common/serial_print.c firmware/common/clock.c
DEMO_LINK_LAST := firmware/demo/main.c firmware/demo/session.c $(DEMO_COMMON_LINKED) \
                  firmware/demo/commands.c
link_order = $(filter-out $(DEMO_LINK_LAST),$(1)) $(foreach f,$(DEMO_LINK_LAST),$(filter $(f),$(1)))
# fw_objects BOARD SOURCES: their objects; firmware/common's from the game's
# own build of it (demo-obj/).
fw_objects = $(foreach f,$(2),$(BUILD)/$(1)/$(if $(filter firmware/common/%,$(f)),demo-obj,obj)/$(f:.c=.o))
# The game's repetition window shrunk for the attiny boards' RAM
# (lib/checkers/game.h; the small search's sizes are its own defaults,
# lib/engine/small/arch/search_workspace.h): every object of theirs is compiled with
# it.
TINY_RAM_CONFIG := -DGAME_HISTORY=12u
SIM_TEST_BOARDS := uno attiny85
BENCH_BOARDS    := uno attiny85 mega2560

INCLUDES := -Ilib -Isim -Ifirmware/common -Itests
# The target's override headers, found before the portable ones of the same
# name (lib/bits/platform.h explains the mechanism).
ARCH_HOST     := -Ilib/arch/host -Ilib/arch/generic
ARCH_PORTABLE := -Ilib/arch/generic
ARCH_AVR      := -Ilib/arch/avr -Ilib/arch/generic

# ------------------------------------------------------------------- host --
HOST_CC      := gcc
HOST_CXX     := g++
HOST_CFLAGS  := -std=gnu11 -O2 -g -Wall -Wextra -Werror -ffunction-sections \
                -fdata-sections $(INCLUDES) -MMD -MP
HOST_LDFLAGS := -Wl,--gc-sections
HOST_LDLIBS  := -lm
SANITIZE     := -fsanitize=address,undefined -fno-sanitize-recover=all \
                -fno-omit-frame-pointer
HOST         := $(BUILD)/host
SIMAVR_FLAGS := $(shell pkg-config --cflags simavr 2>/dev/null)
SIMAVR_LIBS  := $(shell pkg-config --libs simavr 2>/dev/null) -lelf

$(HOST)/obj/%.o: %.c $(MAKEFILE_DEPS)
	$(call say,CC,$@)
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(ARCH_HOST) -c $< -o $@

$(HOST)/san/%.o: %.c $(MAKEFILE_DEPS)
	$(call say,CC-SAN,$@)
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(ARCH_HOST) $(SANITIZE) -c $< -o $@

# C++ sources: the library's headers as a C++ program (an Arduino sketch)
# includes them.
$(HOST)/san/%.o: %.cpp $(MAKEFILE_DEPS)
	$(call say,CXX-SAN,$@)
	@mkdir -p $(@D)
	$(Q)$(HOST_CXX) $(filter-out -std=gnu11,$(HOST_CFLAGS)) -std=c++11 -pedantic $(ARCH_HOST) \
	    $(SANITIZE) -c $< -o $@

# The same sources with no override at all: the portable fallbacks that no
# board uses stay built and tested.
$(HOST)/portable/%.o: %.c $(MAKEFILE_DEPS)
	$(call say,CC-PORT,$@)
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(ARCH_PORTABLE) $(SANITIZE) -c $< -o $@

# The AVR's workspace sizes on the host (lib/arch/avr-sizes in front of the
# host's headers: arch/search_sizes.h): the ATmega's search tree at host
# speed, for the tests of whole games that the simulator would take minutes
# over.
ARCH_AVRSIZES := -Ilib/arch/avr-sizes $(ARCH_HOST)
$(HOST)/avrsizes/%.o: %.c $(MAKEFILE_DEPS)
	$(call say,CC-AVRSZ,$@)
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(ARCH_AVRSIZES) $(SANITIZE) -c $< -o $@

# The small move generator on the host (MOVEGEN, above), with the
# sanitizers: the tests that compare it with the portable C (build/host/
# tests/small/) link this library instead of the default one.
$(HOST)/small/%.o: %.c $(MAKEFILE_DEPS)
	$(call say,CC-SMALL,$@)
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(call movegen_include,small) $(ARCH_HOST) $(SANITIZE) -c $< -o $@

# lib_archive DIR SUFFIX [LEFT_OUT]: libbitdraughts, libbench and libtools of
# one object directory, libbitdraughts without the LEFT_OUT sources.
define lib_archive
$(HOST)/libbitdraughts$(2).a: $(patsubst %.c,$(HOST)/$(1)/%.o,$(filter-out $(3),$(LIB_SRC)))
$(HOST)/libbench$(2).a: $(BENCH_SRC:%.c=$(HOST)/$(1)/%.o)
$(HOST)/libtools$(2).a: $(TOOLS_SRC:%.c=$(HOST)/$(1)/%.o)
endef
$(eval $(call lib_archive,obj,))
$(eval $(call lib_archive,san,-san))
$(eval $(call lib_archive,portable,-portable))
$(eval $(call lib_archive,avrsizes,-avrsizes,$(TABLE_SRC)))
$(HOST)/libbitdraughts-small.a: $(patsubst %.c,$(HOST)/small/%.o,$(call movegen_src,small))
$(HOST)/libbench-small.a: $(BENCH_SRC:%.c=$(HOST)/small/%.o)
$(HOST)/libtools-small.a: $(TOOLS_SRC:%.c=$(HOST)/small/%.o)
$(HOST)/lib%.a:
	$(call say,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $^

AVRSIM_OBJ := $(patsubst %.c,$(HOST)/obj/%.o,$(wildcard sim/*.c))
$(AVRSIM_OBJ): HOST_CFLAGS += $(SIMAVR_FLAGS)
$(HOST)/avrsim: $(AVRSIM_OBJ)
	$(call say,LD,$@)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) $^ $(SIMAVR_LIBS) -o $@

# The runner's companions: sim/tools/NAME.c -> build/host/NAME (vcd2svg).
SIM_TOOLS := $(patsubst sim/tools/%.c,$(HOST)/%,$(wildcard sim/tools/*.c))
$(SIM_TOOLS): $(HOST)/%: $(HOST)/obj/sim/tools/%.o
	$(call say,LD,$@)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) $^ -lm -o $@

# Host programs: lib/tools/NAME_main.c -> build/host/NAME.
HOST_PROGRAMS := $(patsubst lib/tools/%_main.c,$(HOST)/%,$(wildcard lib/tools/*_main.c))
$(HOST_PROGRAMS): $(HOST)/%: $(HOST)/obj/lib/tools/%_main.o $(HOST)/libtools.a \
                              $(HOST)/libbitdraughts.a
	$(call say,LD,$@)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) $^ $(HOST_LDLIBS) -o $@

# host_test OUT OBJDIR SRCDIR SUFFIX: test programs linked with sanitizers.
define host_test
$(HOST)/$(1)/%: $(HOST)/$(2)/$(3)%.o $(TEST_SUPPORT:%.c=$(HOST)/$(2)/%.o) \
        $(HOST)/libtools$(4).a $(HOST)/libbench$(4).a $(HOST)/libbitdraughts$(4).a
	$$(call say,LD,$$@)
	@mkdir -p $$(@D)
	$$(Q)$(HOST_CC) $(SANITIZE) $(HOST_LDFLAGS) $$^ $(HOST_LDLIBS) -o $$@
endef
$(eval $(call host_test,tests,san,tests/,-san))
$(eval $(call host_test,tests/host,san,tests/host/,-san))
$(eval $(call host_test,tests/atmega,san,tests/atmega/,-san))
$(eval $(call host_test,tests/portable,portable,tests/,-portable))
$(eval $(call host_test,tests/avr-sizes,avrsizes,tests/atmega/,-avrsizes))
$(eval $(call host_test,tests/small,small,tests/atmega/,-small))
# The suites run on the small generator too: the comparison with the
# portable C (every node to perft depth SMALL_TREE_DEPTH), and the
# search, whose results must not change with the generator.
SMALL_HOST_TESTS := test_movegen_override test_movegen_digest test_search
SMALL_TREE_DEPTH := 7u
$(HOST)/small/tests/atmega/test_movegen_override.o: HOST_CFLAGS += -DTREE_DEPTH=$(SMALL_TREE_DEPTH)

# The size-first engine on the host (tests/small/test_*.c): the library
# with lib/engine/small/ instead of search.c, eval.c and table.c, and its
# folder first on the include path (ENGINE, below), compiled with the
# attiny boards' flags, sanitizers on.
SMALL_TESTS := $(basename $(notdir $(wildcard tests/small/test_*.c)))
$(HOST)/small-engine/%.o: %.c $(MAKEFILE_DEPS)
	$(call say,CC-SMALL,$@)
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(call engine_include,small) $(ARCH_HOST) $(SANITIZE) $(TINY_RAM_CONFIG) \
	    -c $< -o $@
$(HOST)/libbitdraughts-small-engine.a: $(patsubst %.c,$(HOST)/small-engine/%.o,$(filter-out lib/engine/search.c lib/engine/eval.c $(TABLE_SRC),$(LIB_SRC)) \
    $(call engine_src,small))
$(HOST)/tests/small-engine/%: $(HOST)/small-engine/tests/small/%.o $(TEST_SUPPORT:%.c=$(HOST)/small-engine/%.o) \
    $(HOST)/libbitdraughts-small-engine.a
	$(call say,LD,$@)
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) $(SANITIZE) $(HOST_LDFLAGS) $^ $(HOST_LDLIBS) -o $@

HOST_TOOLS := $(HOST)/avrsim $(SIM_TOOLS) $(HOST_PROGRAMS)
HOST_TEST_BINS := $(UNIT_TESTS:%=$(HOST)/tests/%) $(HOST_TESTS:%=$(HOST)/tests/host/%) \
                  $(ATMEGA_TESTS:%=$(HOST)/tests/atmega/%) \
                  $(UNIT_TESTS:%=$(HOST)/tests/portable/%) $(HOST)/tests/avr-sizes/test_search \
                  $(SMALL_HOST_TESTS:%=$(HOST)/tests/small/%) \
                  $(SMALL_TESTS:%=$(HOST)/tests/small-engine/%)

# ------------------------------------------------------------------ boards --
BOARDS := $(basename $(notdir $(wildcard boards/*.mk)))
BOARD_VARS := MCU F_CPU BAUD LED_PORT LED_BIT AVRDUDE_PROGRAMMER AVRDUDE_BAUD FLASH_LIMIT
# What a board's game firmware (firmware/demo) is made of, each with its
# default (the first word of its list); a board file may set any of them:
#   DEMO_UI     full | lean   lean: the choices of firmware/demo/demo_features.h
#                             for 16 KB (no FEN writer, perft, bench)
#   DEMO_RAM    2k | 1k       1k: the engine's workspace and the game's
#                             repetition window for 1 KB of RAM (DEMO_RAM_1k)
# (The size-first move generator and engine are the library's choices,
# per board: MOVEGEN and ENGINE below.)
DEMO_UI_CHOICES     := full lean
DEMO_RAM_CHOICES    := 2k 1k
BOARD_DEMO_VARS := DEMO_UI DEMO_RAM

AVR_CC      := avr-gcc
AVR_OPT     ?= -Os
# Link-time optimisation (calls across objects inlined, unused code gone
# before layout) and linker relaxation (CALL/JMP to RCALL/RJMP where they
# reach): smaller and faster, see the bench.  The objects keep plain code
# too, for the bench's avr-nm.  AVR_LTO= builds without.
AVR_LTO     ?= -flto -ffat-lto-objects -mrelax
AVR_AR      := avr-gcc-ar

# flash_bytes ELF: what the ELF puts in flash, .text and .data's initial
# values (not the runner's .mmcu section, which lies outside the image).
flash_bytes = avr-size -A $(1) | awk '$$1 == ".text" || $$1 == ".data" { s += $$2 } END { print s + 0 }'
AVR_LDSIM   := -Wl,--undefined=_mmcu,--section-start=.mmcu=0x910000
# The linker's own region for flash, the whole of the MCU's, is lifted: the
# board's FLASH_LIMIT is the check (below), with its message naming the
# board, the size and how much over, for an image over the MCU's flash too
# (the ATmega168's game while it does not fit).
AVR_LDREGION := -Wl,--defsym=__TEXT_REGION_LENGTH__=1M

# Optional board variables, with their default when a board file leaves
# them out.  ENGINE: `full` (lib/engine/search.c and eval.c) or `small`,
# the size-first search and evaluation of lib/engine/small/ (README, "The
# ATtiny85"), compiled instead of search.c and eval.c into that board's
# library, with lib/engine/small first on the include path of all its
# objects (engine/search.h then finds the small workspace).
# MOVEGEN: the board's move generator (`fast` or `small`, above), every
# program of the board; DEMO_MOVEGEN, the game firmware's alone (MOVEGEN
# when not set).  KINGRAY: how a flying king's ray is found
# (lib/checkers/kingray.h), `walk` (the AVR's own choice: no folder) or
# `table` (lib/arch/kingray-table first on the include path).
BOARD_OPTIONAL_VARS := ENGINE MOVEGEN DEMO_MOVEGEN KINGRAY
ENGINE_DEFAULT := full
MOVEGEN_DEFAULT := fast
KINGRAY_DEFAULT := walk
KINGRAYS := walk table
kingray_include = $(if $(filter table,$(1)),-Ilib/arch/kingray-table)

# load_board NAME: read boards/NAME.mk into NAME_MCU, NAME_F_CPU, ...
define load_board
$$(foreach v,$$(BOARD_VARS) $$(BOARD_OPTIONAL_VARS) $$(BOARD_DEMO_VARS),$$(eval undefine $$(v)))
include boards/$(1).mk
$$(foreach v,$$(BOARD_VARS),$$(if $$(strip $$($$(v))),,$$(error boards/$(1).mk: $$(v) is not set; every board defines $$(BOARD_VARS))))
$$(foreach v,$$(BOARD_DEMO_VARS),$$(if $$(filter-out $$($$(v)_CHOICES),$$($$(v))),$$(error boards/$(1).mk: $$(v) := $$($$(v)) is not one of: $$($$(v)_CHOICES))))
$$(foreach v,$$(BOARD_DEMO_VARS),$$(eval $$(v) := $$(or $$(strip $$($$(v))),$$(firstword $$($$(v)_CHOICES)))))
$$(foreach v,$$(BOARD_VARS) $$(BOARD_DEMO_VARS),$$(eval $(1)_$$(v) := $$($$(v))))
$$(foreach v,$$(BOARD_OPTIONAL_VARS),$$(eval $(1)_$$(v) := $$(or $$($$(v)),$$($$(v)_DEFAULT))))
$$(eval $(1)_DEMO_MOVEGEN := $$(or $$($(1)_DEMO_MOVEGEN),$$($(1)_MOVEGEN)))
$$(foreach v,$$($(1)_MOVEGEN) $$($(1)_DEMO_MOVEGEN),$$(if $$(filter $$(v),$(MOVEGENS)),,$$(error boards/$(1).mk: MOVEGEN $$(v) is not one of: $(MOVEGENS))))
$$(if $$(filter $$($(1)_KINGRAY),$(KINGRAYS)),,$$(error boards/$(1).mk: KINGRAY $$($(1)_KINGRAY) is not one of: $(KINGRAYS)))
$$(foreach v,$$(BOARD_VARS) $$(BOARD_OPTIONAL_VARS) $$(BOARD_DEMO_VARS),$$(eval undefine $$(v)))
endef
$(foreach b,$(BOARDS),$(eval $(call load_board,$(b))))
# lib_src BOARD MOVEGEN: the library's C sources on that board with that
# move generator and its ENGINE's (engine_src, above).
lib_src = $(filter-out lib/engine/search.c lib/engine/eval.c $(TABLE_SRC),$(call movegen_src,$(2))) \
    $(call engine_src,$($(1)_ENGINE))

# board_rules NAME: objects, library and every ELF for one board.
define board_rules
$(1)_DIR    := $(BUILD)/$(1)
$(1)_CFLAGS := -mmcu=$$($(1)_MCU) -DF_CPU=$$($(1)_F_CPU)UL -DBAUD=$$($(1)_BAUD)UL \
    -DBOARD_NAME='"$(1)"' -DBOARD_MCU_NAME='"$$($(1)_MCU)"' \
    -DLED_PORT_LETTER=$$($(1)_LED_PORT) -DLED_BIT=$$($(1)_LED_BIT) \
    -std=gnu11 $(AVR_OPT) $(AVR_LTO) -g -Wall -Wextra -Werror -ffunction-sections -fdata-sections \
    $(INCLUDES) $(call movegen_include,$($(1)_MOVEGEN)) $(call kingray_include,$($(1)_KINGRAY)) \
    $(call engine_include,$($(1)_ENGINE)) $(ARCH_AVR) -MMD -MP \
    $(if $(filter attiny%,$($(1)_MCU)),$(TINY_RAM_CONFIG)) $($(1)_EXTRA_CFLAGS)
$(1)_LDFLAGS := -mmcu=$$($(1)_MCU) $(AVR_OPT) $(AVR_LTO) -Wl,--gc-sections $(AVR_LDSIM) $(AVR_LDREGION)

$$($(1)_DIR)/obj/%.o: %.c $(MAKEFILE_DEPS)
	$$(call say,AVR-CC,$$@)
	@mkdir -p $$(@D)
	$$(Q)$(AVR_CC) $$($(1)_CFLAGS) -c $$< -o $$@

$$($(1)_DIR)/obj/%.o: %.S $(MAKEFILE_DEPS)
	$$(call say,AVR-AS,$$@)
	@mkdir -p $$(@D)
	$$(Q)$(AVR_CC) $$($(1)_CFLAGS) -c $$< -o $$@

$$($(1)_DIR)/libbitdraughts.a: $(patsubst %.c,$$($(1)_DIR)/obj/%.o,$(call lib_src,$(1),$($(1)_MOVEGEN))) \
    $(patsubst %.S,$$($(1)_DIR)/obj/%.o,$(call movegen_asm,$($(1)_MOVEGEN)))
	$$(call say,AR,$$@)
	$$(Q)rm -f $$@ && $(AVR_AR) rcs $$@ $$^

$$($(1)_DIR)/libbench.a: $(BENCH_SRC:%.c=$$($(1)_DIR)/obj/%.o)
	$$(call say,AR,$$@)
	$$(Q)rm -f $$@ && $(AVR_AR) rcs $$@ $$^

# firmware/common as an archive: a firmware carries only what it calls.
$$($(1)_DIR)/libfirmware.a: $(FW_COMMON_SRC:%.c=$$($(1)_DIR)/obj/%.o)
	$$(call say,AR,$$@)
	$$(Q)rm -f $$@ && $(AVR_AR) rcs $$@ $$^

$(1)_SUPPORT := $$($(1)_DIR)/libfirmware.a $$($(1)_DIR)/libbench.a $$($(1)_DIR)/libbitdraughts.a

# The game firmware's own build of the library and firmware/common, for
# size (DEMO_SIZE_FLAGS, below); every other program keeps the objects above.
$$($(1)_DIR)/demo-obj/%.o: %.c $(MAKEFILE_DEPS)
	$$(call say,AVR-CC,$$@)
	@mkdir -p $$(@D)
	$$(Q)$(AVR_CC) $(call movegen_include,$($(1)_DEMO_MOVEGEN)) $$($(1)_CFLAGS) $$(DEMO_SIZE_FLAGS) -c $$< -o $$@

$$($(1)_DIR)/demo-obj/%.o: %.S $(MAKEFILE_DEPS)
	$$(call say,AVR-AS,$$@)
	@mkdir -p $$(@D)
	$$(Q)$(AVR_CC) $$($(1)_CFLAGS) -c $$< -o $$@

$$($(1)_DIR)/libbitdraughts-demo.a: $(patsubst %.c,$$($(1)_DIR)/demo-obj/%.o,$(call lib_src,$(1),$($(1)_DEMO_MOVEGEN))) \
    $(patsubst %.S,$$($(1)_DIR)/demo-obj/%.o,$(call movegen_asm,$($(1)_DEMO_MOVEGEN)))
	$$(call say,AR,$$@)
	$$(Q)rm -f $$@ && $(AVR_AR) rcs $$@ $$^

$$($(1)_DIR)/libfirmware-demo.a: $(FW_COMMON_SRC:%.c=$$($(1)_DIR)/demo-obj/%.o)
	$$(call say,AR,$$@)
	$$(Q)rm -f $$@ && $(AVR_AR) rcs $$@ $$^

$(1)_DEMO_SUPPORT := $$($(1)_DIR)/libfirmware-demo.a $$($(1)_DIR)/libbitdraughts-demo.a

# Every image is checked against the board's own limit: one over it is
# deleted, so neither `make flash` nor a test can use it.
$$($(1)_DIR)/%.elf:
	$$(call say,AVR-LD,$$@)
	@mkdir -p $$(@D)
	$$(Q)$(AVR_CC) $$($(1)_LDFLAGS) -Wl,-Map=$$(@:.elf=.map) $$^ -o $$@
	$$(Q)bytes=$$$$($$(call flash_bytes,$$@)); if [ "$$$$bytes" -gt $$($(1)_FLASH_LIMIT) ]; then \
	    echo "$$@: $$$$bytes bytes of flash, over the $(1) board's limit of $$($(1)_FLASH_LIMIT)" \
	         "(boards/$(1).mk FLASH_LIMIT) by $$$$((bytes - $$($(1)_FLASH_LIMIT)))" >&2; \
	    rm -f $$@; exit 1; fi
	$$(if $$(POST_LINK_CHECK),$$(Q)$$(call POST_LINK_CHECK,$$@))

$(foreach p,$(FW_PROGRAMS),
$$($(1)_DIR)/$(p).elf: $(call fw_objects,$(1),$(call link_order,$(wildcard $(call fw_dir,$(1),$(p))/*.c) \
        $(if $(filter firmware/demo,$(call fw_dir,$(1),$(p))),$(DEMO_COMMON_LINKED)))) \
    $$(if $(filter demo,$(p)),$$($(1)_DEMO_SUPPORT),$$($(1)_SUPPORT)))
$(foreach t,$(UNIT_TESTS),
$$($(1)_DIR)/tests/$(t).elf: $$($(1)_DIR)/obj/tests/$(t).o $(TEST_SUPPORT:%.c=$$($(1)_DIR)/obj/%.o) $$($(1)_SUPPORT))
$(foreach t,$(ATMEGA_TESTS),
$$($(1)_DIR)/tests/$(t).elf: $$($(1)_DIR)/obj/tests/atmega/$(t).o $(TEST_SUPPORT:%.c=$$($(1)_DIR)/obj/%.o) $$($(1)_SUPPORT))
$(foreach r,$(RUNNER_FW),
$$($(1)_DIR)/runner/$(r).elf: $$($(1)_DIR)/obj/tests/runner/$(r).o $$($(1)_SUPPORT))

$(1)_PROGRAMS := $(if $(filter attiny%,$($(1)_MCU)),$(filter-out $(FW_ATMEGA_ONLY),$(FW_PROGRAMS)),$(FW_PROGRAMS))
$(1)_FIRMWARE := $$($(1)_PROGRAMS:%=$$($(1)_DIR)/%.elf)
$(1)_SIM_TESTS := $(UNIT_TESTS:%=$$($(1)_DIR)/tests/%.elf) $(RUNNER_FW:%=$$($(1)_DIR)/runner/%.elf)
$(1)_ATMEGA_TESTS := $(ATMEGA_TESTS:%=$$($(1)_DIR)/tests/%.elf)
endef
$(foreach b,$(BOARDS),$(eval $(call board_rules,$(b))))
# The attiny boards' self-play program on a part that can hold it with the
# portable move generator: the ATmega328P (the Uno's variables), with their
# engine and RAM sizes, so that its RAM (static + peak stack) is measured
# against their 512 bytes until their own image fits.  The ATmega's code
# differs (MUL, its assembly move generator), not the layout of the RAM.
TINY_STANDIN := tiny-on-m328
$(foreach v,$(BOARD_VARS),$(eval $(TINY_STANDIN)_$(v) := $(uno_$(v))))
$(TINY_STANDIN)_ENGINE := small
$(TINY_STANDIN)_KINGRAY := $(uno_KINGRAY)
$(TINY_STANDIN)_EXTRA_CFLAGS := $(TINY_RAM_CONFIG)
$(eval $(call board_rules,$(TINY_STANDIN)))
# The demo firmware is the one near the Uno's flash limit (FLASH_LIMIT, checked
# at the link and by tests/host/test_demo.sh): it trades call speed for size.
# With -flto the flag of any object applies to the whole image at the link
# (avr-gcc 5.4 merges target options), so it cannot be given to one module
# alone: the demo's image has it throughout, the bench's and perft's not.
# -mstrict-X (X only as the hardware addresses with it: no X+offset made of
# adiw/sbiw pairs) takes 374 bytes off the demo, and its search runs faster.
# The game firmware is compiled for size throughout (its own objects, and
# the library's and firmware/common's in demo-obj/): without these passes
# (code sinking, the phi-to-conditional rewrite, loop-invariant motion,
# which avr-gcc 5.4 trades for registers that then spill) the image is 382
# bytes smaller and its search no slower (the `bench` command: 33,167,204
# cycles before, 33,141,232 after); without temporary expression
# replacement as well, 74 bytes more (the `bench` command: 26,417,354
# cycles before, 26,451,092 after); without the scalar replacement of
# aggregates across calls and the coalescing of variables (before, the
# user interface's only), 24 more at the same speed.  The bench's and
# tests' objects keep plain -Os, so the bench rows are those of the
# library as shipped.
DEMO_SIZE_FLAGS := -fno-tree-sink -fno-ssa-phiopt -fno-move-loop-invariants -fno-tree-ter -fno-ipa-sra \
                   -fno-tree-coalesce-vars
# Its functions in one LTO partition, in the order of the sources: callers
# and callees stay close, and 2-byte RCALLs replace 4-byte CALLs (-mrelax)
# where they reach (4 KB): 94 bytes.
DEMO_LINK_ORDER := -flto-partition=one -fno-toplevel-reorder
# libgcc's register-saving prologue and epilogue (-mcall-prologues) loaded
# before the library's assembly, so that they sit right after the compiled
# code, within RCALL reach of the search's, instead of at the very end of
# the image: 26 bytes.
DEMO_LIBGCC_FIRST := -Wl,-u,__prologue_saves__,-u,__epilogue_restores__ -lgcc
# Its user interface (the commands, the notation, the serial port, Hub
# mode's text), where no cycle counts, is spared partial redundancy
# elimination (with temporary expression replacement and the coalescing of
# variables, now off throughout: 62 bytes) and the loop optimizer (10); and
# switch tables, which would go into the padding that
# firmware/demo/flash_gap.h fills.
DEMO_UI_FLAGS := -fno-tree-pre -fno-jump-tables -fno-tree-loop-optimize
DEMO_UI_OBJECTS = $(BUILD)/$(1)/obj/firmware/demo/%.o $(BUILD)/$(1)/demo-obj/firmware/common/%.o \
    $(foreach o,pdn position movegen,$(BUILD)/$(1)/demo-obj/lib/checkers/$(o).o) \
    $(BUILD)/$(1)/demo-obj/lib/engine/hub.o
$(foreach b,$(BOARDS),$(eval $(BUILD)/$(b)/obj/firmware/demo/%.o: $(b)_CFLAGS += -mcall-prologues -mstrict-X $(DEMO_SIZE_FLAGS)))
$(foreach b,$(BOARDS),$(eval $(BUILD)/$(b)/obj/firmware/demo/main.o: $(b)_CFLAGS += -fno-reorder-functions))
$(foreach b,$(BOARDS),$(eval $(call DEMO_UI_OBJECTS,$(b)): $(b)_CFLAGS += $(DEMO_UI_FLAGS)))
$(foreach b,$(BOARDS),$(eval $(BUILD)/$(b)/demo.elf: $(b)_LDFLAGS += $(DEMO_SIZE_FLAGS) $(DEMO_LINK_ORDER) \
    $(DEMO_LIBGCC_FIRST)))
$(foreach b,$(BOARDS),$(eval $(BUILD)/$(b)/demo.elf: POST_LINK_CHECK = $$(demo_gap_check)))
$(foreach b,$(BOARDS),$(eval $(BUILD)/$(b)/obj/firmware/$(FW_TINY_DEMO)/%.o: $(b)_CFLAGS += -mcall-prologues))
# The game's Hub mode (firmware/demo/hub_mode.c) takes 4,466 bytes of flash:
# only boards whose FLASH_LIMIT holds the game and it build it
# (HUB_MODE_MIN_FLASH: the Uno and the Mega 2560); the Nanos and the Pro
# Mini (30,720) play without it and keep their 4 KB for what comes next.
HUB_MODE_MIN_FLASH := 32256
$(foreach b,$(BOARDS),$(if $(shell [ 0$($(b)_FLASH_LIMIT) -ge $(HUB_MODE_MIN_FLASH) ] && echo y),\
    $(eval $(BUILD)/$(b)/obj/firmware/demo/%.o: $(b)_CFLAGS += -DDEMO_HUB_MODE)))
# A board's DEMO_UI and DEMO_RAM (BOARD_DEMO_VARS), as flags of
# the game's objects and of its own copy of the library (demo-obj/), which
# must agree on the workspace's size.  DEMO_FEATURES adds flags from the
# command line, to measure what one switch of firmware/demo/demo_features.h
# costs (in a BUILD of its own: a command-line flag rebuilds nothing):
#   make BUILD=build/m DEMO_FEATURES=-DDEMO_HAS_PERFT=0 build/m/nano/demo.elf
# DEMO_RAM_1k, chosen by measurement (static RAM + the peak stack of whole
# games, tests/host/test_demo_16k.sh): the search's path 6 plies deep
# (captures included; its nodes, 24 bytes each, are the biggest part of the
# peak stack), quiet moves to ply 5, and a move stack that makes the
# workspace as big as the 68 legal moves the game's scratch holds anyway
# (firmware/demo/session.h), whose move text goes on the stack; the
# repetition window keeps the last 12 positions (lib/checkers/game.h).
DEMO_UI_full     :=
DEMO_UI_lean     := -DDEMO_LEAN_UI
DEMO_RAM_2k      :=
DEMO_RAM_1k      := -DGAME_HISTORY=12u -DSESSION_MOVE_TEXT_ON_STACK=1
# The full search's sizes for 1 KB (ENGINE := full); the size-first
# search's own defaults are already its 1 KB sizes (search_small.h).
DEMO_RAM_SEARCH_2k :=
DEMO_RAM_SEARCH_1k := -DSEARCH_MAX_PLY=6u -DSEARCH_QUIET_PLY_MAX=5u -DSEARCH_PV_MAX=3u \
                      -DSEARCH_STACK_BYTES=240u -DSEARCH_CAPTURE_RESERVE=36u
DEMO_FEATURES ?=
demo_config = $(DEMO_UI_$($(1)_DEMO_UI)) $(DEMO_RAM_$($(1)_DEMO_RAM)) $(DEMO_FEATURES) \
    $(if $(filter full,$($(1)_ENGINE)),$(DEMO_RAM_SEARCH_$($(1)_DEMO_RAM)))
$(foreach b,$(BOARDS),$(eval $(BUILD)/$(b)/obj/firmware/demo/%.o $(BUILD)/$(b)/demo-obj/%.o: \
    $(b)_CFLAGS += $(call demo_config,$(b))))
# The self-play program on the Uno, whatever the attiny boards make of it,
# and on the stand-in, built as the attiny boards' demo.elf is.
$(BUILD)/uno/$(FW_TINY_DEMO).elf: $(patsubst %.c,$(BUILD)/uno/obj/%.o,$(wildcard firmware/$(FW_TINY_DEMO)/*.c)) \
    $(uno_SUPPORT)
TINY_STANDIN_ELF := $(BUILD)/$(TINY_STANDIN)/$(FW_TINY_DEMO).elf
$(TINY_STANDIN_ELF): $(patsubst %.c,$(BUILD)/$(TINY_STANDIN)/obj/%.o,$(wildcard firmware/$(FW_TINY_DEMO)/*.c)) \
    $($(TINY_STANDIN)_DEMO_SUPPORT)
$(TINY_STANDIN_ELF): $(TINY_STANDIN)_LDFLAGS += $(DEMO_SIZE_FLAGS) $(DEMO_LINK_ORDER)
$(BUILD)/$(TINY_STANDIN)/obj/firmware/$(FW_TINY_DEMO)/%.o: $(TINY_STANDIN)_CFLAGS += -mcall-prologues
# The runner's .mmcu section is kept by --undefined=_mmcu at the link, which
# LTO would drop before the linker sees it: that one object is plain code.
$(foreach b,$(BOARDS) $(TINY_STANDIN),$(eval $(BUILD)/$(b)/obj/firmware/common/avrsim_section.o \
    $(BUILD)/$(b)/demo-obj/firmware/common/avrsim_section.o: $(b)_CFLAGS += -fno-lto))

# lib/bench/*_portable.c: the portable move generation and perft under
# other names, next to the target's override in the bench and in the tests
# that compare the two; lib/bench/portable, first on their include path,
# names no override.
# lib/bench/*_small.c: the same for the small move generator (MOVEGEN).
PORTABLE_OBJS := $(patsubst %.c,%.o,$(wildcard lib/bench/*_portable.c lib/bench/*_small.c))
$(foreach d,obj san portable avrsizes small,$(eval $(PORTABLE_OBJS:%=$(HOST)/$(d)/%): \
    HOST_CFLAGS := -Ilib/bench/portable $(HOST_CFLAGS)))
$(foreach b,$(BOARDS),$(eval $(PORTABLE_OBJS:%=$(BUILD)/$(b)/obj/%): \
    $(b)_CFLAGS := -Ilib/bench/portable $($(b)_CFLAGS)))

# The small move generator in the simulator: the ATmega168's game library (DEMO_MOVEGEN := small,
# boards/diecimila.mk), with the moves of its 1 KB of RAM.
# Both generators do not fit its flash: tests/host/test_movegen_digest.sh
# compares what this one prints with the portable C's on the host.
SMALL_SIM_TESTS := $(BUILD)/diecimila/tests-small/test_movegen_digest.elf
$(BUILD)/diecimila/obj/tests-small/%.o: tests/atmega/%.c $(MAKEFILE_DEPS)
	$(call say,AVR-CC,$@)
	@mkdir -p $(@D)
	$(Q)$(AVR_CC) $(call movegen_include,small) $(diecimila_CFLAGS) -c $< -o $@
$(foreach t,$(SMALL_SIM_TESTS),$(eval $(t): $(BUILD)/diecimila/obj/tests-small/$(basename $(notdir $(t))).o \
    $(TEST_SUPPORT:%.c=$(BUILD)/diecimila/obj/%.o) $(BUILD)/diecimila/libfirmware.a \
    $(BUILD)/diecimila/libbench.a $(BUILD)/diecimila/libbitdraughts-demo.a))

# The same comparison to depth 8 for make test-slow (the Uno only).
SLOW_AVR_TESTS := $(BUILD)/uno/slow/test_movegen_override_deep.elf
$(BUILD)/uno/obj/slow/test_movegen_override_deep.o: tests/atmega/test_movegen_override.c $(MAKEFILE_DEPS)
	$(call say,AVR-CC,$@)
	@mkdir -p $(@D)
	$(Q)$(AVR_CC) $(uno_CFLAGS) -DTREE_DEPTH=8u -c $< -o $@
$(BUILD)/uno/slow/test_movegen_override_deep.elf: $(BUILD)/uno/obj/slow/test_movegen_override_deep.o \
    $(TEST_SUPPORT:%.c=$(BUILD)/uno/obj/%.o) $(uno_SUPPORT)

# ---------------------------------------------------------------- fuzzing --
# tests/fuzz/fuzz_NAME.c: a libFuzzer target each (tests/fuzz/fuzz.h), built
# with clang for `make fuzz` (build/fuzz/NAME), and with gcc and the
# sanitizers against tests/fuzz/replay.c for `make test`
# (build/host/tests/fuzz/NAME), which replays tests/fuzz/corpus/NAME/.
# The game firmware's targets (commands, eeprom) build firmware/demo but
# main.c over host stand-ins (tests/fuzz/firmware_host.h, and
# tests/fuzz/include/ for the avr-libc headers).
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_FIRMWARE_SRC := $(filter-out firmware/demo/main.c,$(wildcard firmware/demo/*.c)) \
                     tests/fuzz/firmware_host.c
FUZZ_FIRMWARE_FLAGS := -Itests/fuzz/include -Ifirmware/demo -DF_CPU=16000000UL \
    -DBOARD_NAME='"host"' -DBOARD_MCU_NAME='"host"' -DLED_PORT_LETTER=B -DLED_BIT=5
fuzz_extra_commands := $(FUZZ_FIRMWARE_SRC) firmware/common/serial_print.c
fuzz_extra_eeprom   := $(fuzz_extra_commands)
fuzz_extra_cli      := lib/tools/host_table.c   # checkers_main.c's search table
# store.c states the AVR layout of its header (25 bytes); on the host
# bd_position has 3 bytes of tail padding and the header is 28, which
# tests/fuzz/fuzz_eeprom.c follows.  Its EEPROM addresses are integers cast
# to pointers, as avr-libc wants them.
FUZZ_STORE_FLAGS := -D'_Static_assert(condition, message)=' -Wno-int-to-pointer-cast
FUZZ_SECONDS ?= 120
FUZZ_FLAGS   ?=
FUZZ         := $(BUILD)/fuzz
FUZZ_CC      := clang
FUZZ_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS  := -std=gnu11 -O1 -g -Wall -Wextra -Werror $(INCLUDES) $(ARCH_HOST) -MMD -MP \
                $(FUZZ_SANITIZE)
# libFuzzer's coverage, left out of the engine (sanitizers kept): the
# firmware's searches spent most of their time in its comparison hooks, and
# no target is after the search's own paths.
FUZZ_COVERAGE := -fsanitize=fuzzer-no-link
$(patsubst %.c,$(FUZZ)/obj/%.o,$(wildcard lib/engine/*.c)): FUZZ_COVERAGE :=
FUZZ_REPLAY_BINS := $(FUZZ_TARGETS:%=$(HOST)/tests/fuzz/%)
FUZZ_BINS        := $(FUZZ_TARGETS:%=$(FUZZ)/%)

$(patsubst %.c,$(HOST)/san/%.o,$(FUZZ_FIRMWARE_SRC) $(wildcard tests/fuzz/*.c)): \
    HOST_CFLAGS += $(FUZZ_FIRMWARE_FLAGS)
$(HOST)/san/firmware/demo/store.o: HOST_CFLAGS += $(FUZZ_STORE_FLAGS)

$(FUZZ)/obj/%.o: %.c $(MAKEFILE_DEPS)
	$(call say,CC-FUZZ,$@)
	@mkdir -p $(@D)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_COVERAGE) -c $< -o $@
$(patsubst %.c,$(FUZZ)/obj/%.o,$(FUZZ_FIRMWARE_SRC) $(wildcard tests/fuzz/*.c)): \
    FUZZ_CFLAGS += $(FUZZ_FIRMWARE_FLAGS)
$(FUZZ)/obj/firmware/demo/store.o: FUZZ_CFLAGS += $(FUZZ_STORE_FLAGS)
$(FUZZ)/libbitdraughts.a: $(LIB_SRC:%.c=$(FUZZ)/obj/%.o)
	$(call say,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $^

# fuzz_rules NAME: the libFuzzer build and the replay build of a target.
define fuzz_rules
$(FUZZ)/$(1): $(FUZZ)/obj/tests/fuzz/fuzz_$(1).o $(fuzz_extra_$(1):%.c=$(FUZZ)/obj/%.o) \
        $(FUZZ)/libbitdraughts.a
	$$(call say,LD-FUZZ,$$@)
	$$(Q)$(FUZZ_CC) $(FUZZ_SANITIZE) -fsanitize=fuzzer $$^ $(HOST_LDLIBS) -o $$@
$(HOST)/tests/fuzz/$(1): $(HOST)/san/tests/fuzz/fuzz_$(1).o $(HOST)/san/tests/fuzz/replay.o \
        $(fuzz_extra_$(1):%.c=$(HOST)/san/%.o) $(HOST)/libbitdraughts-san.a
	$$(call say,LD,$$@)
	@mkdir -p $$(@D)
	$$(Q)$(HOST_CC) $(SANITIZE) $(HOST_LDFLAGS) $$^ $(HOST_LDLIBS) -o $$@
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_rules,$(t))))

# ----------------------------------------------------------------- targets --
.PHONY: all deps host firmware test test-build test-slow fuzz fuzz-merge demo play bench readme size disasm flash tune tune-games \
        upload monitor match clean waveform install install-avrsim uninstall uninstall-avrsim

all: host firmware
host: $(HOST_TOOLS)
firmware: $(foreach b,$(BOARDS),$($(b)_FIRMWARE))

deps:
	$(Q).ci/install-deps

test-build: $(HOST_TOOLS) $(HOST_TEST_BINS) $(FUZZ_REPLAY_BINS) firmware \
            $(foreach b,$(SIM_TEST_BOARDS),$($(b)_SIM_TESTS)) $(uno_ATMEGA_TESTS) \
            $(foreach b,$(BENCH_BOARDS),$(BUILD)/$(b)/bench.elf) $(BUILD)/uno/$(FW_TINY_DEMO).elf \
            $(SMALL_SIM_TESTS) $(TINY_STANDIN_ELF)

# Install first, then build in a fresh make so that pkg-config and the
# compilers are found; the scripts do the running and the counting.
test: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) test-build
	$(Q)BUILD=$(BUILD) SIM_TEST_BOARDS="$(SIM_TEST_BOARDS)" tests/run-all.sh

# Checks too long for `make test` (minutes rather than seconds).
test-slow: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(HOST_PROGRAMS) $(HOST)/avrsim $(SLOW_AVR_TESTS)
	$(Q)status=0; for script in tests/slow/*.sh; do \
	    BUILD=$(BUILD) sh $$script || status=1; done; exit $$status

# Each libFuzzer target for FUZZ_SECONDS from its corpus (tests/fuzz/), new
# inputs in build/fuzz/corpus/NAME, a crash in build/fuzz/NAME-crash-*;
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

# The engine plays itself a whole game of each variant at a fixed time per
# move, on a fresh EEPROM image.  One run per game, each script ending with
# `auto`: the firmware exits when its input is over and the game is.
DEMO_LEVEL := level time 200
demo: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(HOST)/avrsim $(BUILD)/uno/demo.elf
	$(Q)rm -f $(BUILD)/demo.eeprom
	$(Q)for variant in russian english; do \
	    printf 'new %s\n$(DEMO_LEVEL)\nauto\n' $$variant | \
	    $(HOST)/avrsim --eeprom $(BUILD)/demo.eeprom $(BUILD)/uno/demo.elf || exit 1; done

# The game firmware traced on the simulated Uno (avrsim --vcd) and drawn by
# vcd2svg: the LED (PB5) while the engine thinks, the serial lines while
# commands come in and the answer goes out.  build/waveform/demo.vcd, and
# sim/demo-waveform.svg, the README's picture.
WAVEFORM_INPUT := level depth 6\ngo\n
waveform: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(HOST)/avrsim $(HOST)/vcd2svg $(BUILD)/uno/demo.elf
	@mkdir -p $(BUILD)/waveform
	$(Q)printf '$(WAVEFORM_INPUT)' | $(HOST)/avrsim --vcd $(BUILD)/waveform/demo.vcd \
	    $(BUILD)/uno/demo.elf > $(BUILD)/waveform/demo.txt
	$(Q)$(HOST)/vcd2svg --signals PB5,TXD0,RXD0 --width 800 \
	    --title "build/uno/demo.elf in avrsim: boot, then 'level depth 6' and 'go' typed" \
	    $(BUILD)/waveform/demo.vcd > sim/demo-waveform.svg
	@echo "  SVG      sim/demo-waveform.svg"

# The same firmware, interactive; the game persists in build/play.eeprom.
# `quit` and Ctrl-D end it with status 0, and so does Ctrl-C: avrsim exits 0
# on SIGINT when its stdin is a terminal (README, The simulator runner).
play: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(HOST)/avrsim $(BUILD)/uno/demo.elf
	$(Q)$(HOST)/avrsim --eeprom $(BUILD)/play.eeprom $(BUILD)/uno/demo.elf

bench: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(HOST)/avrsim \
	    $(foreach b,$(BENCH_BOARDS),$(BUILD)/$(b)/bench.elf) \
	    $(filter %/demo.elf,$(foreach b,$(BOARDS),$($(b)_FIRMWARE)))
	$(Q)BUILD=$(BUILD) BENCH_BOARDS="$(BENCH_BOARDS)" AVR_FLAGS="$(AVR_OPT) $(AVR_LTO)" \
	    firmware/bench/run-bench.sh
	$(Q)BUILD=$(BUILD) firmware/bench/footprint.sh
	$(Q)python3 firmware/bench/chart.py -o $(BUILD)/bench/bench-chart.svg $(BUILD)/bench/bench.csv
	@echo "  SVG      $(BUILD)/bench/bench-chart.svg"

# The README's measured tables, from a fresh bench, and its chart
# (firmware/bench/bench.csv and bench-chart.svg, committed).
readme: bench
	$(Q)BUILD=$(BUILD) firmware/bench/update-readme.sh

size: $($(BOARD)_FIRMWARE)
	$(Q)for f in $^; do \
	    bytes=$$($(call flash_bytes,$$f)); \
	    printf '%s: flash %s bytes, %s%% of the %s limit (%s); ' $$f $$bytes \
	        $$(awk "BEGIN { printf \"%.1f\", 100 * $$bytes / $($(BOARD)_FLASH_LIMIT) }") \
	        $(BOARD) $($(BOARD)_FLASH_LIMIT); \
	    avr-size -C --mcu=$($(BOARD)_MCU) $$f | awk '/^Data/ { print "static RAM " $$2 " bytes" }'; done

disasm: $($(BOARD)_FIRMWARE)
	$(Q)for f in $^; do avr-objdump -d -S $$f > $${f%.elf}.lst; echo "  DISASM   $${f%.elf}.lst"; done

$(BUILD)/%.hex: $(BUILD)/%.elf
	$(call say,HEX,$@)
	$(Q)avr-objcopy -O ihex -R .eeprom -R .mmcu $< $@

flash upload: $(BUILD)/$(BOARD)/demo.hex
	avrdude -p $($(BOARD)_MCU) -c $($(BOARD)_AVRDUDE_PROGRAMMER) -P $(PORT) \
	    -b $($(BOARD)_AVRDUDE_BAUD) -D -U flash:w:$<:i

# The firmware ends its lines with LF alone: picocom maps it to CR LF.
monitor:
	$(Q)if [ "$($(BOARD)_BAUD)" = 0 ]; then \
	    echo "monitor: BOARD=$(BOARD) has no serial port (boards/$(BOARD).mk: BAUD := 0)" >&2; exit 1; fi
	$(Q).ci/install-deps picocom
	@echo "monitor: $(PORT) at $($(BOARD)_BAUD) baud; leave with Ctrl-A Ctrl-X"
	$(Q)picocom --quiet --imap lfcrlf -b $($(BOARD)_BAUD) $(PORT)

# Two engines play each other (build/host/match --help; README, "Matches").
# An engine is a `checkers` binary of any revision or a firmware .elf run
# under avrsim, with its own limit if it names one:
#   make match ENGINE_B=/tmp/old/checkers VARIANT=english MOVETIME=100 SPRT="0 10"
#   make match ENGINE_A=build/host/checkers,depth=4 ENGINE_B=build/host/checkers,depth=6
#   make match ENGINE_A=build/uno/demo.elf,movetime=1000 ENGINE_B=build/host/checkers,depth=6
# DEPTH= replaces MOVETIME; GAMES= defaults to each opening with both
# colours; MATCH_FLAGS passes any other option (--pdn FILE, --seed N, ...).
ENGINE_A ?= $(HOST)/checkers
ENGINE_B ?= $(HOST)/checkers
VARIANT  ?= russian
MOVETIME ?= 100
DEPTH    ?=
GAMES    ?=
SPRT     ?=
MATCH_FLAGS ?=
match: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(HOST)/match $(HOST)/checkers \
	    $(if $(findstring .elf,$(ENGINE_A) $(ENGINE_B)),$(HOST)/avrsim $(BUILD)/uno/demo.elf)
	$(Q)$(HOST)/match --variant $(VARIANT) $(if $(DEPTH),--depth $(DEPTH),--movetime $(MOVETIME)) \
	    $(if $(GAMES),--games $(GAMES)) $(if $(SPRT),--sprt $(SPRT)) -j $(JOBS) $(MATCH_FLAGS) \
	    '$(ENGINE_A)' '$(ENGINE_B)'

# Tuning the evaluation (README "Tuning the evaluation"):
#   make tune-games   self-play games of TUNE_ENGINE, a match for each
#                     VARIANT:DEPTH_A,DEPTH_B[:GAMES] of TUNE_MATCHES (every
#                     opening with both colours, or the first GAMES/2 of the
#                     suite shuffled by --seed 1) -> build/tune/VARIANT-dA-dB.pdn
#   make tune         fits the weights to build/tune/*.pdn and prints the
#                     rows of the table in lib/engine/eval.c (TUNE_FLAGS:
#                     --iterations, --skip, --freeze, --squares)
# Fixed depths make the games the same on any machine for one engine.
TUNE_ENGINE  ?= $(HOST)/checkers
TUNE_MATCHES ?= russian:4,5 russian:3,4 english:4,5:200
TUNE_FLAGS   ?=
tune-games: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(HOST)/match $(HOST)/checkers
	@mkdir -p $(BUILD)/tune
	$(Q)for m in $(TUNE_MATCHES); do \
	    v=$${m%%:*}; rest=$${m#*:}; pair=$${rest%%:*}; games=$${rest#$$pair}; games=$${games#:}; \
	    a=$${pair%,*}; b=$${pair#*,}; \
	    echo "  MATCH    $(BUILD)/tune/$$v-d$$a-d$$b.pdn"; \
	    $(HOST)/match --variant $$v -j $(JOBS) --quiet --seed 1 $${games:+--games $$games} \
	        --pdn $(BUILD)/tune/$$v-d$$a-d$$b.pdn '$(TUNE_ENGINE),depth='$$a '$(TUNE_ENGINE),depth='$$b \
	        | tail -n 6 || exit 1; \
	done

tune: $(HOST)/tune
	$(Q)$(HOST)/tune $(TUNE_FLAGS) $(BUILD)/tune/*.pdn

clean:
	rm -rf $(BUILD)

# make install-avrsim PREFIX=/usr/local (DESTDIR= for a staging root): the
# runner, vcd2svg, the firmware's header and the man page, for firmware of
# any project; uninstall-avrsim removes them.
PREFIX ?= /usr/local
AVRSIM_INSTALLED := bin/avrsim $(SIM_TOOLS:$(HOST)/%=bin/%) include/avrsim_io.h \
                    share/man/man1/avrsim.1
# What this project installs is the runner: `make install` is its alias.
install: install-avrsim
uninstall: uninstall-avrsim

install-avrsim: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(HOST)/avrsim $(SIM_TOOLS)
	$(Q)install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include \
	    $(DESTDIR)$(PREFIX)/share/man/man1
	$(Q)install -m 755 $(HOST)/avrsim $(SIM_TOOLS) $(DESTDIR)$(PREFIX)/bin/
	$(Q)install -m 644 sim/avrsim_io.h $(DESTDIR)$(PREFIX)/include/
	$(Q)install -m 644 sim/avrsim.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	@printf '  INSTALL  %s\n' $(AVRSIM_INSTALLED:%=$(DESTDIR)$(PREFIX)/%)

uninstall-avrsim:
	rm -f $(AVRSIM_INSTALLED:%=$(DESTDIR)$(PREFIX)/%)

# ---------------------------------------------------------------- arduino --
# make arduino-lib: the library for Arduino users, in the Arduino library
# layout (specification 1.5) with a PlatformIO library.json, assembled from
# lib/ by lib/arduino/export.sh: build/arduino/bitdraughts/ and
# build/arduino/bitdraughts.zip (for the IDE's "Add .ZIP Library").
# tests/host/test_arduino.sh exports it again and builds its examples with
# arduino-builder; it needs only $(HOST_TOOLS) of test-build.
.PHONY: arduino-lib
arduino-lib:
	$(Q)sh lib/arduino/export.sh $(BUILD)/arduino

ifeq ($(filter $(BOARD),$(BOARDS)),)
  $(error BOARD=$(BOARD) is not one of: $(BOARDS))
endif

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
