/* SPDX-License-Identifier: MIT */
/*
 * arch/kingray_ray.h (AVR) - the quiet king moves step along the ray: the
 * tables cost more flash than the 32 KB boards can spare for a few per cent
 * of a king ending's perft (the bench's kingray rows give the cost of a ray
 * each way).  A board with flash to spare chooses the tables
 * (`KINGRAY := table`, lib/arch/kingray-table).
 */
#ifndef BITDRAUGHTS_KINGRAY_RAY_AVR_H
#define BITDRAUGHTS_KINGRAY_RAY_AVR_H

#define kr_ray kr_ray_walk

#endif
