/* Mandelbrot1 (test/bench/apl/mandelbrot1.apl, the vectorised style: ⍣ over whole arrays of
 * points). The sequential reference computes the same counts point by point: see mandel.h. */
#include "mandel.h"
