// The SOAC pipeline exactly as the issue writes it, with no canonicalization before the
// conversion, on APL programs: the inner-product example (thesis Fig. 3.5, whose `transp2`
// axis vectors are shape arithmetic over literals that only folding makes literal) and indexed
// assignment (whose updated array's extent `soac-simplify` reads through `soac.update`). Both
// lower, fuse (the inner product's zipWith+reduce become `redomap`s), and print what the tail
// interpreter prints.
// RUN: tail-translate --apl-to-tail %S/../../Frontend/APL/programs/seed_dot.apl -o %t.dot.mlir
// RUN: tail-opt %t.dot.mlir --pass-pipeline='builtin.module(convert-tail-to-soac,func.func(soac-simplify,cse,soac-fuse))' -o %t.dot.soac.mlir
// RUN: FileCheck %s --check-prefix=SOAC < %t.dot.soac.mlir
// RUN: tailc run %t.dot.mlir | FileCheck %s --check-prefix=DOT
// RUN: tailc run %t.dot.soac.mlir | FileCheck %s --check-prefix=DOT
// RUN: tail-translate --apl-to-tail %S/../../Frontend/APL/index-assign.apl -o %t.ia.mlir
// RUN: tail-opt %t.ia.mlir --pass-pipeline='builtin.module(convert-tail-to-soac,func.func(soac-simplify,cse,soac-fuse))' -o %t.ia.soac.mlir
// RUN: tailc run %t.ia.mlir | FileCheck %s --check-prefix=IA
// RUN: tailc run %t.ia.soac.mlir | FileCheck %s --check-prefix=IA

// SOAC-NOT:  tail.transp2
// SOAC-NOT:  tail.reduce
// SOAC:      soac.redomap
// SOAC:      soac.redomap
// SOAC-NOT:  soac.redomap

// DOT:       5 11  7
// DOT-NEXT: 11 25 19
// DOT-NEXT:  7 19 26
// DOT:      [](65780.0)

// IA:        [5](1,2,3,34,5)
// IA-NEXT:   [5](6,2,3,34,5)
// IA:        [](50.0)
