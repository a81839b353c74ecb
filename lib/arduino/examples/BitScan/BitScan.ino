// SPDX-License-Identifier: MIT
/*
 * BitScan: the de Bruijn bit scan with which the move generator finds the
 * pieces on a board, checked and timed with micros(), over the serial port
 * (115200 baud).
 *
 * v & -v keeps only the lowest set bit of v, 1 << i.  Multiplying the de
 * Bruijn constant 0x1D (00011101) by it shifts the constant left by i, and
 * the top three bits of the low byte are then different for each i: an
 * eight-entry table turns them back into i.  The library's bs_lsb8() is
 * that scan, and bs_lsb32() scans the first non-zero byte of a 32-bit
 * board.  The sketch checks the formula and bs_lsb8() against a plain
 * loop over the bits for all 255 non-zero bytes, then times each way:
 * CPU cycles a scan, the loop's own cycles taken off.
 */
#include <bitdraughts.h>

const uint16_t ROUNDS = 2000;
volatile uint8_t sink;
volatile uint8_t input = 0x80;  // volatile: the compiler cannot know the value

uint8_t loopScan(uint8_t v) {
  uint8_t i = 0;
  while (!(v & 1)) {
    v >>= 1;
    i++;
  }
  return i;
}

uint8_t deBruijnScan(uint8_t v) {
  uint8_t lowest = v & -v;
  return bs_lsb_table[(uint8_t)(lowest * BS_DEBRUIJN8_MAGIC) >> BS_DEBRUIJN8_SHIFT];
}

// Cycles a call of scan takes on `input`, the empty loop's taken off.
float cyclesPerScan(uint8_t (*scan)(uint8_t)) {
  unsigned long start = micros();
  for (uint16_t i = 0; i < ROUNDS; i++) sink = scan(input);
  unsigned long elapsed = micros() - start;
  start = micros();
  for (uint16_t i = 0; i < ROUNDS; i++) sink = input;
  elapsed -= micros() - start;
  return (float)elapsed * (F_CPU / 1000000UL) / ROUNDS;
}

uint8_t libraryScan(uint8_t v) { return bs_lsb8(v); }
uint8_t libraryScan32(uint8_t v) { return bs_lsb32((uint32_t)v << 24); }

void setup() {
  Serial.begin(115200);
  uint8_t wrong = 0;
  for (uint16_t v = 1; v < 256; v++)
    if (deBruijnScan(v) != loopScan(v) || bs_lsb8(v) != loopScan(v)) wrong++;
  Serial.print(F("lsb8 of every non-zero byte: "));
  Serial.println(wrong ? F("MISMATCH") : F("all 255 agree"));
  Serial.println(F("cycles a scan of 0x80, call included:"));
  Serial.print(F("  loop over the bits  "));
  Serial.println(cyclesPerScan(loopScan));
  Serial.print(F("  de Bruijn formula   "));
  Serial.println(cyclesPerScan(deBruijnScan));
  Serial.print(F("  bs_lsb8             "));
  Serial.println(cyclesPerScan(libraryScan));
  Serial.print(F("  bs_lsb32 (top byte) "));
  Serial.println(cyclesPerScan(libraryScan32));
}

void loop() {
}
