#!/bin/sh
# SPDX-License-Identifier: MIT
# The demo firmware (build/uno/demo.elf) in the simulator, driven like a
# user at a serial terminal: every command, exact transcripts where they are
# stable (tests/firmware/transcripts/*.expected: everything after the banner), every class
# of bad input followed by `fen` showing the position unchanged, the EEPROM
# record across power cycles and when corrupted, the watchdog path, whole
# games, and the flash and RAM budgets.  Each case has its own EEPROM file.
set -u
BUILD=${BUILD:-build}
SIM=$BUILD/host/avrsim
ELF=$BUILD/uno/demo.elf
EXPECTED=tests/firmware/transcripts
# Cycle budgets: a short session, an engine game, the bench (about 10 s of
# simulated time at 16 MHz).
SHORT=200000000
GAME=3000000000
BENCH=400000000
FLASH_LIMIT=32256       # the Uno's flash less Optiboot
# The depth `level time 1000` + `go` reaches from a start position, by
# variant.  A nominal depth: the pruning and the evaluation decide how many
# nodes a ply costs (the null move, since left out, made the same second
# read a ply deeper; English's evaluation of the men's shape, whose finer
# scores cut fewer nodes, shallower, and plays better for it; the larger
# transposition table, which saves nodes over many positions and plays
# better, a ply shallower from the Russian start).
DEPTH_1S_RUSSIAN=8
DEPTH_1S_ENGLISH=7
RUSSIAN_START='W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6'
after_move_c3d4='B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6'

. tests/support.sh

# expect_transcript NAME FILE INPUT
expect_transcript() {
    session "$3"
    if [ "$status" -eq 0 ] && [ "$after" = "$(cat "$2")" ]; then
        ok "$1"
    else
        printf '%s\n' "$after" > "$tmp/got"
        fail "$1" "status $status; diff: $(diff "$2" "$tmp/got" | head -n 6 | tr '\n' '|')"
    fi
}


# contains NAME PATTERN (grep -E over $out), with status 0
contains() {
    if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -Eq "$2"; then
        ok "$1"
    else
        fail "$1" "status $status, no line matching /$2/"
    fi
}

[ -f "$ELF" ] || { echo "demo: $ELF missing (make firmware)"; echo "demo: 0 passed, 1 failed"; exit 1; }

# ---------------------------------------------------------------- boot --
session ''
if [ "$status" -eq 0 ] &&
   printf '%s\n' "$out" | grep -Eq '^bitdraughts checkers [0-9.]+$' &&
   printf '%s\n' "$out" | grep -Eq '^board uno, MCU atmega328p, clock 16000000 Hz, free RAM [0-9]+ bytes$' &&
   printf '%s\n' "$out" | grep -Eq '^reset: ' &&
   printf '%s\n' "$out" | grep -qx 'no saved game: new game'; then
    ok "banner names version, board, MCU, clock, free RAM and reset; blank EEPROM starts a game"
else
    fail "banner names version, board, MCU, clock, free RAM and reset; blank EEPROM starts a game" "status $status"
fi

# ------------------------------------------------------------ commands --
expect_transcript "help lists the commands" "$EXPECTED/help.expected" 'help\n'
expect_transcript "board, fen, moves, moves played, undo, new english: exact transcript" \
    "$EXPECTED/session.expected" \
    'board\nfen\nmoves\nc3-d4\nf6-g5\nundo\nfen\nnew english\nfen\nmoves\n'
expect_transcript "fen sets a position; an ambiguous capture needs its path" \
    "$EXPECTED/english_capture.expected" \
    'new english\nfen W:W30:B25,26,17,18\n30x14\nc3-d4\n30x21x14\n'

session 'level\nlevel depth 3\nlevel time 250\nlevel depth 0\nlevel depth 21\nlevel time 60001\nlevel speed 3\nlevel\n'
if [ "$status" -eq 0 ] &&
   [ "$(printf '%s\n' "$after" | grep -c '^level ')" -eq 4 ] &&
   [ "$(printf '%s\n' "$after" | grep -c '^error: ')" -eq 4 ] &&
   printf '%s\n' "$after" | grep -qx 'level time 1000 ms' &&
   printf '%s\n' "$after" | grep -qx 'level depth 3' &&
   [ "$(printf '%s\n' "$after" | grep -c '^level time 250 ms$')" -eq 2 ]; then
    ok "level shows and sets depth or time, rejects out-of-range values"
else
    fail "level shows and sets depth or time, rejects out-of-range values" "status $status"
fi

expect_transcript "engine shows and sets the sides it plays, rejects others" \
    "$EXPECTED/engine.expected" \
    'engine\nengine black\nengine\nengine both x\nengine purple\nengine off\nengine\n'

# The engine answers a move by itself when it plays the side then to move,
# and moves at once when it is given the side to move; undo then takes
# back your move and its answer.
engine_line='^1\.\.\. [a-h][1-8][-:][a-h][1-8]  \(depth 2, score [-+][0-9]+, nodes [0-9]+, [0-9]+ ms\)$'
session 'engine black\nlevel depth 2\nc3-d4\nfen\n'
if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -Eq "$engine_line" &&
   printf '%s\n' "$(last_fen)" | grep -q '^W:' && [ "$(last_fen)" != "$RUSSIAN_START" ]; then
    ok "engine black: your move c3-d4 gets Black's answer without go"
else
    fail "engine black: your move c3-d4 gets Black's answer without go" "status $status, fen $(last_fen)"
fi
session 'level depth 2\nengine white\nfen\nundo\nfen\n'
if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -Eq '^1\. [a-h][1-8][-:][a-h][1-8]  \(depth 2, ' &&
   [ "$(last_fen)" != "$RUSSIAN_START" ] &&
   [ "$(printf '%s\n' "$out" | grep -c ' ms)$')" -eq 2 ]; then
    ok "engine white at White's turn moves at once, and again after undo (its own move undone)"
else
    fail "engine white at White's turn moves at once, and again after undo" "status $status, fen $(last_fen)"
fi
session 'engine black\nlevel depth 2\nc3-d4\nundo\nfen\nengine off\nc3-d4\nfen\n'
if [ "$status" -eq 0 ] && [ "$(printf '%s\n' "$out" | grep -c ' ms)$')" -eq 1 ] &&
   printf '%s\n' "$out" | awk '/^> fen$/ { getline; print; exit }' | grep -qx "$RUSSIAN_START" &&
   [ "$(last_fen)" = "$after_move_c3d4" ]; then
    ok "undo takes back your move and the engine's answer; engine off: no answer"
else
    fail "undo takes back your move and the engine's answer; engine off: no answer" "status $status, fen $(last_fen)"
fi
session 'new english\nlevel depth 1\nengine both\n' '' "$GAME"
if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -Eq '^result: (White wins|Black wins|draw)'; then
    ok "engine both: the engine plays a whole game by itself"
else
    fail "engine both: the engine plays a whole game by itself" "status $status"
fi

# quit ends the run at once with status 0 (a board: the watchdog restarts
# it); what follows is never read.
session 'c3-d4\nquit\nfen\n'
if [ "$status" -eq 0 ] && [ "$(printf '%s\n' "$out" | tail -n 1)" = bye ] &&
   ! printf '%s\n' "$out" | grep -q '^> fen'; then
    ok "quit: bye, and the simulator's run ends with status 0"
else
    fail "quit: bye, and the simulator's run ends with status 0" "status $status, last line $(printf '%s\n' "$out" | tail -n 1)"
fi

session 'level depth 3\ngo\nfen\n'
contains "go: the engine moves and reports depth, score, nodes and time" \
    '^1\. [a-h][1-8][-:][a-h][1-8]  \(depth 3, score [-+][0-9]+, nodes [0-9]+, [0-9]+ ms\)$'
if [ "$(last_fen)" != "$RUSSIAN_START" ] && printf '%s\n' "$(last_fen)" | grep -q '^B:'; then
    ok "go plays the move on the board (Black to move after it)"
else
    fail "go plays the move on the board (Black to move after it)" "fen $(last_fen)"
fi

session 'level depth 2\ngo\nfen\n'
if [ "$status" -eq 0 ] && printf '%s\n' "$(last_fen)" | grep -q '^B:'; then
    ok "a line typed during go waits and runs after it"
else
    fail "a line typed during go waits and runs after it" "status $status, fen $(last_fen)"
fi

session 'perft 5\nnew english\nperft 5\nperft 0\nperft 9\nperft\n'
if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -Eq '^perft 5 7482 \([0-9]+ ms\)$' &&
   printf '%s\n' "$out" | grep -Eq '^perft 5 7361 \([0-9]+ ms\)$' &&
   [ "$(printf '%s\n' "$out" | grep -c '^error: perft')" -eq 3 ]; then
    ok "perft 5 gives the published counts of both variants; bad depths rejected"
else
    fail "perft 5 gives the published counts of both variants; bad depths rejected" "status $status"
fi

session 'bench\nfen\n' '' "$BENCH"
if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -Eq '^bench nodes [0-9]+ cycles [0-9]+ \([0-9]+ ms at 16 MHz\)$' &&
   [ "$(last_fen)" = "$RUSSIAN_START" ]; then
    ok "bench prints nodes and cycles and leaves the game as it was"
    echo "          ($(printf '%s\n' "$out" | grep '^bench nodes'))"
else
    fail "bench prints nodes and cycles and leaves the game as it was" "status $status"
fi
bench_peak=$(printf '%s\n' "$stats" | sed -n 's/.*peak stack \([0-9]*\) bytes.*/\1/p')

# ------------------------------------------------------------- strength --
# One second a move (the default level) from each start position reaches
# its DEPTH_1S_*: the search's speed as the player meets it, with the
# firmware's clock interrupt and its stop polled at every millisecond's tick.
for variant in russian english; do
    if [ "$variant" = russian ]; then floor=$DEPTH_1S_RUSSIAN; else floor=$DEPTH_1S_ENGLISH; fi
    session "new $variant\nlevel time 1000\ngo\n"
    depth=$(printf '%s\n' "$out" | sed -n 's/^1\. .*(depth \([0-9]*\), .*/\1/p')
    if [ "$status" -eq 0 ] && [ "${depth:-0}" -ge "$floor" ]; then
        ok "level time 1000: $variant start searched to depth $depth >= $floor"
    else
        fail "level time 1000: $variant start searched to depth $floor" "status $status, depth ${depth:-none}"
    fi
done

# ------------------------------------------------------------ whole games --
for variant in english russian; do
    session "new $variant\nlevel depth 2\nauto\n" '' "$GAME"
    plies=$(printf '%s\n' "$out" | grep -c ' ms)$')
    if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -Eq '^result: (White wins|Black wins|draw)' &&
       ! printf '%s\n' "$out" | grep -q '^error'; then
        ok "auto plays a whole $variant game at depth 2 to a result ($plies plies)"
    else
        fail "auto plays a whole $variant game at depth 2 to a result" "status $status after $plies plies; $(printf '%s' "$stats" | tail -n 1)"
    fi
done

# The next line typed ahead: the runner offers it while auto runs (eager
# input; paced, it would wait until the firmware asks).
session 'level depth 2\nauto\nfen\n' '' '' '--input eager'
if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -qx 'engine stopped' &&
   [ "$(printf '%s\n' "$out" | grep -c ' ms)$')" -le 1 ]; then
    ok "a key press (the next line waiting) stops auto"
else
    fail "a key press (the next line waiting) stops auto" "status $status"
fi

session 'new english\nfen B:W10\ngo\n11-15\n'
if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -qx 'result: White wins (Black cannot move)' &&
   [ "$(printf '%s\n' "$out" | grep -c '^error: game over')" -eq 2 ]; then
    ok "a finished game says its result and refuses go and moves"
else
    fail "a finished game says its result and refuses go and moves" "status $status"
fi

# ------------------------------------------------------------- bad input --
# bad_input NAME INPUT EXPECTED_ERROR_PATTERN: INPUT (after c3-d4) gives one
# error line and `fen` shows the position unchanged.
after_move='B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6'
bad_input() {
    session "c3-d4\n$2\nfen\n"
    errors=$(printf '%s\n' "$out" | grep -c '^error: ')
    if [ "$status" -eq 0 ] && [ "$errors" -eq 1 ] && printf '%s\n' "$out" | grep -Eq "^error: $3" &&
       [ "$(last_fen)" = "$after_move" ]; then
        ok "$1: one error line, position unchanged"
    else
        fail "$1: one error line, position unchanged" "status $status, $errors errors, fen $(last_fen)"
    fi
}
long=$(printf '%0300d' 0)
bad_input "overlong line (300 characters)" "$long" 'line too long'
bad_input "overlong line that starts like a move" "f6-g5$long" 'line too long'
bad_input "control character" 'f6-g5\001' 'control character'
bad_input "tab" 'f6\t-g5' 'control character'
bad_input "escape sequence (arrow key)" '\033[A' 'control character'
bad_input "non-ASCII bytes" 'f6-g5\303\251' 'non-ASCII'
bad_input "illegal move" 'f6-f5' ''
bad_input "move of the wrong side" 'e3-f4' ''
bad_input "malformed move" 'f6-g5-h4' ''
bad_input "malformed FEN" 'fen W:Wz9' 'bad FEN'
bad_input "FEN with a man on its promotion rank" 'fen W:Wb8:Ba1' 'bad FEN'
bad_input "unknown command" 'castle' 'unknown command'
bad_input "command in upper case" 'FEN' 'unknown command'
bad_input "command with a stray argument" 'board now' 'unknown command'
bad_input "new with a bad variant" 'new italian' 'new'
session 'new english\nfen W:W30:B25,26,17,18\n30x14\nfen\n'
if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -q '^error: several legal moves match' &&
   [ "$(last_fen)" = 'W:W30:B17,18,25,26' ]; then
    ok "ambiguous move: one error line, position unchanged"
else
    fail "ambiguous move: one error line, position unchanged" "status $status, fen $(last_fen)"
fi
session 'c3-d5\b4\nfen\n'
if [ "$status" -eq 0 ] && [ "$(last_fen)" = "$after_move" ]; then
    ok "backspace erases the last character typed"
else
    fail "backspace erases the last character typed" "fen $(last_fen)"
fi
session '\n   \n  fen  \r\nboard\r\n'
if [ "$status" -eq 0 ] && ! printf '%s\n' "$out" | grep -q '^error' &&
   printf '%s\n' "$out" | grep -qx "$RUSSIAN_START" && printf '%s\n' "$out" | grep -qx 'White to move'; then
    ok "blank lines, surrounding blanks and CR LF line ends are accepted"
else
    fail "blank lines, surrounding blanks and CR LF line ends are accepted" "status $status"
fi

# ---------------------------------------------------------------- EEPROM --
eeprom=$tmp/resume.eeprom
session 'new english\n11-15\n23-19\nfen\n' "$eeprom"
first=$(last_fen)
session 'fen\n' "$eeprom"
if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -qx 'resumed: English checkers, 2 plies' &&
   [ "$(last_fen)" = "$first" ]; then
    ok "a power cycle resumes the saved game (same position at boot)"
else
    fail "a power cycle resumes the saved game (same position at boot)" "status $status, $(last_fen) vs $first"
fi
session 'undo\nundo\nfen\n' "$eeprom"
session 'fen\n' "$eeprom"
if printf '%s\n' "$out" | grep -qx 'resumed: English checkers, 0 plies' &&
   [ "$(last_fen)" = 'B:W21-32:B1-12' ]; then
    ok "undo is saved too"
else
    fail "undo is saved too" "$(last_fen)"
fi
# The sides the engine plays are saved with the game (reliability issue,
# round three, finding 3), and a new game keeps them.
session 'engine white\n' "$eeprom"
session 'engine\n' "$eeprom"
kept=$(printf '%s\n' "$out" | grep -c '^engine white$')
session 'engine off\nnew russian\nengine black\n' "$eeprom"
session 'engine\n' "$eeprom"
if [ "$kept" -eq 1 ] && printf '%s\n' "$out" | grep -qx 'engine black' &&
   printf '%s\n' "$out" | grep -qx 'resumed: Russian draughts, 0 plies'; then
    ok "the engine's sides are resumed with the game"
else
    fail "the engine's sides are resumed with the game" "$(printf '%s\n' "$out" | grep -E '^engine|resumed')"
fi

# tampered NAME OFFSETS MASK REASON [crc]: saves a two-ply game, XORs the
# bytes at OFFSETS (blank-separated) of its EEPROM image with MASK (with
# crc, then reseals it: a valid CRC-16 and copy), and boots on it: the
# firmware must say "saved game ignored (REASON): new game" and start a new
# one.  A byte of the record part (bytes 3..24, store.h) is flipped in the
# record and its copy, or the copy stands in (below).
tampered() {
    image=$tmp/tampered$case_number.eeprom
    session 'new english\n11-15\n23-19\n' "$image"
    tamper "$image" "$2" "$3"
    [ "${5:-}" = crc ] && reseal "$image"
    session 'fen\n' "$image"
    if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -qx "saved game ignored ($4): new game" &&
       [ "$(last_fen)" = "$RUSSIAN_START" ]; then
        ok "$1"
    else
        fail "$1" "status $status"
    fi
}
# tamper IMAGE OFFSETS MASK
tamper() {
    python3 - "$@" <<'EOF'
import sys
path, offsets, mask = sys.argv[1], sys.argv[2].split(), int(sys.argv[3], 0)
data = bytearray(open(path, 'rb').read())
for offset in offsets:
    data[int(offset)] ^= mask
open(path, 'wb').write(data)
EOF
}
tampered "a flipped byte in a move: reported in one line and ignored" 47 0x5A 'bad checksum'
tampered "a flipped byte in the start position and its copy: reported in one line and ignored" '10 32' 0x5A 'bad checksum'
tampered "foreign data (bad magic): reported in one line and ignored" 0 0x5A 'foreign data (bad magic)'
tampered "an unknown format version: reported in one line and ignored" 2 0x5A 'unknown format version'
tampered "a bad length in the record and its copy: reported in one line and ignored" '22 44' 0x5A 'bad length'
# An illegal move under a valid checksum: the record is replayed, not
# trusted.  Byte 49 is the second move's from square.
tampered "an illegal move in a well-formed record: reported and ignored" 49 0x01 'illegal move 2' crc
# A flipped byte in the record part or in its copy alone: the game resumes
# from the other, and the loader makes them the same again.
for offset in 10 22 23 32 44 45; do
    image=$tmp/copy$offset.eeprom
    session 'new english\n11-15\n23-19\n' "$image"
    cp "$image" "$tmp/good.eeprom"
    tamper "$image" "$offset" 0x5A
    session 'fen\n' "$image"
    if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -qx 'resumed: English checkers, 2 plies' &&
       cmp -s "$image" "$tmp/good.eeprom"; then
        ok "a flipped byte at $offset (record part or its copy alone): the game resumes, repaired"
    else
        fail "a flipped byte at $offset (record part or its copy alone): the game resumes, repaired" \
            "status $status, $(printf '%s\n' "$out" | grep -E 'resumed|ignored')"
    fi
done

# -------------------------------------------------------------- watchdog --
# The input still waiting when the board hangs is lost with the reset (as on
# a board): the position is checked in a second run.
eeprom=$tmp/hang.eeprom
session 'c3-d4\nhang\n' "$eeprom"
hang_status=$status
hang_out=$out
session 'fen\n' "$eeprom"
if [ "$hang_status" -eq 0 ] && printf '%s\n' "$hang_out" | grep -qx 'reset: watchdog' &&
   printf '%s\n' "$hang_out" | grep -qx 'resumed: Russian draughts, 1 plies' &&
   [ "$(last_fen)" = "$after_move" ]; then
    ok "hang: the watchdog resets the board, the banner says so, the game survives"
else
    fail "hang: the watchdog resets the board, the banner says so, the game survives" "status $status"
fi

# --------------------------------------------------------------- budgets --
flash=$(flash_bytes "$ELF")
ram_budget "$ELF"
if [ "$flash" -le "$FLASH_LIMIT" ]; then
    ok "flash $flash bytes <= $FLASH_LIMIT"
else
    fail "flash $flash bytes <= $FLASH_LIMIT" "over by $((flash - FLASH_LIMIT))"
fi
session 'level depth 9\ngo\n' '' "$GAME"
go_peak=$(printf '%s\n' "$stats" | sed -n 's/.*peak stack \([0-9]*\) bytes.*/\1/p')
peak=${go_peak:-9999}
[ -n "$bench_peak" ] && [ "$bench_peak" -gt "$peak" ] && peak=$bench_peak
if [ "$status" -eq 0 ] && [ $((static + peak)) -le "$RAM_LIMIT" ]; then
    ok "RAM: static $static + peak stack $peak (bench, go at depth 9) <= $RAM_LIMIT"
else
    fail "RAM: static $static + peak stack $peak (bench, go at depth 9) <= $RAM_LIMIT" "status $status, total $((static + peak))"
fi

# `ram` reads the stack's paint on the board (the Nano's game: the Uno's
# leaves the command out for flash, GAME_UI tight): the same bytes the
# runner finds painted at the end, the same static data as the image's
# sections, the three parts adding up to the part's RAM.
uno_elf=$ELF
ELF=$BUILD/nano/demo.elf
ram_budget "$ELF"
session 'level depth 9\ngo\nram\n' '' "$GAME"
peak=$(printf '%s\n' "$stats" | sed -n 's/.*peak stack \([0-9]*\) bytes.*/\1/p')
painted=$(printf '%s\n' "$stats" | sed -n 's/.*painted stack \([0-9]*\) bytes.*/\1/p')
ram_line=$(printf '%s\n' "$out" | grep '^RAM: ')
set -- $(printf '%s\n' "$ram_line" | sed -n 's/^RAM: static \([0-9]*\), deepest stack \([0-9]*\), never used \([0-9]*\) bytes$/\1 \2 \3/p')
if [ $# -eq 3 ] && [ "$1" -eq "$static" ] && [ "$2" = "$painted" ] && [ $(($1 + $2 + $3)) -eq "$ram_bytes" ] &&
   [ "$2" -le "${peak:-0}" ]; then
    ok "ram (nano): static data, the painted stack and the rest add up to the RAM ($ram_line)"
else
    fail "ram (nano): static data, the painted stack and the rest add up to the RAM" \
        "'$ram_line'; static $static, runner: painted ${painted:-none}, peak ${peak:-none}, RAM $ram_bytes"
fi
ELF=$uno_elf

finish "demo"
