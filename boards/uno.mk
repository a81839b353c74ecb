# SPDX-License-Identifier: MIT
# Arduino Uno: ATmega328P at 16 MHz, Optiboot
MCU := atmega328p
F_CPU := 16000000
BAUD := 115200
LED_PORT := B
LED_BIT := 5
AVRDUDE_PROGRAMMER := arduino
AVRDUDE_BAUD := 115200
# Flash a firmware may use (Arduino boards.txt, upload.maximum_size):
# Optiboot leaves 32,256 of 32,768 bytes
FLASH_LIMIT := 32256

# Choices (firmware/firmware.mk says what each value builds)
GAME := demo
PROGRAMS := bench perft selfplay
MOVEGEN := fast
GAME_MOVEGEN := fast
ENGINE := full
KINGRAY := walk
GAME_UI := tight
RAM := 2k
HUB_MODE := yes
