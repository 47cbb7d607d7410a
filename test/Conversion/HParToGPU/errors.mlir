// RUN: tail-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-hpar-to-gpu)'

// What convert-hpar-to-gpu cannot lower is reported at the op, and the pass fails.

// A block reduction needs exactly block-size elements in shared memory.
func.func @small_block(%m: memref<?xf32>) {
  hpar.program<grid> {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %p = hpar.concat<block> %c1, %c1 : !hpar.push<f32, grid> {
    ^bb0(%b: index):
      %g = hpar.generate %c64 : !hpar.pull<f32> {
      ^bb0(%i: index):
        %x = memref.load %m[%i] : memref<?xf32>
        hpar.yield %x : f32
      }
      %q = hpar.push<block> %g : !hpar.pull<f32> -> !hpar.push<f32, block>
      %s = hpar.force<block> %q : !hpar.push<f32, block> -> !hpar.pull<f32, block>
      %z = arith.constant 0.0 : f32
      // expected-error@+1 {{'hpar.reduce' op cannot be lowered by convert-hpar-to-gpu: a block reduction needs exactly block-size (256) elements, got 64}}
      %r = hpar.reduce<block> %s init(%z : f32) {comm} : !hpar.pull<f32, block> -> f32 {
      ^bb0(%x: f32, %y: f32):
        %a = arith.addf %x, %y : f32
        hpar.yield %a : f32
      }
      %one = hpar.generate %c1 : !hpar.pull<f32> {
      ^bb0(%i: index):
        hpar.yield %r : f32
      }
      %o = hpar.push<block> %one : !hpar.pull<f32> -> !hpar.push<f32, block>
      hpar.return %o : !hpar.push<f32, block>
    }
    %f = hpar.force<grid> %p : !hpar.push<f32, grid> -> !hpar.pull<f32, grid>
    hpar.return
  }
  return
}

// -----

// A block-level loop keeps its array in shared memory: the initial length must be constant.
func.func @power(%m: memref<?xf32>, %n: index) {
  hpar.program<grid> {
    %c1 = arith.constant 1 : index
    %p = hpar.concat<block> %c1, %c1 : !hpar.push<f32, grid> {
    ^bb0(%b: index):
      %g = hpar.generate %n : !hpar.pull<f32> {
      ^bb0(%i: index):
        %x = memref.load %m[%i] : memref<?xf32>
        hpar.yield %x : f32
      }
      %q = hpar.push<block> %g : !hpar.pull<f32> -> !hpar.push<f32, block>
      // expected-error@+1 {{'hpar.power' op cannot be lowered by convert-hpar-to-gpu: the initial array of a block-level loop needs a constant length}}
      %w = hpar.power<block> %n, %q : !hpar.push<f32, block> -> !hpar.pull<f32, block> {
      ^bb0(%it: index, %cur: !hpar.pull<f32, block>):
        %r = hpar.push<block> %cur : !hpar.pull<f32, block> -> !hpar.push<f32, block>
        hpar.return %r : !hpar.push<f32, block>
      }
      %o = hpar.push<block> %w : !hpar.pull<f32, block> -> !hpar.push<f32, block>
      hpar.return %o : !hpar.push<f32, block>
    }
    %f = hpar.force<grid> %p : !hpar.push<f32, grid> -> !hpar.pull<f32, grid>
    hpar.return
  }
  return
}

// -----

// A kernel holds only upstream ops: a `tail` op left in a lambda has no device lowering.
func.func @roll(%x: memref<?xi32>) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xi32>
  %p = hpar.program<grid> -> !hpar.pull<f64, grid> {
    %g = hpar.generate %n : !hpar.pull<f64> {
    ^bb0(%i: index):
      %v = memref.load %x[%i] : memref<?xi32>
      // expected-error@+1 {{'tail.roll' op cannot be lowered by convert-hpar-to-gpu: an op of dialect 'tail' inside a kernel (kernels hold only arith, math, scf, memref, index, gpu ops)}}
      %r = tail.roll %v : i32 -> f64
      hpar.yield %r : f64
    }
    %q = hpar.push<grid> %g : !hpar.pull<f64> -> !hpar.push<f64, grid>
    %f = hpar.force<grid> %q : !hpar.push<f64, grid> -> !hpar.pull<f64, grid>
    hpar.return %f : !hpar.pull<f64, grid>
  }
  %m = builtin.unrealized_conversion_cast %p, %n : !hpar.pull<f64, grid>, index to memref<?xf64>
  return %m : memref<?xf64>
}

// -----

// The condition of a grid-level while runs on the host: ops with regions are not copied there.
func.func @grid_while_cond(%m: memref<?xi32>) {
  hpar.program<grid> {
    %c0 = arith.constant 0 : index
    %n = memref.dim %m, %c0 : memref<?xi32>
    %g = hpar.generate %n : !hpar.pull<i32> {
    ^bb0(%i: index):
      %x = memref.load %m[%i] : memref<?xi32>
      hpar.yield %x : i32
    }
    %p = hpar.push<grid> %g : !hpar.pull<i32> -> !hpar.push<i32, grid>
    %w = hpar.while<grid> %p : !hpar.push<i32, grid> -> !hpar.pull<i32, grid> cond {
    ^bb0(%cur: !hpar.pull<i32, grid>):
      %len = hpar.length %cur : !hpar.pull<i32, grid>
      %c1 = arith.constant 1 : index
      %big = arith.cmpi ugt, %len, %c1 : index
      // expected-error@+1 {{'scf.if' op cannot be lowered by convert-hpar-to-gpu in the condition of a grid-level while}}
      %c = scf.if %big -> (i1) {
        %t = arith.constant true
        scf.yield %t : i1
      } else {
        %f = arith.constant false
        scf.yield %f : i1
      }
      hpar.yield %c : i1
    } do {
    ^bb0(%cur: !hpar.pull<i32, grid>):
      %q = hpar.push<grid> %cur : !hpar.pull<i32, grid> -> !hpar.push<i32, grid>
      hpar.return %q : !hpar.push<i32, grid>
    }
    hpar.return
  }
  return
}
