/* SPDX-License-Identifier: MIT */
/*
 * arch/kingray.h (AVR) - override of checkers/kingray.h: the entry read.
 *
 * kr_ray_table reads all 8 bytes of a kr_entry.  Through pgm_read_dword,
 * _word and _byte each field reloads Z from the address (movw, subi, sbci);
 * one run of "lpm rX, Z+" reads them in order, 3 cycles a byte, with no
 * address arithmetic between.  Not volatile: two reads of one entry may be
 * merged, and the read may move, like any load of a constant.
 */
#ifndef BITDRAUGHTS_KINGRAY_AVR_H
#define BITDRAUGHTS_KINGRAY_AVR_H

BD_INLINE void kr_load_entry(const struct kr_entry *entry, bb32 *ray_mask,
                             uint16_t *base, uint8_t *multiplier, uint8_t *index_mask)
{
    __asm__("lpm %A[mask], Z+\n\t"
            "lpm %B[mask], Z+\n\t"
            "lpm %C[mask], Z+\n\t"
            "lpm %D[mask], Z+\n\t"
            "lpm %A[base], Z+\n\t"
            "lpm %B[base], Z+\n\t"
            "lpm %[mul], Z+\n\t"
            "lpm %[imask], Z"
            : [mask] "=&r"(*ray_mask), [base] "=&r"(*base), [mul] "=&r"(*multiplier),
              [imask] "=&r"(*index_mask), [z] "+z"(entry));
}
#define kr_load_entry kr_load_entry

#endif
