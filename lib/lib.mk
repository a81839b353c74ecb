# SPDX-License-Identifier: MIT
# lib/lib.mk - the library: its sources, its variants, and its builds for
# the host.  Included by the top-level Makefile.
#
# lib/<concept>/ holds the library proper (the folders lib/bitdraughts.h
# includes from), all of it runs on a board; lib/arch/<target> the target's
# facts and overrides; lib/bench/ the bench's alternatives (the bench
# firmware and the tests only).

LIB_DIRS  := $(sort $(shell sed -n 's|^\#include "\([a-z0-9_]*\)/.*|\1|p' lib/bitdraughts.h))
LIB_SRC   := $(wildcard $(LIB_DIRS:%=lib/%/*.c))
BENCH_SRC := $(wildcard lib/bench/*.c)

# ---------------------------------------------------------------- variants --
# A variant is an include root and a source list, nothing else: a build
# that chooses MOVEGEN=small puts lib/arch/small in front of the target's
# own folder (its arch/ headers override the AVR's: no assembly, no
# popcount table) and compiles lib/arch/small/movegen.c instead of
# lib/checkers/movegen.c and, on AVR, the assembly.  Both generators list
# the same moves in the same order.  MOVEGEN=lean is the AVR assembly in
# less flash (lib/arch/lean: arch/movegen_lean.h says what it leaves
# out), for an image that has no room for the whole of it.  ENGINE=small
# compiles the size-first search and evaluation of lib/engine/small
# instead of lib/engine/search.c and eval.c, and puts that folder in front
# (its arch/search_workspace.h).
# KINGRAY=table finds a flying king's ray by table lookup
# (lib/arch/kingray-table) where the AVR's own choice walks it.
MOVEGEN_CHOICES := fast lean small
ENGINE_CHOICES  := full small
KINGRAY_CHOICES := walk table
MOVEGEN_fast_SRC       := lib/checkers/movegen.c
MOVEGEN_fast_AVR_ASM   := $(wildcard lib/arch/avr/*.S)
MOVEGEN_fast_INCLUDE   :=
MOVEGEN_lean_SRC       := $(MOVEGEN_fast_SRC)
MOVEGEN_lean_AVR_ASM   := $(MOVEGEN_fast_AVR_ASM)
MOVEGEN_lean_INCLUDE   := -Ilib/arch/lean
MOVEGEN_small_SRC      := lib/arch/small/movegen.c lib/arch/small/popcount.c
MOVEGEN_small_AVR_ASM  := lib/arch/small/make.S
MOVEGEN_small_INCLUDE  := -Ilib/arch/small
# The small generator's assembly helpers go into every board's library,
# whatever its generator: the bench compiles the small generator beside the
# fast one (lib/bench/movegen_small.c).  So does the hash's product for
# parts without MUL (empty on the others).  An image links them when it
# calls them.
SMALL_AVR_ASM          := lib/arch/small/squares.S lib/arch/small/short_moves.S lib/arch/small/jump_landing.S \
                          lib/arch/small/hash_multiply.S
ENGINE_full_SRC        := lib/engine/search.c lib/engine/eval.c
ENGINE_full_INCLUDE    :=
ENGINE_small_SRC       := $(wildcard lib/engine/small/*.c)
ENGINE_small_INCLUDE   := -Ilib/engine/small
KINGRAY_walk_INCLUDE   :=
KINGRAY_table_INCLUDE  := -Ilib/arch/kingray-table

# The target's folder of override headers, found before the portable ones
# of the same name (lib/bits/platform.h explains the mechanism); the
# target's facts live there, its search's sizes among them.  The portable
# build has no override at all: the fallbacks that no board uses stay built
# and tested.  avrsizes is the host with the AVR's search sizes: the AVR's
# tree at host speed, for the tests of whole games.
ARCH_avr_INCLUDE      := -Ilib/arch/avr -Ilib/arch/generic
ARCH_host_INCLUDE     := -Ilib/arch/host -Ilib/arch/generic
ARCH_portable_INCLUDE := -Ilib/arch/generic
ARCH_avrsizes_INCLUDE := -Ilib/arch/avr-sizes $(ARCH_host_INCLUDE)
# The full search's transposition table (lib/engine/table.c) where the
# target's arch/search_sizes.h gives it one; the AVR's sizes choose
# lib/engine/table_compact.c (compiled everywhere, empty where another
# table is chosen) or engine/table_none.h, which does nothing.
TABLE_SRC        := lib/engine/table.c
ARCH_WITH_TABLE  := host portable
# The endgame tables (lib/endgame, no board's) in the host's library, and
# lib/arch/endgame-tables first on its include path: its
# arch/endgame_probe.h lets the table's search read them where the
# generic one decides nothing.
ENDGAME_SRC        := $(wildcard lib/endgame/*.c)
ENDGAME_PROBE_SRC  := lib/endgame/search_probe.c
ENDGAME_INCLUDE    := -Ilib/arch/endgame-tables
ARCH_WITH_ENDGAME  := host
# The AVR's sizes keep the generic probe, which decides nothing; their
# library has the tables' other code, for the host programs that map them.
ARCH_WITH_ENDGAME_FILES := avrsizes

# lib_sources MOVEGEN ENGINE ARCH: the library's C sources with those
# variants on that target.
lib_sources = $(filter-out $(MOVEGEN_fast_SRC) $(ENGINE_full_SRC) $(TABLE_SRC),$(LIB_SRC)) \
    $(MOVEGEN_$(1)_SRC) $(ENGINE_$(2)_SRC) $(if $(filter full,$(2)),$(if $(filter $(3),$(ARCH_WITH_TABLE)),$(TABLE_SRC))) \
    $(if $(filter $(3),$(ARCH_WITH_ENDGAME)),$(ENDGAME_SRC)) \
    $(if $(filter $(3),$(ARCH_WITH_ENDGAME_FILES)),$(filter-out $(ENDGAME_PROBE_SRC),$(ENDGAME_SRC)))
# lib_include MOVEGEN ENGINE ARCH [KINGRAY]: the include roots of those
# variants on that target.
lib_include = $(MOVEGEN_$(1)_INCLUDE) $(KINGRAY_$(4)_INCLUDE) $(ENGINE_$(2)_INCLUDE) \
    $(if $(filter $(3),$(ARCH_WITH_ENDGAME)),$(ENDGAME_INCLUDE)) $(ARCH_$(3)_INCLUDE)

# lib/bench/*_portable.c and *_small.c: the portable and the small move
# generation under other names, next to the target's own in the bench and in
# the tests that compare them; lib/bench/portable, first on their include
# path, names no override.
BENCH_RENAMED_SRC := $(wildcard lib/bench/*_portable.c lib/bench/*_small.c)
source_include = $(if $(filter $(BENCH_RENAMED_SRC),$(1)),-Ilib/bench/portable)

# -------------------------------------------------------------------- host --
# A host build is a folder under build/host: its objects in obj/, its
# archives beside them.  Each differs in its variants and checks:
#   build/host            the host programs (no sanitizers)
#   build/host/san        the tests, with the sanitizers
#   build/host/portable   the same with no override (lib/arch/generic only)
#   build/host/avrsizes   the search with the AVR's workspace sizes
#   build/host/avr-search the same without the checks: the Uno's search,
#                         node for node, at the host's speed
#   build/host/small      the small move generator (MOVEGEN=small)
#   build/host/small-engine  the size-first engine and the ATtiny85's RAM
HOST_CC      := gcc
HOST_CXX     := g++
# -Ifirmware: the host programs' headers, "host/NAME.h", for the tests.
HOST_CFLAGS  := -std=gnu11 -O2 -g -Wall -Wextra -Werror -ffunction-sections \
                -fdata-sections $(INCLUDES) -Ifirmware -MMD -MP
HOST_LDFLAGS := -Wl,--gc-sections
HOST_LDLIBS  := -lm
SANITIZE     := -fsanitize=address,undefined -fno-sanitize-recover=all \
                -fno-omit-frame-pointer

#                             MOVEGEN ENGINE ARCH     checks and sizes
host_variant_host          = fast    full   host
host_variant_host/san      = fast    full   host     $(SANITIZE)
host_variant_host/portable = fast    full   portable $(SANITIZE)
host_variant_host/avrsizes = fast    full   avrsizes $(SANITIZE)
host_variant_host/avr-search = fast full avrsizes
host_variant_host/small    = small   full   host     $(SANITIZE)
host_variant_host/small-engine = fast small host     $(SANITIZE) $(RAM_512_FLAGS)
# host_flags BUILD: its compiler flags; host_lib_src BUILD: its library.
host_flags = $(call lib_include,$(word 1,$(host_variant_$(1))),$(word 2,$(host_variant_$(1))),$(word 3,$(host_variant_$(1)))) \
    $(wordlist 4,99,$(host_variant_$(1)))
host_lib_src = $(call lib_sources,$(word 1,$(host_variant_$(1))),$(word 2,$(host_variant_$(1))),$(word 3,$(host_variant_$(1))))

# build_of OBJECT: the build an object belongs to (what precedes /obj/);
# source_of OBJECT: its source, .c, .cpp or .S.
build_of  = $(patsubst $(BUILD)/%/,%,$(firstword $(subst /obj/,/ ,$(1))))
source_of = $(firstword $(wildcard $(patsubst %.o,%.c,$(1)) $(patsubst %.o,%.cpp,$(1)) $(patsubst %.o,%.S,$(1))))
# An object with no source names one that cannot exist: the rule does not
# apply, and make says it has no rule for it.
obj_source = $(or $(call source_of,$(word 2,$(subst /obj/, ,$(1)))),no-source-for/$(1))

$(HOST)/%.o: $$(call obj_source,$$@) $(MAKEFILE_DEPS)
	$(call say,CC,$@)
	@mkdir -p $(@D)
	$(Q)$(if $(filter %.cpp,$<),$(HOST_CXX) $(filter-out -std=gnu11,$(HOST_CFLAGS)) -std=c++11 -pedantic,$(HOST_CC) $(HOST_CFLAGS)) \
	    $(call source_include,$<) $(call host_flags,$(call build_of,$@)) $(call source_flags,HOST,$<) -c $< -o $@

# Every build's archives (a host build's or a board's, build/<build>/):
# the library with the build's variants and the bench's alternatives
# (firmware/firmware.mk adds firmware/common's, firmware/host/host.mk the
# host programs' shared code).  An image carries only the members it calls.
$(BUILD)/%/libbitdraughts.a: $$(call lib_objects,$$*)
	$(archive)
$(BUILD)/%/libbench.a: $$(call objects_of,$$*,$(BENCH_SRC))
	$(archive)
define archive
$(call say,AR,$@)
$(Q)rm -f $@ && $(if $(filter $(HOST)/% $(FUZZ)/%,$@),ar,$(AVR_AR)) rcs $@ $^
endef
# lib_objects BUILD: the objects of its library.
lib_objects = $(if $(filter host host/%,$(1)),$(call objects_of,$(1),$(call host_lib_src,$(1))),$(call board_lib_objects,$(1)))

## arduino-lib  the library in the Arduino library layout -> build/arduino/
# (specification 1.5, with a PlatformIO library.json), assembled by
# lib/arduino/export.sh: build/arduino/bitdraughts/, a repository's root
# tagged with its version, and bitdraughts.zip.  ARDUINO_URL, the
# library's repository in its manifests, is git's origin remote (as https)
# unless set: the one setting to give for a release, which
# lib/arduino/check-library.py --release then checks.
ARDUINO_URL ?= $(shell git remote get-url origin 2>/dev/null | sed -e 's|^git@\([^:]*\):|https://\1/|' -e 's|\.git$$||')
arduino-lib:
	$(Q)ARDUINO_URL='$(ARDUINO_URL)' sh lib/arduino/export.sh $(BUILD)/arduino
	$(Q)python3 lib/arduino/check-library.py $(BUILD)/arduino/bitdraughts

.PHONY: arduino-lib
