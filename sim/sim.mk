# SPDX-License-Identifier: MIT
# sim/sim.mk - avrsim, the cycle-exact runner on libsimavr, and its
# companions (sim/tools/NAME.c -> build/host/NAME: vcd2svg).  Included by
# the top-level Makefile.

SIMAVR_FLAGS := $(shell pkg-config --cflags simavr 2>/dev/null)
SIMAVR_LIBS  := $(shell pkg-config --libs simavr 2>/dev/null) -lelf
HOST_SOURCE_FLAG_PATTERNS += sim/%
HOST_FLAGS_sim/% := $(SIMAVR_FLAGS)

AVRSIM_OBJ := $(patsubst %.c,$(HOST)/obj/%.o,$(wildcard sim/*.c))
$(HOST)/avrsim: $(AVRSIM_OBJ)
	$(call say,LD,$@)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) $^ $(SIMAVR_LIBS) -o $@

SIM_TOOLS := $(patsubst sim/tools/%.c,$(HOST)/%,$(wildcard sim/tools/*.c))
$(SIM_TOOLS): $(HOST)/%: $(HOST)/obj/sim/tools/%.o
	$(call say,LD,$@)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) $^ -lm -o $@

## waveform     the game's LED and serial lines traced -> sim/demo-waveform.svg
# avrsim --vcd on the simulated Uno, drawn by vcd2svg
# (firmware/bench/waveform.sh): the LED (PB5) while the engine thinks, the
# serial lines while commands come in and the answer goes out; the picture
# in sim/README.md.
waveform: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(HOST)/avrsim $(HOST)/vcd2svg $(BUILD)/uno/demo.elf
	$(Q)BUILD=$(BUILD) firmware/bench/waveform.sh sim/demo-waveform.svg
	@echo "  SVG      sim/demo-waveform.svg"

## install      (install-avrsim) the runner, vcd2svg, avrsim_io.h, the man page: PREFIX=/usr/local
# DESTDIR= for a staging root; uninstall (uninstall-avrsim) removes them.
PREFIX ?= /usr/local
AVRSIM_INSTALLED := bin/avrsim $(SIM_TOOLS:$(HOST)/%=bin/%) include/avrsim_io.h \
                    share/man/man1/avrsim.1
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

.PHONY: waveform install uninstall install-avrsim uninstall-avrsim
