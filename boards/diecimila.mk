# Arduino Diecimila, and the Nano and Pro Mini 5 V with an ATmega168: at
# 16 MHz, with the same bootloader, upload speed and limit (boards.txt)
MCU := atmega168
F_CPU := 16000000
BAUD := 57600
LED_PORT := B
LED_BIT := 5
AVRDUDE_PROGRAMMER := arduino
AVRDUDE_BAUD := 19200
# Flash a firmware may use (Arduino boards.txt, upload.maximum_size):
# the bootloader leaves 14,336 of 16,384 bytes
FLASH_LIMIT := 14336
# The game firmware for 16 KB of flash and 1 KB of RAM (Makefile,
# BOARD_DEMO_VARS; firmware/demo/demo_features.h)
DEMO_UI := lean
DEMO_RAM := 1k
# The game firmware on the move generator written for flash first; perft
# and bench keep the fast one (Makefile, MOVEGEN)
DEMO_MOVEGEN := small
# and on the size-first search and evaluation (lib/engine/small/)
ENGINE := small
