// The benchmark program easter.apl through tail-to-gpu: 3 kernels (2 block-tree, 1 grid-thread).
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/easter.apl | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s --check-prefix=HPAR
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/easter.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/easter.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s --check-prefix=HOST
// HPAR-COUNT-3: tail.par =
// HPAR-NOT: tail.par =
// CHECK: func.func @main
// CHECK-COUNT-3: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @tail_kernels
// CHECK-COUNT-3: gpu.func @main_k
// CHECK-NOT: gpu.func
// HOST: %[[H:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// HOST-NEXT: gpu.memcpy %[[H]], %{{.*}} : memref<?xi32>, memref<?xi32>
// HOST-NEXT: %[[A:.*]] = builtin.unrealized_conversion_cast %[[H]] : memref<?xi32> to !tail.array<i32, 1>
// HOST-NEXT: tail.prArrI %[[A]] : !tail.array<i32, 1>
// HOST-NOT: tail.
// HOST: gpu.module @tail_kernels
