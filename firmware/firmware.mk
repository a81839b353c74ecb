# SPDX-License-Identifier: MIT
# firmware/firmware.mk - every board's images, and the targets that run,
# measure or flash them.  Included by the top-level Makefile.
#
# A board is data: boards/<name>.mk states its facts (BOARD_FACTS) and its
# choices (BOARD_CHOICES), all of them, checked when it is read.  A board
# has two builds, each a folder of objects and archives:
#   build/<board>/       the library with the board's MOVEGEN and ENGINE,
#                        for the programs of PROGRAMS, the bench's rows and
#                        the simulator tests
#   build/<board>/game/  the game image's own build of the library and of
#                        firmware/common, with GAME_MOVEGEN and compiled for
#                        size (game_cflags)
# and its images are build/<board>/NAME.elf: demo.elf, the game (firmware/
# $(GAME)), and one for each program of PROGRAMS (firmware/NAME).

BOARDS := $(basename $(notdir $(wildcard boards/*.mk)))
# The facts: MCU and F_CPU; BAUD, the serial port's (0: none); the LED's
# port letter and bit; avrdude's programmer and upload speed; FLASH_LIMIT,
# the flash an image may use (Arduino's boards.txt upload.maximum_size).
# The choices:
#   GAME          the game image, demo.elf: demo (firmware/demo, the console
#                 game) or selfplay (firmware/selfplay: the engine plays
#                 itself; no serial port needed)
#   PROGRAMS      the other images: firmware/NAME -> build/<board>/NAME.elf
#   MOVEGEN       the move generator of those (fast: lib/checkers and the AVR
#                 assembly; lean: the same in less flash, lib/arch/lean;
#                 small: lib/arch/small, written for flash first)
#   GAME_MOVEGEN  the game's
#   ENGINE        the search and evaluation (full: lib/engine; small:
#                 lib/engine/small, the size-first engine for 8 and 16 KB)
#   KINGRAY       how a flying king's ray is found: walk (the AVR's own
#                 choice) or table (lib/arch/kingray-table: faster, for
#                 the flash of the large parts)
#   GAME_UI       the game's user interface (full; tight: full less `ram`,
#                 for the Uno's flash; lean: the 16 KB choices;
#                 firmware/demo/ui/<GAME_UI>/game_ui.h)
#   RAM           the RAM the objects are sized for: 8k, 2k, 1k or 512 (below)
#   HUB_MODE      yes: the game speaks the Hub protocol too (firmware/demo/hub_mode.c)
BOARD_FACTS   := MCU F_CPU BAUD LED_PORT LED_BIT AVRDUDE_PROGRAMMER AVRDUDE_BAUD FLASH_LIMIT
BOARD_CHOICES := GAME PROGRAMS MOVEGEN GAME_MOVEGEN ENGINE KINGRAY GAME_UI RAM HUB_MODE
# The values a choice may take (MOVEGEN_CHOICES and ENGINE_CHOICES: lib/lib.mk).
GAME_CHOICES         := demo selfplay
PROGRAMS_CHOICES     := $(filter-out common demo host,$(patsubst firmware/%/,%,$(wildcard firmware/*/)))
GAME_MOVEGEN_CHOICES := $(MOVEGEN_CHOICES)
GAME_UI_CHOICES      := full tight lean
RAM_CHOICES          := 8k 2k 1k 512
HUB_MODE_CHOICES     := yes no

# load_board NAME FILE: reads a board file into NAME_MCU, NAME_GAME, ...;
# check_board NAME FILE stops with the file's name and the variable at the
# first fact missing or choice not allowed.
load_board = $(foreach v,$(BOARD_FACTS) $(BOARD_CHOICES),$(eval undefine $(v)))$(eval include $(2))$(foreach \
    v,$(BOARD_FACTS) $(BOARD_CHOICES),$(eval $(1)_$(v) := $($(v)))$(eval undefine $(v)))
check_board = $(foreach v,$(BOARD_FACTS) $(BOARD_CHOICES),$(if $(strip $($(1)_$(v)))$(filter PROGRAMS,$(v)),,\
        $(error $(2): $(v) is not set; a board file sets $(BOARD_FACTS) $(BOARD_CHOICES)))) \
    $(foreach v,$(BOARD_CHOICES),$(foreach x,$($(1)_$(v)),$(if $(filter $(x),$($(v)_CHOICES)),,\
        $(error $(2): $(v) := $($(1)_$(v)): $(x) is not one of: $($(v)_CHOICES)))))
# read_boards FOLDER NAMES: loads and checks FOLDER/NAME.mk for each name.
read_boards = $(foreach b,$(2),$(call load_board,$(b),$(1)/$(b).mk)$(call check_board,$(b),$(1)/$(b).mk))
$(call read_boards,boards,$(BOARDS))

# ----------------------------------------------------------------- compile --
AVR_CC  := avr-gcc
AVR_AR  := avr-gcc-ar
AVR_OPT ?= -Os
# Link-time optimisation (calls across objects inlined, unused code gone
# before layout) and linker relaxation (CALL/JMP to RCALL/RJMP where they
# reach).  The objects keep plain code too, for the bench's avr-nm.
# AVR_LTO= builds without.
AVR_LTO ?= -flto -ffat-lto-objects -mrelax
AVR_CFLAGS := -std=gnu11 $(AVR_OPT) $(AVR_LTO) -g -Wall -Wextra -Werror \
              -ffunction-sections -fdata-sections $(INCLUDES) -MMD -MP

# The RAM a board's objects are sized for (RAM), an include root for all
# of them: the game record's repetition window (lib/arch/ram-1k); the size-
# first search has its own sizes (lib/engine/small); 8 KB holds the full
# search's largest transposition table (lib/arch/ram-8k).  tests/firmware/
# test_demo_16k.sh and test_selfplay.sh measure the small ones.
RAM_8k_INCLUDE  := -Ilib/arch/ram-8k
RAM_2k_INCLUDE  :=
RAM_1k_INCLUDE  := -Ilib/arch/ram-1k
RAM_512_INCLUDE := -Ilib/arch/ram-1k

# board_cflags BOARD: the board's facts as the firmware's macros.
board_cflags = -mmcu=$($(1)_MCU) -DF_CPU=$($(1)_F_CPU)UL -DBAUD=$($(1)_BAUD)UL \
    -DBOARD_NAME='"$(1)"' -DBOARD_MCU_NAME='"$($(1)_MCU)"' \
    -DLED_PORT_LETTER=$($(1)_LED_PORT) -DLED_BIT=$($(1)_LED_BIT)
# board_of BUILD, is_game BUILD, movegen_of BUILD: a build's board, whether
# it is the game's, its move generator.
board_of   = $(firstword $(subst /, ,$(1)))
is_game    = $(filter %/game,$(1))
movegen_of = $($(call board_of,$(1))_$(if $(call is_game,$(1)),GAME_MOVEGEN,MOVEGEN))
# avr_cflags BUILD: the flags of all its objects.
# The RAM's root goes first: it overrides the target's sizes.
avr_cflags = $(call board_cflags,$(call board_of,$(1))) $(AVR_CFLAGS) $(RAM_$($(call board_of,$(1))_RAM)_INCLUDE) \
    $(call lib_include,$(call movegen_of,$(1)),$($(call board_of,$(1))_ENGINE),avr,$($(call board_of,$(1))_KINGRAY)) \
    $(if $(call is_game,$(1)),$(call game_cflags,$(call board_of,$(1))))
# The runner's .mmcu section (firmware/common/avrsim_section.c) is kept by
# --undefined=_mmcu at the link, which LTO would drop before the linker sees
# it: that object is plain code, as is the stack's paint, whose start-up
# routine and .mmcu record no call reaches.
# The self-play program saves registers through libgcc's shared prologue
# and epilogue (-mcall-prologues), on every board.
AVR_SOURCE_FLAG_PATTERNS := firmware/common/avrsim_section.c firmware/common/stack_paint.c firmware/selfplay/%
AVR_FLAGS_firmware/common/avrsim_section.c := -fno-lto
AVR_FLAGS_firmware/common/stack_paint.c := -fno-lto
AVR_FLAGS_firmware/selfplay/% := -mcall-prologues

# avr_object_flags OBJECT SOURCE: the flags that compile it.
avr_object_flags = $(call source_include,$(2)) $(call avr_cflags,$(call build_of,$(1))) $(call source_flags,AVR,$(2)) \
    $(if $(call is_game,$(call build_of,$(1))),$(call source_flags,GAME,$(2)))
$(BUILD)/%.o: $$(call obj_source,$$@) $(MAKEFILE_DEPS)
	$(call say,$(if $(filter %.S,$<),AVR-AS,AVR-CC),$@)
	@mkdir -p $(@D)
	$(Q)$(AVR_CC) $(call avr_object_flags,$@,$<) -c $< -o $@

# board_lib_objects BUILD: its library's objects, C and assembly (the fast
# generator's, and the small one's helpers on every board).
board_lib_objects = $(call objects_of,$(1),$(call lib_sources,$(call movegen_of,$(1)),$($(call board_of,$(1))_ENGINE),avr) \
    $(MOVEGEN_$(call movegen_of,$(1))_AVR_ASM) $(SMALL_AVR_ASM))
$(BUILD)/%/libfirmware.a: $$(call objects_of,$$*,$(wildcard firmware/common/*.c))
	$(archive)

# -------------------------------------------------------------------- game --
# The game image is the one near its board's flash limit: it trades call
# speed for size.  With -flto a flag of any object applies to the whole
# image at the link (avr-gcc merges target options), so the game has its
# own build of everything it links (build/<board>/game/), compiled with
# GAME_SIZE_FLAGS: without the passes that avr-gcc trades for registers that
# then spill (code sinking, the phi-to-conditional rewrite, loop-invariant
# motion, temporary expression replacement, the scalar replacement of
# aggregates across calls, the coalescing of variables).  The bench's and
# tests' objects keep plain -Os, so the bench rows are those of the library
# as shipped.  The commit messages that chose each flag carry its figures.
GAME_SIZE_FLAGS := -fno-tree-sink -fno-ssa-phiopt -fno-move-loop-invariants -fno-tree-ter -fno-ipa-sra \
                   -fno-tree-coalesce-vars
# The game's choices, each an include root (firmware/demo/ui/<GAME_UI>,
# hub/<HUB_MODE>, ram/<RAM>) and HUB_MODE a source too; DEMO_FEATURES from
# the command line turns one switch of firmware/demo/demo_features.h off
# alone, to measure what it costs (in a BUILD of its own: a command-line
# flag rebuilds nothing):
#   make BUILD=build/m DEMO_FEATURES=-DDEMO_HAS_PERFT=0 build/m/nano/demo.elf
HUB_MODE_yes_SRC := firmware/demo/hub_mode.c
HUB_MODE_no_SRC  :=
DEMO_FEATURES ?=
# game_include GAME_UI HUB_MODE RAM: the game's include roots.
game_include = -Ifirmware/demo/ui/$(1) -Ifirmware/demo/hub/$(2) $(if $(wildcard firmware/demo/ram/$(3)),-Ifirmware/demo/ram/$(3))
# game_cflags BOARD: the flags of its game build.
game_cflags = $(call game_include,$($(1)_GAME_UI),$($(1)_HUB_MODE),$($(1)_RAM)) $(DEMO_FEATURES) $(GAME_SIZE_FLAGS) \
    $(TEXT_PAIRS_FLAGS_$($(1)_GAME))
# Its own code saves registers through libgcc's shared prologue and
# epilogue (-mcall-prologues), and the console game uses X only as the
# hardware addresses it (-mstrict-X: no X+offset made of ADIW/SBIW pairs).
# The user interface (the commands, the notation, the serial port, Hub
# mode's text), where no cycle counts, is spared partial redundancy
# elimination and the loop optimizer, and switch tables, which would go
# into the padding that firmware/demo/flash_gap.h fills.  main() stays in
# .text (not .text.startup, which the linker would put after all of the
# library), among the functions it calls.
GAME_UI_FLAGS := -fno-tree-pre -fno-jump-tables -fno-tree-loop-optimize
GAME_UI_SOURCES := firmware/demo/% firmware/common/% lib/checkers/pdn.c lib/checkers/position.c \
    lib/checkers/movegen.c lib/engine/hub.c lib/engine/hub_session.c
GAME_SOURCE_FLAG_PATTERNS := firmware/demo/% firmware/demo/main.c \
    $(filter-out firmware/demo/%,$(GAME_UI_SOURCES))
GAME_FLAGS_firmware/demo/%      := -mcall-prologues -mstrict-X
GAME_FLAGS_firmware/demo/main.c := -fno-reorder-functions
$(foreach p,$(GAME_UI_SOURCES),$(eval GAME_FLAGS_$(p) += $(GAME_UI_FLAGS)))

# Every console game paints its stack (firmware/common/stack_paint.h), with
# or without the `ram` command that reads the paint: naming the paint's
# .mmcu record brings it from the firmware's archive.
STACK_PAINT_LDFLAGS := -Wl,--undefined=avrsim_mmcu_stack_paint

# The game's link: its functions in one LTO partition, in the order of the
# sources, so that callers and callees stay close and 2-byte RCALLs replace
# 4-byte CALLs where they reach; libgcc's register-saving prologue and
# epilogue loaded before the library's assembly, within RCALL reach of the
# search.  The commands and the session's printers go last, right before
# the library code they call most (the notation), and the serial port and
# the clock (linked as objects rather than from the archive) in the middle
# of the user interface that calls them.
GAME_LDFLAGS := $(GAME_SIZE_FLAGS) -flto-partition=one -fno-toplevel-reorder \
                -Wl,-u,__prologue_saves__,-u,__epilogue_restores__ -lgcc $(STACK_PAINT_LDFLAGS)
GAME_COMMON_LINKED := firmware/common/serial.c firmware/common/serial_print.c firmware/common/clock.c
GAME_LINK_LAST := firmware/demo/main.c firmware/demo/session.c $(GAME_COMMON_LINKED) \
                  firmware/demo/commands.c
link_order = $(filter-out $(GAME_LINK_LAST),$(1)) $(foreach f,$(GAME_LINK_LAST),$(filter $(f),$(1)))
game_sources = $(call link_order,$(sort $(filter-out $(HUB_MODE_yes_SRC),$(wildcard firmware/$($(1)_GAME)/*.c)) \
    $(if $(filter demo,$($(1)_GAME)),$(HUB_MODE_$($(1)_HUB_MODE)_SRC))) $(if $(filter demo,$($(1)_GAME)),$(GAME_COMMON_LINKED)))
# The console game's printed texts are byte-pair coded
# (firmware/demo/text_code.py): its sources that print are preprocessed
# (NAME.i beside the object), the pairs chosen over all of them
# (game/text_pairs.c, linked with the game), and each compiled from its
# coded copy (NAME.coded.i); serial_puts_P() expands them.
TEXT_PAIRS_FLAGS_demo := -DSERIAL_TEXT_PAIRS=1
TEXT_CODE := python3 firmware/demo/text_code.py
TEXT_BOARDS := $(foreach b,$(BOARDS),$(if $(filter demo,$($(b)_GAME)),$(b)))
# text_files BOARD EXT: its printing sources' files of that extension.
text_files = $(patsubst %.o,%.$(2),$(call objects_of,$(1)/game,$(filter firmware/demo/%,$(call game_sources,$(1))) \
    lib/checkers/pdn.c $(if $(filter yes,$($(1)_HUB_MODE)),lib/engine/hub_session.c)))
$(foreach b,$(TEXT_BOARDS),$(call text_files,$(b),i)): $(BUILD)/%.i: $$(call obj_source,$$*.o) $(MAKEFILE_DEPS)
	$(call say,AVR-CPP,$@)
	@mkdir -p $(@D)
	$(Q)$(AVR_CC) $(call avr_object_flags,$@,$<) -E -MF $(@:.i=.d) -MT $@ $< -o $@
$(foreach b,$(TEXT_BOARDS),$(call text_files,$(b),o)): $(BUILD)/%.o: $(BUILD)/%.i $$(BUILD)/$$(call board_of,$$*)/game/text_pairs.c \
    firmware/demo/text_code.py
	$(call say,AVR-CC,$@)
	$(Q)$(TEXT_CODE) encode $(word 2,$^) < $< > $(@:.o=.coded.i)
	$(Q)$(AVR_CC) $(filter-out -MMD -MP,$(call avr_object_flags,$@,$(call obj_source,$@))) -x cpp-output \
	    -c $(@:.o=.coded.i) -o $@
$(BUILD)/%/game/text_pairs.c: $$(call text_files,$$*,i) firmware/demo/text_code.py
	$(call say,TEXT,$@)
	$(Q)$(TEXT_CODE) pairs $@ $(filter %.i,$^)
$(BUILD)/%/game/text_pairs.o: $(BUILD)/%/game/text_pairs.c
	$(call say,AVR-CC,$@)
	$(Q)$(AVR_CC) $(call avr_cflags,$*/game) -c $< -o $@

# The move generator's popcount table must stay at the first 256-byte
# boundary, right after the tables that fill the padding before it
# (firmware/demo/flash_gap.h); grown past it, they would move the table and
# waste up to 255 bytes.
game_gap_check = table=$$(avr-nm $(1) | awk '$$3 == "bd_popcount_table" { print $$1 }'); \
    if [ -n "$$table" ] && [ "$$table" != 00000100 ]; then \
        echo "$(1): bd_popcount_table at 0x$$table, not 0x100: the tables of" \
             "firmware/demo/flash_gap.h no longer fit before it" >&2; rm -f $(1); exit 1; fi

# ------------------------------------------------------------------ images --
# The runner's .mmcu section lies outside the image (0x910000).  The
# linker's own region for flash, the whole of the MCU's, is lifted: the
# board's FLASH_LIMIT is the check, with its message naming the board, the
# size and how much over.
AVR_LDFLAGS := -Wl,--gc-sections -Wl,--undefined=_mmcu,--section-start=.mmcu=0x910000 \
               -Wl,--defsym=__TEXT_REGION_LENGTH__=1M
# flash_bytes ELF: what the ELF puts in flash, .text and .data's initial
# values.
flash_bytes = avr-size -A $(1) | awk '$$1 == ".text" || $$1 == ".data" { s += $$2 } END { print s + 0 }'
# tests/check.c prints through firmware/common/serial_print.c.
TEST_SUPPORT := tests/check.c firmware/common/serial_print.c

# elf_prerequisites STEM: what build/STEM.elf links, by the form of its name:
#   BOARD/demo                  the game: its build's objects and archives
#   BOARD/NAME                  firmware/NAME (PROGRAMS)
#   BUILD/tests/NAME            tests/MODULE/NAME.c (tests/tests.mk)
#   BUILD/runner/NAME           tests/sim/runner/NAME.c, a firmware the runner's tests run
elf_prerequisites = $(if $(filter demo,$(notdir $(1))),$(call game_prerequisites,$(call parent,$(1))),\
    $(if $(filter %/tests %/runner,$(call parent,$(1))),$(call test_prerequisites,$(1),$(call parent,$(call parent,$(1)))),\
    $(if $(filter $(notdir $(1)),$($(call board_of,$(1))_PROGRAMS)),\
        $(call objects_of,$(call board_of,$(1)),$(wildcard firmware/$(notdir $(1))/*.c)) $(call support_of,$(call board_of,$(1))))))
parent = $(patsubst %/,%,$(dir $(1)))
# game_prerequisites BOARD: the game's objects, in link order, and archives.
game_prerequisites = $(call objects_of,$(1)/game,$(call game_sources,$(1))) $(call game_text_pairs,$(1)) \
    $(BUILD)/$(1)/game/libfirmware.a $(BUILD)/$(1)/game/libbitdraughts.a
# game_text_pairs BOARD: the table of its game's coded texts, which the game
# build's serial_print.o reads (a console game's build only).
game_text_pairs = $(if $(filter demo,$($(1)_GAME)),$(BUILD)/$(1)/game/text_pairs.o)
# test_prerequisites STEM BUILD: a test's or a runner firmware's object (a
# test with the support that prints its results), and BUILD's archives.
test_prerequisites = $(call objects_of,$(2),$(or $(call test_source,$(notdir $(1))),$(wildcard tests/sim/runner/$(notdir $(1)).c)) \
    $(if $(filter %/tests,$(call parent,$(1))),$(TEST_SUPPORT))) \
    $(if $(filter %/game,$(2)),$(call game_text_pairs,$(call parent,$(2)))) $(call support_of,$(2))
support_of = $(BUILD)/$(1)/libfirmware.a $(BUILD)/$(1)/libbench.a $(BUILD)/$(1)/libbitdraughts.a

# Every image is checked against its board's limit: one over it is deleted,
# so neither `make flash` nor a test can use it.
$(BUILD)/%.elf: $$(call elf_prerequisites,$$*)
	$(call say,AVR-LD,$@)
	@mkdir -p $(@D)
	$(Q)$(AVR_CC) -mmcu=$($(call board_of,$*)_MCU) $(AVR_OPT) $(AVR_LTO) $(AVR_LDFLAGS) \
	    $(if $(filter %/demo,$*),$(GAME_LDFLAGS)) -Wl,-Map=$(@:.elf=.map) $^ -o $@
	$(Q)limit=$($(call board_of,$*)_FLASH_LIMIT); bytes=$$($(call flash_bytes,$@)); \
	if [ "$$bytes" -gt "$$limit" ]; then \
	    echo "$@: $$bytes bytes of flash, over the $(call board_of,$*) board's limit of $$limit" \
	         "($(call board_file,$(call board_of,$*)) FLASH_LIMIT) by $$((bytes - limit))" >&2; \
	    rm -f $@; exit 1; fi
	$(if $(filter %/demo,$*),$(Q)$(call game_gap_check,$@))
board_file = $(or $(wildcard boards/$(1).mk),$(wildcard tests/boards/$(1).mk))

$(BUILD)/%.hex: $(BUILD)/%.elf
	$(call say,HEX,$@)
	$(Q)avr-objcopy -O ihex -R .eeprom -R .mmcu $< $@

# board_images BOARD: its images of `make firmware`.
board_images = $(BUILD)/$(1)/demo.elf $($(1)_PROGRAMS:%=$(BUILD)/$(1)/%.elf)

## firmware     every board's images (build/<board>/*.elf)
firmware: $(foreach b,$(BOARDS),$(call board_images,$(b)))

# ----------------------------------------------------------------- targets --
## demo         the engine plays itself (both variants) on the simulated Uno
# One run per game, on a fresh EEPROM image, each script ending with `auto`:
# the firmware exits when its input is over and the game is.
DEMO_LEVEL := level time 200
demo: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(HOST)/avrsim $(BUILD)/uno/demo.elf
	$(Q)rm -f $(BUILD)/demo.eeprom
	$(Q)for variant in russian english; do \
	    printf 'new %s\n$(DEMO_LEVEL)\nauto\n' $$variant | \
	    $(HOST)/avrsim --eeprom $(BUILD)/demo.eeprom $(BUILD)/uno/demo.elf || exit 1; done

## play         play checkers against it in the terminal (simulated Uno)
# The game persists in build/play.eeprom.  `quit`, Ctrl-D and Ctrl-C end it
# with status 0 (avrsim exits 0 on SIGINT when its stdin is a terminal).
play: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(HOST)/avrsim $(BUILD)/uno/demo.elf
	$(Q)$(HOST)/avrsim --eeprom $(BUILD)/play.eeprom $(BUILD)/uno/demo.elf

## bench        cycle counts in the simulator -> build/bench/bench.csv, bench-chart.svg,
#               and where each missed target's cycles go -> build/bench/profile.csv
BENCH_BOARDS := uno attiny85 mega2560
bench: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(HOST)/avrsim \
	    $(foreach b,$(BENCH_BOARDS),$(BUILD)/$(b)/bench.elf) \
	    $(foreach b,$(BOARDS),$(BUILD)/$(b)/demo.elf)
	$(Q)BUILD=$(BUILD) BENCH_BOARDS="$(BENCH_BOARDS)" AVR_FLAGS="$(AVR_OPT) $(AVR_LTO)" \
	    firmware/bench/run-bench.sh
	$(Q)BUILD=$(BUILD) BENCH_BOARDS="$(BENCH_BOARDS)" firmware/bench/profile-targets.sh
	$(Q)BUILD=$(BUILD) firmware/bench/footprint.sh
	$(Q)python3 firmware/bench/chart.py -o $(BUILD)/bench/bench-chart.svg $(BUILD)/bench/bench.csv
	@echo "  SVG      $(BUILD)/bench/bench-chart.svg"

## readme       the bench and the waveform, then every generated block of the docs
# (firmware/bench/update-docs.sh; tests/docs/test_docs.sh fails on a stale one)
readme: bench
	$(Q)$(MAKE) --no-print-directory waveform
	$(Q)BUILD=$(BUILD) firmware/bench/update-docs.sh

## size         flash and static RAM of BOARD's images, and the RAM left for the stack
# As the Arduino IDE puts it: static data as a share of the part's RAM, and
# what is left for the stack; the peak the stack reaches is measured by a
# run: build/host/avrsim --stats IMAGE (sim/README.md).
size: $(call board_images,$(BOARD))
	$(Q)ram=$$(printf '#include <avr/io.h>\nRAMEND - RAMSTART + 1\n' | \
	    $(AVR_CC) -mmcu=$($(BOARD)_MCU) -E -P -x c - | tail -n 1); ram=$$(($$ram)); \
	for f in $^; do \
	    bytes=$$($(call flash_bytes,$$f)); \
	    printf '%s: flash %s bytes, %s%% of the %s limit (%s); ' $$f $$bytes \
	        $$(awk "BEGIN { printf \"%.1f\", 100 * $$bytes / $($(BOARD)_FLASH_LIMIT) }") \
	        $(BOARD) $($(BOARD)_FLASH_LIMIT); \
	    avr-size -C --mcu=$($(BOARD)_MCU) $$f | awk -v ram=$$ram '/^Data/ { \
	        printf "static RAM %s bytes, %.1f%% of the %s bytes of the part, %s left for the stack\n", \
	            $$2, 100 * $$2 / ram, ram, ram - $$2 }'; done
	@echo "the stack's peak in a run: build/host/avrsim --stats IMAGE (peak stack, on stderr at the end)"

## disasm       BOARD's images disassembled -> build/BOARD/*.lst
disasm: $(call board_images,$(BOARD))
	$(Q)for f in $^; do avr-objdump -d -S $$f > $${f%.elf}.lst; echo "  DISASM   $${f%.elf}.lst"; done

## flash        (alias upload) the game onto BOARD at PORT: make flash BOARD=uno PORT=/dev/ttyACM0
# IMAGE= flashes another of the board's images (build/BOARD/NAME.hex).  An
# image over the board's FLASH_LIMIT is refused before avrdude starts, and
# so is a PORT that does not exist, with the serial ports there are.
# avrdude's options by programmer: a serial bootloader (arduino, wiring,
# avr109) writes page by page over what was there and cannot erase the chip
# (-D); an ISP programmer erases the chip first, since writing flash only
# clears bits; a USB programmer (usbasp, usbtiny) is found on the USB bus,
# not at a serial port, and sets its own clock (no -b).
IMAGE ?= $(BUILD)/$(BOARD)/demo.hex
AVRDUDE_BOOTLOADERS := arduino wiring avr109
AVRDUDE_USB := usbasp usbtiny
avrdude_is = $(filter $($(BOARD)_AVRDUDE_PROGRAMMER),$(AVRDUDE_$(1)))
AVRDUDE_FLAGS = -p $($(BOARD)_MCU) -c $($(BOARD)_AVRDUDE_PROGRAMMER) \
    $(if $(call avrdude_is,USB),-P usb,-P $(PORT) -b $($(BOARD)_AVRDUDE_BAUD)) \
    $(if $(call avrdude_is,BOOTLOADERS),-D)
SERIAL_PORTS = $(wildcard /dev/ttyUSB* /dev/ttyACM*)
flash upload: $(IMAGE)
	$(Q)bytes=$$(avr-size --target=ihex $< | awk 'NR == 2 { print $$2 }'); \
	if [ "$$bytes" -gt $($(BOARD)_FLASH_LIMIT) ]; then \
	    echo "flash: $<: $$bytes bytes, over the $(BOARD) board's limit of $($(BOARD)_FLASH_LIMIT)" \
	         "($(call board_file,$(BOARD)) FLASH_LIMIT): not flashed" >&2; exit 1; fi
	$(Q)$(if $(call avrdude_is,USB),true,if [ ! -e "$(PORT)" ]; then \
	    echo "flash: BOARD=$(BOARD), PORT=$(PORT): no such port;" \
	         "$(if $(SERIAL_PORTS),the serial ports here: $(SERIAL_PORTS),no /dev/ttyUSB* or /dev/ttyACM* here: is the board plugged in?)" >&2; \
	    echo "flash: pass the board's port and name: make flash BOARD=$(BOARD) PORT=$(or $(firstword $(SERIAL_PORTS)),/dev/ttyUSB0)" >&2; \
	    exit 1; fi)
	avrdude $(strip $(AVRDUDE_FLAGS)) -U flash:w:$<:i

## monitor      serial terminal on PORT at BOARD's BAUD
# The firmware ends its lines with LF alone: picocom maps it to CR LF.
monitor:
	$(Q)if [ "$($(BOARD)_BAUD)" = 0 ]; then \
	    echo "monitor: BOARD=$(BOARD) has no serial port (boards/$(BOARD).mk: BAUD := 0)" >&2; exit 1; fi
	$(Q).ci/install-deps picocom
	@echo "monitor: $(PORT) at $($(BOARD)_BAUD) baud; leave with Ctrl-A Ctrl-X"
	$(Q)picocom --quiet --imap lfcrlf -b $($(BOARD)_BAUD) $(PORT)

ifeq ($(filter $(BOARD),$(BOARDS)),)
  $(error BOARD=$(BOARD) is not one of: $(BOARDS))
endif

.PHONY: firmware demo play bench readme size disasm flash upload monitor

## explain      what BOARD's game image is made of: its sources, their flags, its link
explain:
	@echo "build/$(BOARD)/demo.elf, from $(call board_file,$(BOARD)):"
	@$(foreach v,$(BOARD_FACTS) $(BOARD_CHOICES),printf '  %-20s %s\n' '$(v)' '$($(BOARD)_$(v))';)
	@echo "every object: $(strip $(call avr_cflags,$(BOARD)/game))"
	@echo "linked as objects, in this order, and their own flags:"
	@$(foreach s,$(call game_sources,$(BOARD)),printf '  %-36s %s\n' '$(s)' '$(call explain_flags,$(s))';)
	@echo "linked from archives (build/$(BOARD)/game/*.a) where called:"
	@$(foreach s,$(filter-out $(GAME_COMMON_LINKED),$(wildcard firmware/common/*.c)) \
	    $(call lib_sources,$(call movegen_of,$(BOARD)/game),$($(BOARD)_ENGINE),avr) \
	    $(MOVEGEN_$(call movegen_of,$(BOARD)/game)_AVR_ASM),printf '  %-36s %s\n' '$(s)' '$(call explain_flags,$(s))';)
	@echo "link: $(strip -mmcu=$($(BOARD)_MCU) $(AVR_OPT) $(AVR_LTO) $(AVR_LDFLAGS) $(GAME_LDFLAGS))"
explain_flags = $(strip $(call source_include,$(1)) $(call source_flags,AVR,$(1)) $(call source_flags,GAME,$(1)))
.PHONY: explain
