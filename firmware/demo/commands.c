#include "commands.h"

#include <avr/interrupt.h>
#include <avr/pgmspace.h>
#include <avr/wdt.h>
#include <string.h>

#include "board.h"
#include "clock.h"
#include "console.h"
#include "display.h"
#include "engine.h"
#include "checkers/game.h"
#include "checkers/pdn.h"
#include "engine/search.h"
#include "serial.h"
#include "store.h"

#define PERFT_MAX_DEPTH 8u
#define DECIMAL 10u
#define MOVES_PER_LINE 10u
#define MS_PER_SECOND 1000u
#define HZ_PER_MHZ 1000000UL

/* One block of RAM for what is never needed at once: the engine's
 * workspace while it searches, and otherwise the command line with the legal
 * moves (or the perft move stack) beside it.  The moves get what the
 * workspace leaves after the line: more than any game reaches (a position
 * that has more is refused, not overrun). */
#define SCRATCH_MOVES ((sizeof(struct search_workspace) - CONSOLE_LINE_MAX - 1u) / sizeof(bd_move))
static union {
    struct search_workspace search;
    struct {
        char line[CONSOLE_LINE_MAX + 1u];
        bd_move moves[SCRATCH_MOVES];
    } command;
} scratch;
_Static_assert(sizeof scratch == sizeof(struct search_workspace), "the line and moves fit");

#define SCRATCH_END (scratch.command.moves + SCRATCH_MOVES)

static struct bd_game game;
static uint16_t recorded;       /* plies in the record */
static uint8_t numbering_offset;/* 1 when the game began with the second player */

/* ------------------------------------------------------------ helpers -- */

/* Commands with big locals (a FEN, a position, a move list) keep them in
 * frames of their own: inlined into commands_run they would sit on the
 * stack under every search as well. */
#define FRAME_OF_ITS_OWN __attribute__((noinline))

static const char too_many_moves[] PROGMEM = "too many moves for RAM";

void commands_error_P(const char *message_P)
{
    serial_puts_P(PSTR("error: "));
    serial_puts_P(message_P);
    serial_putc('\n');
}

static const struct bd_rules *rules(void)
{
    return game.rules;
}

/* The legal moves of the game's position in scratch; returns the end, or
 * NULL (after an error line) when they do not fit. */
static bd_move *legal_moves(void)
{
    bd_move *end = mg_generate(&game.pos, rules(), scratch.command.moves, SCRATCH_END);
    if (!end)
        commands_error_P(too_many_moves);
    return end;
}

static void put_variant(void)
{
    serial_puts_P(rules()->variant == BD_VARIANT_ENGLISH ? PSTR("English checkers")
                                                      : PSTR("Russian draughts"));
}

/* "12." or "12..." for the move about to be played. */
static void put_move_number(void)
{
    uint16_t half = game.ply + numbering_offset;
    serial_put_u32(half / 2u + 1u);
    serial_puts_P(half & 1u ? PSTR("... ") : PSTR(". "));
}

static FRAME_OF_ITS_OWN void put_move(const bd_move *m, const bd_move *first, const bd_move *end)
{
    char text[PDN_MOVE_MAX];
    pdn_write_move_among(&game.pos, rules(), m, first, end, text, sizeof text);
    serial_puts(text);
}

static FRAME_OF_ITS_OWN void put_fen(void)
{
    char text[PDN_FEN_MAX];
    pdn_write_fen(&game.pos, rules(), text, sizeof text);
    serial_puts(text);
    serial_putc('\n');
}

/* Parses a decimal number of at most five digits; 0 when there is none
 * (callers reject 0 as a value anyway). */
static uint16_t parse_number(const char *text)
{
    uint32_t value = 0;
    uint8_t digits = 0;
    for (; *text; text++, digits++) {
        if (*text < '0' || *text > '9' || digits == 5u)
            return 0;
        value = value * DECIMAL + (uint8_t)(*text - '0');
    }
    return value > UINT16_MAX ? 0 : (uint16_t)value;
}

/* A flash label and a number. */
static void put_labelled(const char *label_P, uint32_t value)
{
    serial_puts_P(label_P);
    serial_put_u32(value);
}

static FRAME_OF_ITS_OWN void show_position(void)
{
    display_board(&game.pos, rules());
}

/* ------------------------------------------------------ game and record -- */

static void begin(const struct bd_rules *variant_rules, const bd_position *pos)
{
    game_set_position(&game, variant_rules, pos);
    recorded = 0;
    numbering_offset = pos->side != variant_rules->first_to_move;
}

static void begin_and_save(const struct bd_rules *variant_rules, const bd_position *pos)
{
    begin(variant_rules, pos);
    store_start(variant_rules->variant, pos);
}

/* Replays the first `plies` plies of the record from the start position;
 * returns the number replayed (less when a recorded move is not legal). */
static FRAME_OF_ITS_OWN uint16_t replay(uint16_t plies)
{
    bd_position start;
    store_read_start(&start);
    begin(rules(), &start);
    for (uint16_t i = 0; i < plies; i++) {
        wdt_reset();
        bd_move *end = legal_moves();
        const bd_move *m = end ? store_decode(store_read_move(i), scratch.command.moves, end) : NULL;
        if (!m)
            return i;
        game_play(&game, m);
        recorded++;
    }
    return plies;
}

/* The entry of the legal moves [scratch, end) equal to m, or NULL. */
static const bd_move *find_move(const bd_move *m, const bd_move *end)
{
    for (const bd_move *p = scratch.command.moves; p < end; p++)
        if (mg_move_equal(p, m))
            return p;
    return NULL;
}

/* Plays m, an entry of the legal moves listed in scratch, and records it. */
static void play(const bd_move *m)
{
    uint16_t code = store_encode(m, scratch.command.moves);
    game_play(&game, m);
    if (store_append(recorded, code)) {
        recorded++;
    } else {
        serial_puts_P(PSTR("EEPROM full: this position is the new start (undo stops here)\n"));
        recorded = 0;
        store_start(rules()->variant, &game.pos);
    }
}

/* Prints the result when the game is over; returns its game_status. */
static FRAME_OF_ITS_OWN uint8_t report_status(void)
{
    uint8_t status = game_status(&game, scratch.command.moves, SCRATCH_END);
    if (status == GAME_ONGOING)
        return status;
    serial_puts_P(PSTR("result: "));
    if (status == GAME_WHITE_WINS || status == GAME_BLACK_WINS) {
        uint8_t winner = status == GAME_WHITE_WINS ? BD_WHITE : BD_BLACK;
        display_colour(winner);
        serial_puts_P(PSTR(" wins ("));
        display_colour(BD_OTHER_COLOUR(winner));
        serial_puts_P(PSTR(" cannot move)"));
    } else if (status == GAME_DRAW_REPETITION) {
        serial_puts_P(PSTR("draw (the same position three times)"));
    } else {
        serial_puts_P(PSTR("draw ("));
        serial_put_u32(rules()->draw_quiet_plies / 2u);
        serial_puts_P(PSTR(" moves each without a capture or a man move)"));
    }
    serial_putc('\n');
    return status;
}

static uint8_t refuse_if_over(void)
{
    if (game_status(&game, scratch.command.moves, SCRATCH_END) == GAME_ONGOING)
        return 0;
    commands_error_P(PSTR("game over (new, fen or undo)"));
    return 1;
}

char *commands_line(void)
{
    return scratch.command.line;
}

/* --------------------------------------------------------------- boot -- */

void commands_init(void)
{
    struct store_header header;
    uint8_t status = store_load(&header);
    if (status == STORE_OK) {
        game.rules = bd_rules_of(header.variant);
        uint16_t replayed = replay(header.plies);
        if (replayed == header.plies) {
            serial_puts_P(PSTR("resumed: "));
            put_variant();
            serial_puts_P(PSTR(", "));
            serial_put_u32(recorded);
            serial_puts_P(PSTR(" plies\n"));
            show_position();
            report_status();
            return;
        }
        serial_puts_P(PSTR("saved game ignored (illegal move "));
        serial_put_u32(replayed + 1u);
        serial_puts_P(PSTR("): new game\n"));
    } else if (status == STORE_BLANK) {
        serial_puts_P(PSTR("no saved game: new game\n"));
    } else {
        serial_puts_P(PSTR("saved game ignored ("));
        serial_puts_P(store_status_text(status));
        serial_puts_P(PSTR("): new game\n"));
    }
    bd_position pos;
    pos_initial(&pos, &bd_rules_russian);
    begin_and_save(&bd_rules_russian, &pos);
    show_position();
}

/* ------------------------------------------------------------ commands -- */

static FRAME_OF_ITS_OWN void cmd_help(void)
{
    serial_puts_P(PSTR(
        "new [russian|english]  fen [FEN]  board  moves  undo\n"
        "MOVE  e.g. c3-d4 c3:e5 (russian), 11-15 22x15 (english)\n"
        "go  engine moves     auto  engine plays on; a key stops it\n"
        "level [depth 1-20|time 1-60000]   perft 1-8   bench\n"
        "Saved in EEPROM after each move.  Keys typed during go, perft\n"
        "or bench wait as the next line (a board keeps 2, then rejects it).\n"));
}

static FRAME_OF_ITS_OWN void cmd_new(const char *arg)
{
    const struct bd_rules *variant_rules = rules();
    if (!strcmp_P(arg, PSTR("russian")))
        variant_rules = &bd_rules_russian;
    else if (!strcmp_P(arg, PSTR("english")))
        variant_rules = &bd_rules_english;
    else if (*arg) {
        commands_error_P(PSTR("new [russian|english]"));
        return;
    }
    bd_position pos;
    pos_initial(&pos, variant_rules);
    begin_and_save(variant_rules, &pos);
    serial_puts_P(PSTR("new game: "));
    put_variant();
    serial_putc('\n');
    show_position();
}

static FRAME_OF_ITS_OWN void cmd_fen(const char *arg, uint8_t length)
{
    if (!*arg) {
        put_fen();
        return;
    }
    bd_position pos;
    int8_t status = pdn_read_fen(arg, length, rules(), &pos);
    if (status != PDN_OK) {
        serial_puts_P(PSTR("error: bad FEN: "));
        serial_puts_P(pdn_error_text(status));
        serial_putc('\n');
        return;
    }
    begin_and_save(rules(), &pos);
    show_position();
    report_status();
}

static FRAME_OF_ITS_OWN void cmd_moves(void)
{
    bd_move *end = legal_moves();
    if (!end)
        return;
    serial_put_u32((uint32_t)(end - scratch.command.moves));
    serial_puts_P(end - scratch.command.moves == 1 ? PSTR(" legal move") : PSTR(" legal moves"));
    uint8_t column = 0;
    for (const bd_move *m = scratch.command.moves; m < end; m++) {
        serial_puts_P(column == 0 ? PSTR(":\n  ") : PSTR(" "));
        put_move(m, scratch.command.moves, end);
        if (++column == MOVES_PER_LINE)
            column = 0;
    }
    serial_putc('\n');
}

static FRAME_OF_ITS_OWN void cmd_move(const char *text, uint8_t length)
{
    if (refuse_if_over())
        return;
    bd_move *end = legal_moves();
    if (!end)
        return;
    bd_move m;
    int8_t status = pdn_read_move_among(text, length, &game.pos, rules(), scratch.command.moves, end, &m);
    if (status != PDN_OK) {
        serial_puts_P(PSTR("error: "));
        serial_puts_P(pdn_error_text(status));
        serial_puts_P(PSTR(" (moves lists them)\n"));
        return;
    }
    put_move_number();
    put_move(&m, scratch.command.moves, end);
    serial_putc('\n');
    play(find_move(&m, end));
    show_position();
    report_status();
}

static void put_score(int16_t score)
{
    if (score >= SEARCH_MATE_BOUND || score <= -SEARCH_MATE_BOUND) {
        serial_puts_P(score > 0 ? PSTR("win in ") : PSTR("loss in "));
        serial_put_u32((uint32_t)(SEARCH_MATE - (score > 0 ? score : -score)));
        serial_puts_P(PSTR(" plies"));
        return;
    }
    serial_putc(score < 0 ? '-' : '+');
    serial_put_u32((uint32_t)(score < 0 ? -score : score));
}

/* The engine plays one move; returns its engine_outcome. */
static uint8_t engine_move(uint8_t watch_keys)
{
    struct search_result result;
    uint32_t ms;
    uint8_t outcome = engine_think(&game, &scratch.search, watch_keys, &result, &ms);
    if (outcome != ENGINE_MOVED)
        return outcome;
    /* The workspace is gone now: list the moves again to name and record it. */
    bd_move *end = legal_moves();
    if (!end)
        return ENGINE_NO_MOVE;
    const bd_move *m = find_move(&result.best, end);
    if (!m) {
        commands_error_P(PSTR("engine move not legal"));
        return ENGINE_NO_MOVE;
    }
    put_move_number();
    put_move(m, scratch.command.moves, end);
    put_labelled(PSTR("  (depth "), result.depth);
    serial_puts_P(PSTR(", score "));
    put_score(result.score);
    put_labelled(PSTR(", nodes "), result.nodes);
    put_labelled(PSTR(", "), ms);
    serial_puts_P(PSTR(" ms)\n"));
    play(m);
    show_position();
    return ENGINE_MOVED;
}

static void cmd_go(void)
{
    if (refuse_if_over())
        return;
    engine_move(0);
    report_status();
}

static void cmd_auto(void)
{
    if (refuse_if_over())
        return;
    serial_puts_P(PSTR("a key stops auto\n"));
    for (;;) {
        if (console_key_pressed() || engine_move(1) == ENGINE_INTERRUPTED) {
            serial_puts_P(PSTR("auto stopped\n"));
            return;
        }
        if (report_status() != GAME_ONGOING)
            return;
    }
}

static FRAME_OF_ITS_OWN void cmd_level(char *arg)
{
    if (!*arg) {
        engine_print_level();
        return;
    }
    char *value = strchr(arg, ' ');
    if (value)
        *value++ = '\0';
    uint16_t n = value ? parse_number(value) : 0u;
    if (!strcmp_P(arg, PSTR("depth")) && n >= 1u && n <= SEARCH_MAX_DEPTH)
        engine_set_depth((uint8_t)n);
    else if (!strcmp_P(arg, PSTR("time")) && n >= 1u && n <= ENGINE_TIME_MAX_MS)
        engine_set_time(n);
    else {
        commands_error_P(PSTR("level depth 1-20 or time 1-60000"));
        return;
    }
    engine_print_level();
}

static FRAME_OF_ITS_OWN void cmd_undo(void)
{
    if (recorded == 0) {
        commands_error_P(PSTR("nothing to undo"));
        return;
    }
    replay(recorded - 1u);
    store_truncate(recorded);
    show_position();
}

/* The leaves of the move tree below pos, counted by listing the moves
 * (lib/checkers/perft.c's perft() counts the last ply without listing, through
 * mg_count(): 1.6 KB of flash that this firmware cannot spare).  Feeds the
 * watchdog at every inner node.  PERFT_TOO_MANY when the count passes 32
 * bits, PERFT_NO_ROOM when the moves of the path do not fit in scratch. */
#define PERFT_NO_ROOM UINT32_MAX
#define PERFT_TOO_MANY (UINT32_MAX - 1u)
static uint32_t perft_count(const bd_position *pos, uint8_t depth, bd_move *stack)
{
    bd_move *end = mg_generate(pos, rules(), stack, SCRATCH_END);
    if (!end)
        return PERFT_NO_ROOM;
    if (depth == 1u)
        return (uint32_t)(end - stack);
    wdt_reset();
    uint32_t total = 0;
    for (const bd_move *m = stack; m < end; m++) {
        bd_position child = *pos;
        mg_make(&child, m);
        uint32_t count = perft_count(&child, (uint8_t)(depth - 1u), end);
        if (count >= PERFT_TOO_MANY)
            return count;
        total += count;
        if (total < count || total >= PERFT_TOO_MANY)
            return PERFT_TOO_MANY;
    }
    return total;
}

static FRAME_OF_ITS_OWN void cmd_perft(const char *arg)
{
    uint16_t depth = parse_number(arg);
    if (depth < 1u || depth > PERFT_MAX_DEPTH) {
        commands_error_P(PSTR("perft N: N is 1 to 8"));
        return;
    }
    uint32_t start_ms = clock_ms();
    board_led_on();
    uint32_t leaves = perft_count(&game.pos, (uint8_t)depth, scratch.command.moves);
    board_led_off();
    uint32_t ms = clock_ms() - start_ms;
    if (leaves == PERFT_NO_ROOM) {
        commands_error_P(too_many_moves);
        return;
    }
    serial_puts_P(PSTR("perft "));
    serial_put_u32(depth);
    serial_putc(' ');
    if (leaves == PERFT_TOO_MANY)
        serial_puts_P(PSTR("over 4294967293"));
    else
        serial_put_u32(leaves);
    serial_puts_P(PSTR(" ("));
    serial_put_u32(ms);
    serial_puts_P(PSTR(" ms)\n"));
}

static FRAME_OF_ITS_OWN void cmd_bench(void)
{
    serial_puts_P(PSTR("bench: depth "));
    serial_put_u32(SEARCH_BENCH_DEPTH);
    serial_puts_P(PSTR("...\n"));
    /* The bench is a fixed, finite computation with no stop callback to feed
     * the watchdog, and it runs longer than the watchdog's longest timeout
     * (8 s): the watchdog is off during it. */
    wdt_disable();
    board_led_on();
    clock_cycles_start();
    /* The bench overwrites the game it is given: lend it ours, then
     * rebuild ours from the record. */
    const struct bd_rules *variant_rules = game.rules;
    uint32_t nodes = search_bench(&scratch.search, &game);
    uint32_t cycles = clock_cycles_stop();
    board_led_off();
    wdt_enable(WDTO_2S);
    game.rules = variant_rules;
    replay(recorded);
    serial_puts_P(PSTR("bench nodes "));
    serial_put_u32(nodes);
    serial_puts_P(PSTR(" cycles "));
    serial_put_u32(cycles);
    serial_puts_P(PSTR(" ("));
    serial_put_u32(cycles / (F_CPU / MS_PER_SECOND));
    serial_puts_P(PSTR(" ms at "));
    serial_put_u32(F_CPU / HZ_PER_MHZ);
    serial_puts_P(PSTR(" MHz)\n"));
}

/* Spins with interrupts off and the watchdog unfed: the watchdog resets the
 * board (a test of that path). */
static void cmd_hang(void)
{
    serial_puts_P(PSTR("hanging\n"));
    cli();
    for (;;) {
    }
}

/* The command words, in enum command order. */
enum command {
    CMD_HELP, CMD_NEW, CMD_FEN, CMD_BOARD, CMD_MOVES, CMD_GO, CMD_LEVEL, CMD_AUTO,
    CMD_UNDO, CMD_PERFT, CMD_BENCH, CMD_HANG, CMD_NONE
};
static const char command_words[] PROGMEM =
    "help\0new\0fen\0board\0moves\0go\0level\0auto\0undo\0perft\0bench\0hang\0";

static uint8_t command_index(const char *word)
{
    const char *p = command_words;
    uint8_t index = 0;
    for (; index < CMD_NONE; index++, p += strlen_P(p) + 1u)
        if (!strcmp_P(word, p))
            break;
    return index;
}

/* True when text reads like the start of a move: a digit (English) or a
 * file letter and a digit (Russian). */
static uint8_t looks_like_move(const char *text)
{
    if (text[0] >= '0' && text[0] <= '9')
        return 1;
    return text[0] >= 'a' && text[0] <= 'h' && text[1] >= '0' && text[1] <= '9';
}

void commands_run(char *line, uint8_t length)
{
    /* Trim blanks at both ends. */
    while (length && line[length - 1u] == ' ')
        line[--length] = '\0';
    while (*line == ' ') {
        line++;
        length--;
    }
    if (!length)
        return;
    char *arg = strchr(line, ' ');
    uint8_t word_length = arg ? (uint8_t)(arg - line) : length;
    if (arg) {
        *arg++ = '\0';
        while (*arg == ' ')
            arg++;
    } else {
        arg = line + length;
    }
    uint8_t arg_length = (uint8_t)(length - (uint8_t)(arg - line));

    switch (command_index(line)) {
    case CMD_HELP:  if (*arg) break; cmd_help(); return;
    case CMD_NEW:   cmd_new(arg); return;
    case CMD_FEN:   cmd_fen(arg, arg_length); return;
    case CMD_BOARD: if (*arg) break; show_position(); return;
    case CMD_MOVES: if (*arg) break; cmd_moves(); return;
    case CMD_GO:    if (*arg) break; cmd_go(); return;
    case CMD_LEVEL: cmd_level(arg); return;
    case CMD_AUTO:  if (*arg) break; cmd_auto(); return;
    case CMD_UNDO:  if (*arg) break; cmd_undo(); return;
    case CMD_PERFT: cmd_perft(arg); return;
    case CMD_BENCH: if (*arg) break; cmd_bench(); return;
    case CMD_HANG:  if (*arg) break; cmd_hang(); return;
    default:
        if (!looks_like_move(line))
            break;
        if (arg != line + length)   /* put back the blank the split removed */
            line[word_length] = ' ';
        cmd_move(line, length);
        return;
    }
    commands_error_P(PSTR("unknown command (help lists them)"));
}
