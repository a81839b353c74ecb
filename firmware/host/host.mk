# SPDX-License-Identifier: MIT
# firmware/host/host.mk - the host programs: firmware/host/NAME_main.c ->
# build/host/NAME (checkers, match, tune, debruijn, kingmagic), built on the
# library's host build, and the code they share with the tests
# (build/<build>/libtools.a).  Included by the top-level Makefile.

TOOLS_SRC := $(filter-out %_main.c,$(wildcard firmware/host/*.c))
$(BUILD)/%/libtools.a: $$(call objects_of,$$*,$(TOOLS_SRC))
	$(archive)

HOST_PROGRAMS := $(patsubst firmware/host/%_main.c,$(HOST)/%,$(wildcard firmware/host/*_main.c))
$(HOST_PROGRAMS): $(HOST)/%: $(HOST)/obj/firmware/host/%_main.o $(HOST)/libtools.a $(HOST)/libbitdraughts.a
	$(call say,LD,$@)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) $^ $(HOST_LDLIBS) -o $@

# build/host/avr-search/checkers: `checkers` on the library with the AVR's
# search sizes (lib/arch/avr-sizes), without the host's table: the Uno's
# search node for node at the host's speed, for matches of a change to the
# Uno's engine at the nodes the Uno searches in a move (`make bench`
# prints its cycles a node):
#   make match ENGINE_A=build/host/avr-search/checkers ENGINE_B=/tmp/old/build/host/avr-search/checkers NODES=N
AVR_SEARCH_CHECKERS := $(HOST)/avr-search/checkers
$(AVR_SEARCH_CHECKERS): $(HOST)/avr-search/obj/firmware/host/checkers_main.o $(HOST)/avr-search/libtools.a \
                        $(HOST)/avr-search/libbitdraughts.a
	$(call say,LD,$@)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) $^ $(HOST_LDLIBS) -o $@

## match        two engines play each other (build/host/match --help)
# An engine is a `checkers` binary of any revision or a firmware .elf run
# under avrsim, with its own limit if it names one:
#   make match ENGINE_B=/tmp/old/checkers VARIANT=english MOVETIME=100 SPRT="0 10"
#   make match ENGINE_A=build/uno/demo.elf,movetime=1000 ENGINE_B=build/host/checkers,depth=6
# DEPTH= or NODES= replaces MOVETIME (not both: the match refuses two
# limits); GAMES= defaults to each opening with both
# colours; MATCH_FLAGS passes any other option (--pdn FILE, --seed N, ...).
ENGINE_A ?= $(HOST)/checkers
ENGINE_B ?= $(HOST)/checkers
VARIANT  ?= russian
MOVETIME ?= 100
DEPTH    ?=
NODES    ?=
GAMES    ?=
SPRT     ?=
MATCH_FLAGS ?=
match: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(HOST)/match $(HOST)/checkers \
	    $(if $(findstring .elf,$(ENGINE_A) $(ENGINE_B)),$(HOST)/avrsim $(BUILD)/uno/demo.elf) \
	    $(if $(findstring $(AVR_SEARCH_CHECKERS),$(ENGINE_A) $(ENGINE_B)),$(AVR_SEARCH_CHECKERS))
	$(Q)$(HOST)/match --variant $(VARIANT) $(if $(DEPTH),--depth $(DEPTH)) $(if $(NODES),--nodes $(NODES)) \
	    $(if $(DEPTH)$(NODES),,--movetime $(MOVETIME)) \
	    $(if $(GAMES),--games $(GAMES)) $(if $(SPRT),--sprt $(SPRT)) -j $(JOBS) $(MATCH_FLAGS) \
	    '$(ENGINE_A)' '$(ENGINE_B)'

## tune-games   self-play games for tuning the evaluation -> build/tune/*.pdn
## tune         fits the evaluation's weights to build/tune/*.pdn
# tune-games plays a match for each VARIANT:DEPTH_A,DEPTH_B[:GAMES] of
# TUNE_MATCHES (every opening with both colours, or the first GAMES/2 of the
# suite shuffled by --seed 1); fixed depths make the games the same on any
# machine for one engine.  tune prints the rows of the table in
# lib/engine/eval.c (TUNE_FLAGS: --iterations, --skip, --freeze, --squares,
# --label-depth, --label-share).
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

.PHONY: match tune tune-games

## endgame      the endgame tables of both variants -> build/endgame/
# build/host/endgame generates each variant's table of up to
# ENDGAME_PIECES pieces by retrograde analysis (a line a signature as it
# goes) and verifies it on its own; a table that fails is removed.  The
# host engine reads them with `checkers go|hub --endgame build/endgame`.
ENDGAME_DIR    ?= $(BUILD)/endgame
ENDGAME_PIECES ?= 4
endgame: $(ENDGAME_DIR)/russian.egtb $(ENDGAME_DIR)/english.egtb
$(ENDGAME_DIR)/%.egtb: $(HOST)/endgame
	@mkdir -p $(@D)
	$(Q)$(HOST)/endgame generate --variant $* --pieces $(ENDGAME_PIECES) $(@D)
	$(Q)$(HOST)/endgame verify --variant $* $(@D) || { rm -f $@; exit 1; }

.PHONY: endgame
