// SPDX-License-Identifier: MIT
// board.js - the position as the game firmware prints it, read back from its
// serial output, and a move written in the variant's notation from the
// squares clicked.  The firmware prints the Russian board with files and
// ranks (firmware/demo/display.c) and the English one with the squares'
// numbers; both show the 32 dark squares four to a row, the top row's on
// the odd columns.  A piece is b, w (men) or B, W (kings); an empty square is
// '.' or its number.

const RUSSIAN_ROW = /^([1-8]) \|(.*)\| [1-8]$/;
const ENGLISH_ROW = /^ {2}\|(.*)\| {2}\d+-\d+$/;
const BORDER = /^ {2}\+-+\+$/;
const SIDE = /^(White|Black) to move$/;
export const ENGINE_LINE = /\(depth (\d+), score ([^,]+), nodes (\d+), (\d+) ms\)/;

// Where square INDEX (0-31, four a row from the top) is drawn.
export function squareRow(index) {
  return index >> 2;
}
export function squareColumn(index) {
  const row = index >> 2;
  return 2 * (index & 3) + (row % 2 === 0 ? 1 : 0);
}
export function squareAt(row, column) {
  if (row < 0 || row > 7 || column < 0 || column > 7 || (row + column) % 2 === 0) return -1;
  return row * 4 + (column >> 1);
}

// The square's name in the variant's notation: c3 or 15.
export function squareName(variant, index) {
  if (variant === 'english') return String(index + 1);
  return 'abcdefgh'[squareColumn(index)] + String(8 - squareRow(index));
}

// Reads the firmware's output a line at a time; calls onPosition with
// { variant, pieces: 32 of 'b' 'w' 'B' 'W' or '', side: 'white'|'black' }
// once a board and its side to move have been printed.
export class BoardReader {
  constructor(onPosition) {
    this.onPosition = onPosition;
    this.rows = [];
    this.board = null;
  }

  line(text) {
    const russian = RUSSIAN_ROW.exec(text);
    const english = russian ? null : ENGLISH_ROW.exec(text);
    if (russian || english) {
      const cells = (russian ? russian[2] : english[1]).trim().split(/\s+/);
      this.rows.push({ variant: russian ? 'russian' : 'english', cells });
      return;
    }
    if (BORDER.test(text)) {
      if (this.rows.length === 8 && this.rows.every((r) => r.cells.length === 4)) {
        this.board = {
          variant: this.rows[0].variant,
          pieces: this.rows.flatMap((r) => r.cells.map((c) => (/^[bwBW]$/.test(c) ? c : ''))),
        };
      }
      this.rows = [];
      return;
    }
    const side = SIDE.exec(text);
    if (side && this.board) {
      this.onPosition({ ...this.board, side: side[1].toLowerCase() });
      this.board = null;
    }
  }
}

// A piece of the side to move?
export function ownPiece(position, index) {
  const piece = position.pieces[index];
  return piece !== '' && (piece.toLowerCase() === 'w') === (position.side === 'white');
}

// moveText POSITION PATH: the move from PATH[0] through the landing squares
// clicked.  A move to a square on the same diagonal over empty squares only
// is a step (a man's, or a Russian king's flight); anything else captures.
export function moveText(position, path) {
  const capture = path.length > 2 || !clearDiagonal(position, path[0], path[1]);
  const separator = capture ? (position.variant === 'english' ? 'x' : ':') : '-';
  return path.map((index) => squareName(position.variant, index)).join(separator);
}

function clearDiagonal(position, from, to) {
  const rowStep = Math.sign(squareRow(to) - squareRow(from));
  const columnStep = Math.sign(squareColumn(to) - squareColumn(from));
  if (Math.abs(squareRow(to) - squareRow(from)) !== Math.abs(squareColumn(to) - squareColumn(from))) return false;
  for (let r = squareRow(from) + rowStep, c = squareColumn(from) + columnStep; r !== squareRow(to);
       r += rowStep, c += columnStep) {
    if (position.pieces[squareAt(r, c)] !== '') return false;
  }
  return true;
}
