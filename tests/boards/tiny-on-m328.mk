# SPDX-License-Identifier: MIT
# A test stand-in, not a board: the ATtiny85's game (the self-play program,
# the size-first engine, its RAM sizes) on the Uno's ATmega328P with the
# ATmega's own move generator.  tests/firmware/test_selfplay.sh measures its
# RAM against the ATtiny85's 512 bytes: the ATmega's code differs (MUL, the
# assembly move generator), not the layout of the RAM.
include boards/uno.mk
GAME := selfplay
PROGRAMS :=
ENGINE := small
RAM := 512
HUB_MODE := no
