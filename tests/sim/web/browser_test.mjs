// SPDX-License-Identifier: MIT
// tests/sim/web/browser_test.mjs - the page of make web played in Debian's
// headless Chromium, driven through the DevTools protocol over a pipe
// (--remote-debugging-pipe: no WebSocket, no driver package, no browser
// downloaded).  It serves build/web/ on 127.0.0.1, clicks moves on the
// board, has the engine answer (build/host/checkers referees the move),
// reloads and power-cycles the page and expects the game back, compares a
// fixed-depth search with avrsim's on the same HEX, plays captures by their
// landing squares, and saves screenshots in build/web/tests/.
//   node tests/sim/web/browser_test.mjs BUILD CHROMIUM
// Prints "ok<TAB>case" or "fail<TAB>case<TAB>reason" a line
// (tests/sim/test_web.sh counts them).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';

const [build, chromium] = process.argv.slice(2);
const site = join(build, 'web');
const WAIT_MS = 60000;
const SAME_DEPTH = 6;

function report(ok, name, reason = '') {
  console.log(ok ? `ok\t${name}` : `fail\t${name}\t${String(reason).replace(/\s+/g, ' ')}`);
}

// ------------------------------------------------------ the HTTP server --
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.hex': 'text/plain' };
function serve() {
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname.replace(/\/$/, '/index.html');
    try {
      const body = readFileSync(join(site, path.replace(/\.\./g, '')));
      response.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// ---------------------------------------------- DevTools over a pipe --
// Chromium reads commands on fd 3 and writes answers and events on fd 4,
// each a JSON text ended by a NUL byte.
class DevTools {
  constructor(executable, profile) {
    // No sandbox: it needs user namespaces that root, containers and some
    // CI runners lack, and the browser only visits the page built here.
    this.browser = spawn(executable, ['--headless', '--remote-debugging-pipe', '--no-first-run',
      '--no-default-browser-check', '--disable-gpu', '--disable-dev-shm-usage', '--hide-scrollbars',
      '--no-sandbox', `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    this.browser.stderr.on('data', () => {});
    this.next = 1;
    this.calls = new Map();
    this.listeners = [];
    let pending = '';
    this.browser.stdio[4].on('data', (chunk) => {
      pending += chunk.toString('utf8');
      let end;
      while ((end = pending.indexOf('\0')) >= 0) {
        const message = JSON.parse(pending.slice(0, end));
        pending = pending.slice(end + 1);
        const call = this.calls.get(message.id);
        if (call) {
          this.calls.delete(message.id);
          if (message.error) call.reject(new Error(`${call.method}: ${message.error.message}`));
          else call.resolve(message.result);
        } else {
          for (const listener of this.listeners) listener(message);
        }
      }
    });
  }

  send(method, params = {}, sessionId = this.sessionId) {
    const id = this.next++;
    this.browser.stdio[3].write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
    return new Promise((resolve, reject) => this.calls.set(id, { method, resolve, reject }));
  }

  async open(width, height) {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' }, null);
    ({ sessionId: this.sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true }, null));
    await this.send('Page.enable');
    await this.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
  }

  async evaluate(expression) {
    const { result, exceptionDetails } = await this.send('Runtime.evaluate', { expression, returnByValue: true });
    if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.exception?.description}`);
    return result.value;
  }

  async close() {
    const exited = new Promise((resolve) => this.browser.once('exit', resolve));
    this.browser.kill();
    await exited;
  }
}

// ------------------------------------------------------------ the page --
let page;

async function waitFor(what, expression, ms = WAIT_MS) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await page.evaluate(expression).catch(() => false);   // a page still loading
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const consoleText = () => page.evaluate("document.getElementById('console').textContent");

// The console's text after the firmware has answered everything sent and
// waits for more, from the length MARK on.
async function settled(mark) {
  await waitFor('the page', "document.readyState === 'complete' && document.getElementById('console') !== null");
  await waitFor('the firmware to wait for input', "document.body.dataset.state === 'waiting'");
  return (await consoleText()).slice(mark);
}

async function clickAt(selector) {
  const box = await page.evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
    e.scrollIntoView({ block: 'nearest' }); const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
  for (const type of ['mousePressed', 'mouseReleased']) {
    await page.send('Input.dispatchMouseEvent', { type, x: box.x, y: box.y, button: 'left', clickCount: 1 });
  }
}

// clicks SQUARES in turn; then what the firmware printed.
async function clickSquares(...squares) {
  const mark = (await consoleText()).length;
  for (const square of squares) await clickAt(`[data-square="${square}"]`);
  await new Promise((r) => setTimeout(r, 200));
  return settled(mark);
}

// types LINE into the serial console; then what the firmware printed.
async function typeLine(line) {
  const mark = (await consoleText()).length;
  await clickAt('#command');
  await page.send('Input.insertText', { text: line });
  await page.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Enter', code: 'Enter',
                                               windowsVirtualKeyCode: 13, text: '\r' });
  await page.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 });
  await new Promise((r) => setTimeout(r, 200));
  const out = await settled(mark);
  if (!out.startsWith(`${line}\n`)) {
    throw new Error(`the console did not take ${line}: ${out} ${await page.evaluate("JSON.stringify([document.activeElement.id, document.getElementById('command').value, document.getElementById('command').getBoundingClientRect()])")}`);
  }
  return out;
}

async function choose(id, value) {
  await page.evaluate(`(() => { const s = document.getElementById('${id}'); s.value = '${value}';
    s.dispatchEvent(new Event('change')); })()`);
  return settled(0);
}

async function fen() {
  const out = await typeLine('fen');
  return (out.match(/^[WB]:[WB].*$/m) || [''])[0];
}

// The pieces drawn on the board, square by square.
const drawnPieces = () => page.evaluate(`Array.from(document.querySelectorAll('[data-square]'),
  (g) => g.dataset.square + (g.querySelector('.piece') ? g.querySelector('.piece').classList[1][0] : '')).join(' ')`);

const ENGINE = /^\d+\.(?:\.\.)? (\S+) {2}\(depth (\d+), score ([^,]+), nodes (\d+), \d+ ms\)$/m;

function legalMoves(variant, position) {
  return execFileSync(join(build, 'host', 'checkers'), ['moves', '--variant', variant, '--fen', position],
                      { encoding: 'utf8' }).split('\n').filter(Boolean);
}

async function screenshot(file) {
  const { data } = await page.send('Page.captureScreenshot', { format: 'png' });
  writeFileSync(join(site, 'tests', file), Buffer.from(data, 'base64'));
}

// ----------------------------------------------------------- the play --
async function play(url) {
  await page.send('Page.navigate', { url });
  const banner = await settled(0);
  report(/^bitdraughts checkers/m.test(banner) && /^reset: power-on$/m.test(banner) &&
         /^no saved game: new game$/m.test(banner),
         'the page boots the Uno\'s game image: banner, power-on, a new game', banner.slice(0, 300));
  report(await waitFor('the board', "document.querySelectorAll('[data-square] .piece').length === 24"),
         'the board is drawn from the firmware\'s output: 24 pieces');
  await choose('engine', 'off');
  await choose('level', 'depth 4');

  // The first move, then the first of the legal moves listed by the referee.
  let move = 'c3-d4';
  for (let turn = 1; turn <= 2; turn++) {
    const out = await clickSquares(...move.split(/[-:]/));
    report(new RegExp(`^\\d+\\. ${move}$`, 'm').test(out), `clicking ${move.replace(/[-:]/g, ' then ')} plays ${move}`, out);
    const before = await fen();
    const mark = (await consoleText()).length;
    await clickAt('#go');
    await new Promise((r) => setTimeout(r, 200));
    const answer = ENGINE.exec(await settled(mark));
    const legal = legalMoves('russian', before);
    report(answer && legal.includes(answer[1]), `the engine answers ${move} with a legal move (checkers moves)`,
           `${answer && answer[1]} not in ${legal.join(' ')} of ${before}`);
    report(answer && (await page.evaluate("document.getElementById('engine-line').textContent")).includes(
      `nodes ${answer[4]}`), 'the engine\'s depth, score and nodes are shown beside the board');
    move = legalMoves('russian', await fen())[0];
  }
  const game = await fen();
  const drawn = await drawnPieces();
  await screenshot('before-reload.png');

  await page.send('Page.reload');
  await new Promise((r) => setTimeout(r, 500));
  const rebooted = await settled(0);
  report(/^resumed: Russian draughts, \d+ plies$/m.test(rebooted), 'after a reload the firmware resumes the game saved in its EEPROM',
         rebooted.slice(0, 400));
  report((await fen()) === game && (await drawnPieces()) === drawn,
         'a reload resumes the game: the same position, drawn the same', game);

  await clickAt('#power-cycle');
  await new Promise((r) => setTimeout(r, 500));
  await settled(0);
  report((await fen()) === game, 'the power cycle button restarts the Uno on the saved game', game);

  // The same search in the page and in avrsim, each from a fresh boot.
  const commands = [`fen ${game}`, `level depth ${SAME_DEPTH}`, 'go'];
  let page_out = '';
  for (const line of commands) page_out += await typeLine(line);
  const inPage = ENGINE.exec(page_out);
  const avrsim = execFileSync(join(build, 'host', 'avrsim'), ['--mcu', 'atmega328p', '--freq', '16000000', '--input', 'paced',
    '--max-cycles', '2000000000', join(site, 'demo.hex')], { input: commands.join('\n') + '\nquit\n', encoding: 'utf8' });
  const inAvrsim = ENGINE.exec(avrsim);
  report(inPage && inAvrsim && inPage.slice(1).join(' ') === inAvrsim.slice(1).join(' '),
         `the same HEX plays the same move at depth ${SAME_DEPTH} in the page and in avrsim (move, depth, score, nodes)`,
         `page: ${inPage && inPage[0]}; avrsim: ${inAvrsim && inAvrsim[0]}`);
  await screenshot('screenshot.png');

  // The controls follow a level and an engine side typed in the console,
  // one that the level control lists (depth 6) and one it does not.
  const control = (id) => page.evaluate(`document.getElementById('${id}').value`);
  report((await control('level')) === `depth ${SAME_DEPTH}`,
         `after level depth ${SAME_DEPTH} typed in the console the level control shows depth ${SAME_DEPTH}`,
         await control('level'));
  await typeLine('level time 300');
  await typeLine('engine both');
  report((await control('level')) === 'time 300' && (await control('engine')) === 'both',
         'after level time 300 and engine both typed in the console the controls show them',
         `${await control('level')} ${await control('engine')}`);
  await typeLine('level depth 4');
  await typeLine('engine off');

  // A capture: a click on the landing square beyond the man taken.
  await typeLine('fen W:Wc3,a1:Bd4,h8');
  const capture = await clickSquares('c3', 'e5');
  const after = await drawnPieces();
  report(/^\d+\. c3:e5$/m.test(capture) && / e5w /.test(` ${after} `) && / d4 /.test(` ${after} `),
         'clicking c3 then e5 plays the capture c3:e5, and d4 is taken off the board', capture);
  // Two captures of the king from b6 end on c1: the ends alone are refused,
  // then the landing square in between and the end again play it.
  await typeLine('fen W:WKb6:Bd2,d4,h6,c7,b8,e7');
  const ambiguous = await clickSquares('b6', 'c1');
  const resolved = await clickSquares('e3', 'c1');
  report(/^error: several legal moves match/m.test(ambiguous) && /^\d+\. b6:e3:c1$/m.test(resolved),
         'a capture ambiguous by its ends (b6 to c1) is played by clicking its landing squares, e3 then c1',
         `${ambiguous} | ${resolved}`);
  await choose('variant', 'english');
  const english = await clickSquares('11', '15');
  report(/^1\. 11-15$/m.test(english), 'in English checkers, clicks on 11 and 15 play 11-15', english);
}

const profile = mkdtempSync(join(tmpdir(), 'bitdraughts-chromium-'));
const server = await serve();
page = new DevTools(chromium, profile);
try {
  await page.open(1100, 760);
  await play(`http://127.0.0.1:${server.address().port}/index.html`);
} catch (error) {
  report(false, 'the page plays to the end of the test', error.message);
  process.exitCode = 1;
} finally {
  await page.close();
  server.close();
  // Chromium's helper processes may still be writing the profile for a
  // moment after the browser itself has exited: retry while they finish,
  // and on a machine so busy that they outlast the retries, leave the
  // scratch folder (under the system's temporary folder) rather than fail
  // a test whose checks have all been made.
  try {
    rmSync(profile, { recursive: true, force: true, maxRetries: 25, retryDelay: 200 });
  } catch (error) {
    console.log(`  note:   the browser's profile ${profile} is left behind (${error.code})`);
  }
}
