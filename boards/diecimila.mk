# Arduino Diecimila / old Nano: ATmega168 at 16 MHz
MCU := atmega168
F_CPU := 16000000
BAUD := 57600
LED_PORT := B
LED_BIT := 5
AVRDUDE_PROGRAMMER := arduino
AVRDUDE_BAUD := 19200
