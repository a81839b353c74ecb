#!/bin/sh
# SPDX-License-Identifier: MIT
# The game firmware as a Hub engine: build/uno/demo.elf (the boards with
# HUB_MODE := yes in their board files) in the simulator,
# its first line `hub`, scripted sessions of both variants.  The forced
# captures and the fixed-depth answers are checked against the host engine
# (`checkers hub`, tests/host/test_hub.sh), which runs the same search; ping
# and stop during a search need the input eager (a GUI types ahead), the
# rest is paced, so its cycle counts repeat.
set -u
BUILD=${BUILD:-build}
SIM=$BUILD/host/avrsim
ELF=$BUILD/uno/demo.elf
CHECKERS=$BUILD/host/checkers
. tests/support.sh

STATS=$tmp/stats

# A session's bounds: simulated cycles (the deepest, `level depth=30` from
# the start, takes 0.9 G), and wall time only against a hung runner, so
# generous that a busy machine cannot reach it.
SESSION_MAX_CYCLES=4000000000
SESSION_HANG_SECONDS=900

# session LINE...: the firmware's answer to `hub` and those lines, from its
# id line on (the boot banner before it is checked once, below); the
# runner's --stats in $STATS, its status in $status.
session() {
    raw=$(printf '%s\n' hub "$@" |
          timeout "$SESSION_HANG_SECONDS" "$SIM" --max-cycles "$SESSION_MAX_CYCLES" --stats "$ELF" 2>"$STATS")
    status=$?
    printf '%s\n' "$raw" | sed -n '/^id name=/,$p' | sed '1,3d'
}

# host_move LINE...: the host engine's done move for the same lines.
host_move() {
    done_move "$(printf '%s\n' "$@" | timeout 60 "$CHECKERS" hub)"
}

peak() {
    sed -n 's/.*peak stack \([0-9]*\) bytes.*/\1/p' "$STATS"
}

sim_ms() {
    awk '{ for (i = 1; i < NF; i++) if ($(i + 1) == "s") printf "%d", $i * 1000 }' "$STATS"
}

RUSSIAN_START=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww
ENGLISH_START=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww

# ---------------------------------------------------------------- handshake
raw=$(printf 'hub\ninit\nping\nquit\nping\n' | timeout 60 "$SIM" "$ELF")
status=$?
expect "hub as the first line: id, the variant parameter, wait; ready; pong; quit ends it" \
"id name=bitdraughts version=1.0 author=\"the bitdraughts authors\"
param name=variant value=russian type=enum values=\"russian english\"
wait
ready
pong
status 0" "$(printf '%s\n' "$raw" | sed -n '/^id name=/,$p'; echo "status $status")"
expect "before id only the boot banner, ending with the hub line itself" "> hub" \
    "$(printf '%s\n' "$raw" | sed -n '/^id name=/{x;p;q};h')"
out=$(printf 'help\nhub\n' | timeout 60 "$SIM" "$ELF" | grep -c -e '^id ' -e '^error: unknown command')
expect "hub as a later line: the game's unknown command, no Hub mode" "1" "$out"

# ------------------------------------------------------ positions and moves
lines="pos pos=$RUSSIAN_START moves=\"10-14 23-19\"
level depth=4
go think"
out=$(session "pos pos=$RUSSIAN_START moves=\"10-14 23-19\"" "level depth=4" "go think")
expect "russian: pos with moves, the forced capture answered as FROMxTOxTAKEN" "14x23x19" "$(done_move "$out")"
expect_match "info lines with depth, score, nodes, time, nps, pv" \
    '^info depth=1 score=-?[0-9]+\.[0-9][0-9] nodes=[0-9]+ time=[0-9]+\.[0-9]{3} nps=[0-9.]+ pv="14x23x19( [0-9x-]+)*"$' \
    "$(echo "$out" | head -n 1)"
expect "level depth=4: four iterations" "4" "$(echo "$out" | grep -c '^info')"
out=$(session "pos pos=WeeeeeeeeeebeeeeeebeeeeeeeeeeWeee" "level depth=3" "go think")
expect_match "russian flying king takes two (PDN W:WKa1:Bd4,f6)" '^1x(28|32)x14x23$' "$(done_move "$out")"
expect_match "a win in one ply scores 99.99 men" '^info depth=1 score=99\.99 ' "$(echo "$out" | head -n 1)"
out=$(session "set-param name=variant value=english" "pos pos=$ENGLISH_START moves=\"11-15 22-18\"" \
              "level depth=4" "go think")
expect "english: the forced capture as 15x22x18" "15x22x18" "$(done_move "$out")"

# The same search as the host's: the same move at a fixed depth.  Russian
# only: English is searched without futility pruning and razoring on AVR
# and with them on the host (arch/search_sizes.h), so their trees differ
# and so may their moves; the English position's reading is checked by
# the forced capture above.
moves="9-13 22-18 13-17"
fw=$(done_move "$(session "set-param name=variant value=russian" \
    "pos pos=$RUSSIAN_START moves=\"$moves\"" "level depth=6" "go think")")
host=$(host_move "set-param name=variant value=russian" \
    "pos pos=$RUSSIAN_START moves=\"$moves\"" "level depth=6" "go think")
expect "russian: depth 6 answers the host engine's move" "$host" "$fw"

# The game record: kings shuttling; a draw by repetition is seen, and a
# pos line longer than the game's command line (140 bytes) is read as it
# arrives.
out=$(session "set-param name=variant value=english" \
    "pos pos=BBeeWeeeeeeeeeeeeeeeeeeeeeeeeBeee moves=\"4-8 29-25 8-4 25-29 4-8 29-25 8-4\"" \
    "level depth=1" "go think")
expect "pos with moves: the repetition is seen (score 0, 25-29)" "score=0.00 25-29" \
    "$(echo "$out" | sed -n 's/^info .*\(score=[^ ]*\).*/\1/p') $(done_move "$out")"
long="4-8"
for i in 1 2 3 4 5 6 7 8 9 10; do long="$long 29-25 8-4 25-29 4-8"; done
out=$(session "set-param name=variant value=english" \
    "pos pos=BBeeWeeeeeeeeeeeeeeeeeeeeeeeeBeee moves=\"$long\"" "level depth=3" "go think")
host=$(host_move "set-param name=variant value=english" \
    "pos pos=BBeeWeeeeeeeeeeeeeeeeeeeeeeeeBeee moves=\"$long\"" "level depth=3" "go think")
expect "a pos line of 41 moves (253 bytes): read whole, a draw, the host's move" "score=0.00 $host" \
    "$(echo "$out" | sed -n 's/^info .*\(score=[^ ]*\).*/\1/p' | tail -n 1) $(done_move "$out")"

# ------------------------------------------------------------------ levels
for level in "move-time=0.2" "time=5 inc=0.1" "time=30 moves=10" "depth=30"; do
    out=$(session "pos pos=$RUSSIAN_START" "level $level" "go think")
    expect_match "level $level: a done with a legal first move" \
        '^done move=(9-13|10-13|10-14|11-14|11-15|12-15|12-16)( ponder=[0-9x-]+)?$' "$(echo "$out" | tail -n 1)"
done
session "pos pos=$RUSSIAN_START" "level move-time=0.5" "go think" > /dev/null
ms=$(sim_ms)
if [ -n "$ms" ] && [ "$ms" -lt 2500 ]; then
    ok "level move-time=0.5: the search keeps to its time ($ms ms simulated in all)"
else
    fail "level move-time=0.5: the search keeps to its time" "${ms:-no} ms"
fi

# ------------------------------------------------------- during a search
# A 60 s search; ping a second later (wall time), stop half a second after:
# pong before done, and done long before 60 simulated seconds.
out=$( (printf 'hub\npos pos=%s\nlevel move-time=60\ngo think\n' "$RUSSIAN_START"; sleep 1; echo ping;
        sleep 0.5; echo stop; echo ping; echo quit) |
       timeout 120 "$SIM" --input eager --stats "$ELF" 2>"$STATS" | sed -n '/^wait$/,$p')
ms=$(sim_ms)
expect "ping during a search: pong, then done, then pong" "pong done pong" \
    "$(echo "$out" | grep -e '^pong' -e '^done' | cut -d' ' -f1 | tr '\n' ' ' | sed 's/ $//')"
if [ -n "$ms" ] && [ "$ms" -lt 60000 ]; then
    ok "stop ends a 60 s search at once ($ms ms simulated)"
else
    fail "stop ends a 60 s search at once" "${ms:-no} ms"
fi
out=$( (printf 'hub\npos pos=%s\nlevel move-time=60\ngo think\n' "$RUSSIAN_START"; sleep 1; echo quit; echo ping) |
       timeout 120 "$SIM" --input eager --stats "$ELF" 2>"$STATS")
status=$?
expect_match "quit during a search: done, then the end (status 0)" '^done move=[0-9]+-[0-9]+( ponder=[0-9x-]+)? 0$' \
    "$(echo "$out" | tail -n 1) $status"
out=$(session "pos pos=$RUSSIAN_START" "level depth=2" "go think" "stop" "ping")
expect "stop after the search: ignored; ping answered" "pong" "$(echo "$out" | tail -n 1)"
# go ponder for seconds (wall time), then stop: a pondering search has no
# deadline to look at, and must feed the watchdog all the same (a reset
# would bring back the game's prompt and answer stop as its command).
out=$( (printf 'hub\npos pos=%s\nlevel infinite\ngo ponder\n' "$RUSSIAN_START"; sleep 8; echo stop; echo quit) |
       timeout 120 "$SIM" --input eager --stats "$ELF" 2>"$STATS" | sed -n '/^wait$/,$p' | grep -v '^info ')
ms=$(sim_ms)
if [ -n "$ms" ] && [ "$ms" -gt 2500 ] && [ "$out" = "$(printf 'wait\ndone move=%s' "${out##*done move=}")" ]; then
    ok "go ponder for $ms ms simulated, then stop: done, no watchdog reset"
else
    fail "go ponder for seconds, then stop: done, no watchdog reset" "${ms:-no} ms: $out"
fi

# ------------------------------------------------------------------ errors
out=$(session "foo bar" "ping")
expect "unknown command: an error line, the session goes on" 'error message="unknown command: foo"
pong' "$out"
out=$(session "pos pos=Wbbbb" "pos pos=Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww" \
              "pos pos=Wwbbbbbbbbbbbeeeeeeeewwwwwwwwwwww" "pos moves=\"9-13\"" "ping")
expect "bad positions: one error each" "4" "$(echo "$out" | grep -c '^error message=')"
check_refusals
out=$(session "pos pos=$RUSSIAN_START moves=\"9-13 9-13\"" "go think" "ping")
expect "an illegal move in moves: named; go then refuses" \
'error message="move 2 of moves: no legal move matches: 9-13"
error message="no position (the last pos failed)"
pong' "$out"
for bad in "level depth=x" "level move-time=1.2.3" "level" "set-param name=variant value=chess" \
           "set-param name=hash value=64" "go sideways"; do
    out=$(session "$bad" "ping")
    expect_match "$bad: an error" '^error message="[^"]+" pong $' "$(echo "$out" | tr '\n' ' ')"
done
out=$(session "pos pos=BeeeeeeeeeeeeeeeeeeeeeeeeeeeeeWee" "go think")
expect "no legal move: an error and a bare done" 'error message="no legal move"
done' "$out"
# One session, the host's: the same answers to the same lines, byte for
# byte (no search, whose figures are the machine's).
set -- "foo bar" "level depth=0" "level moves=0 time=0" "pos pos=\"$RUSSIAN_START" "go think" \
    "level depth=x" "level" "level moves=4" "level nodes=0" "set-param name=variant value=chess" \
    "set-param name=hash value=64" "go sideways" "pos pos=Wbbbb" "pos moves=\"9-13\"" \
    "pos pos=$RUSSIAN_START moves=\"9-13 9-13\"" "go" "ping \"x" "=x" "init" "stop" "new-game" \
    "pos pos=Wbbbbbbbbbbbbeeebbbbbbbeewwwwwwww" "set-param name=variant value=english" "hub" "ping"
expect "every answer but a search's is the host's" \
    "$(printf '%s\n' "$@" | timeout 60 "$CHECKERS" hub)" "$(session "$@")"

# --------------------------------------------------------------------- RAM
# The deepest stacks: a search from the start and a king ending, deep.
ram_budget "$ELF"
most=0
for lines in "pos pos=$RUSSIAN_START|level depth=9" "pos pos=WeeeeeeeeeebeeeeeebeeeeeeeeeeWeee|level depth=14" \
             "set-param name=variant value=english|pos pos=BBeeWeeeeeeeeeeeeeeeeeeeeeeeeBeee|level depth=14"; do
    IFS='|'
    set -- $lines
    unset IFS
    session "$@" "go think" > /dev/null
    p=$(peak)
    [ -n "$p" ] && [ "$p" -gt "$most" ] && most=$p
done
if [ "$most" -gt 0 ] && [ $((static + most)) -le "$RAM_LIMIT" ]; then
    ok "RAM in Hub mode: static $static + peak stack $most <= $RAM_LIMIT"
else
    fail "RAM in Hub mode: static $static + peak stack $most <= $RAM_LIMIT" "total $((static + most))"
fi

finish "hub firmware"
