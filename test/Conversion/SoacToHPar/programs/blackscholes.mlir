// The benchmark program blackscholes.apl through tail-to-gpu. soac-opt makes the whole
// program one `soac.redomap` of two values (the call and put sums) over `⍳n`; kernel
// extraction does not yet lower reductions of several values.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/blackscholes.apl | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt))' | FileCheck %s --check-prefix=SOAC
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/blackscholes.apl | not tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' 2>&1 | FileCheck %s
// SOAC: soac.iota : tensor<1024xi32>
// SOAC-NEXT: soac.redomap %{{.*}} init(%{{.*}}, %{{.*}}) comm : tensor<1024xi32> -> (f64, f64)
// SOAC-NOT: soac.{{map|reduce|redomap}}
// CHECK: error: 'soac.redomap' op cannot be lowered by convert-soac-to-hpar: only reductions of one value are supported, got 2
