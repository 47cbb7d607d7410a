// The benchmark program sobol_pi.apl does not reach gpu IR yet (after fusion, a redomap with mapped-out results); the pass fails at the op.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/sobol_pi.apl | not tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' 2>&1 | FileCheck %s
// CHECK: error: 'soac.redomap' op cannot be lowered by convert-soac-to-hpar: mapped-out results of a redomap are not supported yet
