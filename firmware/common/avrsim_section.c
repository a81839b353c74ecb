/* SPDX-License-Identifier: MIT */
/* The .mmcu section every firmware carries: MCU, clock and the runner's two
 * registers (see sim/avrsim_io.h), and that it waits for input asleep
 * (serial.c), so that the runner paces piped input.  Costs no flash on the
 * board: the linker places it outside the program image. */
#include "avrsim_io.h"

AVRSIM_FIRMWARE(BOARD_MCU_NAME, F_CPU);
AVRSIM_INPUT_WAITS_ASLEEP();
