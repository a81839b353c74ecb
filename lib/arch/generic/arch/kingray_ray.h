/* SPDX-License-Identifier: MIT */
/*
 * arch/kingray_ray.h (generic) - no choice: kr_ray is checkers/kingray.h's
 * default, the table.
 */
