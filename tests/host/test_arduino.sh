#!/bin/sh
# SPDX-License-Identifier: MIT
# test_arduino.sh - the Arduino library as an Arduino user gets it:
# lib/arduino/export.sh writes the 1.5 layout and its zip; Arduino's own
# builder (arduino-builder with Debian's arduino-core-avr) compiles every
# example for the Uno within the board's flash and RAM; in the simulator
# the Perft example prints the published counts and the Play example
# answers with legal moves.  BUILD (default build) names the build
# directory: the library goes to BUILD/arduino, the builder works in
# BUILD/arduino-build/<example> (one folder each, so the compiled core is
# reused from one run to the next).
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
FQBN=arduino:avr:uno
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "  ok:     $1"; }
fail() { failed=$((failed + 1)); echo "  failed: $1${2:+ ($2)}"; }
# check NAME COMMAND...: passes when the command succeeds.
check() { label=$1; shift; if "$@"; then ok "$label"; else fail "$label"; fi; }
summary() { echo "arduino: $passed passed, $failed failed"; }

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
    summary
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
for header in lib/arch/generic/arch/*.h; do
    name=$(basename "$header")
    expected=$header
    [ -f "lib/arch/avr/arch/$name" ] && expected=lib/arch/avr/arch/$name
    cmp -s "$expected" "$LIBRARY/src/arch/$name" ||
        { arch_ok=0; echo "    src/arch/$name is not $expected"; }
done
for source in lib/arch/avr/*.S lib/arch/avr/*.h; do
    [ -f "$source" ] && ! cmp -s "$source" "$LIBRARY/src/arch/$(basename "$source")" &&
        { arch_ok=0; echo "    src/arch/ lacks $source"; }
done
check "src/arch/ is lib/arch/generic/arch/ with AVR's headers over it, and AVR's assembly and its headers" \
    test "$arch_ok" -eq 1
check "src/arch/ holds nothing else" test "$(ls "$LIBRARY/src/arch" | wc -l)" -eq \
    "$(ls lib/arch/generic/arch/*.h lib/arch/avr/*.S lib/arch/avr/*.h 2>/dev/null | wc -l)"

missing=""
for keyword in $(awk -F '\t' '!/^#/ && NF >= 2 { print $1 }' "$LIBRARY/keywords.txt"); do
    grep -rqw --include='*.h' -- "$keyword" "$LIBRARY/src" || missing="$missing $keyword"
done
check "every name in keywords.txt is in the headers${missing:+; not:$missing}" test -z "$missing"

check "the zip holds exactly the folder, as bitdraughts/ at its top" python3 -c 'import os, sys, zipfile
out = sys.argv[1]
z = zipfile.ZipFile(os.path.join(out, "bitdraughts.zip"))
zipped = {n: z.read(n) for n in z.namelist() if not n.endswith("/")}
disk = {}
for folder, _, names in os.walk(os.path.join(out, "bitdraughts")):
    for n in names:
        path = os.path.join(folder, n)
        disk[os.path.relpath(path, out)] = open(path, "rb").read()
sys.exit(not (zipped == disk and all(n.startswith("bitdraughts/") for n in z.namelist())))' "$OUT"

check "examples: Perft and Play" \
    test -f "$LIBRARY/examples/Perft/Perft.ino" -a -f "$LIBRARY/examples/Play/Play.ino"

# ---------------------------------------------------------------- compile --
# The recipe and its workarounds (../shared/reference/simavr-and-toolchain.md):
# an empty -tools folder, the ctags settings by -prefs, DECIMAL_DIG for
# the core's WString.cpp.  The limits are the Uno's, from boards.txt.
board_limit() { sed -n "s/^uno\.upload\.$1=//p" "$BOARDS_TXT"; }
flash_max=$(board_limit maximum_size)
ram_max=$(board_limit maximum_data_size)

for sketch in "$LIBRARY"/examples/*/*.ino; do
    name=$(basename "$sketch" .ino)
    mkdir -p "$WORK/$name"
    rm -f "$WORK/$name/$name.ino.elf"       # a failed build must not leave the last one to run
    log=$WORK/$name.log
    arduino-builder -compile -hardware "$HARDWARE" -tools "$WORK/tools" -libraries "$OUT" \
        -fqbn "$FQBN" -build-path "$WORK/$name" \
        -prefs=tools.ctags.path=/usr/bin \
        -prefs='tools.ctags.cmd.path={path}/arduino-ctags' \
        -prefs='tools.ctags.pattern="{cmd.path}" -u --language-force=c++ -f - --c++-kinds=svpf --fields=KSTtzns --line-directives "{source_file}"' \
        -prefs=compiler.cpp.extra_flags=-DDECIMAL_DIG=17 \
        "$sketch" >"$log" 2>&1
    status=$?
    if [ "$status" -ne 0 ] || [ ! -f "$WORK/$name/$name.ino.elf" ]; then
        fail "arduino-builder compiles $name for $FQBN" "exit $status; log: $log"
        grep -E 'error' "$log" | head -n 5 | sed 's/^/    /'
        continue
    fi
    ok "arduino-builder compiles $name for $FQBN"
    flash=$(sed -n 's/^Sketch uses \([0-9]*\) bytes.*/\1/p' "$log")
    ram=$(sed -n 's/^Global variables use \([0-9]*\) bytes.*/\1/p' "$log")
    check "$name fits the Uno's flash: ${flash:-?} of $flash_max bytes" \
        test -n "$flash" -a "${flash:-0}" -le "$flash_max"
    check "$name's static RAM leaves room for the stack: ${ram:-?} of $ram_max bytes" \
        test -n "$ram" -a "${ram:-0}" -lt "$ram_max"
done

# -------------------------------------------------------------------- run --
# Arduino ELFs carry no .mmcu section: the Uno's MCU and clock are given.
# loop() never returns, so a run ends at its cycle budget: avrsim's 124.
# run_sketch NAME MAX_CYCLES < INPUT: the output, without println's CRs, in
# WORK/NAME.out; returns avrsim's status.
run_sketch() {
    "$SIM" --mcu atmega328p --freq 16000000 --max-cycles "$2" "$WORK/$1/$1.ino.elf" \
        >"$WORK/$1.raw" 2>"$WORK/$1.sim.log"
    sim_status=$?
    tr -d '\r' <"$WORK/$1.raw" >"$WORK/$1.out"
    return $sim_status
}

if [ -f "$WORK/Perft/Perft.ino.elf" ]; then
    run_sketch Perft 50000000 </dev/null
    status=$?
    if [ "$status" -eq 124 ] && [ "$(cat "$WORK/Perft.out")" = "$PERFT_EXPECTED" ]; then
        ok "Perft prints the published Russian counts to depth 5, then idles"
    else
        fail "Perft prints the published Russian counts to depth 5, then idles" \
             "exit $status; printed: $(tr '\n' '|' <"$WORK/Perft.out")"
    fi
fi

# Play: the engine opens (go), a bad move gets an error line, and a move of
# Black's gets the engine's answer.  b6-a5 is legal after any first move
# (no capture is possible yet) and leaves nothing to capture.
if [ -f "$WORK/Play/Play.ino.elf" ]; then
    printf 'go\nx9\nb6-a5\n' | run_sketch Play 200000000
    status=$?
    out=$WORK/Play.out
    check "Play runs to the cycle budget, no crash, stack clear of static data (exit $status)" \
        test "$status" -eq 124
    opening=$(sed -n 's/^engine: \([^ ]*\).*/\1/p' "$out" | head -n 1)
    check "Play: the engine's opening move (${opening:-none}) is a legal one" \
        sh -c '"$1" moves --variant russian | grep -qx -- "$2"' sh "$CHECKERS" "${opening:-none}"
    check "Play: the bad move gets one error line" test "$(grep -c '^error: ' "$out")" -eq 1
    check "Play: the engine answers Black's move" test "$(grep -c '^engine: ' "$out")" -eq 2
    fen=$(sed -n 's/^FEN //p' "$out" | tail -n 1)
    check "Play: the last FEN ($fen) is a valid position, Black to move, a man on a5" \
        sh -c 'case "$2" in B:*:B*a5*) "$1" moves --variant russian --fen "$2" >/dev/null ;; *) false ;; esac' \
        sh "$CHECKERS" "$fen"
fi

summary
[ "$failed" -eq 0 ]
