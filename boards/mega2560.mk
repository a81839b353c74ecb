# SPDX-License-Identifier: MIT
# Arduino Mega 2560: ATmega2560 at 16 MHz, stk500v2 bootloader
MCU := atmega2560
F_CPU := 16000000
BAUD := 115200
LED_PORT := B
LED_BIT := 7
AVRDUDE_PROGRAMMER := wiring
AVRDUDE_BAUD := 115200
# Flash a firmware may use (Arduino boards.txt, upload.maximum_size):
# the bootloader leaves 253,952 of 262,144 bytes
FLASH_LIMIT := 253952

# Choices (firmware/firmware.mk says what each value builds)
GAME := demo
PROGRAMS := bench perft
MOVEGEN := fast
GAME_MOVEGEN := fast
ENGINE := full
KINGRAY := table
GAME_UI := full
RAM := 8k
HUB_MODE := yes
