# SPDX-License-Identifier: MIT
# bitdraughts: a bit-twiddling board-game library, a checkers firmware for
# Arduino-class boards, and a cycle-exact simulator runner for 8-bit AVR.
#
#   make help         the targets
#   make [all]        the host programs and every board's images
#   make test         host and simulator tests; ends with "total: N passed, N failed"
#
# The rules live next to what they build, one fragment per folder:
#   boards/<name>.mk       a board: its facts and choices, data only
#   lib/lib.mk             the library, its variants, its host builds and programs
#   sim/sim.mk             avrsim and its companions
#   firmware/firmware.mk   every board's images, and running, measuring, flashing them
#   firmware/host/host.mk  the host programs: checkers, match, tune, the generators
#   tests/tests.mk         the test programs, fuzzing, test, test-slow, fuzz
# V=1 shows full commands.  Everything is built under build/: build/host
# for the host, build/<board> for a board.  test and demo first install the
# packages they need (.ci/install-deps).

.DEFAULT_GOAL := all
# Every object, archive and image is kept, and a build's objects and
# archives are found from the target's own path (build/<build>/obj/<source>.o).
.SECONDARY:
.SECONDEXPANSION:
# No built-in rule: every target is made by a rule of these files.
MAKEFLAGS += --no-builtin-rules
.SUFFIXES:
SHELL := /bin/sh
BUILD := build
HOST  := $(BUILD)/host
BOARD ?= uno
PORT  ?= /dev/ttyACM0
JOBS  ?= $(shell nproc 2>/dev/null || echo 2)

ifeq ($(V),1)
  Q :=
  say = @true
else
  Q := @
  say = @printf '  %-8s %s\n' $(1) $(2)
endif

# Any change to the build description rebuilds everything.
MAKEFILE_DEPS := Makefile $(wildcard */*.mk firmware/host/host.mk sim/web/web.mk tests/boards/*.mk)
INCLUDES := -Ilib -Isim -Ifirmware/common -Itests

# source_flags SET SOURCE: the flags SET_FLAGS_<pattern> of each pattern of
# SET_SOURCE_FLAG_PATTERNS that SOURCE matches (a few objects need their own).
source_flags = $(foreach p,$($(1)_SOURCE_FLAG_PATTERNS),$(if $(filter $(p),$(2)),$($(1)_FLAGS_$(p))))

# objects_of BUILD SOURCES: their objects in that build.
objects_of = $(patsubst %,$(BUILD)/$(1)/obj/%.o,$(basename $(2)))

include lib/lib.mk
include sim/sim.mk
include sim/web/web.mk
include firmware/firmware.mk
include firmware/host/host.mk
HOST_TOOLS := $(HOST)/avrsim $(SIM_TOOLS) $(HOST_PROGRAMS) $(AVR_SEARCH_CHECKERS)
include tests/tests.mk

## all          the host programs and every board's images
all: host firmware
## host         avrsim, its companions and the host programs (build/host/)
host: $(HOST_TOOLS)

## deps         install the Debian packages the build and the tests need
deps:
	$(Q).ci/install-deps

## help         this list
help:
	@sed -n 's/^## /  make /p' $(filter-out boards/% tests/boards/%,$(MAKEFILE_DEPS))
	@echo "  variables: BOARD=$(BOARD) (one of: $(BOARDS)), PORT=$(PORT), V=1, JOBS=$(JOBS)"

## clean        remove build/
clean:
	rm -rf $(BUILD)

.PHONY: all host deps help clean

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
