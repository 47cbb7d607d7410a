// The static extent of a reduction's input is searched over the maps that produce it once per
// array: 40 levels of maps each reading the two before (2^40 paths) simplify at once. Nothing
// here has a static extent, so the reversal stays.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-simplify))' | FileCheck %s
// CHECK: soac.slice
// CHECK: soac.reduce

func.func @main(%x0: tensor<?xf64>, %n: index) -> f64 {
  %z = arith.constant 0.0 : f64
  %m1 = soac.map %x0, %x0 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a1: f64, %b1: f64):
    %s1 = arith.addf %a1, %b1 : f64
    soac.yield %s1 : f64
  }
  %m2 = soac.map %m1, %x0 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a2: f64, %b2: f64):
    %s2 = arith.addf %a2, %b2 : f64
    soac.yield %s2 : f64
  }
  %m3 = soac.map %m2, %m1 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a3: f64, %b3: f64):
    %s3 = arith.addf %a3, %b3 : f64
    soac.yield %s3 : f64
  }
  %m4 = soac.map %m3, %m2 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a4: f64, %b4: f64):
    %s4 = arith.addf %a4, %b4 : f64
    soac.yield %s4 : f64
  }
  %m5 = soac.map %m4, %m3 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a5: f64, %b5: f64):
    %s5 = arith.addf %a5, %b5 : f64
    soac.yield %s5 : f64
  }
  %m6 = soac.map %m5, %m4 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a6: f64, %b6: f64):
    %s6 = arith.addf %a6, %b6 : f64
    soac.yield %s6 : f64
  }
  %m7 = soac.map %m6, %m5 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a7: f64, %b7: f64):
    %s7 = arith.addf %a7, %b7 : f64
    soac.yield %s7 : f64
  }
  %m8 = soac.map %m7, %m6 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a8: f64, %b8: f64):
    %s8 = arith.addf %a8, %b8 : f64
    soac.yield %s8 : f64
  }
  %m9 = soac.map %m8, %m7 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a9: f64, %b9: f64):
    %s9 = arith.addf %a9, %b9 : f64
    soac.yield %s9 : f64
  }
  %m10 = soac.map %m9, %m8 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a10: f64, %b10: f64):
    %s10 = arith.addf %a10, %b10 : f64
    soac.yield %s10 : f64
  }
  %m11 = soac.map %m10, %m9 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a11: f64, %b11: f64):
    %s11 = arith.addf %a11, %b11 : f64
    soac.yield %s11 : f64
  }
  %m12 = soac.map %m11, %m10 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a12: f64, %b12: f64):
    %s12 = arith.addf %a12, %b12 : f64
    soac.yield %s12 : f64
  }
  %m13 = soac.map %m12, %m11 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a13: f64, %b13: f64):
    %s13 = arith.addf %a13, %b13 : f64
    soac.yield %s13 : f64
  }
  %m14 = soac.map %m13, %m12 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a14: f64, %b14: f64):
    %s14 = arith.addf %a14, %b14 : f64
    soac.yield %s14 : f64
  }
  %m15 = soac.map %m14, %m13 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a15: f64, %b15: f64):
    %s15 = arith.addf %a15, %b15 : f64
    soac.yield %s15 : f64
  }
  %m16 = soac.map %m15, %m14 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a16: f64, %b16: f64):
    %s16 = arith.addf %a16, %b16 : f64
    soac.yield %s16 : f64
  }
  %m17 = soac.map %m16, %m15 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a17: f64, %b17: f64):
    %s17 = arith.addf %a17, %b17 : f64
    soac.yield %s17 : f64
  }
  %m18 = soac.map %m17, %m16 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a18: f64, %b18: f64):
    %s18 = arith.addf %a18, %b18 : f64
    soac.yield %s18 : f64
  }
  %m19 = soac.map %m18, %m17 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a19: f64, %b19: f64):
    %s19 = arith.addf %a19, %b19 : f64
    soac.yield %s19 : f64
  }
  %m20 = soac.map %m19, %m18 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a20: f64, %b20: f64):
    %s20 = arith.addf %a20, %b20 : f64
    soac.yield %s20 : f64
  }
  %m21 = soac.map %m20, %m19 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a21: f64, %b21: f64):
    %s21 = arith.addf %a21, %b21 : f64
    soac.yield %s21 : f64
  }
  %m22 = soac.map %m21, %m20 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a22: f64, %b22: f64):
    %s22 = arith.addf %a22, %b22 : f64
    soac.yield %s22 : f64
  }
  %m23 = soac.map %m22, %m21 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a23: f64, %b23: f64):
    %s23 = arith.addf %a23, %b23 : f64
    soac.yield %s23 : f64
  }
  %m24 = soac.map %m23, %m22 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a24: f64, %b24: f64):
    %s24 = arith.addf %a24, %b24 : f64
    soac.yield %s24 : f64
  }
  %m25 = soac.map %m24, %m23 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a25: f64, %b25: f64):
    %s25 = arith.addf %a25, %b25 : f64
    soac.yield %s25 : f64
  }
  %m26 = soac.map %m25, %m24 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a26: f64, %b26: f64):
    %s26 = arith.addf %a26, %b26 : f64
    soac.yield %s26 : f64
  }
  %m27 = soac.map %m26, %m25 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a27: f64, %b27: f64):
    %s27 = arith.addf %a27, %b27 : f64
    soac.yield %s27 : f64
  }
  %m28 = soac.map %m27, %m26 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a28: f64, %b28: f64):
    %s28 = arith.addf %a28, %b28 : f64
    soac.yield %s28 : f64
  }
  %m29 = soac.map %m28, %m27 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a29: f64, %b29: f64):
    %s29 = arith.addf %a29, %b29 : f64
    soac.yield %s29 : f64
  }
  %m30 = soac.map %m29, %m28 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a30: f64, %b30: f64):
    %s30 = arith.addf %a30, %b30 : f64
    soac.yield %s30 : f64
  }
  %m31 = soac.map %m30, %m29 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a31: f64, %b31: f64):
    %s31 = arith.addf %a31, %b31 : f64
    soac.yield %s31 : f64
  }
  %m32 = soac.map %m31, %m30 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a32: f64, %b32: f64):
    %s32 = arith.addf %a32, %b32 : f64
    soac.yield %s32 : f64
  }
  %m33 = soac.map %m32, %m31 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a33: f64, %b33: f64):
    %s33 = arith.addf %a33, %b33 : f64
    soac.yield %s33 : f64
  }
  %m34 = soac.map %m33, %m32 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a34: f64, %b34: f64):
    %s34 = arith.addf %a34, %b34 : f64
    soac.yield %s34 : f64
  }
  %m35 = soac.map %m34, %m33 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a35: f64, %b35: f64):
    %s35 = arith.addf %a35, %b35 : f64
    soac.yield %s35 : f64
  }
  %m36 = soac.map %m35, %m34 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a36: f64, %b36: f64):
    %s36 = arith.addf %a36, %b36 : f64
    soac.yield %s36 : f64
  }
  %m37 = soac.map %m36, %m35 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a37: f64, %b37: f64):
    %s37 = arith.addf %a37, %b37 : f64
    soac.yield %s37 : f64
  }
  %m38 = soac.map %m37, %m36 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a38: f64, %b38: f64):
    %s38 = arith.addf %a38, %b38 : f64
    soac.yield %s38 : f64
  }
  %m39 = soac.map %m38, %m37 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a39: f64, %b39: f64):
    %s39 = arith.addf %a39, %b39 : f64
    soac.yield %s39 : f64
  }
  %m40 = soac.map %m39, %m38 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%a40: f64, %b40: f64):
    %s40 = arith.addf %a40, %b40 : f64
    soac.yield %s40 : f64
  }
  %one = arith.constant 1 : index
  %m1n = arith.subi %n, %one : index
  %neg = arith.constant -1 : index
  %r = soac.slice %m40[%m1n] [%n] [%neg] : tensor<?xf64> -> tensor<?xf64>
  %t = soac.reduce %r init(%z) comm : tensor<?xf64> -> f64 {
  ^bb0(%p: f64, %q: f64):
    %u = arith.addf %p, %q : f64
    soac.yield %u : f64
  }
  return %t : f64
}
