#!/bin/sh
# SPDX-License-Identifier: MIT
# The docs cannot drift: every generated block of every .md file is made
# again (firmware/bench/update-docs.sh --check: the transcript and the
# boards' sizes from the built images, the bench's tables from the committed
# firmware/bench/ files) and compared with the committed text; the committed
# bench files against the bench that tests/bench/test_cycle_budgets.sh has just
# run (tests/run-all.sh runs this script after it), the committed profile
# against the committed bench (a run for each missed target), the
# footprint's flash and static RAM against the images, the waveform against a fresh drawing;
# no figure typed in the prose, no broken link, a front page that stays
# one, and the licence named.  A failure names the command that fixes it.
. tests/support.sh
BUILD=${BUILD:-build}
export BUILD
dir=$BUILD/test-docs
mkdir -p "$dir"
FIX="run make readme and commit what it changes"
docs=$(find . -name '*.md' ! -path './build/*' ! -path "./$BUILD/*" ! -path './.git/*' |
       sed 's|^\./||' | sort)
# Wholly generated: the bench's own table of every MCU.
prose_docs=$(printf '%s\n' $docs | grep -v '^firmware/bench/bench\.md$')

# ------------------------------------------------------------- blocks --
if sh firmware/bench/update-docs.sh --list > "$dir/blocks" 2> "$dir/err" && [ -s "$dir/blocks" ]; then
    ok "every_generated_block_has_an_end_and_the_docs_have_some"
else
    fail "every_generated_block_has_an_end_and_the_docs_have_some" "$(cat "$dir/err")"
fi
sh firmware/bench/update-docs.sh --check > "$dir/check" 2> "$dir/err"
while read -r file name; do
    case_name="generated_block_${name}_in_${file}_is_current"
    if grep -qx "current: $file $name" "$dir/check"; then
        ok "$case_name"
    else
        fail "$case_name" "$FIX; $(awk -v key="stale: $file $name" '
            $0 == key { shown = 1; next } /^(current|stale): / { shown = 0 } shown' "$dir/check" |
            head -n 10 | tr '\n' '|') $(cat "$dir/err")"
    fi
done < "$dir/blocks"

# --------------------------------------------------------------- bench --
# The bench's figures as this run measured them, when the bench ran on the
# images of this build (tests/bench/test_cycle_budgets.sh, just before).
fresh=yes
for board in uno attiny85 mega2560; do
    [ -f "$BUILD/bench/bench.csv" ] && [ -f "$BUILD/bench/bench.md" ] &&
        [ ! "$BUILD/$board/bench.elf" -nt "$BUILD/bench/bench.csv" ] || fresh=no
done
if [ $fresh = no ]; then
    echo "  skipped: the committed bench against a fresh one (no bench run on these images: run after tests/bench/test_cycle_budgets.sh, or make bench)"
else
    if cmp -s "$BUILD/bench/bench.csv" firmware/bench/bench.csv; then
        ok "committed_bench_csv_is_the_bench_measured_in_this_run"
    else
        fail "committed_bench_csv_is_the_bench_measured_in_this_run" \
            "$FIX; $(diff firmware/bench/bench.csv "$BUILD/bench/bench.csv" | grep '^[<>]' | head -n 6 | tr '\n' '|')"
    fi
    # From the table on: the heading names the compiler's flags, which
    # the cycle-budget run does not pass.
    sed -n '/^| mcu /,$p' "$BUILD/bench/bench.md" > "$dir/bench-measured.md"
    sed -n '/^| mcu /,$p' firmware/bench/bench.md > "$dir/bench-committed.md"
    if [ -s "$dir/bench-committed.md" ] && cmp -s "$dir/bench-measured.md" "$dir/bench-committed.md"; then
        ok "committed_bench_md_is_the_bench_measured_in_this_run"
    else
        fail "committed_bench_md_is_the_bench_measured_in_this_run" \
            "$FIX; $(diff "$dir/bench-committed.md" "$dir/bench-measured.md" | grep '^[<>]' | head -n 6 | tr '\n' '|')"
    fi
fi

# ------------------------------------------------------------- profile --
# The committed profile (firmware/bench/profile-targets.sh) is of the
# committed bench: one run for each target bench.md calls missed, no
# other, and a game run (a whole run, or a run's commands) charges the
# cycles its bench row counted.
missed=$(sed -n 's/^- \([a-z0-9]*\) \([a-z0-9-]*\) .*MISSED by .*/\1 \2/p' firmware/bench/bench.md | sort -u)
profiled=$(tail -n +2 firmware/bench/profile.csv | cut -d, -f1,2 | tr , ' ' | sort -u)
if [ -n "$missed" ] && [ "$missed" = "$profiled" ]; then
    ok "profile_has_a_run_for_each_missed_target_and_no_other"
else
    fail "profile_has_a_run_for_each_missed_target_and_no_other" \
        "$FIX; missed: $(echo $missed | tr '\n' ' '); profiled: $(echo $profiled | tr '\n' ' ')"
fi
# (A game row with a missed target must be profiled; with none, none is.)
missed_games=$(awk -F, -v missed="$(echo $missed)" '
    BEGIN { n = split(missed, m, " "); for (i = 1; i < n; i += 2) want[m[i] "," m[i + 1]] = 1 }
    ($3 == "GAME" || $3 == "GAME-COMMANDS") && ($1 "," $2) in want { count++ }
    END { print count + 0 }' firmware/bench/bench.csv)
game_mismatch=$(awk -F, -v missed_games="$missed_games" '
    NR == FNR { if ($3 == "GAME" || $3 == "GAME-COMMANDS") cycles[$1 "," $2] = $7; next }
    FNR > 1 && ($1 "," $2) in cycles && cycles[$1 "," $2] != $3 { print $1, $2, $3, "vs", cycles[$1 "," $2] }
    FNR > 1 && ($1 "," $2) in cycles { games++ }
    END { if (!games && missed_games > 0) print "no game run profiled" }' firmware/bench/bench.csv firmware/bench/profile.csv | sort -u)
if [ -z "$game_mismatch" ]; then
    ok "profile_of_each_game_run_charges_the_cycles_of_its_bench_row"
else
    fail "profile_of_each_game_run_charges_the_cycles_of_its_bench_row" "$FIX; $game_mismatch"
fi

# ----------------------------------------------------------- footprint --
stale=
while IFS=, read -r board mcu flash limit static peak; do
    [ "$board" = board ] && continue
    elf=$BUILD/$board/demo.elf
    if [ ! -f "$elf" ]; then
        stale="$stale $board(no $elf)"
        continue
    fi
    built_flash=$(flash_bytes "$elf")
    built_static=$(avr-size -A "$elf" |
        awk '$1 == ".data" || $1 == ".bss" || $1 == ".noinit" { s += $2 } END { print s + 0 }')
    [ "$built_flash" = "$flash" ] && [ "$built_static" = "$static" ] ||
        stale="$stale $board(flash $flash -> $built_flash, static RAM $static -> $built_static)"
done < firmware/bench/footprint.csv
if [ -z "$stale" ]; then
    ok "committed_footprint_has_the_flash_and_static_ram_of_the_built_images"
else
    fail "committed_footprint_has_the_flash_and_static_ram_of_the_built_images" "$FIX;$stale"
fi

# ------------------------------------------------------------ waveform --
if sh firmware/bench/waveform.sh "$dir/waveform.svg" 2> "$dir/err" &&
   cmp -s "$dir/waveform.svg" sim/demo-waveform.svg; then
    ok "committed_waveform_is_the_drawing_of_the_uno_game_as_built"
else
    fail "committed_waveform_is_the_drawing_of_the_uno_game_as_built" \
        "run make waveform (or make readme) and commit sim/demo-waveform.svg $(cat "$dir/err")"
fi

# --------------------------------------------------------------- prose --
if python3 tests/docs/docs_lint.py figures $prose_docs > "$dir/figures" 2>&1; then
    ok "no_doc_types_a_measured_figure_outside_a_generated_block"
else
    fail "no_doc_types_a_measured_figure_outside_a_generated_block" "$(head -n 5 "$dir/figures" | tr '\n' '|')"
fi
if python3 tests/docs/docs_lint.py links $docs > "$dir/links" 2>&1; then
    ok "every_link_of_the_docs_reaches_a_file_and_heading"
else
    fail "every_link_of_the_docs_reaches_a_file_and_heading" "$(head -n 5 "$dir/links" | tr '\n' '|')"
fi

lines=$(wc -l < README.md)
if [ "$lines" -lt 250 ]; then
    ok "readme_front_page_is_under_250_lines"
else
    fail "readme_front_page_is_under_250_lines" "$lines lines: move reference to the folders' README.md"
fi

if grep -q '^MIT License' LICENSE 2> /dev/null && grep -q '](LICENSE)' README.md &&
   grep -q '"license": "MIT"' lib/arduino/library.json && grep -q 'Licence: MIT' lib/arduino/library.properties; then
    ok "licence_is_mit_and_named_by_the_readme_and_the_arduino_manifests"
else
    fail "licence_is_mit_and_named_by_the_readme_and_the_arduino_manifests"
fi

finish "docs"
