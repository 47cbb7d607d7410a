// RUN: tail-opt %s --split-input-file --verify-diagnostics | FileCheck %s

// Tuples: a generate with several results (one index function yielding a tuple), a reduce of
// tuples, and concat/interleave with several results (one chunk each, one position each).
// CHECK-LABEL: func.func @tuples
// CHECK:         hpar.concat<block> %{{.*}}, %{{.*}} : !hpar.push<f32, grid>, !hpar.push<i32, grid> {
// CHECK:         hpar.interleave<thread> %{{.*}}, %{{.*}}, %{{.*}} : !hpar.push<f32, block>, !hpar.push<i32, block> {
// CHECK:         %{{.*}}:2 = hpar.generate %{{.*}} : !hpar.pull<f32>, !hpar.pull<i32> {
// CHECK:         hpar.reduce<thread> %{{.*}}#0, %{{.*}}#1 init(%{{.*}}, %{{.*}} : f32, i32) : !hpar.pull<f32>, !hpar.pull<i32> -> f32, i32 {
// CHECK:         } place {
// CHECK:           hpar.yield %{{.*}}, %{{.*}} : index, index
func.func @tuples(%n: index, %k: index) -> (!hpar.pull<f32, grid>, !hpar.pull<i32, grid>) {
  %r:2 = hpar.program<grid> -> (!hpar.pull<f32, grid>, !hpar.pull<i32, grid>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c:2 = hpar.concat<block> %n, %c32 : !hpar.push<f32, grid>, !hpar.push<i32, grid> {
    ^bb0(%b: index):
      %t:2 = hpar.interleave<thread> %c32, %c1, %k : !hpar.push<f32, block>, !hpar.push<i32, block> {
      ^bb0(%i: index):
        %g:2 = hpar.generate %k : !hpar.pull<f32>, !hpar.pull<i32> {
        ^bb0(%j: index):
          %x = arith.constant 1.0 : f32
          %y = arith.constant 1 : i32
          hpar.yield %x, %y : f32, i32
        }
        %z = arith.constant 0.0 : f32
        %zi = arith.constant 0 : i32
        %s:2 = hpar.reduce<thread> %g#0, %g#1 init(%z, %zi : f32, i32) : !hpar.pull<f32>, !hpar.pull<i32> -> f32, i32 {
        ^bb0(%a: f32, %ai: i32, %x: f32, %xi: i32):
          %p = arith.addf %a, %x : f32
          %q = arith.addi %ai, %xi : i32
          hpar.yield %p, %q : f32, i32
        }
        %one = hpar.generate %c1 : !hpar.pull<f32> {
        ^bb0(%j: index):
          hpar.yield %s#0 : f32
        }
        %p0 = hpar.push<thread> %one : !hpar.pull<f32> -> !hpar.push<f32, thread>
        %p1 = hpar.push<thread> %g#1 : !hpar.pull<i32> -> !hpar.push<i32, thread>
        hpar.return %p0, %p1 : !hpar.push<f32, thread>, !hpar.push<i32, thread>
      } place {
      ^bb0(%i: index, %j: index):
        %jk = arith.muli %j, %c32 : index
        %pos = arith.addi %jk, %i : index
        hpar.yield %i, %pos : index, index
      }
      hpar.return %t#0, %t#1 : !hpar.push<f32, block>, !hpar.push<i32, block>
    }
    %f0 = hpar.force<grid> %c#0 : !hpar.push<f32, grid> -> !hpar.pull<f32, grid>
    %f1 = hpar.force<grid> %c#1 : !hpar.push<i32, grid> -> !hpar.pull<i32, grid>
    hpar.return %f0, %f1 : !hpar.pull<f32, grid>, !hpar.pull<i32, grid>
  }
  return %r#0, %r#1 : !hpar.pull<f32, grid>, !hpar.pull<i32, grid>
}

// -----

func.func @tuple_reduce_types(%a: !hpar.pull<f32>, %b: !hpar.pull<i32>, %z: f32) -> (f32, i32) {
  // expected-error@+1 {{'hpar.reduce' op expects neutral element #1 to have the element type 'i32', but got 'f32'}}
  %s:2 = hpar.reduce<thread> %a, %b init(%z, %z : f32, f32) : !hpar.pull<f32>, !hpar.pull<i32> -> f32, i32 {
  ^bb0(%x: f32, %xi: i32, %y: f32, %yi: i32):
    hpar.yield %x, %xi : f32, i32
  }
  return %s#0, %s#1 : f32, i32
}

// -----

func.func @tuple_reduce_count(%a: !hpar.pull<f32>, %b: !hpar.pull<f32>, %z: f32) -> f32 {
  // expected-error@+1 {{'hpar.reduce' op expects as many neutral elements and results as input arrays (at least one), but got 2 inputs, 1 neutral elements and 1 results}}
  %s = hpar.reduce<thread> %a, %b init(%z : f32) : !hpar.pull<f32>, !hpar.pull<f32> -> f32 {
  ^bb0(%x: f32, %y: f32):
    hpar.yield %x : f32
  }
  return %s : f32
}

// -----

func.func @generate_tuple(%n: index) -> !hpar.pull<f32> {
  // expected-error@+1 {{'hpar.generate' op expects the index function region to return 2 values, but it returns 1}}
  %g:2 = hpar.generate %n : !hpar.pull<f32>, !hpar.pull<f32> {
  ^bb0(%i: index):
    %x = arith.constant 1.0 : f32
    hpar.yield %x : f32
  }
  return %g#0 : !hpar.pull<f32>
}

// -----

func.func @chunks(%n: index, %c: index) {
  %r = hpar.program<grid> -> !hpar.pull<f32, grid> {
    // expected-error@+1 {{'hpar.concat' op expects one chunk length or one per result (2), but got 3}}
    %p:2 = hpar.concat<block> %n, %c, %c, %c : !hpar.push<f32, grid>, !hpar.push<f32, grid> {
    ^bb0(%b: index):
      %one = hpar.generate %c : !hpar.pull<f32> {
      ^bb0(%j: index):
        %x = arith.constant 1.0 : f32
        hpar.yield %x : f32
      }
      %q = hpar.push<block> %one : !hpar.pull<f32> -> !hpar.push<f32, block>
      hpar.return %q, %q : !hpar.push<f32, block>, !hpar.push<f32, block>
    }
    %f = hpar.force<grid> %p#0 : !hpar.push<f32, grid> -> !hpar.pull<f32, grid>
    hpar.return %f : !hpar.pull<f32, grid>
  }
  return
}
