// SPDX-License-Identifier: MIT
/*
 * EngineVsEngine: the engine plays a game of Russian draughts against
 * itself and prints it to the serial port (115200 baud) as it goes, one
 * line a move: the move number, then White's and Black's moves.  White
 * searches WHITE_DEPTH plies, Black BLACK_DEPTH; at the end it prints the
 * board and the result, then idles.  Any byte received stops the game.
 */
#include <Draughts.h>

const uint8_t WHITE_DEPTH = 5;
const uint8_t BLACK_DEPTH = 4;

Draughts game;

void setup() {
  Serial.begin(115200);
  game.begin(Draughts::RUSSIAN);
  for (unsigned number = 1; game.status() == Draughts::PLAYING && !Serial.available(); number++) {
    Serial.print(number);
    Serial.print('.');
    for (uint8_t side = 0; side < 2 && game.status() == Draughts::PLAYING; side++) {
      Draughts::Move move = game.thinkDepth(game.turn() == Draughts::WHITE ? WHITE_DEPTH : BLACK_DEPTH);
      Serial.print(' ');
      game.printMove(Serial, move);
      game.play(move);
    }
    Serial.println();
  }
  game.printBoard(Serial);
}

void loop() {
}
