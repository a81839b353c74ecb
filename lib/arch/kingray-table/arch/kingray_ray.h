/* SPDX-License-Identifier: MIT */
/*
 * arch/kingray_ray.h (kingray-table) - found first on the include path of a
 * board with `KINGRAY := table` (lib/lib.mk): kr_ray is checkers/kingray.h's
 * default, the table, on a part whose flash can spare it (the ATmega2560),
 * where the AVR's own choice would walk.
 */
