// SPDX-License-Identifier: MIT
/*
 * Draughts.h - a game of Russian draughts or English checkers and its
 * engine as one Arduino object.
 *
 *   #include <Draughts.h>
 *   Draughts game;
 *   game.begin(Draughts::RUSSIAN);
 *   game.play("c3-d4");                  // false: game.error() says why
 *   game.play(game.think(1000));         // the engine's move, a second
 *   game.printBoard(Serial);
 *
 * The object owns all the RAM the game and the engine use: the game and
 * what its draw rules remember, the record that undo() replays, and the
 * engine's workspace, which the legal moves, the FEN text and perft's
 * move stack share while the engine is not thinking.  Nothing is
 * allocated.  Its size is sizeof(Draughts): Serial.println(sizeof(Draughts))
 * prints it, and a static_assert below keeps it within half the RAM of
 * the board it is compiled for (arch/arduino_ram.h).  On a part with
 * less than 2 KB of RAM (the ATmega168) the engine is the library's
 * size-first search, shallower and slower, with the same API.
 *
 * Moves are read and printed in the variant's notation (c3-d4, c3:e5 in
 * Russian draughts; 11-15, 22x15 in English checkers); the rules, the
 * notation and the search are the C library's (bitdraughts.h), which a
 * sketch can also call directly.
 */
#ifndef BITDRAUGHTS_DRAUGHTS_CLASS_H
#define BITDRAUGHTS_DRAUGHTS_CLASS_H

#include <Arduino.h>

#include "arch/arduino_ram.h"
#include "checkers/game.h"
#include "checkers/pdn.h"
#include "engine/search.h"

class Draughts {
public:
  typedef bd_move Move;
  enum Variant : uint8_t { RUSSIAN = BD_VARIANT_RUSSIAN, ENGLISH = BD_VARIANT_ENGLISH };
  enum Colour : uint8_t { WHITE = BD_WHITE, BLACK = BD_BLACK };
  enum Status : uint8_t {
    PLAYING = GAME_ONGOING,
    WHITE_WINS = GAME_WHITE_WINS,             // Black cannot move
    BLACK_WINS = GAME_BLACK_WINS,
    DRAW_REPETITION = GAME_DRAW_REPETITION,   // the same position a third time
    DRAW_QUIET_MOVES = GAME_DRAW_QUIET_MOVES  // the variant's count of moves without capture or man move
  };

  // The legal moves of the position, for a range-based for loop.  They
  // live in the engine's workspace: valid until the next call of the
  // object's other methods but printMove() and play(), which list the
  // same moves in the same place.
  class MoveList {
  public:
    MoveList(const Move *first, const Move *end) : first_(first), end_(end) {}
    const Move *begin() const { return first_; }
    const Move *end() const { return end_; }
    uint8_t size() const { return (uint8_t)(end_ - first_); }
  private:
    const Move *first_;
    const Move *end_;
  };

  Draughts() { begin(); }

  // A new game of the variant from its start position.
  void begin(Variant variant = RUSSIAN);
  // Sets up a position from a FEN (W:Wa1,c1:Bh8 or [FEN "B:W21-32:B1-12"]).
  bool setFen(const char *fen);
  // The position as a FEN, valid until the next call of another method.
  const char *fen();

  // Plays a move given as text, or one that think() or legalMoves() gave.
  // False when it is not legal here (or the game is over): error() says why.
  bool play(const char *move);
  bool play(const Move &move);
  // Takes back the last ply; false when the record holds none (it keeps
  // the last DRAUGHTS_UNDO_PLIES plies, and begin() or setFen() starts it).
  bool undo();

  Status status();
  Colour turn() const { return (Colour)game_.pos.side; }
  MoveList legalMoves();

  // The engine's move for the side to move, searched for ms milliseconds
  // (think) or to a depth in plies (thinkDepth); stopped early by the input
  // or the function given to stopOn() or stopWhen(), with the best move
  // found so far.  When there is no move (the game is over) the move
  // returned is one that play() refuses.
  Move think(unsigned long ms);
  Move thinkDepth(uint8_t plies);
  // Any byte waiting on input (Serial) stops the engine's thinking; the
  // byte stays there to read.
  void stopOn(Stream &input) { input_ = &input; }
  // stop() returning true stops the engine's thinking (a button, a timer).
  void stopWhen(bool (*stop)()) { stopWhen_ = stop; }

  // The number of move sequences depth plies long from this position (the
  // move generator's check), 0 when their moves do not fit in RAM.
  uint32_t perft(uint8_t depth);

  // The board (w b: men, W B: kings, .: an empty dark square), the FEN
  // and who is to move or how the game ended; returns what it printed.
  // On a part with less than 2 KB of RAM (the 16 KB ATmega168) the FEN
  // line is left out, so that a sketch that never asks for a FEN does not
  // carry its writer: fen() still gives it.
  size_t printBoard(Print &out);
  // A legal move of the position in the variant's notation (nothing if it
  // is not legal here).
  size_t printMove(Print &out, const Move &move);
  // Why the last play(), setFen() or undo() failed (a string in flash).
  const __FlashStringHelper *error() const;

private:
  enum { ERROR_GAME_OVER = 1, ERROR_NO_ROOM, ERROR_NO_UNDO };
  static uint8_t shouldStop(void *self);
  Move search(uint8_t depth, unsigned long ms);
  Move *listMoves();
  const Move *find(const Move &move, const Move *end);
  bool record(const Move *move);
  void replay(uint8_t plies);
  bool fail(int8_t code);

  struct bd_game game_;
  bd_position start_;                       // where the record starts
  uint8_t plies_;                           // plies recorded since start_
  uint8_t record_[DRAUGHTS_UNDO_PLIES];     // each ply's place among the legal moves
  int8_t error_;
  Stream *input_;
  bool (*stopWhen_)();
  unsigned long thinkStart_;
  unsigned long thinkMs_;                   // 0: no time limit
  union Scratch {
    struct search_workspace search;
    Move moves[sizeof(struct search_workspace) / sizeof(Move)];
    char text[PDN_FEN_MAX];
  } scratch_;
};

static_assert(sizeof(Draughts) <= DRAUGHTS_RAM_BUDGET,
              "a Draughts object takes at most half the board's RAM (arch/arduino_ram.h)");

#endif
