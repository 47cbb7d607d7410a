// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s
// RUN: tail-opt %s --pass-pipeline='builtin.module(soac-to-gpu)' | FileCheck %s --check-prefix=GPU

// Complex numbers in kernels: a complex array is two f64 arrays (real parts, imaginary
// parts), a map with a complex result is one program per part, the complex operations of a
// lambda are f64 arithmetic, and the host casts take or give the two parts together.

// CHECK-LABEL: func.func @shift
// CHECK-SAME:    (%[[T:.*]]: !tail.array<complex<f64>, 1>, %[[W:.*]]: complex<f64>) -> f64
// CHECK:         %[[WR:.*]] = tail.rex %[[W]] : complex<f64> -> f64
// CHECK-NEXT:    %[[WI:.*]] = tail.imx %[[W]] : complex<f64> -> f64
// CHECK:         %[[H:.*]]:2 = builtin.unrealized_conversion_cast %[[T]] : !tail.array<complex<f64>, 1> to memref<?xf64>, memref<?xf64>
// The real part: (v + 1)·w, exp, conjugate.
// CHECK:         %[[RE:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK:           %[[A:.*]] = memref.load %[[H]]#0[%{{.*}}] : memref<?xf64>
// CHECK-NEXT:      %[[B:.*]] = memref.load %[[H]]#1[%{{.*}}] : memref<?xf64>
// CHECK:           %[[SR:.*]] = arith.addf %[[A]], %{{.*}} : f64
// CHECK-NEXT:      %[[SI:.*]] = arith.addf %[[B]], %{{.*}} : f64
// CHECK-NEXT:      %[[AC:.*]] = arith.mulf %[[SR]], %[[WR]] : f64
// CHECK-NEXT:      %[[BD:.*]] = arith.mulf %[[SI]], %[[WI]] : f64
// CHECK-NEXT:      %[[AD:.*]] = arith.mulf %[[SR]], %[[WI]] : f64
// CHECK-NEXT:      %[[BC:.*]] = arith.mulf %[[SI]], %[[WR]] : f64
// CHECK-NEXT:      %[[MR:.*]] = arith.subf %[[AC]], %[[BD]] : f64
// CHECK-NEXT:      %[[MI:.*]] = arith.addf %[[AD]], %[[BC]] : f64
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[MR]] : f64
// CHECK-NEXT:      %[[C:.*]] = math.cos %[[MI]] : f64
// CHECK-NEXT:      %[[S:.*]] = math.sin %[[MI]] : f64
// CHECK-NEXT:      %[[ER:.*]] = arith.mulf %[[E]], %[[C]] : f64
// CHECK:           hpar.yield %[[ER]] : f64
// CHECK:         } {tail.par = "grid-thread"}
// The imaginary part: the same lambda, conjugated.
// CHECK:         %[[IM:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK:           math.sin
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      %[[EI:.*]] = arith.mulf %{{.*}}, %{{.*}} : f64
// CHECK-NEXT:      %[[N:.*]] = arith.negf %[[EI]] : f64
// CHECK-NEXT:      hpar.yield %[[N]] : f64
// CHECK:         } {tail.par = "grid-thread"}
// CHECK:         %[[MRE:.*]] = builtin.unrealized_conversion_cast %[[RE]], %{{.*}} : !hpar.pull<f64, grid>, index to memref<?xf64>
// CHECK-NEXT:    %[[MIM:.*]] = builtin.unrealized_conversion_cast %[[IM]], %{{.*}} : !hpar.pull<f64, grid>, index to memref<?xf64>
// CHECK-NEXT:    %[[AR:.*]] = builtin.unrealized_conversion_cast %[[MRE]], %[[MIM]] : memref<?xf64>, memref<?xf64> to !tail.array<complex<f64>, 1>
// CHECK-NEXT:    tail.prArrX %[[AR]] : !tail.array<complex<f64>, 1>
// An element read on the host is put together again.
// CHECK-NEXT:    %[[X:.*]] = hpar.index %[[RE]][%{{.*}}] : !hpar.pull<f64, grid>
// CHECK-NEXT:    %[[Y:.*]] = hpar.index %[[IM]][%{{.*}}] : !hpar.pull<f64, grid>
// CHECK-NEXT:    %[[Z:.*]] = tail.injx %[[X]], %[[Y]] : f64 -> complex<f64>
// CHECK-NEXT:    tail.prSclX %[[Z]] : complex<f64>
// The sum of the real parts reads the real-part array.
// CHECK:         hpar.program<grid>
// CHECK:           hpar.index %[[RE]][%{{.*}}] : !hpar.pull<f64, grid>
// CHECK:         } {tail.par = "block-tree"}

// GPU-LABEL: func.func @shift
// GPU:         %[[H:.*]]:2 = builtin.unrealized_conversion_cast %{{.*}} : !tail.array<complex<f64>, 1> to memref<?xf64>, memref<?xf64>
// GPU:         gpu.memcpy %{{.*}}, %[[H]]#0 : memref<?xf64>, memref<?xf64>
// GPU:         gpu.memcpy %{{.*}}, %[[H]]#1 : memref<?xf64>, memref<?xf64>
// GPU:         gpu.launch_func @tail_kernels::@shift_k0
// GPU:         gpu.launch_func @tail_kernels::@shift_k1
// GPU:         builtin.unrealized_conversion_cast %{{.*}}, %{{.*}} : memref<?xf64>, memref<?xf64> to !tail.array<complex<f64>, 1>
// GPU:       gpu.module @tail_kernels
// GPU:         gpu.func @shift_k0(
// GPU-NOT:       complex
// GPU:           math.exp
// GPU:           gpu.return
func.func @shift(%t: !tail.array<complex<f64>, 1>, %w: complex<f64>) -> f64 {
  %x = builtin.unrealized_conversion_cast %t : !tail.array<complex<f64>, 1> to tensor<?xcomplex<f64>>
  %one = arith.constant 1.000000e+00 : f64
  %y = soac.map %x : tensor<?xcomplex<f64>> -> tensor<?xcomplex<f64>> {
  ^bb0(%v: complex<f64>):
    %d = tail.d2x %one : f64 -> complex<f64>
    %s = tail.addx %v, %d : complex<f64>
    %m = tail.mulx %s, %w : complex<f64>
    %e = tail.expx %m : complex<f64>
    %c = tail.conjx %e : complex<f64>
    soac.yield %c : complex<f64>
  }
  %arr = builtin.unrealized_conversion_cast %y : tensor<?xcomplex<f64>> to !tail.array<complex<f64>, 1>
  %p = tail.prArrX %arr : !tail.array<complex<f64>, 1>
  %c0 = arith.constant 0 : index
  %first = soac.index %y[%c0] : tensor<?xcomplex<f64>> -> complex<f64>
  %q = tail.prSclX %first : complex<f64>
  %z = arith.constant 0.000000e+00 : f64
  %r = soac.redomap %y init(%z) comm : tensor<?xcomplex<f64>> -> f64 reduce {
  ^bb0(%a: f64, %b: f64):
    %o = arith.addf %a, %b : f64
    soac.yield %o : f64
  } map {
  ^bb0(%v: complex<f64>):
    %re = tail.rex %v : complex<f64> -> f64
    soac.yield %re : f64
  }
  return %r : f64
}

// Views of complex arrays apply to both parts: complex constants (from `tail.injx` and
// `tail.d2x`) are split into their operands, replicated and concatenated, then rotated; the
// printed view is stored by one program per part.
// CHECK-LABEL: func.func @table
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2.000000e+00 : f64
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:         %[[RE:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK:           arith.remsi
// CHECK:           scf.yield %[[ONE]] : f64
// CHECK:           scf.yield %[[TWO]] : f64
// CHECK:         } {tail.par = "grid-thread"}
// CHECK:         %[[IM:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK:           scf.yield %[[TWO]] : f64
// CHECK:           scf.yield %[[ZERO]] : f64
// CHECK:         } {tail.par = "grid-thread"}
// CHECK:         %[[A:.*]] = builtin.unrealized_conversion_cast %{{.*}}, %{{.*}} : memref<?xf64>, memref<?xf64> to !tail.array<complex<f64>, 1>
// CHECK-NEXT:    tail.prArrX %[[A]] : !tail.array<complex<f64>, 1>
func.func @table(%n: index) {
  %a = arith.constant 1.000000e+00 : f64
  %b = arith.constant 2.000000e+00 : f64
  %z1 = tail.injx %a, %b : f64 -> complex<f64>
  %z2 = tail.d2x %b : f64 -> complex<f64>
  %r1 = soac.replicate %z1 : complex<f64> -> tensor<1xcomplex<f64>>
  %r2 = soac.replicate %z2 : complex<f64> -> tensor<1xcomplex<f64>>
  %r3 = soac.replicate %z1 times %n : complex<f64> -> tensor<?xcomplex<f64>>
  %c = soac.concat %r1, %r2, %r1, %r3 along 0 : tensor<1xcomplex<f64>>, tensor<1xcomplex<f64>>, tensor<1xcomplex<f64>>, tensor<?xcomplex<f64>> -> tensor<?xcomplex<f64>>
  %rv = soac.rotate %c [%n] : tensor<?xcomplex<f64>>
  %arr = builtin.unrealized_conversion_cast %rv : tensor<?xcomplex<f64>> to !tail.array<complex<f64>, 1>
  %p = tail.prArrX %arr : !tail.array<complex<f64>, 1>
  return
}

// An scf.if choosing complex arrays chooses both parts; arith.select on complex numbers
// selects both parts.
// CHECK-LABEL: func.func @pick
// CHECK:         %[[H:.*]]:2 = builtin.unrealized_conversion_cast %{{.*}} : !tail.array<complex<f64>, 1> to memref<?xf64>, memref<?xf64>
// CHECK:         hpar.program<grid>
// CHECK:           %[[RE:.*]] = scf.if %{{.*}} -> (f64) {
// CHECK:             memref.load %[[H]]#0
// CHECK:           %[[IM:.*]] = scf.if %{{.*}} -> (f64) {
// CHECK:             memref.load %[[H]]#1
// CHECK:           %[[SI:.*]] = arith.addf %[[IM]], %{{.*}} : f64
// CHECK:           %[[Q:.*]] = arith.select %{{.*}}, %[[SI]], %[[IM]] : f64
// CHECK:           yield %[[Q]] : f64
func.func @pick(%a: !tail.array<complex<f64>, 1>, %c: i1, %w: complex<f64>) -> f64 {
  %x = builtin.unrealized_conversion_cast %a : !tail.array<complex<f64>, 1> to tensor<?xcomplex<f64>>
  %k = arith.constant 1 : index
  %z = scf.if %c -> (tensor<?xcomplex<f64>>) {
    scf.yield %x : tensor<?xcomplex<f64>>
  } else {
    %e = soac.rotate %x [%k] : tensor<?xcomplex<f64>>
    scf.yield %e : tensor<?xcomplex<f64>>
  }
  %y = soac.map %z : tensor<?xcomplex<f64>> -> tensor<?xf64> {
  ^bb0(%v: complex<f64>):
    %s = tail.addx %v, %w : complex<f64>
    %q = arith.select %c, %s, %v : complex<f64>
    %r = tail.imx %q : complex<f64> -> f64
    soac.yield %r : f64
  }
  %zero = arith.constant 0.0 : f64
  %t = soac.reduce %y init(%zero) comm : tensor<?xf64> -> f64 {
  ^bb0(%a1: f64, %b: f64):
    %o = arith.addf %a1, %b : f64
    soac.yield %o : f64
  }
  return %t : f64
}
