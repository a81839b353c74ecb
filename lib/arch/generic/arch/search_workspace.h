/* SPDX-License-Identifier: MIT */
/*
 * arch/search_workspace.h (generic) - the full search's workspace
 * (engine/search_workspace.h); a build of the size-first search puts
 * lib/engine/small first on the include path, whose header of this name
 * is that search's (ENGINE := small, Makefile).
 */
#include "engine/search_workspace.h"
