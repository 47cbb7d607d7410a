// RUN: not tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefix=TAIL
// RUN: not tailc run --target=interp --after=tail-to-soac %s 2>&1 | FileCheck %s --check-prefix=LOWER
// RUN: not tailc run --target=interp --after=tail-to-gpu %s 2>&1 | FileCheck %s --check-prefix=LOWER
// RUN: tailc build %s -o %t
// RUN: not %t > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: tail-opt --tail-to-soac %s | FileCheck %s --check-prefix=SOAC
// The count of an iota not known at compile time is checked where the tail level checks it:
// a negative count stops the program at every level (the levels below tail would read it as 0).

// TAIL: faults-iota.mlir:[[#@LINE+17]]:3: error: 'tail.iota' op negative argument -3
// LOWER: faults-iota.mlir:[[#@LINE+16]]:3: error: 'func.call' op negative argument -3
// OUT: [](-3)
// OUT-NOT: {{.}}
// ERR: faults-iota.mlir:[[#@LINE+13]]:3: error: negative argument -3
// ERR-NEXT: {{^}}  %v = tail.iota %n : (i32) -> !tail.array<i32, 1>{{$}}
// ERR-NEXT: {{^}}  ^{{$}}
// ERR-NOT: {{.}}
// SOAC: call @tail_rt_check_count(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i32, i32) -> ()
// SOAC: soac.iota
// SOAC: func.func private @tail_rt_check_count(i64, i32, i32)

func.func @main() -> f64 {
  %a = tail.const 1 : i32
  %b = tail.const 4 : i32
  %n = tail.subi %a, %b : i32
  %p = tail.prSclI %n : i32
  %v = tail.iota %n : (i32) -> !tail.array<i32, 1>
  %s = tail.reduce %a, %v : (i32, !tail.array<i32, 1>) -> i32 {
  ^bb0(%x: i32, %y: i32):
    %z = tail.addi %x, %y : i32
    tail.yield %z : i32
  }
  %r = tail.i2d %s : i32 -> f64
  return %r : f64
}
