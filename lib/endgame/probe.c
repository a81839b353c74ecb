/* SPDX-License-Identifier: MIT */
#include "endgame/probe.h"

uint32_t eg_table_init(struct eg_table *table, const uint8_t *values, uint8_t max_pieces)
{
    struct eg_signature sigs[EG_SIGNATURE_CODES];
    uint16_t count = eg_signatures(max_pieces, sigs);
    uint32_t size = 0;
    table->values = values;
    table->max_pieces = max_pieces;
    for (uint16_t i = 0; i < EG_SIGNATURE_CODES; i++)
        table->offset[i] = 0;
    for (uint16_t i = 0; i < count; i++) {
        table->offset[eg_signature_code(&sigs[i])] = size;
        size += eg_signature_size(&sigs[i]);
    }
    return size;
}

uint8_t eg_probe(const struct eg_table *table, const bd_position *pos)
{
    struct eg_signature sig;
    if (!table->values || !pos->pieces[BD_WHITE] || !pos->pieces[BD_BLACK])
        return EG_HOLE;
    if (eg_signature_of(pos, &sig) > table->max_pieces)
        return EG_HOLE;
    return table->values[table->offset[eg_signature_code(&sig)] + eg_index(pos, &sig)];
}
