#!/bin/sh
# SPDX-License-Identifier: MIT
# Positions at the edges of what the Uno game firmware holds, in the
# simulator, and the host CLI on the same positions: more legal moves than
# the search's root list (40) or the firmware's old move buffer (60) takes,
# up to 68, the most that hill-climbing found for either variant (English:
# 42).  Each must be listed, played, searched and counted, or refused with
# one line.
set -u
BUILD=${BUILD:-build}
SIM=$BUILD/host/avrsim
ELF=$BUILD/uno/demo.elf
CHECKERS=$BUILD/host/checkers
SHORT=400000000

# 41 moves (six kings against a man; twelve English kings), 68 (quiet and
# capture, Russian), the most found.
WIDE41='W:WKa1,Kf2,Kc5,Kf4,Kb8,Kg7:Bh8'
WIDE41_ENGLISH='B:WK1:BK7,K8,K9,K10,K17,K18,K19,K20,K25,K26,K27,28'
QUIET68='W:WKa1,Ke1,Kg1,Ka3,Kf4,Kh4,Ka5,Ka7,Kb8,Kd8,Kf8,Kh8:B'
CAPTURE68='B:WKb2,Ke3,g3,b4,Ke5,Kg5,b6,e7,Kg7:BKb8,Kh8,Kh4,Kh2,Ka1,Kc1'
MIXED68='W:WKa1,Kh2,Ka3,Kb8,Kd8,Kh8:BKc7,Ke7,Kg7,Kc5,e5,Kg5,b2,d2,f2'

. tests/support.sh

# check NAME CONDITION-STATUS DETAIL
check() {
    if [ "$2" -eq 0 ]; then ok "$1"; else fail "$1" "$3"; fi
}

# --- F1: more moves than the search's root list ------------------------
for fen in "$WIDE41" "$QUIET68" "$CAPTURE68" "$MIXED68"; do
    bestmove=$("$CHECKERS" go --depth 4 --fen "$fen" 2>&1 | sed -n 's/^bestmove //p')
    st=$?
    legal=$("$CHECKERS" moves --fen "$fen" | grep -cx -- "$bestmove")
    check "host go plays a legal move with $("$CHECKERS" moves --fen "$fen" | wc -l) to choose from ($fen)" \
        "$([ -n "$bestmove" ] && [ "$legal" -eq 1 ]; echo $?)" "bestmove '$bestmove', status $st"
done
english_best=$("$CHECKERS" go --variant english --depth 4 --fen "$WIDE41_ENGLISH" | sed -n 's/^bestmove //p')
check "host go plays in a 41-move English position" "$([ -n "$english_best" ]; echo $?)" "no bestmove"

session "fen $WIDE41\ngo\nfen\n"
check "go plays in a 41-move position" \
    "$([ "$status" -eq 0 ] && [ "$(last_fen)" != "$WIDE41" ] && printf '%s\n' "$out" | grep -q '^1\. '; echo $?)" \
    "status $status, fen $(last_fen)"
session "new english\nfen $WIDE41_ENGLISH\ngo\nfen\n"
check "go plays in a 41-move English position" \
    "$([ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -q '^1\. '; echo $?)" "status $status"
session "fen $WIDE41\nlevel depth 3\nauto\n" "" 3000000000
check "auto plays a 41-move position to a result" \
    "$([ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -q '^result: '; echo $?)" "status $status"

# --- F2: more moves than the old 60-move buffer --------------------------
session "fen $MIXED68\nmoves\nperft 1\nperft 2\nperft 3\na1:h6\nfen\n"
check "moves lists all 68 moves of a position" \
    "$(printf '%s\n' "$out" | grep -q '^68 legal moves'; echo $?)" "$(printf '%s\n' "$out" | grep -m1 'moves\|error')"
check "perft 1 counts 68" "$(printf '%s\n' "$out" | grep -q '^perft 1 68 '; echo $?)" "no perft 1 68"
check "perft 2 in a 68-move position matches the host" \
    "$(printf '%s\n' "$out" | grep -q "^perft 2 $("$CHECKERS" perft --fen "$MIXED68" 2 | sed -n 's/^perft 2 //p') "; echo $?)" "no match"
check "perft 3 in a 68-move position matches the host" \
    "$(printf '%s\n' "$out" | grep -q "^perft 3 $("$CHECKERS" perft --fen "$MIXED68" 3 | sed -n 's/^perft 3 //p') "; echo $?)" "no match"
check "a move is played in a 68-move position" \
    "$([ "$(last_fen)" = 'B:WKh2,Ka3,Kh6,Kb8,Kd8,Kh8:BKc7' ]; echo $?)" "fen $(last_fen)"
for fen in "$QUIET68" "$CAPTURE68" "$MIXED68"; do
    session "fen $fen\nlevel depth 6\ngo\nfen\n"
    check "go plays in a 68-move position ($fen)" \
        "$([ "$status" -eq 0 ] && [ "$(last_fen)" != "$fen" ] && ! printf '%s\n' "$out" | grep -q '^error'; echo $?)" \
        "status $status, fen $(last_fen)"
done

# --- F5: every perft depth that help offers, from both start positions ---
# The published counts (Russian, English): 190,146 / 179,740 at 7 and
# 929,899 / 845,931 at 8; about 82 s of simulated time for the four.
session 'perft 7\nperft 8\nnew english\nperft 7\nperft 8\n' '' 3000000000
for count in 'perft 7 190146' 'perft 8 929899' 'perft 7 179740' 'perft 8 845931'; do
    check "$count from the start (help offers perft 1-8)" \
        "$(printf '%s\n' "$out" | grep -q "^$count "; echo $?)" \
        "status $status; $(printf '%s\n' "$out" | grep -E '^(perft|error)' | tr '\n' '|')"
done

# RAM: static + the peak stack of a wide root's search (generated in the
# whole workspace, long flying-king captures) within the 1,920-byte budget.
static=$(avr-size -A "$ELF" | awk '$1 == ".data" || $1 == ".bss" || $1 == ".noinit" { s += $2 } END { print s }')
for fen in "$WIDE41" "$QUIET68" "$CAPTURE68" "$MIXED68"; do
    printf 'fen %s\nlevel depth 20\ngo\n' "$fen" > "$tmp/in"
    peak=$("$SIM" --stats --max-cycles 4000000000 "$ELF" < "$tmp/in" 2>&1 >/dev/null |
           sed -n 's/.*peak stack \([0-9]*\) bytes.*/\1/p')
    check "RAM: static $static + peak stack ${peak:-?} of go at depth 20 <= 1920 ($fen)" \
        "$([ -n "$peak" ] && [ $((static + peak)) -le 1920 ]; echo $?)" "total $((static + ${peak:-9999}))"
done

# --- F4: a byte on the serial port stops any search; time limits hold ---
# A key line arrives while the firmware computes (eager input, a second
# after the commands; the searches and counts last far longer in simulated
# time).  When it arrived and how soon the firmware reacted are read from
# the runner's waveform, in simulated time: the key is the first RXD0 edge
# of the last burst of input (after 10 ms of quiet), the computation ends
# when the LED (PB5), on while the engine thinks, goes off, and the answer
# is the next TXD0 edge.
KINGS='B:WKa1,Kc1,Ke1,Kg1,Kb2,Kd2,Kf2,Kh2,a3,c3,e3,g3:BKb8,Kd8,Kf8,Kh8,Ka7,Kc7,Ke7,Kg7,b6,d6,f6,h6'
STOP_US=5000                # a key stops a search within 5 ms, generation included
# key_session NAME COMMANDS DELAY: COMMANDS, then DELAY seconds later `fen`;
# sets $out and $latency ("key_us led stop_us answer_us").
key_session() {
    { printf "$2"; sleep "$3"; printf 'fen\n'; } |
        "$SIM" --input eager --max-cycles 3000000000 --vcd "$tmp/$1.vcd" --eeprom "$tmp/$1.eeprom" \
            "$ELF" > "$tmp/out" 2> "$tmp/err"
    status=$?
    out=$(cat "$tmp/out")
    latency=$(python3 - "$tmp/$1.vcd" <<'PY'
import sys
t, rx, led, tx = 0, [], [], []
signal = {':': rx, '9': tx}
for line in open(sys.argv[1]):
    if line.startswith('#'):
        t = int(line[1:])
    elif line[:1] in ('0', '1'):
        name = line[1:].strip()
        if name == '&':
            led.append((t, line[0]))
        elif name in signal:
            signal[name].append(t)
US = 10 ** 6                # the VCD counts picoseconds
key = [e for i, e in enumerate(rx) if i == 0 or e - rx[i - 1] > 10000 * US][-1]
before = [v for u, v in led if u <= key]
on = before[-1] == '1' if before else False
off = [u for u, v in led if u > key and v == '0']
stop = off[0] if on and off else key
answer = [u for u in tx if u > stop]
print(key // US, int(on), (stop - key) // US, (answer[0] - key) // US if answer else -1)
PY
)
}
# within_stop: the search was running when the key came, and ended and
# answered within STOP_US.
within_stop() {
    set -- $latency
    [ "${2:-0}" -eq 1 ] && [ "$3" -le "$STOP_US" ] && [ "$4" -ge 0 ] && [ "$4" -le "$STOP_US" ]
}
key_session go "fen $KINGS\nlevel depth 20\ngo\n" 1
set -- $latency
check "a key stops go at depth 20 in a king ending within 5 ms and it plays (key at $(($1 / 1000)) ms: stopped after $3 us, answer after $4 us)" \
    "$(within_stop && printf '%s\n' "$out" | grep -Eq '^1\.\.\. [a-h][1-8][-:][a-h][1-8]  \(depth [0-9]+, ' &&
       [ "$(last_fen)" != "$KINGS" ]; echo $?)" "status $status, latency $latency, fen $(last_fen)"
key_session auto "fen $KINGS\nlevel depth 20\nauto\n" 1
set -- $latency
check "a key stops auto at depth 20 within 5 ms (stopped after $3 us)" \
    "$(within_stop && printf '%s\n' "$out" | grep -qx 'engine stopped'; echo $?)" "status $status, latency $latency"
key_session perft 'perft 8\n' 1
set -- $latency
check "a key stops perft 8 within 5 ms (stopped after $3 us)" \
    "$(within_stop && printf '%s\n' "$out" | grep -Eq '^perft 8 stopped \([0-9]+ ms\)$'; echo $?)" "status $status, latency $latency"
key_session perft_kings "fen $KINGS\nperft 8\n" 1
set -- $latency
check "a key stops perft 8 in a king ending within 5 ms (stopped after $3 us)" \
    "$(within_stop && printf '%s\n' "$out" | grep -q '^perft 8 stopped'; echo $?)" "status $status, latency $latency"
# The bench lasts 2.4 s of simulated time, which a fast host runs in less
# than a second: its key is typed ahead, there before it starts, and the
# LED must go off within STOP_US of going on.
printf 'bench\nfen\n' | "$SIM" --input eager --vcd "$tmp/bench.vcd" --eeprom "$tmp/bench.eeprom" "$ELF" \
    > "$tmp/out" 2>&1
out=$(cat "$tmp/out")
led_us=$(awk '/^#/ { t = substr($0, 2) } /^1&$/ { on = t } /^0&$/ && on { print int((t - on) / 1000000); exit }' "$tmp/bench.vcd")
check "a key stops the bench within 5 ms (LED on ${led_us:-?} us)" \
    "$([ "${led_us:-99999}" -le "$STOP_US" ] && printf '%s\n' "$out" | grep -qx 'bench stopped' &&
       ! printf '%s\n' "$out" | grep -q '^bench nodes'; echo $?)" "led ${led_us:-none} us"
# The LF of a CR LF arrives after its CR ended the line: no key.
printf 'level depth 6\r\ngo\r\n' | "$SIM" --input eager --eeprom "$tmp/crlf.eeprom" "$ELF" > "$tmp/out" 2>&1
check "the LF of CR LF does not stop go" \
    "$(grep -q '^1\. [a-h][1-8]-[a-h][1-8]  (depth 6, ' "$tmp/out"; echo $?)" "$(grep depth "$tmp/out")"

# Time limits: the search's simulated cycles (probe 1 around search_run(),
# firmware/demo/engine.h) against the limit, 16,000 cycles a millisecond.
# probe_search LEVEL: the search's cycles at that level in $fen.
probe_search() {
    printf "fen $fen\nlevel $1\ngo\n" |
        "$SIM" --probes "$tmp/probes" --eeprom "$tmp/time.eeprom" "$ELF" > "$tmp/out" 2>&1
    cycles=$(sed -n 's/^1,1,\([0-9]*\),.*/\1/p' "$tmp/probes")
}
for fen in "$KINGS" 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8'; do
    probe_search 'depth 1'
    first=${cycles:-0}
    for ms in 1 100; do
        probe_search "time $ms"
        # 1 ms: the first iteration is complete before the clock counts
        # (a searched move), then at most 2 ms more (the clock's
        # millisecond is already under way); 100 ms: within 3%.
        if [ "$ms" -eq 1 ]; then low=0 high=$((first + 32000)); else low=1552000 high=1648000; fi
        check "level time $ms: the search takes ${cycles:-?} cycles, $low-$high ($fen)" \
            "$([ -n "$cycles" ] && [ "$cycles" -ge "$low" ] && [ "$cycles" -le "$high" ] &&
               grep -Eq '^1\.(\.\.)? [a-h][1-8][-:].*\(depth [1-9]' "$tmp/out"; echo $?)" "$(grep depth "$tmp/out")"
    done
done

# --- F7: the EEPROM loader takes only what the FEN reader takes ---------
# image NAME WHITE BLACK WHITE_MEN BLACK_MEN: a CRC-valid record of no
# plies with that Russian start position (bitboards, White to move).
image() {
    python3 - "$tmp/$1.eeprom" "$2" "$3" "$4" "$5" <<'PY'
import struct, sys
path, wp, bp, wm, bm = sys.argv[1], *[int(x, 0) for x in sys.argv[2:]]
data = b'bd' + bytes([2, 0]) + struct.pack('<IIIIBH', wp, bp, wm, bm, 0, 0)
open(path, 'wb').write(data + b'\xff' * (1024 - len(data)))
PY
    reseal "$tmp/$1.eeprom"
}
# boot NAME: the first boot with image NAME; sets $out.
boot() {
    printf 'fen\n' > "$tmp/in"
    "$SIM" --max-cycles "$SHORT" --eeprom "$tmp/$1.eeprom" "$ELF" < "$tmp/in" > "$tmp/out" 2>&1
    out=$(cat "$tmp/out")
}
image kings16 0x0000FFFF 0xFFFF0000 0 0
boot kings16
check "a record with 16 kings a side is refused (the FEN reader allows 12)" \
    "$(printf '%s\n' "$out" | grep -q '^saved game ignored (bad start position): new game$'; echo $?)" \
    "$(printf '%s\n' "$out" | grep -E 'resumed|ignored')"
image white13 0x00001FFF 0x80000000 0 0
boot white13
check "a record with 13 white pieces is refused" \
    "$(printf '%s\n' "$out" | grep -q '^saved game ignored (bad start position)'; echo $?)" \
    "$(printf '%s\n' "$out" | grep -E 'resumed|ignored')"
image kings12 0x00000FFF 0xFFF00000 0 0
boot kings12
check "a record with 12 kings a side resumes, as the FEN reader takes it" \
    "$(printf '%s\n' "$out" | grep -q '^resumed: Russian draughts, 0 plies$'; echo $?)" \
    "$(printf '%s\n' "$out" | grep -E 'resumed|ignored')"

# --- The loader replays the record as the prompt plays it ---------------
# Two English kings shuffle 8 plies: the start position a third time, a
# draw by repetition, and the prompt refuses any move after it.  A record
# of those 8 plies resumes to the draw; the same record with a 9th ply (the
# first ply's code again: the same move from the same position) and a valid
# checksum and copy is refused at that ply.
shuffle='32-28\n1-6\n28-32\n6-1\n'
session "new english\nfen W:WK32:BK1\n$shuffle$shuffle" "$tmp/drawn.eeprom"
check "8 plies of kings shuffling are a draw by repetition" \
    "$(printf '%s\n' "$out" | grep -q '^result: draw'; echo $?)" "$(printf '%s\n' "$out" | grep -E '^(result|error)')"
cp "$tmp/drawn.eeprom" "$tmp/after_end.eeprom"
boot drawn
check "the record of the drawn game resumes, drawn" \
    "$(printf '%s\n' "$out" | grep -q '^resumed: English checkers, 8 plies$' &&
       printf '%s\n' "$out" | grep -q '^result: draw'; echo $?)" \
    "$(printf '%s\n' "$out" | grep -E 'resumed|ignored|result')"
python3 - "$tmp/after_end.eeprom" <<'PY'
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
data[47 + 2 * 8:47 + 2 * 9] = data[47:49]
data[21], data[22] = 9, 0
open(sys.argv[1], 'wb').write(data)
PY
reseal "$tmp/after_end.eeprom"
boot after_end
check "a checksummed record with a move after the game ended is refused at that move" \
    "$(printf '%s\n' "$out" | grep -q '^saved game ignored (illegal move 9): new game$'; echo $?)" \
    "$(printf '%s\n' "$out" | grep -E 'resumed|ignored')"

finish reliability
