// The kernels of test/Target/CPU/thread-scans.apl, thread-storage.apl and thread-heap.apl (scans,
// compressions and power loops over arrays in a thread, in the thread's storage: a global
// buffer per launch given by gpu-thread-storage) pass ptxas for sm_90, and the storage is
// indexed thread-innermost (kernel 5, a scan of a matrix's rows). A scan that one reduction
// folds as it is computed (kernel 0) has no storage. A scan of a length computed in the
// thread (kernel 7, `{(+\ ⍳ n + ⍵)[3]}¨`) is stored too: a sizing kernel (`main_k7_sizes`)
// runs first and leaves the longest thread's length in a device buffer, which the host reads
// back to size the storage.
// REQUIRES: ptxas
// RUN: tail-translate --apl-to-ptx %S/../CPU/thread-scans.apl -o %t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: tail-translate --apl-to-ptx %S/../CPU/thread-storage.apl -o %t2.ptx
// RUN: ptxas -arch=sm_90 %t2.ptx -o %t2.cubin
// RUN: tail-translate --apl-to-ptx %S/../CPU/thread-heap.apl -o %t3.ptx
// RUN: ptxas -arch=sm_90 %t3.ptx -o %t3.cubin
// RUN: tail-translate --apl-to-ptx --emit=mlir %S/../CPU/thread-scans.apl -o - | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK:         gpu.launch_func @tail_kernels::@main_k0 {{.*}} args(%{{[^:]*}} : memref<?xi32>)
// CHECK:         gpu.launch_func @tail_kernels::@main_k5 {{.*}} args(%{{.*}} : memref<?xi32>, %{{.*}} : index, %[[S:.*]] : memref<?xi32>)
// CHECK-NEXT:    gpu.dealloc %[[S]] : memref<?xi32>
// CHECK:         %[[MAXD:.*]] = gpu.alloc(%{{.*}}) : memref<?xi64>
// CHECK:         gpu.launch_func @tail_kernels::@main_k7_sizes {{.*}} args(%[[IN:[^:]*]] : memref<?xi32>, %[[MAXD]] : memref<?xi64>)
// CHECK-NEXT:    gpu.memcpy %[[MAXH:.*]], %[[MAXD]] : memref<?xi64>, memref<?xi64>
// CHECK-NEXT:    %[[MAX:.*]] = memref.load %[[MAXH]][%{{.*}}] : memref<?xi64>
// CHECK-NEXT:    %[[N:.*]] = arith.index_cast %[[MAX]] : i64 to index
// CHECK:         %[[TOTAL:.*]] = arith.muli %[[N]], %{{.*}} : index
// CHECK-NEXT:    %[[S7:.*]] = gpu.alloc(%[[TOTAL]]) : memref<?xi32>
// CHECK-NEXT:    gpu.launch_func @tail_kernels::@main_k7 {{.*}} args(%[[IN]] : memref<?xi32>, %[[S7]] : memref<?xi32>)
// CHECK-LABEL: gpu.func @main_k0(%{{[^:]*}}: memref<?xi32>) kernel
// CHECK-NOT:     memref.alloca
// CHECK:         gpu.return
// CHECK-LABEL: gpu.func @main_k5(
// CHECK-NOT:     memref.alloca
// CHECK:         gpu.grid_dim x
// CHECK:         gpu.return
// CHECK-LABEL: gpu.func @main_k7(%{{[^:]*}}: memref<?xi32>, %{{[^:]*}}: memref<?xi32>) kernel
// CHECK-NOT:     memref.alloca
// CHECK:         gpu.return
// CHECK-LABEL: gpu.func @main_k7_sizes(
// CHECK-SAME:    %{{[^:]*}}: memref<?xi32>, %[[OUT:[^:]*]]: memref<?xi64>) kernel
// CHECK-NOT:     memref.store
// CHECK:         memref.atomic_rmw maxs %{{.*}}, %[[OUT]][%{{.*}}] : (i64, memref<?xi64>) -> i64
// CHECK-NOT:     memref.store
// CHECK:         gpu.return
