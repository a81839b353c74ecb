// SPDX-License-Identifier: MIT
// Draughts.cpp - the Arduino object over the C library: every rule, the
// notation and the search are the library's; this file keeps the record
// that undo replays and prints.
#include "Draughts.h"

#include <string.h>

#include "checkers/perft.h"

#define SCRATCH_MOVES (sizeof scratch_.moves / sizeof scratch_.moves[0])

static const char errorGameOver[] PROGMEM = "the game is over";
static const char errorNoRoom[] PROGMEM = "too many moves for RAM";
static const char errorNoUndo[] PROGMEM = "nothing to undo";

void Draughts::begin(Variant variant)
{
  const struct bd_rules *rules = bd_rules_of(variant);
  pos_initial(&start_, rules);
  game_set_position(&game_, rules, &start_);
  plies_ = 0;
  error_ = 0;
}

bool Draughts::fail(int8_t code)
{
  error_ = code;
  return false;
}

bool Draughts::setFen(const char *fen)
{
  bd_position pos;
  int8_t status = pdn_read_fen(fen, (uint16_t)strlen(fen), game_.rules, &pos);
  if (status != PDN_OK)
    return fail(status);
  start_ = pos;
  game_set_position(&game_, game_.rules, &start_);
  plies_ = 0;
  return true;
}

const char *Draughts::fen()
{
  pdn_write_fen(&game_.pos, game_.rules, scratch_.text, sizeof scratch_.text);
  return scratch_.text;
}

Draughts::Move *Draughts::listMoves()
{
  return mg_generate(&game_.pos, game_.rules, scratch_.moves, scratch_.moves + SCRATCH_MOVES);
}

Draughts::MoveList Draughts::legalMoves()
{
  const Move *end = listMoves();
  return MoveList(scratch_.moves, end ? end : scratch_.moves);
}

const Draughts::Move *Draughts::find(const Move &move, const Move *end)
{
  for (const Move *m = scratch_.moves; m < end; m++)
    if (mg_move_equal(m, &move))
      return m;
  return NULL;
}

Draughts::Status Draughts::status()
{
  return (Status)game_status(&game_, scratch_.moves, scratch_.moves + SCRATCH_MOVES);
}

// Plays *move, an entry of the legal moves listed in scratch, and notes
// its place among them.  A full record drops its oldest ply: the start
// moves on by it.
bool Draughts::record(const Move *move)
{
  uint8_t place = (uint8_t)(move - scratch_.moves);
  game_play(&game_, move);
  if (plies_ == DRAUGHTS_UNDO_PLIES) {
    Move *end = mg_generate(&start_, game_.rules, scratch_.moves, scratch_.moves + SCRATCH_MOVES);
    if (end)
      mg_make(&start_, &scratch_.moves[record_[0]]);
    memmove(record_, record_ + 1, DRAUGHTS_UNDO_PLIES - 1u);
    plies_--;
  }
  record_[plies_++] = place;
  error_ = 0;
  return true;
}

bool Draughts::play(const char *text)
{
  if (status() != PLAYING)
    return fail(ERROR_GAME_OVER);
  Move *end = listMoves();
  if (!end)
    return fail(ERROR_NO_ROOM);
  Move move;
  int8_t code = pdn_read_move_among(text, (uint16_t)strlen(text), &game_.pos, game_.rules,
                                    scratch_.moves, end, &move);
  if (code != PDN_OK)
    return fail(code);
  return record(find(move, end));
}

// move may be an entry of legalMoves(), which the listings below rewrite:
// it is copied first.
bool Draughts::play(const Move &entry)
{
  Move move = entry;
  if (status() != PLAYING)
    return fail(ERROR_GAME_OVER);
  Move *end = listMoves();
  if (!end)
    return fail(ERROR_NO_ROOM);
  const Move *legal = find(move, end);
  return legal ? record(legal) : fail(PDN_ERR_ILLEGAL);
}

// The game from start_ with the first `plies` plies of the record.
void Draughts::replay(uint8_t plies)
{
  game_set_position(&game_, game_.rules, &start_);
  for (uint8_t i = 0; i < plies; i++) {
    listMoves();
    game_play(&game_, &scratch_.moves[record_[i]]);
  }
  plies_ = plies;
}

bool Draughts::undo()
{
  if (plies_ == 0)
    return fail(ERROR_NO_UNDO);
  replay((uint8_t)(plies_ - 1u));
  error_ = 0;
  return true;
}

uint8_t Draughts::shouldStop(void *context)
{
  Draughts *self = (Draughts *)context;
  if (self->thinkMs_ && millis() - self->thinkStart_ >= self->thinkMs_)
    return 1;
  if (self->input_ && self->input_->available() > 0)
    return 1;
  return self->stopWhen_ && self->stopWhen_();
}

Draughts::Move Draughts::search(uint8_t depth, unsigned long ms)
{
  struct search_limits limits;
  memset(&limits, 0, sizeof limits);
  limits.depth = depth;
  limits.stop = shouldStop;
  limits.context = this;
  thinkStart_ = millis();
  thinkMs_ = ms;
  struct search_result result;
  uint8_t found = search_run(&game_, &limits, &scratch_.search, &result);
  if (found == SEARCH_NO_ROOM)
    error_ = ERROR_NO_ROOM;
  if (found != 1u)
    memset(&result.best, 0, sizeof result.best);
  return result.best;
}

Draughts::Move Draughts::think(unsigned long ms)
{
  return search(SEARCH_MAX_DEPTH, ms ? ms : 1u);
}

Draughts::Move Draughts::thinkDepth(uint8_t plies)
{
  return search(plies < SEARCH_MAX_DEPTH ? plies : SEARCH_MAX_DEPTH, 0);
}

uint32_t Draughts::perft(uint8_t depth)
{
  uint64_t leaves = ::perft(&game_.pos, game_.rules, depth, scratch_.moves,
                            scratch_.moves + SCRATCH_MOVES);
  return leaves == PERFT_OVERFLOW || leaves > 0xFFFFFFFFu ? 0 : (uint32_t)leaves;
}

size_t Draughts::printMove(Print &out, const Move &entry)
{
  Move move = entry;  // as in play()
  Move *end = listMoves();
  if (!end || !find(move, end))
    return 0;
  char text[PDN_MOVE_MAX];
  pdn_write_move_among(&game_.pos, game_.rules, &move, scratch_.moves, end, text, sizeof text);
  return out.print(text);
}

// The board as White sees it, rank 8 first, the files under it.
size_t Draughts::printBoard(Print &out)
{
  size_t n = 0;
  for (uint8_t rank = 8; rank-- > 0;) {
    n += out.print((char)('1' + rank));
    for (uint8_t file = 0; file < 8; file++) {
      uint8_t square = pdn_file_rank_square(file, rank);
      char c = ' ';
      if (square != BB_NO_SQUARE) {
        c = '.';
        for (uint8_t colour = BD_WHITE; colour <= BD_BLACK; colour++)
          if (bb_has(&game_.pos.pieces[colour], square))
            c = bb_has(&game_.pos.men[colour], square) ? "wb"[colour] : "WB"[colour];
      }
      n += out.print(' ');
      n += out.print(c);
    }
    n += out.println();
  }
  n += out.println(F("  a b c d e f g h"));
  if (!BITDRAUGHTS_SMALL_ENGINE) {     // see Draughts.h: the 16 KB parts
    n += out.print(F("FEN "));
    n += out.println(fen());
  }
  Status now = status();
  if (now == PLAYING) {
    n += out.print(turn() == WHITE ? F("White") : F("Black"));
    n += out.println(F(" to move"));
  } else {
    n += out.println(now == WHITE_WINS   ? F("White wins")
                     : now == BLACK_WINS ? F("Black wins")
                                         : F("Draw"));
  }
  return n;
}

const __FlashStringHelper *Draughts::error() const
{
  const char *text = error_ == ERROR_GAME_OVER ? errorGameOver
                     : error_ == ERROR_NO_ROOM ? errorNoRoom
                     : error_ == ERROR_NO_UNDO ? errorNoUndo
                                               : pdn_error_text(error_);
  return (const __FlashStringHelper *)text;
}
