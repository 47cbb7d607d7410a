// RUN: tail-opt %s | tail-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | tail-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The examples of Dybdal 2017, Chapter 5, in the hpar dialect: one case per op.

// CHECK-LABEL: func.func @reverse
// CHECK:       hpar.program<grid> -> !hpar.pull<f32, grid> {
// CHECK:         hpar.concat<block> %{{.*}}, %{{.*}} : !hpar.push<f32, grid> {
// CHECK-NEXT:    ^bb0(%{{.*}}: index):
// CHECK:           hpar.generate %{{.*}} : !hpar.pull<f32> {
// CHECK:             hpar.yield %{{.*}} : f32
// CHECK:           hpar.push<block> %{{.*}} : !hpar.pull<f32> -> !hpar.push<f32, block>
// CHECK:           hpar.return %{{.*}} : !hpar.push<f32, block>
// CHECK:         hpar.force<grid> %{{.*}} : !hpar.push<f32, grid> -> !hpar.pull<f32, grid>
// GENERIC-LABEL: "func.func"
// GENERIC:       "hpar.program"() ({
// GENERIC:       "hpar.concat"(%{{.*}}, %{{.*}}) ({
// GENERIC:       "hpar.push"(%{{.*}}) {level = #hpar.level<block>} : (!hpar.pull<f32>) -> !hpar.push<f32, block>
// GENERIC:       }) {level = #hpar.level<block>} : (index, index) -> !hpar.push<f32, grid>
// GENERIC:       }) {level = #hpar.level<grid>} : () -> !hpar.pull<f32, grid>
func.func @reverse(%m: memref<?xf32>, %n: index, %chunk: index) -> !hpar.pull<f32, grid> {
  %r = hpar.program<grid> -> !hpar.pull<f32, grid> {
    %c1 = arith.constant 1 : index
    %nb = arith.divui %n, %chunk : index
    %p = hpar.concat<block> %nb, %chunk : !hpar.push<f32, grid> {
    ^bb0(%b: index):
      %a = hpar.generate %chunk : !hpar.pull<f32> {
      ^bb0(%i: index):
        %rb0 = arith.subi %nb, %b : index
        %rb = arith.subi %rb0, %c1 : index
        %base = arith.muli %rb, %chunk : index
        %ri0 = arith.subi %chunk, %i : index
        %ri = arith.subi %ri0, %c1 : index
        %k = arith.addi %base, %ri : index
        %x = memref.load %m[%k] : memref<?xf32>
        hpar.yield %x : f32
      }
      %q = hpar.push<block> %a : !hpar.pull<f32> -> !hpar.push<f32, block>
      hpar.return %q : !hpar.push<f32, block>
    }
    %f = hpar.force<grid> %p : !hpar.push<f32, grid> -> !hpar.pull<f32, grid>
    hpar.return %f : !hpar.pull<f32, grid>
  }
  return %r : !hpar.pull<f32, grid>
}

// CHECK-LABEL: func.func @pull_ops
// CHECK:         %[[N:.*]] = hpar.length %{{.*}} : !hpar.pull<f32>
// CHECK:         hpar.index %{{.*}}[%[[N]]] : !hpar.pull<f32>
// CHECK:         %{{.*}}:2 = hpar.split_at %{{.*}}, %{{.*}} : !hpar.pull<f32>
// CHECK:         hpar.map %{{.*}} : !hpar.pull<f32> -> !hpar.pull<f64> {
// CHECK-NEXT:    ^bb0(%{{.*}}: f32):
// CHECK:         hpar.length %{{.*}} : !hpar.push<f32, block>
// CHECK:         hpar.map %{{.*}} : !hpar.push<f32, block> -> !hpar.push<i32, block> {
// CHECK:         hpar.length %{{.*}} : !hpar.pull<!hpar.pull<i32>, grid>
func.func @pull_ops(%a: !hpar.pull<f32>, %k: index, %p: !hpar.push<f32, block>, %nested: !hpar.pull<!hpar.pull<i32>, grid>) {
  %n = hpar.length %a : !hpar.pull<f32>
  %x = hpar.index %a[%n] : !hpar.pull<f32>
  %lo, %hi = hpar.split_at %a, %k : !hpar.pull<f32>
  %d = hpar.map %lo : !hpar.pull<f32> -> !hpar.pull<f64> {
  ^bb0(%e: f32):
    %w = arith.extf %e : f32 to f64
    hpar.yield %w : f64
  }
  %pn = hpar.length %p : !hpar.push<f32, block>
  %pi = hpar.map %p : !hpar.push<f32, block> -> !hpar.push<i32, block> {
  ^bb0(%e: f32):
    %i = arith.fptosi %e : f32 to i32
    hpar.yield %i : i32
  }
  %nn = hpar.length %nested : !hpar.pull<!hpar.pull<i32>, grid>
  return
}

// Dybdal 2017 §5.2.3: reduction of each block's chunk with a block-level `while` (halve and
// add until one element is left), first step taken during the load.
// CHECK-LABEL: func.func @block_reduce
// CHECK:         hpar.while<block> %{{.*}} : !hpar.push<i32, block> -> !hpar.pull<i32, block> cond {
// CHECK-NEXT:    ^bb0(%{{.*}}: !hpar.pull<i32, block>):
// CHECK:           hpar.yield %{{.*}} : i1
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%{{.*}}: !hpar.pull<i32, block>):
// CHECK:           hpar.return %{{.*}} : !hpar.push<i32, block>
func.func @block_reduce(%a: !hpar.pull<i32>, %nb: index, %chunk: index) -> !hpar.pull<i32, grid> {
  %r = hpar.program<grid> -> !hpar.pull<i32, grid> {
    %c1 = arith.constant 1 : index
    %p = hpar.concat<block> %nb, %c1 : !hpar.push<i32, grid> {
    ^bb0(%b: index):
      %init = hpar.push<block> %a : !hpar.pull<i32> -> !hpar.push<i32, block>
      %w = hpar.while<block> %init : !hpar.push<i32, block> -> !hpar.pull<i32, block> cond {
      ^bb0(%cur: !hpar.pull<i32, block>):
        %len = hpar.length %cur : !hpar.pull<i32, block>
        %more = arith.cmpi ugt, %len, %c1 : index
        hpar.yield %more : i1
      } do {
      ^bb0(%cur: !hpar.pull<i32, block>):
        %len = hpar.length %cur : !hpar.pull<i32, block>
        %c2 = arith.constant 2 : index
        %half = arith.divui %len, %c2 : index
        %l, %h = hpar.split_at %cur, %half : !hpar.pull<i32, block>
        %z = hpar.generate %half : !hpar.pull<i32> {
        ^bb0(%i: index):
          %x = hpar.index %l[%i] : !hpar.pull<i32, block>
          %y = hpar.index %h[%i] : !hpar.pull<i32, block>
          %s = arith.addi %x, %y : i32
          hpar.yield %s : i32
        }
        %next = hpar.push<block> %z : !hpar.pull<i32> -> !hpar.push<i32, block>
        hpar.return %next : !hpar.push<i32, block>
      }
      %one = hpar.push<block> %w : !hpar.pull<i32, block> -> !hpar.push<i32, block>
      hpar.return %one : !hpar.push<i32, block>
    }
    %f = hpar.force<grid> %p : !hpar.push<i32, grid> -> !hpar.pull<i32, grid>
    hpar.return %f : !hpar.pull<i32, grid>
  }
  return %r : !hpar.pull<i32, grid>
}

// Dybdal 2017 §5.4.2: a block-level `power` over tiles, each tile forced to shared memory;
// a thread-level `seqfor` (foldl) and `interleave` of thread programs into a block.
// CHECK-LABEL: func.func @power_seqfor_interleave
// CHECK:         hpar.power<block> %{{.*}}, %{{.*}} : !hpar.push<f64, block> -> !hpar.pull<f64, block> {
// CHECK-NEXT:    ^bb0(%{{.*}}: index, %{{.*}}: !hpar.pull<f64, block>):
// CHECK:           hpar.force<block> %{{.*}} : !hpar.push<f64, block> -> !hpar.pull<f64, block>
// CHECK:           hpar.interleave<thread> %{{.*}}, %{{.*}} : !hpar.push<f64, block> {
// CHECK:             hpar.seqfor %{{.*}}, %{{.*}} : !hpar.push<f64, thread> {
// CHECK-NEXT:        ^bb0(%{{.*}}: index, %{{.*}}: !hpar.pull<f64, thread>):
// CHECK:               hpar.yield %{{.*}}, %{{.*}} : index, f64
// CHECK:             hpar.program<thread> -> !hpar.pull<f64, thread> {
// CHECK:               hpar.force<thread>
// CHECK:           } place {
// CHECK-NEXT:      ^bb0(%{{.*}}: index, %{{.*}}: index):
// CHECK:             hpar.yield %{{.*}} : index
func.func @power_seqfor_interleave(%tiles: !hpar.pull<!hpar.pull<f64>>, %q: index, %s2: index, %zero: !hpar.pull<f64>) {
  hpar.program<grid> {
    %c1 = arith.constant 1 : index
    %g = hpar.concat<block> %c1, %s2 : !hpar.push<f64, grid> {
    ^bb0(%blk: index):
      %init = hpar.push<block> %zero : !hpar.pull<f64> -> !hpar.push<f64, block>
      %acc = hpar.power<block> %q, %init : !hpar.push<f64, block> -> !hpar.pull<f64, block> {
      ^bb0(%it: index, %cur: !hpar.pull<f64, block>):
        %tile = hpar.index %tiles[%it] : !hpar.pull<!hpar.pull<f64>>
        %tp = hpar.push<block> %tile : !hpar.pull<f64> -> !hpar.push<f64, block>
        %shared = hpar.force<block> %tp : !hpar.push<f64, block> -> !hpar.pull<f64, block>
        %blkres = hpar.interleave<thread> %s2, %c1 : !hpar.push<f64, block> {
        ^bb0(%t: index):
          %one = hpar.generate %c1 : !hpar.pull<f64> {
          ^bb0(%i: index):
            %x = hpar.index %cur[%t] : !hpar.pull<f64, block>
            hpar.yield %x : f64
          }
          %seed = hpar.push<thread> %one : !hpar.pull<f64> -> !hpar.push<f64, thread>
          %n = hpar.length %shared : !hpar.pull<f64, block>
          %fold = hpar.seqfor %seed, %n : !hpar.push<f64, thread> {
          ^bb0(%i: index, %st: !hpar.pull<f64, thread>):
            %c0 = arith.constant 0 : index
            %a = hpar.index %st[%c0] : !hpar.pull<f64, thread>
            %b = hpar.index %shared[%i] : !hpar.pull<f64, block>
            %s = arith.addf %a, %b : f64
            hpar.yield %c0, %s : index, f64
          }
          %m = hpar.program<thread> -> !hpar.pull<f64, thread> {
            %fm = hpar.force<thread> %fold : !hpar.push<f64, thread> -> !hpar.pull<f64, thread>
            hpar.return %fm : !hpar.pull<f64, thread>
          }
          %out = hpar.push<thread> %m : !hpar.pull<f64, thread> -> !hpar.push<f64, thread>
          hpar.return %out : !hpar.push<f64, thread>
        } place {
        ^bb0(%i: index, %j: index):
          hpar.yield %i : index
        }
        hpar.return %blkres : !hpar.push<f64, block>
      }
      %res = hpar.push<block> %acc : !hpar.pull<f64, block> -> !hpar.push<f64, block>
      hpar.return %res : !hpar.push<f64, block>
    }
    hpar.return
  }
  return
}

// Cooperative reductions and scans at a level, plain and segmented, with warp-level concat.
// CHECK-LABEL: func.func @reduce_scan
// CHECK:         hpar.reduce<block> %{{.*}} init(%{{.*}} : f32) : !hpar.pull<f32> -> f32 {
// CHECK:         hpar.reduce<block> %{{.*}} init(%{{.*}} : f32) : !hpar.pull<!hpar.pull<f32>> -> !hpar.push<f32, block> {
// CHECK:         hpar.concat<warp> %{{.*}}, %{{.*}} : !hpar.push<f32, block> {
// CHECK:           hpar.reduce<warp> %{{.*}} init(%{{.*}} : f32) : !hpar.pull<f32> -> f32 {
// CHECK:         hpar.concat<thread> %{{.*}}, %{{.*}} : !hpar.push<f32, warp> {
// CHECK:         hpar.scan<block> %{{.*}} init(%{{.*}} : f32) : !hpar.pull<f32> -> !hpar.push<f32, block> {
func.func @reduce_scan(%a: !hpar.pull<f32>, %segs: !hpar.pull<!hpar.pull<f32>>, %n: index) {
  hpar.program<grid> {
    %c1 = arith.constant 1 : index
    %g = hpar.concat<block> %n, %c1 : !hpar.push<f32, grid> {
    ^bb0(%b: index):
      %zero = arith.constant 0.0 : f32
      %s = hpar.reduce<block> %a init(%zero : f32) : !hpar.pull<f32> -> f32 {
      ^bb0(%x: f32, %y: f32):
        %z = arith.addf %x, %y : f32
        hpar.yield %z : f32
      }
      %per = hpar.reduce<block> %segs init(%zero : f32) : !hpar.pull<!hpar.pull<f32>> -> !hpar.push<f32, block> {
      ^bb0(%x: f32, %y: f32):
        %z = arith.maximumf %x, %y : f32
        hpar.yield %z : f32
      }
      %w = hpar.concat<warp> %n, %c1 : !hpar.push<f32, block> {
      ^bb0(%wi: index):
        %ws = hpar.reduce<warp> %a init(%zero : f32) : !hpar.pull<f32> -> f32 {
        ^bb0(%x: f32, %y: f32):
          %z = arith.addf %x, %y : f32
          hpar.yield %z : f32
        }
        %t = hpar.concat<thread> %n, %c1 : !hpar.push<f32, warp> {
        ^bb0(%ti: index):
          %one = hpar.generate %c1 : !hpar.pull<f32> {
          ^bb0(%i: index):
            hpar.yield %ws : f32
          }
          %tp = hpar.push<thread> %one : !hpar.pull<f32> -> !hpar.push<f32, thread>
          hpar.return %tp : !hpar.push<f32, thread>
        }
        hpar.return %t : !hpar.push<f32, warp>
      }
      %sc = hpar.scan<block> %a init(%zero : f32) : !hpar.pull<f32> -> !hpar.push<f32, block> {
      ^bb0(%x: f32, %y: f32):
        %z = arith.addf %x, %y : f32
        hpar.yield %z : f32
      }
      hpar.return %sc : !hpar.push<f32, block>
    }
    hpar.return
  }
  return
}
