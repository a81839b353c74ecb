# Arduino Nano with the new (Optiboot) bootloader
MCU := atmega328p
F_CPU := 16000000
BAUD := 115200
LED_PORT := B
LED_BIT := 5
AVRDUDE_PROGRAMMER := arduino
AVRDUDE_BAUD := 115200
