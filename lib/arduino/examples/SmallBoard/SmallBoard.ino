// SPDX-License-Identifier: MIT
/*
 * SmallBoard: a game of Russian draughts against the engine that fits an
 * ATmega168 board (Diecimila, Nano or Pro Mini with 16 KB of flash and
 * 1 KB of RAM), and any larger one.
 *
 * On a part with less than 2 KB of RAM the library builds its size-first
 * engine (see Draughts.h), and this sketch leaves out the reading of moves
 * as text: it numbers the legal moves and you type the number of yours in
 * the Serial Monitor (115200 baud, line ending Newline).  The engine answers after searching
 * DEPTH plies.  At the start it prints the RAM the Draughts object takes.
 */
#include <Draughts.h>

const uint8_t DEPTH = 6;

Draughts game;
uint8_t number;  // the digits typed so far

void showMoves() {
  game.printBoard(Serial);
  uint8_t number = 1;
  for (const Draughts::Move &move : game.legalMoves()) {
    Serial.print(number++);
    Serial.print(F(": "));
    game.printMove(Serial, move);
    Serial.print(F("  "));
  }
  Serial.println();
}

void setup() {
  Serial.begin(115200);
  Serial.print(F("RAM of the game and its engine: "));
  Serial.println(sizeof(Draughts));
  game.begin(Draughts::RUSSIAN);
  showMoves();
}

void loop() {
  if (!Serial.available()) return;
  char c = Serial.read();
  if (c >= '0' && c <= '9') number = number * 10 + (c - '0');
  if (c != '\n') return;
  Draughts::MoveList moves = game.legalMoves();
  uint8_t chosen = number;
  number = 0;
  if (chosen < 1 || chosen > moves.size()) return;
  game.play(moves.begin()[chosen - 1]);
  if (game.status() == Draughts::PLAYING) {
    Draughts::Move reply = game.thinkDepth(DEPTH);
    Serial.print(F("engine: "));
    game.printMove(Serial, reply);
    Serial.println();
    game.play(reply);
  }
  showMoves();
}
