# SPDX-License-Identifier: MIT
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

# Choices (firmware/firmware.mk says what each value builds)
GAME := selfplay
PROGRAMS := bench
MOVEGEN := small
GAME_MOVEGEN := small
ENGINE := small
KINGRAY := walk
GAME_UI := full
RAM := 512
HUB_MODE := no
