# Arduino Uno: ATmega328P at 16 MHz, Optiboot (32,256 bytes usable)
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
