// The benchmark program mandelbrot2.apl does not reach gpu IR yet (a per-thread sequential loop inside a map lambda); the pass fails at the op.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/mandelbrot2.apl | not tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' 2>&1 | FileCheck %s
// CHECK: error: 'soac.map' op cannot be lowered by convert-soac-to-hpar: the lambda of a map over rows must be one inner soac.map
