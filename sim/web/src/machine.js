// SPDX-License-Identifier: MIT
// machine.js - an Arduino Uno on avr8js: the ATmega328P at 16 MHz with the
// parts the game firmware uses (timer0 for its clock, timer1, USART0, EEPROM,
// the watchdog, port B for the LED), input paced as `avrsim --input paced`
// paces it, and the EEPROM handed to the page to keep.
//
// Paced input: a byte goes to the USART only while the firmware sleeps
// waiting for one (a SLEEP with the receive interrupt on, interrupts on and
// RXC0 clear), which is how firmware/common/serial.c waits; a byte offered
// any sooner would arrive while the firmware prints and be lost, since it
// reads the port only when it asks for a line.  While it waits so and no
// byte is queued the machine stops, as avrsim blocks on its input: the
// simulated time counts only what the firmware did.
import {
  AVRClock, AVREEPROM, AVRIOPort, AVRTimer, AVRUSART, AVRWatchdog, CPU, EEPROMMemoryBackend,
  avrInstruction, clockConfig, eepromConfig, portBConfig, timer0Config, timer1Config,
  usart0Config, watchdogConfig,
} from 'avr8js';

export const CLOCK_HZ = 16000000;
const FLASH_BYTES = 0x8000;
const SRAM_BYTES = 2048;
const EEPROM_BYTES = 1024;
const SLEEP_OPCODE = 0x9588;
const SREG_I = 0x80;
const UCSR0A_RXC0 = 0x80;
const UCSR0B_RXCIE0 = 0x80;
const UCSR0B_RXEN0 = 0x10;
const MCUSR_PORF = 0x01;
const LED_PB5 = 0x20;

// parseIntelHex TEXT: the flash image of an Intel HEX file (data records,
// extended segment and linear addresses), erased bytes 0xFF.
export function parseIntelHex(text, size = FLASH_BYTES) {
  const flash = new Uint8Array(size).fill(0xff);
  let base = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line.startsWith(':')) continue;
    const bytes = line.slice(1).match(/../g).map((h) => parseInt(h, 16));
    const sum = bytes.reduce((a, b) => a + b, 0) & 0xff;
    if (sum !== 0) throw new Error(`bad checksum in HEX line ${line}`);
    const [count, high, low, type] = bytes;
    const data = bytes.slice(4, 4 + count);
    if (type === 0) flash.set(data, base + ((high << 8) | low));
    else if (type === 2) base = ((data[0] << 8) | data[1]) << 4;
    else if (type === 4) base = ((data[0] << 8) | data[1]) << 16;
    else if (type === 1) break;
  }
  return flash;
}

// An EEPROM that tells the page when its bytes change, so it can keep them.
class WatchedEeprom extends EEPROMMemoryBackend {
  constructor(bytes, onChange) {
    super(EEPROM_BYTES);
    if (bytes) this.memory.set(bytes.subarray(0, EEPROM_BYTES));
    this.onChange = onChange;
  }
  writeMemory(addr, value) {
    super.writeMemory(addr, value);
    this.onChange();
  }
  eraseMemory(addr) {
    super.eraseMemory(addr);
    this.onChange();
  }
}

// keepRxcOnUcsrbWrite USART: the work-around for avr8js 0.21.1, whose UCSR0B
// write hook clears RXC0 on any write that leaves RXEN0 set (the datasheet
// clears it only when the receiver is disabled).  The firmware's receive
// interrupt writes UCSR0B to switch itself off and leaves the byte in UDR0
// for the main loop, so without this every byte of a line but the first is
// lost.  The upstream bug: usart.ts, the UCSRB write hook calls
// clearInterrupt(RXC) when `value & RXEN && oldValue & RXEN`.
export function keepRxcOnUcsrbWrite(cpu, usart) {
  const stockHook = cpu.writeHooks[usart0Config.UCSRB];
  cpu.writeHooks[usart0Config.UCSRB] = (value, oldValue, addr, mask) => {
    const received = cpu.data[usart0Config.UCSRA] & UCSR0A_RXC0;
    const handled = stockHook(value, oldValue, addr, mask);
    if (received && value & UCSR0B_RXEN0) cpu.setInterruptFlag(usart.RXC);
    return handled;
  };
}

// new Uno({ hex, eeprom, onByte, onLed, onEepromChange, usartWorkaround }):
// a powered-on board running the firmware HEX, with EEPROM bytes (or an
// erased EEPROM).  run(cycles) executes up to that many cycles and returns
// how many it did; fewer means the firmware waits for input and none is
// queued.
export class Uno {
  constructor({ hex, eeprom = null, onByte = () => {}, onLed = () => {}, onEepromChange = () => {},
                usartWorkaround = true }) {
    const flash = parseIntelHex(hex);
    this.cpu = new CPU(new Uint16Array(flash.buffer), SRAM_BYTES);
    this.eeprom = new WatchedEeprom(eeprom, onEepromChange);
    const clock = new AVRClock(this.cpu, CLOCK_HZ, clockConfig);
    new AVRTimer(this.cpu, timer0Config);
    new AVRTimer(this.cpu, timer1Config);
    new AVREEPROM(this.cpu, this.eeprom, eepromConfig);
    new AVRWatchdog(this.cpu, watchdogConfig, clock);
    this.usart = new AVRUSART(this.cpu, usart0Config, CLOCK_HZ);
    if (usartWorkaround) keepRxcOnUcsrbWrite(this.cpu, this.usart);
    this.usart.onByteTransmit = onByte;
    const portB = new AVRIOPort(this.cpu, portBConfig);
    this.led = false;
    portB.addListener((value) => {
      const lit = (value & LED_PB5) !== 0;
      if (lit !== this.led) {
        this.led = lit;
        onLed(lit);
      }
    });
    this.cpu.data[watchdogConfig.MCUSR] = MCUSR_PORF;
    this.input = [];
  }

  // Queues text for the firmware, delivered paced.
  type(text) {
    for (const ch of new TextEncoder().encode(text)) this.input.push(ch);
  }

  // A byte offered at once, as a key pressed while the firmware computes:
  // it stops a search or a count.  False if the receiver is busy.
  interrupt(byte) {
    return this.usart.writeByte(byte) !== false;
  }

  get eepromBytes() {
    return this.eeprom.memory;
  }

  get cycles() {
    return this.cpu.cycles;
  }

  // True at a SLEEP that waits for a received byte (firmware/common/serial.c).
  waitsForInput() {
    const { cpu } = this;
    return cpu.progMem[cpu.pc] === SLEEP_OPCODE && (cpu.data[95] & SREG_I) !== 0 &&
      (cpu.data[usart0Config.UCSRB] & UCSR0B_RXCIE0) !== 0 &&
      (cpu.data[usart0Config.UCSRA] & UCSR0A_RXC0) === 0 && !this.usart.rxBusy;
  }

  run(maxCycles) {
    const { cpu } = this;
    const end = cpu.cycles + maxCycles;
    while (cpu.cycles < end) {
      if (this.waitsForInput()) {
        if (this.input.length === 0) break;
        this.usart.writeByte(this.input.shift());
      }
      avrInstruction(cpu);
      cpu.tick();
    }
    return maxCycles - (end - cpu.cycles);
  }
}
