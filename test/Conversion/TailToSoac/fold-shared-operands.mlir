// The axis of `tail.idx` is folded by the conversion itself through the operand DAG; each value
// is folded once, so an axis built from 40 levels of `maxi(x, x)` (2^40 paths) converts at once.
// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK:         soac.index %arg0[%{{.*}}] : tensor<?x?xi32> -> tensor<?xi32>
func.func @main(%m: !tail.array<i32, 2>) -> !tail.array<i32, 1> {
  %i = tail.const 1 : i32
  %x0 = tail.const 1 : i32
  %x1 = tail.maxi %x0, %x0 : i32
  %x2 = tail.maxi %x1, %x1 : i32
  %x3 = tail.maxi %x2, %x2 : i32
  %x4 = tail.maxi %x3, %x3 : i32
  %x5 = tail.maxi %x4, %x4 : i32
  %x6 = tail.maxi %x5, %x5 : i32
  %x7 = tail.maxi %x6, %x6 : i32
  %x8 = tail.maxi %x7, %x7 : i32
  %x9 = tail.maxi %x8, %x8 : i32
  %x10 = tail.maxi %x9, %x9 : i32
  %x11 = tail.maxi %x10, %x10 : i32
  %x12 = tail.maxi %x11, %x11 : i32
  %x13 = tail.maxi %x12, %x12 : i32
  %x14 = tail.maxi %x13, %x13 : i32
  %x15 = tail.maxi %x14, %x14 : i32
  %x16 = tail.maxi %x15, %x15 : i32
  %x17 = tail.maxi %x16, %x16 : i32
  %x18 = tail.maxi %x17, %x17 : i32
  %x19 = tail.maxi %x18, %x18 : i32
  %x20 = tail.maxi %x19, %x19 : i32
  %x21 = tail.maxi %x20, %x20 : i32
  %x22 = tail.maxi %x21, %x21 : i32
  %x23 = tail.maxi %x22, %x22 : i32
  %x24 = tail.maxi %x23, %x23 : i32
  %x25 = tail.maxi %x24, %x24 : i32
  %x26 = tail.maxi %x25, %x25 : i32
  %x27 = tail.maxi %x26, %x26 : i32
  %x28 = tail.maxi %x27, %x27 : i32
  %x29 = tail.maxi %x28, %x28 : i32
  %x30 = tail.maxi %x29, %x29 : i32
  %x31 = tail.maxi %x30, %x30 : i32
  %x32 = tail.maxi %x31, %x31 : i32
  %x33 = tail.maxi %x32, %x32 : i32
  %x34 = tail.maxi %x33, %x33 : i32
  %x35 = tail.maxi %x34, %x34 : i32
  %x36 = tail.maxi %x35, %x35 : i32
  %x37 = tail.maxi %x36, %x36 : i32
  %x38 = tail.maxi %x37, %x37 : i32
  %x39 = tail.maxi %x38, %x38 : i32
  %x40 = tail.maxi %x39, %x39 : i32
  %r = tail.idx %x40, %i, %m : (i32, i32, !tail.array<i32, 2>) -> !tail.array<i32, 1>
  return %r : !tail.array<i32, 1>
}
