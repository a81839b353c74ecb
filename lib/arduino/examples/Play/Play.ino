// SPDX-License-Identifier: MIT
/*
 * Play: a game of Russian draughts against the engine over the serial port.
 *
 * Open the Serial Monitor at 115200 baud with the line ending "Newline" and
 * type a move: c3-d4, or c3:e5 for a capture.  The engine answers after
 * thinking for THINK_MS milliseconds (type anything to make it answer at
 * once).  "go" lets the engine play the side to move (type it first to let
 * it open), "undo" takes back your last move and its answer.
 */
#include <Draughts.h>

#if BITDRAUGHTS_SMALL_ENGINE
#error "Play needs a board with 2 KB of RAM and 32 KB of flash: on an ATmega168, try the SmallBoard example"
#endif

const unsigned long THINK_MS = 2000;

Draughts game;
char line[40];

void setup() {
  Serial.begin(115200);
  game.begin(Draughts::RUSSIAN);
  game.stopOn(Serial);
  game.printBoard(Serial);
}

void loop() {
  if (!Serial.available()) return;
  size_t length = Serial.readBytesUntil('\n', line, sizeof line - 1);
  line[length] = '\0';
  if (!strcmp(line, "undo")) {
    game.undo();  // the engine's answer
    game.undo();  // and your move
  } else {
    if (strcmp(line, "go") && !game.play(line)) {
      Serial.print(F("error: "));
      Serial.println(game.error());
      return;
    }
    if (game.status() == Draughts::PLAYING) {
      Draughts::Move reply = game.think(THINK_MS);
      Serial.print(F("engine: "));
      game.printMove(Serial, reply);
      Serial.println();
      game.play(reply);
    }
  }
  game.printBoard(Serial);
}
