/* SPDX-License-Identifier: MIT */
; tests/sim/runner/bootloader.S - a bootloader-like firmware for the runner's
; tests of --bootloader, --boot and the external reset, for the Uno: linked
; at its boot section (tests/tests.mk), without the C runtime.  It prints
; "boot XX" (MCUSR as it found it, in hex), clears MCUSR and jumps to 0: the
; application, or erased flash that leads back here.  Back here without a
; reset (GPIOR2, which every reset clears, still set), it prints
; "boot again" and ends with status 5.
#include <avr/io.h>

    .section .text
    .global boot
boot:
    clr r1
    in r16, _SFR_IO_ADDR(MCUSR)
    out _SFR_IO_ADDR(MCUSR), r1
    ldi r18, _BV(TXEN0)
    sts UCSR0B, r18
    ldi r18, 16                     ; 57600 baud at 16 MHz
    sts UBRR0L, r18
    ldi r24, 'b'
    rcall putc
    ldi r24, 'o'
    rcall putc
    ldi r24, 'o'
    rcall putc
    ldi r24, 't'
    rcall putc
    ldi r24, ' '
    rcall putc
    in r17, _SFR_IO_ADDR(GPIOR2)
    tst r17
    brne again
    ldi r17, 1
    out _SFR_IO_ADDR(GPIOR2), r17
    mov r24, r16
    swap r24
    rcall put_nibble
    mov r24, r16
    rcall put_nibble
    ldi r24, '\n'
    rcall putc
    rcall drain
    jmp 0

again:
    ldi r24, 'a'
    rcall putc
    ldi r24, 'g'
    rcall putc
    ldi r24, 'a'
    rcall putc
    ldi r24, 'i'
    rcall putc
    ldi r24, 'n'
    rcall putc
    ldi r24, '\n'
    rcall putc
    rcall drain
    ldi r24, 5
    cli
1:  rjmp 1b

; The low nibble of r24 as a hex digit.
put_nibble:
    andi r24, 0x0F
    subi r24, -'0'
    cpi r24, '9' + 1
    brlo putc
    subi r24, -('A' - '9' - 1)
putc:
    lds r25, UCSR0A
    sbrs r25, UDRE0
    rjmp putc
    sts UDR0, r24
    ret

; Waits until the last byte has left (TXC0), so that the jump does not cut it.
drain:
    lds r25, UCSR0A
    sbrs r25, TXC0
    rjmp drain
    ldi r25, _BV(TXC0)
    sts UCSR0A, r25
    ret
