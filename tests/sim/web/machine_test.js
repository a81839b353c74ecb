// SPDX-License-Identifier: MIT
// tests/sim/web/machine_test.js - the page's simulated Uno (sim/web/src/machine.js)
// in Node, without a browser: the firmware boots, reads two commands in a
// row (which needs the USART work-around), and without the work-around
// avr8js still loses them (when that check fails, avr8js has fixed its bug
// and the work-around can go).  Bundled by make test-web; run as
//   node build/web/tests/machine_test.js build/web/demo.hex
// Prints "ok<TAB>case" or "fail<TAB>case<TAB>reason" a line
// (tests/sim/test_web.sh counts them).
import { readFileSync } from 'node:fs';
import { Uno } from '../../../sim/web/src/machine.js';

const BOOT_BUDGET = 200000000;
const SLICE = 1000000;

function report(ok, name, reason) {
  console.log(ok ? `ok\t${name}` : `fail\t${name}\t${reason}`);
}

// session HEX INPUT WORKAROUND: what the firmware prints after booting, and
// after reading INPUT, until it waits for more (within a cycle budget).
function session(hex, input, usartWorkaround) {
  let output = '';
  const uno = new Uno({ hex, usartWorkaround, onByte: (b) => { output += String.fromCharCode(b); } });
  const untilIdle = () => {
    for (let spent = 0; spent < BOOT_BUDGET; spent += SLICE) {
      if (uno.run(SLICE) < SLICE) return true;
    }
    return false;
  };
  const booted = untilIdle();
  const banner = output;
  uno.type(input);
  const answered = untilIdle();
  return { booted, answered, banner, after: output.slice(banner.length) };
}

const hex = readFileSync(process.argv[2], 'utf8');
const input = 'level depth 3\nfen\n';
const fixed = session(hex, input, true);
report(fixed.booted && /^bitdraughts checkers/m.test(fixed.banner) && /type help for the commands/.test(fixed.banner),
  'the Uno boots the firmware to its prompt and then waits asleep', JSON.stringify(fixed.banner.slice(-200)));
report(/^level depth 3$/m.test(fixed.after) && /^W:W[a-h1-8,]+:B[a-h1-8,]+$/m.test(fixed.after),
  'two commands in a row are both read and answered (the UCSR0B work-around)', JSON.stringify(fixed.after));
const stock = session(hex, input, false);
report(stock.booted && !/^level depth 3$/m.test(stock.after) && !/^W:W/m.test(stock.after),
  'without the work-around avr8js 0.21.1 still loses the bytes (its RXC0 bug: sim/README.md)',
  `stock avr8js answered: ${JSON.stringify(stock.after)}`);
