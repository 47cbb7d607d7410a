// RUN: tail-opt --convert-tail-io-to-rt %s | FileCheck %s
// RUN: tail-opt --convert-tail-io-to-rt %s | mlir-opt --pass-pipeline='builtin.module(convert-scf-to-cf,convert-math-to-llvm,finalize-memref-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' | FileCheck %s --check-prefix=LLVM
// REQUIRES: mlir-opt
// The host's tail ops become runtime calls: arrays as unranked memrefs, scalars by value
// (bools as bytes, chars as code points), complex scalars as pairs of doubles, formatI in
// two calls (count, then a copy into a buffer of that size). Functions are renamed to
// @tail.*, and @tail_program runs @main and prints its result.

// CHECK-LABEL: func.func @tail.main() -> f64
// CHECK:         %[[A:.*]] = arith.constant 97 : i32
// CHECK:         %[[M:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK:         %[[U:.*]] = memref.cast %[[M]] : memref<?xi32> to memref<*xi32>
// CHECK:         call @tail_rt_print_memref_i32(%[[U]]) : (memref<*xi32>) -> ()
// CHECK:         call @tail_rt_print_f64(%{{.*}}) : (f64) -> ()
// CHECK:         call @tail_rt_print_char(%[[A]]) : (i32) -> ()
// CHECK:         %[[B:.*]] = arith.extui %{{.*}} : i1 to i8
// CHECK:         call @tail_rt_print_bool(%[[B]]) : (i8) -> ()
// (3+4i)(1+1i) = -1+7i
// CHECK:         %[[AC:.*]] = arith.mulf
// CHECK:         %[[BD:.*]] = arith.mulf
// CHECK:         %[[AD:.*]] = arith.mulf
// CHECK:         %[[BC:.*]] = arith.mulf
// CHECK:         %[[RE:.*]] = arith.subf %[[AC]], %[[BD]] : f64
// CHECK:         %[[IM:.*]] = arith.addf %[[AD]], %[[BC]] : f64
// CHECK:         call @tail_rt_print_complex(%[[RE]], %[[IM]]) : (f64, f64) -> ()
// CHECK:         %[[H:.*]] = call @hypot(%{{.*}}, %{{.*}}) : (f64, f64) -> f64
// CHECK:         call @tail_rt_print_f64(%[[H]])
// CHECK:         %[[N:.*]] = call @tail_rt_format_int_begin(%{{.*}}) : (i64) -> i64
// CHECK:         %[[NI:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK:         %[[S:.*]] = memref.alloc(%[[NI]]) : memref<?xi32>
// CHECK:         call @tail_rt_take_i32(%{{.*}}) : (memref<*xi32>) -> ()
// CHECK:         %[[SU:.*]] = memref.cast %[[S]] : memref<?xi32> to memref<*xi32>
// CHECK:         call @tail_rt_print_memref_char(%[[SU]])
// CHECK:         %[[R:.*]] = call @tail_rt_roll(%{{.*}}) : (i32) -> f64
// CHECK:         return %[[R]] : f64
// CHECK-NOT:   tail.
// CHECK-LABEL: func.func @tail_program()
// CHECK:         call @tail_rt_check_inputs(%{{.*}}) : (i64) -> ()
// CHECK-NEXT:    %[[V:.*]] = call @tail.main() : () -> f64
// CHECK-NEXT:    call @tail_rt_print_f64(%[[V]]) : (f64) -> ()
// CHECK-NEXT:    return

// LLVM: llvm.func @tail_rt_print_memref_i32(i64, !llvm.ptr)
// LLVM: llvm.func @tail_program()

module {
  func.func @main() -> f64 {
    %c3 = arith.constant 3 : index
    %x = arith.constant 2.500000e+00 : f64
    %a = tail.const_char 97
    %one = arith.constant 1.000000e+00 : f64
    %three = arith.constant 3.000000e+00 : f64
    %four = arith.constant 4.000000e+00 : f64
    %c42 = arith.constant 42 : i32
    %six = arith.constant 6 : i32
    %t = arith.constant true
    %m = memref.alloc(%c3) : memref<?xi32>
    %arr = builtin.unrealized_conversion_cast %m : memref<?xi32> to !tail.array<i32, 1>
    %p0 = tail.prArrI %arr : !tail.array<i32, 1>
    %p1 = tail.prSclD %x : f64
    %p2 = tail.prSclC %a : !tail.char
    %p3 = tail.prSclB %t : i1
    %u = tail.injx %one, %one : f64 -> complex<f64>
    %v = tail.injx %three, %four : f64 -> complex<f64>
    %w = tail.mulx %v, %u : complex<f64>
    %p4 = tail.prSclX %w : complex<f64>
    %mag = tail.magnx %v : complex<f64> -> f64
    %p5 = tail.prSclD %mag : f64
    %s = tail.formatI %c42 : (i32) -> !tail.array<!tail.char, 1>
    %p6 = tail.prArrC %s : !tail.array<!tail.char, 1>
    %r = tail.roll %six : i32 -> f64
    memref.dealloc %m : memref<?xi32>
    return %r : f64
  }
}
