// The benchmark program hotspot.apl through tail-to-gpu: 5 kernels (2 block-tree, 3 grid-thread).
// The time loop (⍣) is a host scf.for launching one kernel per step (the four neighbours are
// index functions in it) and copies nothing; the buffer it reads is freed in the iteration;
// ⌈/ and +/ after it are one reduction of two values (two kernels).
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/hotspot.apl | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s --check-prefix=HPAR
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/hotspot.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s
// HPAR-COUNT-5: tail.par =
// HPAR-NOT: tail.par =
// CHECK: func.func @main
// CHECK-COUNT-2: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: scf.for
// CHECK-NOT: gpu.memcpy
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-NOT: gpu.memcpy
// CHECK: gpu.dealloc
// CHECK-NEXT: scf.yield
// CHECK-COUNT-2: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @tail_kernels
// CHECK-COUNT-5: gpu.func @main_k
// CHECK-NOT: gpu.func
