# SPDX-License-Identifier: MIT
# Arduino Pro Mini 3.3 V: ATmega328P at 8 MHz
MCU := atmega328p
F_CPU := 8000000
BAUD := 57600
LED_PORT := B
LED_BIT := 5
AVRDUDE_PROGRAMMER := arduino
AVRDUDE_BAUD := 57600
# Flash a firmware may use (Arduino boards.txt, upload.maximum_size):
# the bootloader leaves 30,720 of 32,768 bytes
FLASH_LIMIT := 30720

# Choices (firmware/firmware.mk says what each value builds)
GAME := demo
PROGRAMS := bench perft
MOVEGEN := fast
GAME_MOVEGEN := fast
ENGINE := full
KINGRAY := walk
GAME_UI := full
RAM := 2k
HUB_MODE := no
