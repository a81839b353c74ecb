#!/bin/sh
# Copies the ATmega328P rows and the targets of build/bench/bench.md (from
# `make bench`) into README.md, between the bench:begin and bench:end marks.
set -eu
BUILD=${BUILD:-build}
md=$BUILD/bench/bench.md
[ -f "$md" ] || { echo "update-readme: run make bench first" >&2; exit 1; }
table=$BUILD/bench/readme-part.md
{
    echo "| routine | inputs | bytes | cycles min | avg | max |"
    echo "|---|---|---:|---:|---:|---:|"
    grep '^| atmega328p |' "$md" | sed 's/^| atmega328p //'
    echo
    echo "Targets (from \`make bench\`):"
    echo
    sed -n '/^Targets:/,$p' "$md" | grep '^- '
} > "$table"
awk -v part="$table" '
    /<!-- bench:begin/ { print; while ((getline line < part) > 0) print line; skipping = 1; next }
    /<!-- bench:end/ { skipping = 0 }
    !skipping { print }' README.md > README.md.new
mv README.md.new README.md
echo "update-readme: README.md bench table updated from $md"
