/* SPDX-License-Identifier: MIT */
/*
 * arch/search_workspace.h (Arduino) - the engine's workspace by the part's
 * RAM (arch/arduino_ram.h): the size-first search's on a part with less
 * than 2 KB, the full search's otherwise.  In the Arduino library it takes
 * the place of lib/arch/generic's header of this name, as the include
 * path does in the Makefile's builds (ENGINE := small, lib/lib.mk).
 */
#include "arch/arduino_ram.h"
#if BITDRAUGHTS_SMALL_ENGINE
#  include "engine/small/arch/search_workspace.h"
#else
#  include "engine/search_workspace.h"
#endif
