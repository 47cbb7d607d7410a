// The benchmark program hotspot.apl through tail-to-gpu: 8 kernels. The time loop (⍣) is a
// host scf.for that launches one kernel per step (the four neighbours are index functions in
// it) and carries the temperatures in device buffers: no copy in the loop, the buffer read is
// freed. Three kernels before the loop (the power table, the initial temperatures), four
// after it (⌈/ and +/, two each).
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/hotspot.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s
// CHECK: func.func @main
// CHECK-COUNT-3: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: scf.for {{.*}} iter_args(%[[T:.*]] = %{{.*}}) -> (memref<?x?xf64>) {
// CHECK-NOT: gpu.memcpy
// CHECK: gpu.launch_func @tail_kernels::@main_k3
// CHECK-NOT: gpu.memcpy
// CHECK: gpu.dealloc %[[T]]
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-COUNT-4: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @tail_kernels
// CHECK-COUNT-8: gpu.func @main_k
// CHECK-NOT: gpu.func
