#include "serial.h"
#include <avr/pgmspace.h>
int main(void){ serial_init(); serial_puts_P(PSTR("hello\n")); return 0; }
