/* SPDX-License-Identifier: MIT */
/*
 * session_ram.h (RAM := 8k) - the console game's RAM choices as on 2 KB
 * (the 8 KB part's extra RAM goes to the search: lib/arch/ram-8k).
 */
#include "../2k/session_ram.h"
