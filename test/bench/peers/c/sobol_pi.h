/* The size and the direction numbers of dimension 2 of the Sobol MC-π reference
 * (sobol_pi.c). */
#ifndef TAIL_SOBOL_PI_H
#define TAIL_SOBOL_PI_H

#include <stdint.h>

#ifdef SMALL
static volatile long size_n = 256;
#else
static volatile long size_n = 10000000;
#endif

/* The 30 direction numbers of dimension 2 (polynomial x+1, m = 1 3 5 15 17 51 …) × 2^30. */
static const uint32_t V[30] = {
    536870912, 805306368, 671088640, 1006632960, 570425344, 855638016, 713031680, 1069547520,
    538968064, 808452096, 673710080, 1010565120, 572653568, 858980352, 715816960, 1073725440,
    536879104, 805318656, 671098880, 1006648320, 570434048, 855651072, 713042560, 1069563840,
    538976288, 808464432, 673720360, 1010580540, 572662306, 858993459};

#endif
