// RUN: tail-opt --convert-tail-io-to-rt %s | FileCheck %s
// A host copy made only to be printed (a device array copied back: memref.copy or
// gpu.memcpy into a fresh memref.alloc, then printed) is freed after the print. A copy used
// for anything else (here also read after the print) is left to its owner (one dealloc). (Every APL test
// program that prints an array runs this through `tailc run --target=cpu`.)

// CHECK-LABEL: func.func @tail.main() -> i32
// CHECK:         %[[SRC:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK:         %[[COPY:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK-NEXT:    memref.copy %[[SRC]], %[[COPY]]
// CHECK-NEXT:    %[[U:.*]] = memref.cast %[[COPY]] : memref<?xi32> to memref<*xi32>
// CHECK-NEXT:    call @tail_rt_print_memref_i32(%[[U]]) : (memref<*xi32>) -> ()
// CHECK-NEXT:    memref.dealloc %[[COPY]] : memref<?xi32>
// CHECK:         %[[KEPT:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK-NEXT:    memref.copy %[[SRC]], %[[KEPT]]
// CHECK-NEXT:    %[[V:.*]] = memref.cast %[[KEPT]] : memref<?xi32> to memref<*xi32>
// CHECK-NEXT:    call @tail_rt_print_memref_i32(%[[V]]) : (memref<*xi32>) -> ()
// CHECK-NEXT:    memref.load %[[KEPT]]
// CHECK-NEXT:    memref.dealloc %[[SRC]]
// CHECK-NEXT:    memref.dealloc %[[KEPT]]
// CHECK-NEXT:    return

module {
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %seven = arith.constant 7 : i32
    %src = memref.alloc(%c3) : memref<?xi32>
    scf.for %i = %c0 to %c3 step %c1 {
      memref.store %seven, %src[%i] : memref<?xi32>
    }
    %copy = memref.alloc(%c3) : memref<?xi32>
    memref.copy %src, %copy : memref<?xi32> to memref<?xi32>
    %arr = builtin.unrealized_conversion_cast %copy : memref<?xi32> to !tail.array<i32, 1>
    %p0 = tail.prArrI %arr : !tail.array<i32, 1>
    %kept = memref.alloc(%c3) : memref<?xi32>
    memref.copy %src, %kept : memref<?xi32> to memref<?xi32>
    %arr2 = builtin.unrealized_conversion_cast %kept : memref<?xi32> to !tail.array<i32, 1>
    %p1 = tail.prArrI %arr2 : !tail.array<i32, 1>
    %x = memref.load %kept[%c0] : memref<?xi32>
    memref.dealloc %src : memref<?xi32>
    memref.dealloc %kept : memref<?xi32>
    return %x : i32
  }
}
