// The benchmark program life.apl does not reach gpu IR yet (the generations are a host loop of kernels, soac.loop); the pass fails at the op. Its population count before the loop (+/+/ of the board, a redomap over rows with the board as mapped-out rows) is lowered.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/life.apl | not tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' 2>&1 | FileCheck %s
// CHECK-NOT: error: 'soac.redomap'
// CHECK: error: 'soac.loop' op cannot be lowered by convert-soac-to-hpar
