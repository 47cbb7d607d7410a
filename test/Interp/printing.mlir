// RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace

// Print primitives write as they execute, in apltail's format, then the final value.

// CHECK:[](19)
// CHECK-NEXT:[](615.0)
// CHECK-NEXT:[4](1,2,4,3)
// CHECK-NEXT:[0]()
// CHECK-NEXT:hello
// CHECK-EMPTY:
// CHECK-NEXT:  1 10
// CHECK-NEXT: -2  3
// CHECK-EMPTY:
// CHECK-NEXT:[2,1,2](1,2,3,4)
// CHECK-NEXT:[3](1,0,1)
// CHECK-NEXT:[2](-0.00159265493641,258.557340366)
// CHECK-NEXT:[](X)
// CHECK-NEXT:[](3.0j6.4)
// CHECK-NEXT:[](0.0)
// CHECK-NOT:{{.}}
func.func @main() -> f64 {
  %i = tail.const 19 : i32
  %0 = tail.prSclI %i : i32
  %d = tail.const 615.0 : f64
  %1 = tail.prSclD %d : f64
  %v = tail.lit [1, 2, 4, 3] : !tail.array<i32, 1>
  %2 = tail.prArrI %v : !tail.array<i32, 1>
  %e = tail.zilde : !tail.array<i32, 1>
  %3 = tail.prArrI %e : !tail.array<i32, 1>
  %h = tail.lit [104, 101, 108, 108, 111] : !tail.array<!tail.char, 1>
  %4 = tail.prArrC %h : !tail.array<!tail.char, 1>
  %md = tail.lit [1, 10, -2, 3] : !tail.array<i32, 1>
  %ms = tail.lit [2, 2] : !tail.vec<i32, 2>
  %m = tail.reshape0 %ms, %md : (!tail.vec<i32, 2>, !tail.array<i32, 1>) -> !tail.array<i32, 2>
  %5 = tail.prArrI %m : !tail.array<i32, 2>
  %cs = tail.lit [2, 1, 2] : !tail.vec<i32, 3>
  %c = tail.reshape0 %cs, %md : (!tail.vec<i32, 3>, !tail.array<i32, 1>) -> !tail.array<i32, 3>
  %cd = tail.lit [1, 2, 3, 4] : !tail.array<i32, 1>
  %c2 = tail.reshape0 %cs, %cd : (!tail.vec<i32, 3>, !tail.array<i32, 1>) -> !tail.array<i32, 3>
  %6 = tail.prArrI %c2 : !tail.array<i32, 3>
  %b = tail.lit [true, false, true] : !tail.array<i1, 1>
  %7 = tail.prArrB %b : !tail.array<i1, 1>
  %ds = tail.lit [-0.00159265493641, 258.557340366] : !tail.array<f64, 1>
  %8 = tail.prArrD %ds : !tail.array<f64, 1>
  %x = tail.const_char 88
  %9 = tail.prSclC %x : !tail.char
  %re = tail.const 3.0 : f64
  %im = tail.const 6.4 : f64
  %z = tail.injx %re, %im : f64 -> complex<f64>
  %10 = tail.prSclX %z : complex<f64>
  %r = tail.const 0.0 : f64
  return %r : f64
}
