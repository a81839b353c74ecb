#!/bin/sh
# SPDX-License-Identifier: MIT
# The target's move generation against the portable C on every node of the
# move tree to depth 8 from both start positions (about 1.9 million
# positions), in the simulator on the ATmega328P: several minutes.
set -u
BUILD=${BUILD:-build}
exec "$BUILD/host/avrsim" --max-cycles 60000000000 "$BUILD/uno/slow/test_movegen_override_deep.elf"
