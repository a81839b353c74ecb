#!/bin/sh
# SPDX-License-Identifier: MIT
# test_arduino.sh - the Arduino library as an Arduino user gets it:
# lib/arduino/export.sh writes the 1.5 layout, a repository tagged with
# its version, and its zip; lib/arduino/check-library.py finds the Library
# Manager's rules kept (and finds broken ones); Arduino's own builder
# (arduino-builder with Debian's arduino-core-avr) compiles every example
# for every board of BOARDS below, each within the board's flash and RAM
# (boards.txt) or refused by the example's own #error; in the simulator
# Perft prints the published counts (on the Uno and the ATmega168), Play
# and SmallBoard answer with legal moves and undo restores the position,
# EngineVsEngine plays legal moves, and BitScan agrees with a plain loop.
# BUILD (default build) names the build directory: the library goes to
# BUILD/arduino, the builder works in BUILD/arduino-build/<board>/, one
# build folder a board that every example is compiled in turn into (the
# core and the library compiled once, and kept from one run to the next),
# two boards at a time.
set -u
BUILD=${BUILD:-build}
OUT=$BUILD/arduino
LIBRARY=$OUT/bitdraughts
WORK=$BUILD/arduino-build
case $WORK in /*) ;; *) WORK=$(pwd)/$WORK ;; esac    # the builder wants it whole
SIM=$BUILD/host/avrsim
CHECKERS=$BUILD/host/checkers
HARDWARE=/usr/share/arduino/hardware
BOARDS_TXT=$HARDWARE/arduino/avr/boards.txt
# The boards: a name, the FQBN.  The ATmega168's other boards (nano and pro
# with cpu=atmega168, 16 MHz) have the Diecimila's MCU, clock and limits,
# which the size checks below confirm from boards.txt.
BOARDS='uno arduino:avr:uno
nano arduino:avr:nano:cpu=atmega328
promini arduino:avr:pro:cpu=16MHzatmega328
mega arduino:avr:mega:cpu=atmega2560
atmega168 arduino:avr:diecimila:cpu=atmega168'
SAME_AS_ATMEGA168="nano:atmega168 pro:16MHzatmega168"
. tests/support.sh
# check NAME COMMAND...: passes when the command succeeds.
check() { label=$1; shift; if "$@"; then ok "$label"; else fail "$label"; fi; }

for tool in "$SIM" "$CHECKERS"; do
    [ -x "$tool" ] || { echo "arduino: $tool not built (make $tool)"; exit 1; }
done
command -v arduino-builder >/dev/null 2>&1 ||
    { echo "arduino: arduino-builder missing (.ci/install-deps installs it)"; exit 1; }

# Perft from the Russian start position as published (Rein Halbersma's dctl
# test tables, quoted in ../shared/reference/checkers.md).
PERFT_EXPECTED='perft 1 7
perft 2 49
perft 3 302
perft 4 1469
perft 5 7482'

# ----------------------------------------------------------------- export --
mkdir -p "$WORK/tools"
if sh lib/arduino/export.sh "$OUT" >"$WORK/export.log" 2>&1; then
    ok "lib/arduino/export.sh writes $LIBRARY and $OUT/bitdraughts.zip"
else
    fail "lib/arduino/export.sh writes $LIBRARY" "$(tail -n 1 "$WORK/export.log")"
    finish "arduino"
    exit 1
fi

property() { sed -n "s/^$1=//p" "$LIBRARY/library.properties"; }
check "library.properties: name=bitdraughts, architectures=avr, a version" \
    test "$(property name)" = bitdraughts -a "$(property architectures)" = avr \
         -a -n "$(property version)"
check "library.json is JSON with the name and version of library.properties" \
    python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))
sys.exit(not (m["name"] == sys.argv[2] and m["version"] == sys.argv[3]))' \
    "$LIBRARY/library.json" "$(property name)" "$(property version)"
check "src/bitdraughts.h, the header sketches include" test -f "$LIBRARY/src/bitdraughts.h"

# src/ holds what runs on a board: no program (the host tools have a main),
# every portable arch header, replaced by AVR's where it has one.
programs=$(grep -rlE '^(static )?int main ?\(' "$LIBRARY/src")
check "src/ holds no program${programs:+: $programs}" test -z "$programs"
arch_ok=1
for header in lib/arch/generic/arch/*.h lib/arch/arduino/arch/*.h; do
    name=$(basename "$header")
    expected=$header
    [ -f "lib/arch/avr/arch/$name" ] && expected=lib/arch/avr/arch/$name
    [ -f "lib/arch/arduino/arch/$name" ] && expected=lib/arch/arduino/arch/$name
    cmp -s "$expected" "$LIBRARY/src/arch/$name" ||
        { arch_ok=0; echo "    src/arch/$name is not $expected"; }
done
for source in lib/arch/avr/*.S lib/arch/avr/*.h lib/arch/small/hash_multiply.S; do
    [ -f "$source" ] && ! cmp -s "$source" "$LIBRARY/src/arch/$(basename "$source")" &&
        { arch_ok=0; echo "    src/arch/ lacks $source"; }
done
check "src/arch/ is lib/arch/generic/arch/ with AVR's headers and the Arduino's over it, and AVR's assembly (the hash's product without MUL too)" \
    test "$arch_ok" -eq 1
check "src/arch/ holds nothing else" test "$(ls "$LIBRARY/src/arch" | wc -l)" -eq \
    "$(ls lib/arch/generic/arch/*.h lib/arch/arduino/arch/*.h lib/arch/avr/*.S lib/arch/avr/*.h \
          lib/arch/small/hash_multiply.S 2>/dev/null |
       xargs -n 1 basename | sort -u | wc -l)"
engines_ok=1
for file in engine/search.c engine/eval.c engine/small/search.c engine/small/eval.c; do
    case $file in engine/small/*) want='#if BITDRAUGHTS_SMALL_ENGINE' ;; *) want='#if !BITDRAUGHTS_SMALL_ENGINE' ;; esac
    { sed -n 3p "$LIBRARY/src/$file" | grep -qx -- "$want" &&
      sed -n '5,$p' "$LIBRARY/src/$file" | sed '$d' | cmp -s - "lib/$file"; } ||
        { engines_ok=0; echo "    src/$file is not lib/$file under $want"; }
done
check "both engines in src/engine/, each compiled only under its BITDRAUGHTS_SMALL_ENGINE" \
    test "$engines_ok" -eq 1

missing=""
for keyword in $(awk -F '\t' '!/^#/ && NF >= 2 { print $1 }' "$LIBRARY/keywords.txt"); do
    grep -rqw --include='*.h' -- "$keyword" "$LIBRARY/src" || missing="$missing $keyword"
done
check "every name in keywords.txt is in the headers${missing:+; not:$missing}" test -z "$missing"

check "the zip holds exactly the folder (but .git), as bitdraughts/ at its top" python3 -c 'import os, sys, zipfile
out = sys.argv[1]
z = zipfile.ZipFile(os.path.join(out, "bitdraughts.zip"))
zipped = {n: z.read(n) for n in z.namelist() if not n.endswith("/")}
disk = {}
for folder, dirs, names in os.walk(os.path.join(out, "bitdraughts")):
    dirs[:] = [d for d in dirs if d != ".git"]
    for n in names:
        path = os.path.join(folder, n)
        disk[os.path.relpath(path, out)] = open(path, "rb").read()
sys.exit(not (zipped == disk and all(n.startswith("bitdraughts/") for n in z.namelist())))' "$OUT"

EXAMPLES="Play Perft EngineVsEngine BitScan SmallBoard"
missing=""
for name in $EXAMPLES; do
    [ -f "$LIBRARY/examples/$name/$name.ino" ] || missing="$missing $name"
done
check "examples: $EXAMPLES${missing:+; missing:$missing}" test -z "$missing"
header_ok=1
for sketch in "$LIBRARY"/examples/*/*.ino; do
    sed -n 2p "$sketch" | grep -q '^/\*' || { header_ok=0; echo "    $sketch: no comment header"; }
done
check "every example opens with a comment header" test "$header_ok" -eq 1

# ------------------------------------------------------------ publishing --
CHECK_LIBRARY="python3 lib/arduino/check-library.py"
check "lib/arduino/check-library.py: the export keeps the Library Manager's rules" \
    $CHECK_LIBRARY "$LIBRARY"
check "check-library.py --release refuses the placeholder url (ARDUINO_URL unset)" \
    sh -c '! $1 --release "$2" >/dev/null' sh "$CHECK_LIBRARY" "$LIBRARY"
check "the library's root is a git repository whose commit is tagged $(property version)" \
    test "$(git -C "$LIBRARY" tag --points-at HEAD)" = "$(property version)"
broken=$WORK/broken
rm -rf "$broken" && cp -R "$LIBRARY" "$broken" && rm -rf "$broken/.git"
sed -i 's/^version=.*/version=v1.0/' "$broken/library.properties"
ln -s ../LICENSE "$broken/src/LICENSE"
rm -rf "$broken/examples/Perft/Perft.ino"
check "check-library.py finds a bad version, a symlink and an example without its .ino" \
    sh -c 'out=$($1 "$2"); [ $(echo "$out" | grep -c "version\|symlink\|Perft.ino") -eq 4 ]' \
    sh "$CHECK_LIBRARY" "$broken"

# ---------------------------------------------------------------- compile --
# The recipe and its workarounds (../shared/reference/simavr-and-toolchain.md):
# an empty -tools folder, the ctags settings by -prefs, DECIMAL_DIG for
# the core's WString.cpp.  A board's examples are compiled one after the
# other from the same place (BOARD/Sketch/Sketch.ino): the builder keeps
# its build folder, and so the core's and the library's objects, only for
# the same sketch path.  Each ELF is kept as BOARD/NAME.elf, the log as
# BOARD/NAME.log.
compile_board() {    # BOARD FQBN
    dir=$WORK/$1
    mkdir -p "$dir/Sketch" "$dir/build"
    for name in $EXAMPLES; do
        rm -f "$dir/$name.elf" "$dir/build/Sketch.ino.elf"
        cp "$LIBRARY/examples/$name/$name.ino" "$dir/Sketch/Sketch.ino"
        arduino-builder -compile -hardware "$HARDWARE" -tools "$WORK/tools" -libraries "$OUT" \
            -fqbn "$2" -build-path "$dir/build" \
            -prefs=tools.ctags.path=/usr/bin \
            -prefs='tools.ctags.cmd.path={path}/arduino-ctags' \
            -prefs='tools.ctags.pattern="{cmd.path}" -u --language-force=c++ -f - --c++-kinds=svpf --fields=KSTtzns --line-directives "{source_file}"' \
            -prefs=compiler.cpp.extra_flags=-DDECIMAL_DIG=17 \
            "$dir/Sketch/Sketch.ino" >"$dir/$name.log" 2>&1 &&
            [ -f "$dir/build/Sketch.ino.elf" ] && cp "$dir/build/Sketch.ino.elf" "$dir/$name.elf"
    done
}
# board_limit BOARD_ID CPU KEY: upload.KEY of boards.txt, the cpu menu's
# value where the board has one.
board_limit() {
    sed -n "s/^$1\.menu\.cpu\.$2\.upload\.$3=//p; s/^$1\.upload\.$3=//p" "$BOARDS_TXT" | head -n 1
}

# Two lanes of boards, each in the background.
echo "$BOARDS" | sed -n '1~2p' | while read -r board fqbn; do compile_board "$board" "$fqbn"; done &
lane=$!
echo "$BOARDS" | sed -n '2~2p' | while read -r board fqbn; do compile_board "$board" "$fqbn"; done
wait "$lane"

echo "$BOARDS" | while read -r board fqbn; do
    id=$(echo "$fqbn" | cut -d: -f3)
    cpu=$(echo "$fqbn" | sed -n 's/.*:cpu=//p')
    echo "$board $(board_limit "$id" "$cpu" maximum_size) $(board_limit "$id" "$cpu" maximum_data_size)"
done >"$WORK/limits"
for name in $EXAMPLES; do
    while read -r board flash_max ram_max; do
        log=$WORK/$board/$name.log
        if [ -f "$WORK/$board/$name.elf" ]; then
            flash=$(sed -n 's/^Sketch uses \([0-9]*\) bytes.*/\1/p' "$log")
            ram=$(sed -n 's/^Global variables use \([0-9]*\) bytes.*/\1/p' "$log")
            check "$name on $board: flash ${flash:-?} of ${flash_max:-?}, static RAM ${ram:-?} of ${ram_max:-?} bytes" \
                test -n "$flash" -a -n "$ram" -a -n "$flash_max" -a -n "$ram_max" -a \
                     "${flash:-0}" -le "${flash_max:-0}" -a "${ram:-0}" -lt "${ram_max:-0}"
        elif grep -q 'error: #error' "$log"; then
            ok "$name on $board: refused by its #error ($(sed -n 's/.*#error "\(.*\)"$/\1/p' "$log" | head -n 1 | cut -c1-50)...)"
        else
            fail "$name compiles for $board" "log: $log"
            grep -E 'error|overflow|too big' "$log" | head -n 5 | sed 's/^/    /'
        fi
    done <"$WORK/limits"
done
limits_168=$(sed -n 's/^atmega168 //p' "$WORK/limits")
for other in $SAME_AS_ATMEGA168; do
    check "${other%%:*} with the ATmega168 has the Diecimila's limits ($limits_168)" \
        test "$(board_limit "${other%%:*}" "${other#*:}" maximum_size) $(board_limit "${other%%:*}" "${other#*:}" maximum_data_size)" = "$limits_168"
    grep -q "^${other%%:*}\.menu\.cpu\.${other#*:}\.build\.mcu=atmega168" "$BOARDS_TXT" ||
        fail "${other%%:*} cpu=${other#*:} is an ATmega168 in boards.txt"
done
check "SmallBoard, Perft, EngineVsEngine and BitScan fit the ATmega168" \
    test -f "$WORK/atmega168/SmallBoard.elf" -a -f "$WORK/atmega168/Perft.elf" \
         -a -f "$WORK/atmega168/EngineVsEngine.elf" -a -f "$WORK/atmega168/BitScan.elf"

# -------------------------------------------------------------------- run --
# Arduino ELFs carry no .mmcu section: the MCU and clock are given.
# loop() never returns, so a run ends at its cycle budget: avrsim's 124.
# run_sketch BOARD NAME MCU MAX_CYCLES < INPUT: the output, without
# println's CRs, in WORK/BOARD/NAME.out; returns avrsim's status.
run_sketch() {
    "$SIM" --mcu "$3" --freq 16000000 --max-cycles "$4" "$WORK/$1/$2.elf" \
        >"$WORK/$1/$2.raw" 2>"$WORK/$1/$2.sim.log"
    sim_status=$?
    tr -d '\r' <"$WORK/$1/$2.raw" >"$WORK/$1/$2.out"
    return $sim_status
}
# legal "MOVES...": the referee (the host CLI) plays them from the start.
legal() { "$CHECKERS" go --moves "$1" --depth 1 >/dev/null 2>&1; }

for where in uno:atmega328p atmega168:atmega168; do
    board=${where%%:*}
    [ -f "$WORK/$board/Perft.elf" ] || continue
    run_sketch "$board" Perft "${where#*:}" 100000000 </dev/null
    status=$?
    printed=$(cut -d' ' -f1-3 "$WORK/$board/Perft.out")
    if [ "$status" -eq 124 ] && [ "$printed" = "$PERFT_EXPECTED" ]; then
        ok "Perft on $board prints the published Russian counts to depth 5, then idles"
    else
        fail "Perft on $board prints the published Russian counts to depth 5, then idles" \
             "exit $status; printed: $(echo "$printed" | tr '\n' '|')"
    fi
done

# Play: the engine opens (go), a bad move gets an error line, a move of
# Black's gets the engine's answer, undo takes both back (the FEN after
# the opening again), and another move gets an answer.  b6-a5 and h6-g5
# are legal after any first move (no capture is possible yet).  The input
# is all there at once, so the engine's thinking stops at once (stopOn):
# its moves are those of its first iterations.
if [ -f "$WORK/uno/Play.elf" ]; then
    printf 'go\nx9\nb6-a5\nundo\nh6-g5\n' | run_sketch uno Play atmega328p 200000000
    status=$?
    out=$WORK/uno/Play.out
    check "Play runs to the cycle budget, no crash, stack clear of static data (exit $status)" \
        test "$status" -eq 124
    engine=$(sed -n 's/^engine: \([^ ]*\).*/\1/p' "$out" | tr '\n' ' ')
    set -- $engine
    replies_ok=0
    [ $# -eq 3 ] && legal "$1 b6-a5 $2" && legal "$1 h6-g5 $3" && replies_ok=1
    check "Play: the engine's three moves ($engine) are legal replies" test "$replies_ok" -eq 1
    check "Play: the bad move gets one error line" test "$(grep -c '^error: ' "$out")" -eq 1
    fens=$(sed -n 's/^FEN //p' "$out")
    check "Play: undo restores the position after the opening" \
        test -n "$fens" -a "$(echo "$fens" | sed -n 2p)" = "$(echo "$fens" | sed -n 4p)"
    fen=$(echo "$fens" | tail -n 1)
    check "Play: the last FEN ($fen) is a valid position, Black to move" \
        sh -c 'case "$2" in B:*) "$1" moves --variant russian --fen "$2" >/dev/null ;; *) false ;; esac' \
        sh "$CHECKERS" "$fen"
fi

# SmallBoard on the ATmega168: the first listed move, the engine's answer.
if [ -f "$WORK/atmega168/SmallBoard.elf" ]; then
    printf '1\n' | run_sketch atmega168 SmallBoard atmega168 300000000
    status=$?
    out=$WORK/atmega168/SmallBoard.out
    first=$(sed -n 's/^1: \([^ ]*\) .*/\1/p' "$out" | head -n 1)
    reply=$(sed -n 's/^engine: \([^ ]*\).*/\1/p' "$out" | head -n 1)
    small_ok=0
    [ "$status" -eq 124 ] && grep -q '^RAM of the game and its engine: [0-9]' "$out" &&
        [ -n "$first" ] && [ -n "$reply" ] && legal "$first $reply" && small_ok=1
    check "SmallBoard on the ATmega168 (exit $status): prints its RAM, plays move 1 ($first), answers legally ($reply)" \
        test "$small_ok" -eq 1
fi

# EngineVsEngine: a legal game to its end (its result after the board).
if [ -f "$WORK/uno/EngineVsEngine.elf" ]; then
    run_sketch uno EngineVsEngine atmega328p 400000000 </dev/null
    status=$?
    moves=$(grep -E '^[0-9]+\.' "$WORK/uno/EngineVsEngine.out" | sed 's/^[0-9]*\.//' | tr '\n' ' ')
    count=$(echo $moves | wc -w)
    result=$(tail -n 1 "$WORK/uno/EngineVsEngine.out")
    game_ok=0
    [ "$count" -ge 20 ] && legal "$moves" && game_ok=1
    check "EngineVsEngine (exit $status): its $count moves are a legal game" test "$game_ok" -eq 1
    check "EngineVsEngine: the game ends within the budget ($result)" \
        sh -c 'case "$1" in "White wins"|"Black wins"|Draw) true ;; *) false ;; esac' sh "$result"
fi

# BitScan: the scans agree, and four timings are printed.
if [ -f "$WORK/uno/BitScan.elf" ]; then
    run_sketch uno BitScan atmega328p 20000000 </dev/null
    out=$WORK/uno/BitScan.out
    check "BitScan: lsb8 agrees with a loop for all 255 bytes, four timings" \
        sh -c 'grep -q "all 255 agree" "$1" && [ $(grep -cE "^  [a-zA-Z].* [0-9]+\.[0-9]+$" "$1") -eq 4 ]' sh "$out"
fi

finish "arduino"
