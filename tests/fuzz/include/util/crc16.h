/* SPDX-License-Identifier: MIT */
/*
 * Host stand-in for avr-libc's <util/crc16.h>: the CRC-16 the game record
 * uses (polynomial 0xA001, reflected), one byte at a time.
 */
#ifndef BITDRAUGHTS_FUZZ_UTIL_CRC16_H
#define BITDRAUGHTS_FUZZ_UTIL_CRC16_H

#include <stdint.h>

static inline uint16_t _crc16_update(uint16_t crc, uint8_t byte)
{
    crc ^= byte;
    for (uint8_t bit = 0; bit < 8u; bit++)
        crc = (crc & 1u) ? (uint16_t)((crc >> 1) ^ 0xA001u) : (uint16_t)(crc >> 1);
    return crc;
}

#endif
