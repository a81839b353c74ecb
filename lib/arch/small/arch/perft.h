/*
 * arch/perft.h (small) - found first on the include path of a build with
 * `MOVEGEN := small` (Makefile): no assembly override, since the assembly
 * perft counts with the assembly generator; lib/checkers/perft.c runs on
 * the small one.
 */
