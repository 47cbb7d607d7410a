// RUN: tail-opt %s | tail-opt | FileCheck %s

// CHECK-LABEL: func.func @scalars
func.func @scalars(%a: i32, %b: i32, %d: f64, %p: i1, %c: !tail.char, %z: complex<f64>) {
  // CHECK: tail.addi %{{.*}}, %{{.*}} : i32
  %0 = tail.addi %a, %b : i32
  // CHECK: tail.shari %{{.*}}, %{{.*}} : i32
  %1 = tail.shari %a, %b : i32
  // CHECK: tail.powd %{{.*}}, %{{.*}} : f64
  %2 = tail.powd %d, %d : f64
  // CHECK: tail.nandb %{{.*}}, %{{.*}} : i1
  %3 = tail.nandb %p, %p : i1
  // CHECK: tail.mulx %{{.*}}, %{{.*}} : complex<f64>
  %4 = tail.mulx %z, %z : complex<f64>
  // CHECK: tail.ltei %{{.*}}, %{{.*}} : i32
  %5 = tail.ltei %a, %b : i32
  // CHECK: tail.neqd %{{.*}}, %{{.*}} : f64
  %6 = tail.neqd %d, %d : f64
  // CHECK: tail.gtec %{{.*}}, %{{.*}} : !tail.char
  %7 = tail.gtec %c, %c : !tail.char
  // CHECK: tail.signi %{{.*}} : i32
  %8 = tail.signi %a : i32
  // CHECK: tail.tanh %{{.*}} : f64
  %9 = tail.tanh %d : f64
  // CHECK: tail.notb %{{.*}} : i1
  %10 = tail.notb %p : i1
  // CHECK: tail.conjx %{{.*}} : complex<f64>
  %11 = tail.conjx %z : complex<f64>
  // CHECK: tail.floor %{{.*}} : f64 -> i32
  %12 = tail.floor %d : f64 -> i32
  // CHECK: tail.magnx %{{.*}} : complex<f64> -> f64
  %13 = tail.magnx %z : complex<f64> -> f64
  // CHECK: tail.d2x %{{.*}} : f64 -> complex<f64>
  %14 = tail.d2x %d : f64 -> complex<f64>
  // CHECK: tail.i2d %{{.*}} : i32 -> f64
  %15 = tail.i2d %a : i32 -> f64
  // CHECK: tail.b2i %{{.*}} : i1 -> i32
  %16 = tail.b2i %p : i1 -> i32
  // CHECK: tail.injx %{{.*}}, %{{.*}} : f64 -> complex<f64>
  %17 = tail.injx %d, %d : f64 -> complex<f64>
  // CHECK: tail.pi : f64
  %18 = tail.pi : f64
  // CHECK: tail.const 3 : i32
  %19 = tail.const 3 : i32
  // CHECK: tail.const 2.500000e+00 : f64
  %20 = tail.const 2.5 : f64
  // CHECK: tail.const_char 65
  %21 = tail.const_char 65
  // CHECK: tail.sconst : !tail.s<i32, 3>
  %22 = tail.sconst : !tail.s<i32, 3>
  // CHECK: tail.sconst : !tail.sv<i1, 1>
  %23 = tail.sconst : !tail.sv<i1, 1>
  // CHECK: tail.roll %{{.*}} : i32 -> f64
  %24 = tail.roll %a : i32 -> f64
  // CHECK: tail.nowi %{{.*}} : i32
  %25 = tail.nowi %a : i32
  return
}

// CHECK-LABEL: func.func @types
// CHECK-SAME: !tail.array<i32, ?a>, %{{.*}}: !tail.array<f64, ?b+1>, %{{.*}}: !tail.vec<i32, ?n>
func.func @types(%a: !tail.array<i32, ?a>, %b: !tail.array<f64, ?b+1>, %v: !tail.vec<i32, ?n>) {
  return
}

// CHECK-LABEL: func.func @arrays
func.func @arrays(%n: i32, %a: !tail.array<i32, 1>, %m: !tail.array<i32, 2>, %v: !tail.vec<i32, 3>,
                  %s: !tail.s<i32, 2>, %sv: !tail.sv<i32, 3>, %t: !tail.s<i1, 1>, %bm: !tail.array<i1, 1>) {
  // CHECK: tail.vec_to_array %{{.*}} : !tail.vec<i32, 3> to !tail.array<i32, 1>
  %0 = tail.vec_to_array %v : !tail.vec<i32, 3> to !tail.array<i32, 1>
  // CHECK: tail.sv_to_vec %{{.*}} : !tail.sv<i32, 3> to !tail.vec<i32, 1>
  %1 = tail.sv_to_vec %sv : !tail.sv<i32, 3> to !tail.vec<i32, 1>
  // CHECK: tail.s_to_scalar %{{.*}} : !tail.s<i32, 2> to i32
  %2 = tail.s_to_scalar %s : !tail.s<i32, 2> to i32
  // CHECK: tail.scalar_to_array %{{.*}} : i32 to !tail.array<i32, 0>
  %3 = tail.scalar_to_array %n : i32 to !tail.array<i32, 0>
  // CHECK: tail.array_to_scalar %{{.*}} : !tail.array<i32, 0> to i32
  %4 = tail.array_to_scalar %3 : !tail.array<i32, 0> to i32
  // CHECK: tail.lit [1, 2, 3] : !tail.vec<i32, 3>
  %5 = tail.lit [1, 2, 3] : !tail.vec<i32, 3>
  // CHECK: tail.lit [1.500000e+00, -2.000000e+00] : !tail.array<f64, 1>
  %6 = tail.lit [1.5, -2.0] : !tail.array<f64, 1>
  // CHECK: tail.vector %{{.*}}, %{{.*}} : (i32, i32) -> !tail.vec<i32, 2>
  %7 = tail.vector %n, %n : (i32, i32) -> !tail.vec<i32, 2>
  // CHECK: tail.zilde : !tail.vec<f64, 0>
  %8 = tail.zilde : !tail.vec<f64, 0>
  // CHECK: tail.tuple %{{.*}}, %{{.*}} : (i32, !tail.array<i32, 1>) -> tuple<i32, !tail.array<i32, 1>>
  %9 = tail.tuple %n, %a : (i32, !tail.array<i32, 1>) -> tuple<i32, !tail.array<i32, 1>>
  // CHECK: tail.prj %{{.*}}[1] : tuple<i32, !tail.array<i32, 1>> -> !tail.array<i32, 1>
  %10 = tail.prj %9[1] : tuple<i32, !tail.array<i32, 1>> -> !tail.array<i32, 1>
  // CHECK: tail.iota %{{.*}} : (i32) -> !tail.array<i32, 1>
  %11 = tail.iota %n : (i32) -> !tail.array<i32, 1>
  // CHECK: tail.iotaV %{{.*}} : (!tail.s<i32, 2>) -> !tail.vec<i32, 2>
  %12 = tail.iotaV %s : (!tail.s<i32, 2>) -> !tail.vec<i32, 2>
  // CHECK: tail.shape %{{.*}} : (!tail.array<i32, 2>) -> !tail.vec<i32, 2>
  %13 = tail.shape %m : (!tail.array<i32, 2>) -> !tail.vec<i32, 2>
  // CHECK: tail.shapeV %{{.*}} : (!tail.vec<i32, 3>) -> !tail.sv<i32, 3>
  %14 = tail.shapeV %v : (!tail.vec<i32, 3>) -> !tail.sv<i32, 3>
  // CHECK: tail.reshape0 %{{.*}}, %{{.*}} : (!tail.vec<i32, 2>, !tail.array<i32, 1>) -> !tail.array<i32, 2>
  %15 = tail.reshape0 %13, %a : (!tail.vec<i32, 2>, !tail.array<i32, 1>) -> !tail.array<i32, 2>
  // CHECK: tail.reshape %{{.*}}, %{{.*}}, %{{.*}} : (!tail.vec<i32, 2>, i32, !tail.array<i32, 1>) -> !tail.array<i32, 2>
  %16 = tail.reshape %13, %n, %a : (!tail.vec<i32, 2>, i32, !tail.array<i32, 1>) -> !tail.array<i32, 2>
  // CHECK: tail.rav %{{.*}} : (!tail.array<i32, 2>) -> !tail.array<i32, 1>
  %17 = tail.rav %m : (!tail.array<i32, 2>) -> !tail.array<i32, 1>
  // CHECK: tail.take %{{.*}}, %{{.*}}, %{{.*}} : (i32, i32, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  %18 = tail.take %n, %n, %m : (i32, i32, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  // CHECK: tail.takeV %{{.*}}, %{{.*}} : (!tail.s<i32, 2>, !tail.array<i32, 1>) -> !tail.vec<i32, 2>
  %19 = tail.takeV %s, %a : (!tail.s<i32, 2>, !tail.array<i32, 1>) -> !tail.vec<i32, 2>
  // CHECK: tail.drop %{{.*}}, %{{.*}} : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  %20 = tail.drop %n, %m : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  // CHECK: tail.dropV %{{.*}}, %{{.*}} : (!tail.s<i32, 2>, !tail.vec<i32, 3>) -> !tail.vec<i32, 1>
  %21 = tail.dropV %s, %v : (!tail.s<i32, 2>, !tail.vec<i32, 3>) -> !tail.vec<i32, 1>
  // CHECK: tail.cat %{{.*}}, %{{.*}} : (!tail.array<i32, 2>, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  %22 = tail.cat %m, %m : (!tail.array<i32, 2>, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  // CHECK: tail.catV %{{.*}}, %{{.*}} : (!tail.vec<i32, 3>, !tail.vec<i32, 2>) -> !tail.vec<i32, 5>
  %23 = tail.catV %v, %12 : (!tail.vec<i32, 3>, !tail.vec<i32, 2>) -> !tail.vec<i32, 5>
  // CHECK: tail.cons %{{.*}}, %{{.*}} : (!tail.array<i32, 1>, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  %24 = tail.cons %a, %m : (!tail.array<i32, 1>, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  // CHECK: tail.consV %{{.*}}, %{{.*}} : (i32, !tail.vec<i32, 3>) -> !tail.vec<i32, 4>
  %25 = tail.consV %n, %v : (i32, !tail.vec<i32, 3>) -> !tail.vec<i32, 4>
  // CHECK: tail.snoc %{{.*}}, %{{.*}} : (!tail.array<i32, 1>, i32) -> !tail.array<i32, 1>
  %26 = tail.snoc %a, %n : (!tail.array<i32, 1>, i32) -> !tail.array<i32, 1>
  // CHECK: tail.snocV %{{.*}}, %{{.*}} : (!tail.vec<i32, 3>, i32) -> !tail.vec<i32, 4>
  %27 = tail.snocV %v, %n : (!tail.vec<i32, 3>, i32) -> !tail.vec<i32, 4>
  // CHECK: tail.first %{{.*}}, %{{.*}} : (i32, !tail.array<i32, 2>) -> i32
  %28 = tail.first %n, %m : (i32, !tail.array<i32, 2>) -> i32
  // CHECK: tail.firstV %{{.*}} : (!tail.sv<i32, 3>) -> !tail.s<i32, 3>
  %29 = tail.firstV %sv : (!tail.sv<i32, 3>) -> !tail.s<i32, 3>
  // CHECK: tail.rotate %{{.*}}, %{{.*}} : (i32, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  %30 = tail.rotate %n, %a : (i32, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  // CHECK: tail.rotateV %{{.*}}, %{{.*}} : (i32, !tail.vec<i32, 3>) -> !tail.vec<i32, 3>
  %31 = tail.rotateV %n, %v : (i32, !tail.vec<i32, 3>) -> !tail.vec<i32, 3>
  // CHECK: tail.vrotate %{{.*}}, %{{.*}} : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  %32 = tail.vrotate %n, %m : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  // CHECK: tail.vrotateV %{{.*}}, %{{.*}} : (i32, !tail.vec<i32, 3>) -> !tail.vec<i32, 3>
  %33 = tail.vrotateV %n, %v : (i32, !tail.vec<i32, 3>) -> !tail.vec<i32, 3>
  // CHECK: tail.reverse %{{.*}} : !tail.array<i32, 2>
  %34 = tail.reverse %m : !tail.array<i32, 2>
  // CHECK: tail.vreverse %{{.*}} : !tail.array<i32, 2>
  %35 = tail.vreverse %m : !tail.array<i32, 2>
  // CHECK: tail.vreverseV %{{.*}} : !tail.vec<i32, 3>
  %36 = tail.vreverseV %v : !tail.vec<i32, 3>
  // CHECK: tail.transp %{{.*}} : !tail.array<i32, 2>
  %37 = tail.transp %m : !tail.array<i32, 2>
  // CHECK: tail.transp %{{.*}} : !tail.vec<i32, 3>
  %t1 = tail.transp %v : !tail.vec<i32, 3>
  // CHECK: tail.transp %{{.*}} : !tail.sv<i32, 3>
  %t2 = tail.transp %sv : !tail.sv<i32, 3>
  // CHECK: tail.transp %{{.*}} : !tail.s<i32, 2>
  %t3 = tail.transp %s : !tail.s<i32, 2>
  // CHECK: tail.negi %{{.*}} : !tail.s<i32, 2> -> !tail.s<i32, -2>
  %ng = tail.negi %s : !tail.s<i32, 2> -> !tail.s<i32, -2>
  // CHECK: tail.negi %{{.*}} : i32{{$}}
  %ni = tail.negi %n : i32
  // CHECK: tail.transp2 %{{.*}}, %{{.*}} : (!tail.vec<i32, 2>, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  %38 = tail.transp2 %13, %m : (!tail.vec<i32, 2>, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  // CHECK: tail.compress %{{.*}}, %{{.*}} : (!tail.array<i1, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  %39 = tail.compress %bm, %a : (!tail.array<i1, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  // CHECK: tail.replicate %{{.*}}, %{{.*}}, %{{.*}} : (i32, !tail.array<i32, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  %40 = tail.replicate %n, %a, %a : (i32, !tail.array<i32, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  // CHECK: tail.idx %{{.*}}, %{{.*}}, %{{.*}} : (i32, i32, !tail.array<i32, 2>) -> !tail.array<i32, 1>
  %41 = tail.idx %n, %n, %m : (i32, i32, !tail.array<i32, 2>) -> !tail.array<i32, 1>
  // CHECK: tail.idxS %{{.*}}, %{{.*}}, %{{.*}} : (!tail.s<i32, 2>, i32, !tail.array<i32, 2>) -> !tail.array<i32, 1>
  %42 = tail.idxS %s, %n, %m : (!tail.s<i32, 2>, i32, !tail.array<i32, 2>) -> !tail.array<i32, 1>
  // CHECK: tail.mem %{{.*}} : !tail.array<i32, 2>
  %43 = tail.mem %m : !tail.array<i32, 2>
  // CHECK: tail.idxassign %{{.*}}, %{{.*}}, %{{.*}} : (!tail.vec<i32, 2>, !tail.array<i32, 2>, i32) -> i1
  %44 = tail.idxassign %13, %43, %n : (!tail.vec<i32, 2>, !tail.array<i32, 2>, i32) -> i1
  // CHECK: tail.memScl %{{.*}} : i32
  %45 = tail.memScl %n : i32
  // CHECK: tail.gradeUp %{{.*}} : (!tail.array<i32, 1>) -> !tail.array<i32, 1>
  %46 = tail.gradeUp %a : (!tail.array<i32, 1>) -> !tail.array<i32, 1>
  // CHECK: tail.gradeDown %{{.*}} : (!tail.array<i32, 1>) -> !tail.array<i32, 1>
  %47 = tail.gradeDown %a : (!tail.array<i32, 1>) -> !tail.array<i32, 1>
  // CHECK: tail.b2iV %{{.*}} : (!tail.s<i1, 1>) -> !tail.s<i32, 1>
  %48 = tail.b2iV %t : (!tail.s<i1, 1>) -> !tail.s<i32, 1>
  return
}

// CHECK-LABEL: func.func @higher
func.func @higher(%n: i32, %d: f64, %p: i1, %a: !tail.array<i32, 1>, %m: !tail.array<i32, 2>, %v: !tail.vec<i32, 3>) {
  // CHECK: tail.each %{{.*}} : (!tail.array<i32, 1>) -> !tail.array<f64, 1> {
  // CHECK: tail.yield %{{.*}} : f64
  %0 = tail.each %a : (!tail.array<i32, 1>) -> !tail.array<f64, 1> {
  ^bb0(%x: i32):
    %y = tail.i2d %x : i32 -> f64
    tail.yield %y : f64
  }
  // CHECK: tail.eachV %{{.*}} : (!tail.vec<i32, 3>) -> !tail.vec<i32, 3>
  %1 = tail.eachV %v : (!tail.vec<i32, 3>) -> !tail.vec<i32, 3> {
  ^bb0(%x: i32):
    tail.yield %x : i32
  }
  // CHECK: tail.zipWith %{{.*}}, %{{.*}} : (!tail.array<i32, 2>, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  %2 = tail.zipWith %m, %m : (!tail.array<i32, 2>, !tail.array<i32, 2>) -> !tail.array<i32, 2> {
  ^bb0(%x: i32, %y: i32):
    %z = tail.muli %x, %y : i32
    tail.yield %z : i32
  }
  // CHECK: tail.reduce %{{.*}}, %{{.*}} : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 1>
  %3 = tail.reduce %n, %m : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 1> {
  ^bb0(%x: i32, %y: i32):
    %z = tail.addi %x, %y : i32
    tail.yield %z : i32
  }
  // CHECK: tail.reduce %{{.*}}, %{{.*}} : (i32, !tail.array<i32, 1>) -> i32
  %4 = tail.reduce %n, %3 : (i32, !tail.array<i32, 1>) -> i32 {
  ^bb0(%x: i32, %y: i32):
    %z = tail.muli %x, %y : i32
    tail.yield %z : i32
  }
  // CHECK: tail.scan %{{.*}} : (!tail.array<i32, 1>) -> !tail.array<i32, 1>
  %5 = tail.scan %a : (!tail.array<i32, 1>) -> !tail.array<i32, 1> {
  ^bb0(%x: i32, %y: i32):
    %z = tail.maxi %x, %y : i32
    tail.yield %z : i32
  }
  // CHECK: tail.power %{{.*}}, %{{.*}}, %{{.*}} : (i32, i32, !tail.array<i32, 1>) -> (i32, !tail.array<i32, 1>)
  %6:2 = tail.power %n, %n, %a : (i32, i32, !tail.array<i32, 1>) -> (i32, !tail.array<i32, 1>) {
  ^bb0(%x: i32, %y: !tail.array<i32, 1>):
    tail.yield %x, %y : i32, !tail.array<i32, 1>
  }
  // CHECK: tail.powerScl %{{.*}}, %{{.*}} : (i32, f64) -> f64
  %7 = tail.powerScl %n, %d : (i32, f64) -> f64 {
  ^bb0(%x: f64):
    %z = tail.muld %x, %x : f64
    tail.yield %z : f64
  }
  // CHECK: tail.condScl %{{.*}}, %{{.*}} : (i1, i32) -> i32
  %8 = tail.condScl %p, %n : (i1, i32) -> i32 {
  ^bb0(%x: i32):
    %z = tail.negi %x : i32
    tail.yield %z : i32
  }
  // CHECK: tail.bench %{{.*}}, %{{.*}} : (i32, f64) -> f64 {
  // CHECK: tail.muld
  // CHECK: tail.yield %{{.*}} : f64
  %9 = tail.bench %n, %d : (i32, f64) -> f64 {
  ^bb0(%x: f64):
    %z = tail.muld %x, %x : f64
    tail.yield %z : f64
  }
  return
}

// CHECK-LABEL: func.func @io
func.func @io(%n: i32, %d: f64, %p: i1, %c: !tail.char, %z: complex<f64>, %a: !tail.array<i32, 1>, %s: !tail.array<!tail.char, 1>) {
  // CHECK: tail.prSclI %{{.*}} : i32
  %0 = tail.prSclI %n : i32
  // CHECK: tail.prSclB %{{.*}} : i1
  %1 = tail.prSclB %p : i1
  // CHECK: tail.prSclD %{{.*}} : f64
  %2 = tail.prSclD %d : f64
  // CHECK: tail.prSclC %{{.*}} : !tail.char
  %3 = tail.prSclC %c : !tail.char
  // CHECK: tail.prSclX %{{.*}} : complex<f64>
  %4 = tail.prSclX %z : complex<f64>
  // CHECK: tail.prArrI %{{.*}} : !tail.array<i32, 1>
  %5 = tail.prArrI %a : !tail.array<i32, 1>
  // CHECK: tail.prArrC %{{.*}} : !tail.array<!tail.char, 1>
  %6 = tail.prArrC %s : !tail.array<!tail.char, 1>
  // CHECK: tail.prArrD %{{.*}} : f64
  %7 = tail.prArrD %d : f64
  // CHECK: tail.formatI %{{.*}} : (i32) -> !tail.array<!tail.char, 1>
  %8 = tail.formatI %n : (i32) -> !tail.array<!tail.char, 1>
  // CHECK: tail.formatD %{{.*}} : (f64) -> !tail.array<!tail.char, 1>
  %9 = tail.formatD %d : (f64) -> !tail.array<!tail.char, 1>
  // CHECK: tail.readFile %{{.*}} : (!tail.array<!tail.char, 1>) -> !tail.array<!tail.char, 1>
  %10 = tail.readFile %s : (!tail.array<!tail.char, 1>) -> !tail.array<!tail.char, 1>
  // CHECK: tail.readIntVecFile %{{.*}} : (!tail.array<!tail.char, 1>) -> !tail.array<i32, 1>
  %11 = tail.readIntVecFile %s : (!tail.array<!tail.char, 1>) -> !tail.array<i32, 1>
  // CHECK: tail.readDoubleVecFile %{{.*}} : (!tail.array<!tail.char, 1>) -> !tail.array<f64, 1>
  %12 = tail.readDoubleVecFile %s : (!tail.array<!tail.char, 1>) -> !tail.array<f64, 1>
  return
}

// CHECK-LABEL: func.func @conditional
func.func @conditional(%c: i1, %a: i32, %v: !tail.vec<i32, 2>) -> (f64, tuple<i32, !tail.array<i32, 1>>) {
  // CHECK: %[[D:.*]] = tail.if %{{.*}} -> (f64) {
  // CHECK-NEXT:   %[[X:.*]] = tail.i2d %{{.*}} : i32 -> f64
  // CHECK-NEXT:   tail.yield %[[X]] : f64
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   %[[Y:.*]] = tail.const 2.500000e+00 : f64
  // CHECK-NEXT:   tail.yield %[[Y]] : f64
  // CHECK-NEXT: }
  %d = tail.if %c -> (f64) {
    %x = tail.i2d %a : i32 -> f64
    tail.yield %x : f64
  } else {
    %y = tail.const 2.5 : f64
    tail.yield %y : f64
  }
  // CHECK: tail.if %{{.*}} -> (tuple<i32, !tail.array<i32, 1>>) {
  // CHECK: } else {
  %t = tail.if %c -> (tuple<i32, !tail.array<i32, 1>>) {
    %w = tail.vec_to_array %v : !tail.vec<i32, 2> to !tail.array<i32, 1>
    %p = tail.tuple %a, %w : (i32, !tail.array<i32, 1>) -> tuple<i32, !tail.array<i32, 1>>
    tail.yield %p : tuple<i32, !tail.array<i32, 1>>
  } else {
    %z = tail.zilde : !tail.array<i32, 1>
    %q = tail.tuple %a, %z : (i32, !tail.array<i32, 1>) -> tuple<i32, !tail.array<i32, 1>>
    tail.yield %q : tuple<i32, !tail.array<i32, 1>>
  }
  return %d, %t : f64, tuple<i32, !tail.array<i32, 1>>
}
