// The benchmark program mandelbrot1.apl does not reach gpu IR yet: its iteration loop (⍣) is
// a host loop of kernels, but after it +/K is a map over rows whose lambda slices its row
// before reducing it (not a row reduction); the pass fails at the op.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/mandelbrot1.apl | not tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' 2>&1 | FileCheck %s
// CHECK: error: 'soac.map' op cannot be lowered by convert-soac-to-hpar: the lambda of a map over rows must be one inner soac.map over them
