// SPDX-License-Identifier: MIT
// main.js - the page: the simulated Uno (machine.js) running the game
// firmware that firmware.js carries as Intel HEX, paced to real time; the
// board drawn from what the firmware prints (board.js) and clicked to move;
// the serial console; the LED, the simulated time and speed, the engine's
// last line; the EEPROM kept in the browser's storage.
import { BoardReader, ENGINE_LINE, moveText, ownPiece, squareColumn, squareName, squareRow } from './board.js';
import { CLOCK_HZ, Uno } from './machine.js';

const EEPROM_KEY = 'bitdraughts.eeprom';
const SETTINGS_KEY = 'bitdraughts.settings';
const SLICE_MS = 12;                // simulation per turn of the event loop
const CHUNK_CYCLES = 20000;
const MAX_LAG_MS = 250;             // behind real time by more: no catching up
const CONSOLE_LIMIT = 200000;       // characters kept in the console
const SQUARE = 50;
const SVG_NS = 'http://www.w3.org/2000/svg';

const $ = (id) => document.getElementById(id);
const settings = { engine: 'black', level: 'time 1000' };
try {
  Object.assign(settings, JSON.parse(localStorage.getItem(SETTINGS_KEY) || '{}'));
} catch {
  localStorage.removeItem(SETTINGS_KEY);  // unreadable: the defaults
}
let uno = null;
let position = null;
let path = [];                      // the squares clicked for the next move
let lastMove = null;                // the path sent, until the firmware answers
let ambiguousEnd = -1;              // the end of a capture sent ambiguous: landings clicked up to it
let pendingLine = '';
let anchor = null;                  // { wall, cycles }: where real-time pacing started
let timer = null;
let eepromDirty = false;
let speed = { wall: 0, cycles: 0 };

// ------------------------------------------------------------- EEPROM --
function loadEeprom() {
  const text = localStorage.getItem(EEPROM_KEY);
  if (!text) return null;
  return Uint8Array.from(text.match(/../g), (h) => parseInt(h, 16));
}
function saveEeprom() {
  if (!eepromDirty || !uno) return;
  localStorage.setItem(EEPROM_KEY, Array.from(uno.eepromBytes, (b) => b.toString(16).padStart(2, '0')).join(''));
  eepromDirty = false;
}

// ------------------------------------------------------------- serial --
const reader = new BoardReader((p) => {
  position = p;
  path = [];
  lastMove = null;
  ambiguousEnd = -1;
  $('variant').value = p.variant;
  drawBoard();
});

function receive(byte) {
  const ch = String.fromCharCode(byte);
  appendConsole(ch);
  if (ch !== '\n') {
    pendingLine += ch;
    return;
  }
  reader.line(pendingLine);
  const engine = ENGINE_LINE.exec(pendingLine);
  if (engine) $('engine-line').textContent = pendingLine.trim();
  if (/^error: several legal moves match/.test(pendingLine) && lastMove) {
    ambiguousEnd = lastMove[lastMove.length - 1];
    path = [lastMove[0]];           // each landing square now, up to that end
    drawBoard();
  }
  if (/^error: /.test(pendingLine)) lastMove = null;
  followSetting(pendingLine);
  pendingLine = '';
}

// The firmware's answer to `level` or `engine`, chosen in the controls or
// typed in the console: the controls follow it (a value they do not list
// is added to them), and the next power-on gives it again.
function followSetting(line) {
  const level = /^level (depth \d+|time \d+)(?: ms)?$/.exec(line);
  const engine = /^engine (white|black|both|off)$/.exec(line);
  if (level) showSetting('level', level[1]);
  if (engine) showSetting('engine', engine[1]);
}
function showSetting(name, value) {
  const control = $(name);
  if (![...control.options].some((o) => o.value === value)) control.add(new Option(value, value));
  control.value = value;
  if (settings[name] !== value) {
    settings[name] = value;
    saveSettings();
  }
}

let consoleText = '';
function appendConsole(text) {
  consoleText += text;
}
function flushConsole() {
  if (!consoleText) return;
  const out = $('console');
  out.append(consoleText);
  consoleText = '';
  if (out.textContent.length > CONSOLE_LIMIT) out.textContent = out.textContent.slice(-CONSOLE_LIMIT / 2);
  out.scrollTop = out.scrollHeight;
}

function send(line) {
  uno.type(line + '\n');
  document.body.dataset.state = 'running';
  wake();
}

// ----------------------------------------------------------- the board --
function powerOn() {
  saveEeprom();
  uno = new Uno({
    hex: window.BITDRAUGHTS_FIRMWARE.hex,
    eeprom: loadEeprom(),
    onByte: receive,
    onLed: (lit) => $('led').classList.toggle('lit', lit),
    onEepromChange: () => { eepromDirty = true; },
  });
  position = null;
  path = [];
  pendingLine = '';
  $('led').classList.remove('lit');
  // The level is not saved with the game; the engine's sides are, but the
  // controls show the player's last choice: both given again.
  send(`level ${settings.level}`);
  send(`engine ${settings.engine}`);
}

function wake() {
  if (timer === null) timer = setTimeout(step, 0);
}

function step() {
  timer = null;
  const now = performance.now();
  if (!anchor || now - anchor.wall - (uno.cycles - anchor.cycles) * 1000 / CLOCK_HZ > MAX_LAG_MS) {
    anchor = { wall: now, cycles: uno.cycles };
  }
  const due = anchor.cycles + Math.floor((now - anchor.wall) * CLOCK_HZ / 1000) - uno.cycles;
  let ran = 0;
  let waiting = false;
  while (ran < due && performance.now() - now < SLICE_MS) {
    const chunk = Math.min(CHUNK_CYCLES, due - ran);
    const done = uno.run(chunk);
    ran += done;
    if (done < chunk) {
      waiting = true;
      break;
    }
  }
  speed.cycles += ran;
  speed.wall += performance.now() - now;
  saveEeprom();
  flushConsole();
  showStatus(waiting);
  if (waiting) {
    anchor = null;                  // asleep for input: time stands still until a key
  } else {
    timer = setTimeout(step, ran < due ? 0 : 4);
  }
}

let speedShown = 0;
function showStatus(waiting) {
  $('status').textContent = waiting ? 'waiting for input' : 'running';
  document.body.dataset.state = waiting ? 'waiting' : 'running';
  $('sim-time').textContent = (uno.cycles / CLOCK_HZ).toFixed(3) + ' s';
  const now = performance.now();
  if (now - speedShown > 500 && speed.wall > 0) {
    $('speed').textContent = (speed.cycles / speed.wall / 1000).toFixed(1) + ' M cycles/s';
    speed = { wall: 0, cycles: 0 };
    speedShown = now;
  }
}

function svg(name, attributes) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

function drawBoard() {
  const board = $('board');
  board.replaceChildren();
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) {
      board.append(svg('rect', { x: column * SQUARE, y: row * SQUARE, width: SQUARE, height: SQUARE,
                                 class: (row + column) % 2 ? 'dark' : 'light' }));
    }
  }
  if (!position) return;
  for (let index = 0; index < 32; index++) {
    const x = squareColumn(index) * SQUARE;
    const y = squareRow(index) * SQUARE;
    const group = svg('g', { 'data-square': squareName(position.variant, index), class: 'square' });
    group.append(svg('rect', { x, y, width: SQUARE, height: SQUARE,
                               class: path.includes(index) ? 'dark selected' : 'dark' }));
    group.append(svg('text', { x: x + 3, y: y + 11, class: 'name' }));
    group.lastChild.textContent = squareName(position.variant, index);
    const piece = position.pieces[index];
    if (piece) {
      const colour = piece.toLowerCase() === 'w' ? 'white' : 'black';
      group.append(svg('circle', { cx: x + SQUARE / 2, cy: y + SQUARE / 2, r: SQUARE * 0.38, class: `piece ${colour}` }));
      if (piece === piece.toUpperCase()) {
        group.append(svg('circle', { cx: x + SQUARE / 2, cy: y + SQUARE / 2, r: SQUARE * 0.16, class: `crown ${colour}` }));
      }
    }
    group.addEventListener('click', () => clickSquare(index));
    board.append(group);
  }
  $('side').textContent = `${position.side === 'white' ? 'White' : 'Black'} to move`;
}

// From-square, then the landing square; for a capture that the firmware
// finds ambiguous by its ends alone, each landing square up to the end.
function clickSquare(index) {
  if (!position) return;
  if (ownPiece(position, index)) {
    path = path[0] === index ? [] : [index];
    ambiguousEnd = -1;
  } else if (path.length > 0 && position.pieces[index] === '') {
    path.push(index);
    if (ambiguousEnd < 0 || index === ambiguousEnd) {
      lastMove = path;
      ambiguousEnd = -1;
      send(moveText(position, path));
      path = [];
    }
  }
  drawBoard();
}

// ------------------------------------------------------------ controls --
function saveSettings() {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
}

function setUp() {
  $('engine').value = settings.engine;
  $('level').value = settings.level;
  $('engine').addEventListener('change', (e) => { settings.engine = e.target.value; saveSettings(); send(`engine ${settings.engine}`); });
  $('level').addEventListener('change', (e) => { settings.level = e.target.value; saveSettings(); send(`level ${settings.level}`); });
  $('new-game').addEventListener('click', () => send(`new ${$('variant').value}`));
  $('variant').addEventListener('change', (e) => send(`new ${e.target.value}`));
  $('go').addEventListener('click', () => send('go'));
  $('undo').addEventListener('click', () => send('undo'));
  // A byte at once, as a key pressed on a terminal: it stops a search.
  $('stop').addEventListener('click', () => { uno.interrupt(0x0a); wake(); });
  $('power-cycle').addEventListener('click', () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    anchor = null;
    appendConsole('\n[power cycle]\n');
    powerOn();
  });
  $('command-form').addEventListener('submit', (e) => {
    e.preventDefault();
    send($('command').value);
    $('command').value = '';
  });
  window.addEventListener('pagehide', saveEeprom);
  drawBoard();
  powerOn();
}

setUp();
