#!/bin/sh
# SPDX-License-Identifier: MIT
# The game firmware of the 16 KB ATmega168 boards (boards/diecimila.mk:
# GAME_UI := lean, RAM := 1k) in the simulator: whole games of both
# variants with static RAM + peak stack within the ATmega168's 1 KB, and
# the demo's checks that apply to the lean build: the banner, moves in each
# variant's notation, undo, an error line for each kind of bad input, the
# commands left out (demo_features.h) answering that they are, the EEPROM record
# across a power cycle, the watchdog.
#
# The image is build/diecimila/demo.elf: the lean user interface on the
# size-first move generator and search (boards/diecimila.mk).  Whole games
# are played at depth 3, the depth whose games finish in seconds of the
# host's time.
set -u
BUILD=${BUILD:-build}
SIM=$BUILD/host/avrsim
ELF=$BUILD/diecimila/demo.elf
BOARD_NAME=diecimila
MCU=atmega168
FLASH_LIMIT=$(awk '$1 == "FLASH_LIMIT" { print $3 }' boards/diecimila.mk)
SHORT=200000000
GAME=3000000000
GAME_DEPTH=3
after_move='B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6'

. tests/support.sh

[ -f "$ELF" ] || { echo "demo 16k: $ELF missing (make test-build)"; echo "demo 16k: 0 passed, 1 failed"; exit 1; }
echo "  (image: $ELF)"

# lines_ok NAME PATTERN...: status 0 and a line matching each pattern (grep -Ex).
lines_ok() {
    name=$1
    shift
    missing=
    for pattern in "$@"; do
        printf '%s\n' "$out" | grep -Eqx "$pattern" || missing="$missing /$pattern/"
    done
    if [ "$status" -eq 0 ] && [ -z "$missing" ]; then
        ok "$name"
    else
        fail "$name" "status $status, no line matching$missing"
    fi
}

# ---------------------------------------------------------------- boot --
session ''
lines_ok "banner names version, board and MCU, and the reset; blank EEPROM starts a game" \
    'bitdraughts checkers [0-9.]+' "board $BOARD_NAME, MCU $MCU" 'reset: .+' 'no saved game: new game'

session 'help\n'
lines_ok "help lists the game's commands and names those left out" \
    'new \[russian\|english\]  board  moves  undo  quit' 'MOVE .*  go  auto' \
    'engine \[white\|black\|both\|off\]  level \[depth 1-20\|time 1-60000\]' \
    'not in this build: fen perft bench ram'

session 'perft 3\nbench\nram\nfen\nfen W:Wa1:Bh8\nmoves\n'
lines_ok "perft, bench, ram and fen answer that they are not in this build; the game goes on" \
    'error: not in this build: perft' 'error: not in this build: bench' 'error: not in this build: ram' \
    'error: not in this build: fen' '7 legal moves:'
if [ "$(printf '%s\n' "$out" | grep -c '^error: not in this build: fen$')" -ne 2 ]; then
    fail "fen with and without a FEN: the same error" "$(printf '%s\n' "$out" | grep -c '^error')"
fi

# ---------------------------------------------------- moves in notation --
session 'c3-d4\nf6-g5\nnew english\n11-15\n22x15\nmoves\n'
lines_ok "moves in each variant's notation: c3-d4 (Russian), 11-15 (English), a bad one refused" \
    '1\. c3-d4' '1\.\.\. f6-g5' 'new game: English checkers' '1\. 11-15' 'error: .*\(moves lists them\)'

# ---------------------------------------------------------- bad input --
long=$(printf '%0150d' 0)
session "chess\nnew chess\nlevel depth 0\nlevel time 60001\nc3-c5\nundo\n$long\nboard extra\n"
errors=$(printf '%s\n' "$out" | grep -c '^error: ')
if [ "$status" -eq 0 ] && [ "$errors" -eq 8 ]; then
    ok "every bad input gets one error line (8 of 8)"
else
    fail "every bad input gets one error line" "status $status, $errors error lines of 8"
fi

# ---------------------------------------------------------------- undo --
session 'engine black\nlevel depth 2\nc3-d4\nundo\nundo\n'
lines_ok "undo takes back your move and the engine's answer, then has nothing to undo" \
    '1\. c3-d4' '1\.\.\. .+' 'error: nothing to undo'

# ------------------------------------------------------------- EEPROM --
eeprom=$tmp/kept.eeprom
session 'c3-d4\n' "$eeprom"
session 'undo\n' "$eeprom"
lines_ok "the game survives a power cycle in EEPROM and undo goes back past it" \
    'resumed: Russian draughts, 1 plies' 'White to move'

# ------------------------------------------------------------ watchdog --
eeprom=$tmp/hang.eeprom
session 'c3-d4\nhang\n' "$eeprom"
lines_ok "hang: the watchdog resets the board, the banner says so, the game survives" \
    'reset: watchdog' 'resumed: Russian draughts, 1 plies'

# ------------------------------------ whole games, RAM within the budget --
ram_budget "$ELF"
for variant in russian english; do
    session "new $variant\nlevel depth $GAME_DEPTH\nauto\n" '' "$GAME"
    plies=$(printf '%s\n' "$out" | grep -Ec '^[0-9]+\.(\.\.)? [^ ]+$')
    peak=$(printf '%s\n' "$stats" | sed -n 's/.*peak stack \([0-9]*\) bytes.*/\1/p')
    peak=${peak:-9999}
    if [ "$status" -eq 0 ] && [ "$plies" -gt 0 ] &&
       printf '%s\n' "$out" | grep -Eq '^result: (White wins|Black wins|draw)' &&
       ! printf '%s\n' "$out" | grep -q '^error'; then
        ok "auto plays a whole $variant game at depth $GAME_DEPTH to a result ($plies plies)"
    else
        fail "auto plays a whole $variant game at depth $GAME_DEPTH to a result" \
            "status $status after $plies plies; $(printf '%s' "$stats" | tail -n 1)"
    fi
    if [ $((static + peak)) -le "$RAM_LIMIT" ]; then
        ok "RAM of the $variant game: static $static + peak stack $peak <= $RAM_LIMIT"
    else
        fail "RAM of the $variant game: static $static + peak stack $peak <= $RAM_LIMIT" \
            "over by $((static + peak - RAM_LIMIT))"
    fi
done

# --------------------------------------------------------------- flash --
flash=$(flash_bytes "$ELF")
if [ "$BOARD_NAME" = diecimila ]; then
    if [ "$flash" -le "$FLASH_LIMIT" ]; then
        ok "flash $flash bytes <= $FLASH_LIMIT"
    else
        fail "flash $flash bytes <= $FLASH_LIMIT" "over by $((flash - FLASH_LIMIT))"
    fi
else
    echo "  (flash $flash bytes for the ATmega328P; the Diecimila's limit is $FLASH_LIMIT:" \
         "$((flash - FLASH_LIMIT)) to go)"
fi

finish "demo 16k"
