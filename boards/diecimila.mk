# SPDX-License-Identifier: MIT
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

# Choices (firmware/firmware.mk says what each value builds)
GAME := demo
PROGRAMS := bench perft
MOVEGEN := lean
GAME_MOVEGEN := small
ENGINE := small
KINGRAY := walk
GAME_UI := lean
RAM := 1k
HUB_MODE := no
