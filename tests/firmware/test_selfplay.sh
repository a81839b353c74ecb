#!/bin/sh
# SPDX-License-Identifier: MIT
# The self-play firmware (firmware/selfplay): the engine plays itself a
# whole game of Russian draughts, then one of English checkers, printing
# each move and the result.  Checked on the simulated Uno (selfplay.elf,
# the full engine), on the ATmega328P stand-in for the attiny boards
# (build/tiny-on-m328/demo.elf: their size-first engine and RAM sizes,
# tests/boards/tiny-on-m328.mk) and on the ATtiny85 itself (demo.elf):
# it exits 0, both games end with a result, no search was cut short for
# want of room (a "cuts N" line), build/host/checkers replays every move
# printed as a legal move of the variant (go --moves refuses an illegal or
# ambiguous one), a side said to have lost has no legal move in the final
# position; on the ATtiny85 the image fits its 8,192 bytes of flash and
# static RAM plus the peak stack its 512 bytes, and on the stand-in the
# same RAM sum does, less the static RAM of the ATmega's assembly move
# generator (its symbols without a size: no part of the attiny85's image).
set -u
BUILD=${BUILD:-build}
SIM=$BUILD/host/avrsim
CHECKERS=$BUILD/host/checkers
TINY_ELF=$BUILD/attiny85/demo.elf
TINY_FLASH=8192
TINY_RAM=512
MAX_CYCLES=4000000000
# The ATtiny85's two games take the longest of these runs: its move
# generator is the small one, slower than the portable C.
TINY_MAX_CYCLES=6000000000
. tests/support.sh

# check_game LABEL VARIANT FIRST_TO_MOVE TRANSCRIPT: the game of VARIANT in
# the firmware's output; FIRST_TO_MOVE is white or black.
check_game() {
    label=$1 variant=$2 first=$3 transcript=$4
    game=$(printf '%s\n' "$transcript" | awk -v v="$variant" '
        $1 == "game" { on = ($2 == v); next }
        on && $1 == "result" { print; on = 0; next }
        on && $1 == "cuts" { next }
        on { print }')
    result=$(printf '%s\n' "$game" | sed -n 's/^result //p')
    moves=$(printf '%s\n' "$game" | grep -v '^result ' | tr '\n' ' ' | sed 's/ *$//')
    plies=$(printf '%s\n' "$game" | grep -vc '^result ')
    case $result in
        1-0|0-1|"1/2-1/2 repetition"|"1/2-1/2 quiet moves"|"1/2-1/2 move limit")
            ok "$label: the $variant game ends with a result ($result after $plies plies)" ;;
        *) fail "$label: the $variant game ends with a result" "got '$result'"; return ;;
    esac
    [ "$result" = "1/2-1/2 move limit" ] && [ "$plies" -ne 300 ] &&
        fail "$label: the $variant move limit is 300 plies" "after $plies"
    replay=$("$CHECKERS" go --variant "$variant" --moves "$moves" --depth 1 2>&1)
    if [ $? -eq 0 ]; then
        ok "$label: every $variant move printed is legal ($plies plies replayed)"
    else
        fail "$label: every $variant move printed is legal" "$replay"
        return
    fi
    # The side to move at the end: the first mover after an even count.
    if [ $((plies % 2)) -eq 0 ]; then to_move=$first
    elif [ "$first" = white ]; then to_move=black
    else to_move=white; fi
    case $result in
        1-0) loser=black ;;
        0-1) loser=white ;;
        *) return ;;
    esac
    if [ "$to_move" = "$loser" ] && printf '%s\n' "$replay" | grep -q '^bestmove none$'; then
        ok "$label: the $variant loser ($loser) is to move and has no legal move"
    else
        fail "$label: the $variant loser ($loser) is to move and has no legal move" \
             "$to_move to move; $(printf '%s\n' "$replay" | grep '^bestmove')"
    fi
}

# play LABEL ELF [CYCLES]: runs the firmware (at most CYCLES, default
# MAX_CYCLES); sets transcript and stats.
play() {
    label=$1 elf=$2 budget=${3:-$MAX_CYCLES}
    err=$(mktemp)
    transcript=$("$SIM" --stats --max-cycles "$budget" "$elf" 2>"$err")
    status=$?
    stats=$(cat "$err")
    rm -f "$err"
    if [ "$status" -eq 0 ]; then ok "$label: exits 0"; else fail "$label: exits 0" "status $status: $stats"; fi
    cuts=$(printf '%s\n' "$transcript" | grep '^cuts ' | tr '\n' ' ')
    if [ -z "$cuts" ]; then ok "$label: no search cut short"; else fail "$label: no search cut short" "$cuts"; fi
    check_game "$label" russian white "$transcript"
    check_game "$label" english black "$transcript"
}

# static_ram ELF: .data + .bss + .noinit.
static_ram() {
    avr-size -A "$1" | awk '$1 == ".data" || $1 == ".bss" || $1 == ".noinit" { s += $2 } END { print s }'
}

# check_ram LABEL STATIC: STATIC + the last run's peak stack within the
# attiny's RAM.
check_ram() {
    peak=$(printf '%s\n' "$stats" | sed -n 's/.*peak stack \([0-9]*\) bytes.*/\1/p')
    if [ -n "$peak" ] && [ $(($2 + peak)) -le "$TINY_RAM" ]; then
        ok "$1: static RAM $2 + peak stack $peak = $(($2 + peak)) <= $TINY_RAM bytes"
    else
        fail "$1: static RAM $2 + peak stack ${peak:-?} <= $TINY_RAM bytes"
    fi
}

play "uno selfplay.elf" "$BUILD/uno/selfplay.elf"

STANDIN_ELF=$BUILD/tiny-on-m328/demo.elf
play "stand-in tiny-on-m328" "$STANDIN_ELF"
static=$(static_ram "$STANDIN_ELF")
sized=$(avr-nm -S "$STANDIN_ELF" | awk 'NF == 4 && $1 >= "00800000" && $1 < "00810000" { print $2 }' |
        while read -r size; do echo $((0x$size)); done | awk '{ s += $1 } END { print s + 0 }')
echo "  note:   stand-in static RAM $static bytes, of which $((static - sized)) the assembly move generator's"
check_ram "stand-in tiny-on-m328 (less the ATmega's move generator's $((static - sized)) static bytes)" "$sized"

play "attiny85 demo.elf" "$TINY_ELF" "$TINY_MAX_CYCLES"
flash=$(flash_bytes "$TINY_ELF")
if [ "$flash" -le "$TINY_FLASH" ]; then
    ok "attiny85 demo.elf: flash $flash <= $TINY_FLASH bytes"
else
    fail "attiny85 demo.elf: flash $flash <= $TINY_FLASH bytes"
fi
check_ram "attiny85 demo.elf" "$(static_ram "$TINY_ELF")"

finish "selfplay"
