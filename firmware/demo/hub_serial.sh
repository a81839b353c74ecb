#!/bin/sh
# SPDX-License-Identifier: MIT
# hub_serial.sh PORT [BAUD]: the engine command a Hub GUI (pydraughts'
# HubEngine) needs for the game firmware on a real board: its stdin and
# stdout bridged to the board's serial port, with nothing but sh and stty.
#
# Opening the port resets an Uno (DTR), and its bootloader would take the
# GUI's first line for itself: the port is opened once, held open (so it
# does not reset again), and the GUI's lines go through only after
# HUB_SERIAL_WAIT seconds (2), once the game has booted.  What the board
# prints meanwhile (its banner) reaches the GUI, which skips it until `id`.
set -eu
port=${1:?usage: hub_serial.sh PORT [BAUD]}
baud=${2:-115200}
exec 3<>"$port"
stty "$baud" raw -echo <&3
sleep "${HUB_SERIAL_WAIT:-2}"
cat <&3 &
reader=$!
trap 'kill "$reader" 2>/dev/null' EXIT
cat >&3
