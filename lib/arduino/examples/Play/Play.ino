// SPDX-License-Identifier: MIT
/*
 * Play: a game against the engine over the serial port (115200 baud).
 *
 * Open the Serial Monitor (line ending: Newline) and type a move in the
 * variant's notation: c3-d4, or c3:e5 for a capture, in Russian draughts;
 * 11-15 or 22x15 in English checkers (set VARIANT below).  The engine
 * answers at once.  "go" makes the engine play the side to move (type it
 * first to let the engine open the game), "new" starts a new game.
 *
 * RAM: the engine keeps all it needs in one struct search_workspace that
 * the sketch owns, the largest thing in RAM; the legal moves of a position
 * take 6 bytes each.  The two are never needed at once, so they share the
 * same bytes (a union): between searches the typed line and the legal
 * moves live there.
 */
#include <bitdraughts.h>

#define VARIANT BD_VARIANT_RUSSIAN
// The engine stops at this depth (plies, at most SEARCH_MAX_DEPTH) or
// after this many positions, whichever comes first; more positions make
// a stronger and slower engine.
#define ENGINE_DEPTH SEARCH_MAX_DEPTH
#define ENGINE_NODES 4000UL
#define LINE_MAX 40

#define MOVES_MAX ((sizeof(struct search_workspace) - LINE_MAX - 1) / sizeof(bd_move))

static union {
  struct search_workspace search;
  struct {
    char line[LINE_MAX + 1];
    bd_move moves[MOVES_MAX];
  } input;
} ram;

static struct bd_game game;
static uint8_t lineLength;

// Lists the legal moves in ram.input.moves and returns their end, or NULL
// when they do not fit (no real game has that many).
static bd_move *legalMoves() {
  return mg_generate(&game.pos, game.rules, ram.input.moves, ram.input.moves + MOVES_MAX);
}

static void printMove(const bd_move *m, const bd_move *first, const bd_move *end) {
  char text[PDN_MOVE_MAX];
  pdn_write_move_among(&game.pos, game.rules, m, first, end, text, sizeof text);
  Serial.print(text);
}

// The board as White sees it (w b: men, W B: kings, .: an empty dark
// square), then the position as a PDN FEN.
static void printPosition() {
  for (int8_t rank = 7; rank >= 0; rank--) {
    Serial.print(rank + 1);
    for (uint8_t file = 0; file < 8; file++) {
      uint8_t square = pdn_file_rank_square(file, (uint8_t)rank);
      char c = ' ';
      if (square != BB_NO_SQUARE) {
        c = '.';
        for (uint8_t colour = BD_WHITE; colour <= BD_BLACK; colour++)
          if (bb_has(&game.pos.pieces[colour], square))
            c = bb_has(&game.pos.men[colour], square) ? "wb"[colour] : "WB"[colour];
      }
      Serial.print(' ');
      Serial.print(c);
    }
    Serial.println();
  }
  Serial.println(F("  a b c d e f g h"));
  char fen[PDN_FEN_MAX];
  pdn_write_fen(&game.pos, game.rules, fen, sizeof fen);
  Serial.print(F("FEN "));
  Serial.println(fen);
}

// Returns true while the game goes on; once it is over, prints the result.
static bool gameGoesOn() {
  switch (game_status(&game, ram.input.moves, ram.input.moves + MOVES_MAX)) {
    case GAME_ONGOING: return true;
    case GAME_WHITE_WINS: Serial.println(F("White wins.")); break;
    case GAME_BLACK_WINS: Serial.println(F("Black wins.")); break;
    default: Serial.println(F("Draw.")); break;
  }
  Serial.println(F("Type new for another game."));
  return false;
}

static void engineMove() {
  struct search_limits limits = { ENGINE_DEPTH, ENGINE_NODES, NULL, NULL, NULL, NULL };
  struct search_result result;
  search_run(&game, &limits, &ram.search, &result);
  // The search used the whole union: list the moves again to name its move.
  bd_move *end = legalMoves();
  Serial.print(F("engine: "));
  printMove(&result.best, ram.input.moves, end);
  Serial.print(F("  (depth "));
  Serial.print(result.depth);
  Serial.print(F(", score "));
  Serial.print(result.score);
  Serial.print(F(", nodes "));
  Serial.print(result.nodes);
  Serial.println(')');
  game_play(&game, &result.best);
}

static void prompt() {
  printPosition();
  Serial.print(game.pos.side == BD_WHITE ? F("White") : F("Black"));
  Serial.println(F(" to move: a move, go or new"));
}

static void runLine(const char *line, uint8_t length) {
  if (length == 3 && !strncmp(line, "new", 3)) {
    game_new(&game, bd_rules_of(VARIANT));
    prompt();
    return;
  }
  if (!gameGoesOn())
    return;
  if (length == 2 && !strncmp(line, "go", 2)) {
    engineMove();
  } else {
    bd_move *end = legalMoves();
    bd_move m;
    int8_t status = end ? pdn_read_move_among(line, length, &game.pos, game.rules,
                                              ram.input.moves, end, &m)
                        : (int8_t)PDN_ERR_ILLEGAL;
    if (status != PDN_OK) {
      Serial.print(F("error: "));
      Serial.println((const __FlashStringHelper *)pdn_error_text(status));
      return;
    }
    game_play(&game, &m);
    if (!gameGoesOn())
      return;
    engineMove();
  }
  if (gameGoesOn())
    prompt();
}

void setup() {
  Serial.begin(115200);
  while (!Serial) {
    // boards with native USB (Leonardo): wait for the port to open
  }
  Serial.println(F("bitdraughts: play against the engine"));
  runLine("new", 3);
}

// Collects a line (up to LINE_MAX characters; a longer one is refused
// whole) and runs it.
void loop() {
  while (Serial.available()) {
    char c = (char)Serial.read();
    if (c == '\n' || c == '\r') {
      if (lineLength > LINE_MAX)
        Serial.println(F("error: line too long"));
      else if (lineLength > 0)
        runLine(ram.input.line, lineLength);
      lineLength = 0;
    } else if (lineLength <= LINE_MAX) {
      if (lineLength < LINE_MAX)
        ram.input.line[lineLength] = c;
      lineLength++;
    }
  }
}
