/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "bits/progmem.h"

uint8_t bd_pgm_word_index(const char *list_P, const char *word)
{
    uint8_t index = 0;
    for (; pgm_read_byte(list_P); list_P += strlen_P(list_P) + 1u, index++)
        if (!strcmp_P(word, list_P))
            break;
    return index;
}
