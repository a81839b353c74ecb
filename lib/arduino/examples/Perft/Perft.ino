// SPDX-License-Identifier: MIT
/*
 * Perft: counts the move tree of Russian draughts from the start position
 * and prints "perft D N" for each depth D from 1 to MAX_DEPTH over the
 * serial port (115200 baud), then idles.
 *
 * Perft (performance test) is how a move generator is checked: N, the
 * number of move sequences D plies long, must equal the published count.
 * The moves of all plies share the engine's workspace inside the Draughts
 * object; perft() gives 0 if they ever do not fit.
 */
#include <Draughts.h>

const uint8_t MAX_DEPTH = 5;

Draughts game;

void setup() {
  Serial.begin(115200);
  game.begin(Draughts::RUSSIAN);
  for (uint8_t depth = 1; depth <= MAX_DEPTH; depth++) {
    unsigned long start = millis();
    uint32_t leaves = game.perft(depth);
    unsigned long ms = millis() - start;
    Serial.print(F("perft "));
    Serial.print(depth);
    Serial.print(' ');
    Serial.print(leaves);
    Serial.print(F("  ("));
    Serial.print(ms);
    Serial.println(F(" ms)"));
  }
}

void loop() {
}
