#!/bin/sh
# SPDX-License-Identifier: MIT
# The bench's chart (firmware/bench/chart.py): a fixed CSV drawn and read
# back as XML (tests/bench/bench_chart_read.py checks the log axes and that
# every bar ends at its figure, and lists what is drawn), then the committed
# chart against a fresh drawing of the committed figures, and the link to
# it in firmware/README.md.
. tests/support.sh
BUILD=${BUILD:-build}
dir=$BUILD/test-bench-chart
mkdir -p "$dir"
chart=firmware/bench/chart.py
read_chart=tests/bench/bench_chart_read.py
fixture=tests/bench/bench_chart_fixture.csv

if python3 "$chart" -o "$dir/fixture.svg" "$fixture" 2> "$dir/err" &&
   python3 "$read_chart" "$dir/fixture.svg" > "$dir/fixture.txt" 2>> "$dir/err"; then
    ok "chart_of_a_fixed_csv_is_svg_with_log_axes_and_bars_ending_at_their_figures"
else
    fail "chart_of_a_fixed_csv_is_svg_with_log_axes_and_bars_ending_at_their_figures" \
        "$(cat "$dir/err")"
fi

# Both panels, the legends, a bar per row in the CSV's order with its kind
# (ours in bold), the min-max lines where min != max, the values written,
# the decades; the time-budget search rows and the MCUs charted by neither
# panel left out.
if diff -u tests/bench/bench_chart_expected.txt "$dir/fixture.txt" > "$dir/diff"; then
    ok "chart_of_a_fixed_csv_has_the_expected_panels_legends_bars_values_and_axes"
else
    fail "chart_of_a_fixed_csv_has_the_expected_panels_legends_bars_values_and_axes" \
        "$(head -n 20 "$dir/diff")"
fi

python3 "$chart" "$fixture" > "$dir/again.svg" 2> /dev/null
if cmp -s "$dir/again.svg" "$dir/fixture.svg"; then
    ok "chart_of_the_same_csv_is_the_same_bytes_on_stdout_and_in_a_file"
else
    fail "chart_of_the_same_csv_is_the_same_bytes_on_stdout_and_in_a_file"
fi

if python3 "$chart" --scan-mcu atmega8 -o "$dir/none.svg" "$fixture" 2> "$dir/err"; then
    fail "chart_refuses_a_csv_without_the_bit_scan_mcu" "exit status 0"
elif grep -q 'no bit-scan rows for atmega8' "$dir/err"; then
    ok "chart_refuses_a_csv_without_the_bit_scan_mcu"
else
    fail "chart_refuses_a_csv_without_the_bit_scan_mcu" "$(cat "$dir/err")"
fi

# make readme commits bench.csv and its chart next to the bench scripts.
python3 "$chart" -o "$dir/committed.svg" firmware/bench/bench.csv
if ! cmp -s "$dir/committed.svg" firmware/bench/bench-chart.svg; then
    fail "committed_chart_is_the_drawing_of_the_committed_bench_csv" \
        "firmware/bench/bench-chart.svg is not chart.py's drawing of firmware/bench/bench.csv"
elif ! python3 "$read_chart" firmware/bench/bench-chart.svg > /dev/null 2> "$dir/err"; then
    fail "committed_chart_is_the_drawing_of_the_committed_bench_csv" "$(cat "$dir/err")"
else
    ok "committed_chart_is_the_drawing_of_the_committed_bench_csv"
fi

if grep -q '^!\[.*\](bench/bench-chart\.svg)$' firmware/README.md; then
    ok "firmware_readme_shows_the_committed_chart"
else
    fail "firmware_readme_shows_the_committed_chart" \
        "no ![...](bench/bench-chart.svg) line in firmware/README.md"
fi

finish "bench chart"
