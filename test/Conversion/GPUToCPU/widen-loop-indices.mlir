// RUN: tailc run --target=interp %s > %t.ref
// RUN: tailc run --target=interp --after=widen-loop-indices %s > %t.wide
// RUN: diff %t.ref %t.wide
// RUN: tailc run --target=cpu %s > %t.native
// RUN: diff %t.ref %t.native
// RUN: FileCheck %s --input-file=%t.ref --check-prefix=EXEC
// RUN: tail-opt %s --pass-pipeline='builtin.module(widen-loop-indices,canonicalize)' | FileCheck %s

// FCL's positions are 32-bit ints that wrap: a tile copy reads a[sext(base + trunc(i))]. Where
// base + (trip count − 1) fits in an i32 the position is sext(base) + i, which LLVM sees as
// consecutive; the loop is versioned on that, the original kept for the wrapping case.

// CHECK-LABEL: func.func @copy
// CHECK-SAME:    (%[[A:.*]]: memref<?xf64>, %[[O:.*]]: memref<?xf64>, %[[BASE:.*]]: i32, %[[LB:.*]]: index, %[[UB:.*]]: index)
// CHECK-DAG:     %[[MAX:.*]] = arith.constant 2147483647 : index
// CHECK-DAG:     %[[SPAN:.*]] = arith.constant 2147483648 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// The position at the first iteration, sign-extended, and the guard.
// CHECK:         %[[T0:.*]] = arith.index_cast %[[LB]] : index to i32
// CHECK-NEXT:    %[[E0:.*]] = arith.addi %[[BASE]], %[[T0]] : i32
// CHECK-NEXT:    %[[F:.*]] = arith.index_cast %[[E0]] : i32 to index
// CHECK-NEXT:    %[[TRIP:.*]] = arith.subi %[[UB]], %[[LB]] : index
// CHECK-NEXT:    %[[EMPTY:.*]] = arith.cmpi sle, %[[UB]], %[[LB]] : index
// CHECK-NEXT:    %[[STEPS:.*]] = arith.subi %[[TRIP]], %[[C1]] : index
// CHECK-NEXT:    %[[SHORT:.*]] = arith.cmpi ule, %[[TRIP]], %[[SPAN]] : index
// CHECK-NEXT:    %[[LAST:.*]] = arith.addi %[[F]], %[[STEPS]] : index
// CHECK-NEXT:    %[[FITS:.*]] = arith.cmpi sle, %[[LAST]], %[[MAX]] : index
// CHECK-NEXT:    %[[BOTH:.*]] = arith.andi %[[SHORT]], %[[FITS]] : i1
// CHECK-NEXT:    %[[OK:.*]] = arith.ori %[[EMPTY]], %[[BOTH]] : i1
// CHECK-NEXT:    scf.if %[[OK]] {
// CHECK-NEXT:      scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[C1]] {
// CHECK-NEXT:        %[[D:.*]] = arith.subi %[[I]], %[[LB]] : index
// CHECK-NEXT:        %[[P:.*]] = arith.addi %[[F]], %[[D]] : index
// CHECK-NEXT:        memref.load %[[A]][%[[P]]] : memref<?xf64>
// CHECK-NOT:         arith.index_cast
// CHECK:           }
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.for
// CHECK:             arith.index_cast %{{.*}} : i32 to index
// CHECK:           }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @copy(%a: memref<?xf64>, %o: memref<?xf64>, %base: i32, %lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    %t = arith.index_cast %i : index to i32
    %e = arith.addi %base, %t : i32
    %p = arith.index_cast %e : i32 to index
    %v = memref.load %a[%p] : memref<?xf64>
    %j = arith.subi %i, %lb : index
    memref.store %v, %o[%j] : memref<?xf64>
  }
  return
}

// A position counting down (a reversal: n − 1 − i, the − 1 and the n in i32), a sum carried
// by the loop (the scf.if yields the loop's result), and one position written out as a value:
// near the top of the i32 range it wraps, and the loop as it was runs.
// CHECK-LABEL: func.func @down
// CHECK-DAG:     %[[MIN:.*]] = arith.constant -2147483648 : index
// CHECK:         arith.cmpi sge, %{{.*}}, %[[MIN]] : index
// CHECK:         %[[R:.*]]:2 = scf.if %{{.*}} -> (f64, i64) {
// CHECK-NEXT:      %[[FAST:.*]]:2 = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK-NEXT:        arith.subi %{{.*}}, %[[I]] : index
// CHECK-NEXT:        arith.addi %{{.*}}, %[[I]] : index
// CHECK-NOT:         arith.index_cast %{{.*}} : i32 to index
// CHECK:           scf.yield %[[FAST]]#0, %[[FAST]]#1 : f64, i64
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[SLOW:.*]]:2 = scf.for
// CHECK:           scf.yield %[[SLOW]]#0, %[[SLOW]]#1 : f64, i64
// CHECK:         return %[[R]]#0, %[[R]]#1 : f64, i64
func.func @down(%a: memref<?xf64>, %n: i32, %base: i32, %len: index) -> (f64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %z = arith.constant 0.0 : f64
  %zi = arith.constant 0 : i64
  %r:2 = scf.for %i = %c0 to %len step %c1 iter_args(%s = %z, %w = %zi) -> (f64, i64) {
    %t = arith.index_cast %i : index to i32
    %m = arith.subi %n, %one : i32
    %e = arith.subi %m, %t : i32
    %p = arith.index_cast %e : i32 to index
    %v = memref.load %a[%p] : memref<?xf64>
    %s2 = arith.addf %s, %v : f64
    %u = arith.addi %t, %base : i32
    %q = arith.index_cast %u : i32 to index
    %qi = arith.index_cast %q : index to i64
    %w2 = arith.xori %w, %qi : i64
    scf.yield %s2, %w2 : f64, i64
  }
  return %r#0, %r#1 : f64, i64
}

// Left alone: a stride of 2 (not consecutive), a division in the chain (it would run before
// the loop), a 16-bit sum (it wraps at 2^16), a loop with a loop inside, a step of 2.
// CHECK-LABEL: func.func @alone
// CHECK-NOT:     scf.if
// CHECK:         scf.for
// CHECK:         scf.for
// CHECK-NOT:     scf.if
// CHECK:         return
func.func @alone(%a: memref<?xf64>, %o: memref<?xf64>, %base: i32, %k: i32, %n: index, %h: i16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %two = arith.constant 2 : i32
  scf.for %i = %c0 to %n step %c1 {
    %t = arith.index_cast %i : index to i32
    %t2 = arith.muli %t, %two : i32
    %e = arith.addi %base, %t2 : i32
    %p = arith.index_cast %e : i32 to index
    %v = memref.load %a[%p] : memref<?xf64>
    %d = arith.divsi %base, %k : i32
    %e2 = arith.addi %d, %t : i32
    %p2 = arith.index_cast %e2 : i32 to index
    %v2 = memref.load %a[%p2] : memref<?xf64>
    %t3 = arith.index_cast %i : index to i16
    %e3 = arith.addi %h, %t3 : i16
    %x3 = arith.extsi %e3 : i16 to i32
    %p3 = arith.index_cast %x3 : i32 to index
    %v3 = memref.load %a[%p3] : memref<?xf64>
    %s = arith.addf %v, %v2 : f64
    %s3 = arith.addf %s, %v3 : f64
    memref.store %s3, %o[%i] : memref<?xf64>
    scf.for %j = %c0 to %n step %c1 {
      memref.store %s3, %o[%j] : memref<?xf64>
    }
  }
  scf.for %i = %c0 to %n step %c2 {
    %t = arith.index_cast %i : index to i32
    %e = arith.addi %base, %t : i32
    %p = arith.index_cast %e : i32 to index
    %v = memref.load %a[%p] : memref<?xf64>
    memref.store %v, %o[%i] : memref<?xf64>
  }
  return
}

// a = 0…9: a copy of a[3…7] (versioned, the fast loop runs); the sum of a reversed; the xor
// of 2147483645 + i for i < 4 (it wraps after 2: the loop as it was runs, giving −4), and of
// 100 + i (0). The prints come first, then the copy.
// EXEC: {{^}}[](45.0){{$}}
// EXEC-NEXT: {{^}}[](-4){{$}}
// EXEC-NEXT: {{^}}[](0){{$}}
// EXEC-NEXT: {{^}}[5](3.0,4.0,5.0,6.0,7.0){{$}}
func.func @main() -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %a = memref.alloc(%c10) : memref<?xf64>
  scf.for %i = %c0 to %c10 step %c1 {
    %t = arith.index_cast %i : index to i64
    %f = arith.sitofp %t : i64 to f64
    memref.store %f, %a[%i] : memref<?xf64>
  }
  %c5 = arith.constant 5 : index
  %o = memref.alloc(%c5) : memref<?xf64>
  %zero = arith.constant 0 : i32
  func.call @copy(%a, %o, %zero, %c3, %c8) : (memref<?xf64>, memref<?xf64>, i32, index, index) -> ()
  %ten = arith.constant 10 : i32
  %all:2 = func.call @down(%a, %ten, %ten, %c10) : (memref<?xf64>, i32, i32, index) -> (f64, i64)
  %s = tail.prSclD %all#0 : f64
  %big = arith.constant 2147483645 : i32
  %r:2 = func.call @down(%a, %ten, %big, %c4) : (memref<?xf64>, i32, i32, index) -> (f64, i64)
  %rx = arith.trunci %r#1 : i64 to i32
  %rp = tail.prSclI %rx : i32
  %hundred = arith.constant 100 : i32
  %q:2 = func.call @down(%a, %ten, %hundred, %c4) : (memref<?xf64>, i32, i32, index) -> (f64, i64)
  %qx = arith.trunci %q#1 : i64 to i32
  %qp = tail.prSclI %qx : i32
  return %o : memref<?xf64>
}
