/* Mandelbrot2 (test/bench/apl/mandelbrot2.apl, the per-element style: ⍣ inside ¨). The
 * sequential reference computes the same counts point by point: see mandel.h. */
#include "mandel.h"
