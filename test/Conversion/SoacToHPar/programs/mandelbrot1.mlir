// The benchmark program mandelbrot1.apl does not reach gpu IR yet (soac.loop on the host); the pass fails at the op.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/mandelbrot1.apl | not tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' 2>&1 | FileCheck %s
// CHECK: error: 'soac.loop' op cannot be lowered by convert-soac-to-hpar
