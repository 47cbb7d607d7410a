// RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace

// Literals, coercions and primitives that the other interpreter tests leave out (complex
// products and arrays, infinities, NaN, chars that need escapes in TAIL text, singleton
// vectors of bools, rank-0 spellings, memScl, roll). The export round trip
// (frontends/tail-text/tests/export_roundtrip.rs) runs this file too.
// (3+4i)(1+2i) = 3-8 + (6+4)i = -5+10i; NaN = NaN is false; roll 0 lies in [0, 1).

// CHECK:[](-5.0j10.0)
// CHECK-NEXT:[2](3.0j4.0,-5.0j10.0)
// CHECK-NEXT:a'\"
// CHECK-NEXT:[](HUGE_VAL)
// CHECK-NEXT:[](-HUGE_VAL)
// CHECK-NEXT:[](0)
// CHECK-NEXT:[3](1.0,-2.5,1E20.0)
// CHECK-NEXT:[](7)
// CHECK-NEXT:[](1)
// CHECK-NEXT:[](')
// CHECK-NEXT:[1](1)
// CHECK-NEXT:[](-7)
// CHECK-NEXT:[](0.5)
// CHECK-NOT:{{.}}
func.func @main() -> f64 {
  %re = tail.const 3.0 : f64
  %im = tail.const 4.0 : f64
  %z = tail.injx %re, %im : f64 -> complex<f64>
  %one = tail.const 1.0 : f64
  %two = tail.const 2.0 : f64
  %w = tail.injx %one, %two : f64 -> complex<f64>
  %zw = tail.mulx %z, %w : complex<f64>
  %p0 = tail.prSclX %zw : complex<f64>
  %zs = tail.vector %z, %zw : (complex<f64>, complex<f64>) -> !tail.array<complex<f64>, 1>
  %p1 = tail.prArrX %zs : !tail.array<complex<f64>, 1>
  %s = tail.lit [97, 39, 92, 34] : !tail.array<!tail.char, 1>
  %p2 = tail.prArrC %s : !tail.array<!tail.char, 1>
  %inf = tail.const 0x7FF0000000000000 : f64
  %p3 = tail.prSclD %inf : f64
  %ninf = tail.negd %inf : f64
  %p4 = tail.prSclD %ninf : f64
  %nan = tail.const 0x7FF8000000000000 : f64
  %e = tail.eqd %nan, %nan : f64
  %p5 = tail.prSclB %e : i1
  %dl = tail.lit [1.0, -2.5, 1.0e20] : !tail.vec<f64, 3>
  %da = tail.vec_to_array %dl : !tail.vec<f64, 3> to !tail.array<f64, 1>
  %p6 = tail.prArrD %da : !tail.array<f64, 1>
  %c7 = tail.const 7 : i32
  %a0 = tail.scalar_to_array %c7 : i32 to !tail.array<i32, 0>
  %b0 = tail.array_to_scalar %a0 : !tail.array<i32, 0> to i32
  %m = tail.memScl %b0 : i32
  %p7 = tail.prSclI %m : i32
  %c0 = tail.const 0 : i32
  %r = tail.roll %c0 : i32 -> f64
  %in = tail.ltd %r, %one : f64
  %p8 = tail.prSclB %in : i1
  %q = tail.const_char 39
  %p9 = tail.prSclC %q : !tail.char
  %svb = tail.sconst : !tail.sv<i1, 1>
  %vb = tail.sv_to_vec %svb : !tail.sv<i1, 1> to !tail.vec<i1, 1>
  %ab = tail.vec_to_array %vb : !tail.vec<i1, 1> to !tail.array<i1, 1>
  %p10 = tail.prArrB %ab : !tail.array<i1, 1>
  %n7 = tail.const -7 : i32
  %p11 = tail.prSclI %n7 : i32
  %half = tail.const 0.5 : f64
  return %half : f64
}
