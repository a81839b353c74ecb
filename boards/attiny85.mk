# Bare ATtiny85 at 8 MHz (internal oscillator), flashed over ISP; no UART
MCU := attiny85
F_CPU := 8000000
BAUD := 0
LED_PORT := B
LED_BIT := 1
AVRDUDE_PROGRAMMER := usbasp
AVRDUDE_BAUD := 19200
# Flash a firmware may use (Arduino boards.txt, upload.maximum_size):
# no bootloader: all 8,192 bytes
FLASH_LIMIT := 8192
# The move generator written for flash first (Makefile, MOVEGEN)
MOVEGEN := small
# The size-first search and its evaluation (lib/engine/small/): the full
# search needs 7 KB of flash and 900 bytes of RAM, the full evaluation 2 KB
# of flash and 90 bytes of stack
ENGINE := small
