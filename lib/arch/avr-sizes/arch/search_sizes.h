/* SPDX-License-Identifier: MIT */
/*
 * arch/search_sizes.h (the AVR's sizes on the host) - the test build of
 * the AVR's search tree at host speed (lib/lib.mk: build/host/avrsizes) puts
 * this folder in front of the host's: the workspace is the AVR's, with
 * its compact transposition table (engine/table_compact.h), so that the
 * host searches the AVR's tree, node for node.
 */
#include "../../avr/arch/search_sizes.h"
