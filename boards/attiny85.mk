# Bare ATtiny85 at 8 MHz (internal oscillator), flashed over ISP; no UART
MCU := attiny85
F_CPU := 8000000
BAUD := 0
LED_PORT := B
LED_BIT := 1
AVRDUDE_PROGRAMMER := usbasp
AVRDUDE_BAUD := 19200
