// SPDX-License-Identifier: MIT
/*
 * Perft: counts the move tree of Russian draughts from the start position
 * and prints one line "perft D N" for each depth D from 1 to 5 over the
 * serial port (115200 baud), then idles.
 *
 * Perft (performance test) is how a move generator is checked: N, the
 * number of move sequences D plies long, must equal the published count.
 *
 * The moves of all plies share one stack that the sketch owns, each ply
 * taking as many entries as it has legal moves.  MG_MAX_MOVES a ply would
 * always be enough but is far more than the Uno's 2 KB of RAM; real
 * positions have much fewer moves, and perft() returns PERFT_OVERFLOW
 * rather than write past the end.
 */
#include <bitdraughts.h>

#define MAX_DEPTH 5
#define STACK_MOVES 100

static bd_move stack[STACK_MOVES];

void setup() {
  Serial.begin(115200);
  while (!Serial) {
    // boards with native USB (Leonardo): wait for the port to open
  }
  const struct bd_rules *rules = bd_rules_of(BD_VARIANT_RUSSIAN);
  bd_position start;
  pos_initial(&start, rules);
  for (uint8_t depth = 1; depth <= MAX_DEPTH; depth++) {
    uint64_t leaves = perft(&start, rules, depth, stack, stack + STACK_MOVES);
    Serial.print(F("perft "));
    Serial.print(depth);
    Serial.print(' ');
    if (leaves == PERFT_OVERFLOW)
      Serial.println(F("overflow: make STACK_MOVES larger"));
    else
      Serial.println((unsigned long)leaves);  // Serial prints no 64-bit numbers
  }
}

void loop() {
}
