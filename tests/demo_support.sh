# tests/demo_support.sh - sourced by the shell tests of the game firmware
# (after tests/shell_support.sh): one session of the firmware in the
# simulator and what its output says, and a made-up game record sealed.  The
# caller sets SIM (the runner), ELF (the firmware) and SHORT (the default
# cycle budget); the sessions' files go to $tmp, a scratch directory made
# here and removed at exit.

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case_number=0

# session INPUT [EEPROM] [MAX_CYCLES] [RUNNER_OPTIONS]: runs the firmware on
# INPUT (printf format) with a fresh EEPROM file unless one is named; sets
# $out (the whole UART output), $after (what follows the banner), $status,
# $stats.
session() {
    case_number=$((case_number + 1))
    eeprom=${2:-$tmp/case$case_number.eeprom}
    # shellcheck disable=SC2086
    printf "$1" | "$SIM" --stats --max-cycles "${3:-$SHORT}" --eeprom "$eeprom" ${4:-} "$ELF" \
        > "$tmp/out" 2> "$tmp/err"
    status=$?
    out=$(cat "$tmp/out")
    after=$(sed -n '/^type help/,$p' "$tmp/out" | tail -n +2)
    stats=$(cat "$tmp/err")
}

# last_fen: the line after the last "> fen" prompt of $out.
last_fen() {
    printf '%s\n' "$out" | awk '/^> fen$/ { getline; f = $0 } END { print f }'
}

# reseal IMAGE: gives the game record in the EEPROM image IMAGE the CRC-16
# of its header and moves, and its copy (firmware/demo/store.h), whatever
# its bytes hold: a tampered or made-up record that passes the checksum.
reseal() {
    python3 - "$1" <<'PY'
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
crc = 0xFFFF
for b in data[:23] + data[47:47 + 2 * (data[21] | data[22] << 8)]:
    crc ^= b
    for _ in range(8):
        crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
data[23], data[24] = crc & 0xFF, crc >> 8
data[25:47] = data[3:25]
open(sys.argv[1], 'wb').write(data)
PY
}
