// RUN: tail-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{'!hpar.push' element type must be a base type (integer, index or float), but got '!hpar.pull<f32>'}}
func.func @push_of_array(%p: !hpar.push<!hpar.pull<f32>, block>) {
  return
}

// -----

// expected-error@+1 {{unknown level 'team', expected one of grid, block, warp, thread}}
func.func @bad_level(%p: !hpar.push<f32, team>) {
  return
}

// -----

func.func @generate_materialised(%n: index, %x: f32) {
  // expected-error@+1 {{'hpar.generate' op builds a delayed array, but its type says it is materialised at level 'block'}}
  %a = hpar.generate %n : !hpar.pull<f32, block> {
  ^bb0(%i: index):
    hpar.yield %x : f32
  }
  return
}

// -----

func.func @generate_arg(%n: index, %x: f32) {
  // expected-error@+1 {{'hpar.generate' op expects index function region argument #0 to have type 'index', but got 'i32'}}
  %a = hpar.generate %n : !hpar.pull<f32> {
  ^bb0(%i: i32):
    hpar.yield %x : f32
  }
  return
}

// -----

func.func @generate_yield(%n: index, %x: f64) {
  // expected-error@+1 {{'hpar.generate' op expects the index function region to return 'f32' as value #0, but got 'f64'}}
  %a = hpar.generate %n : !hpar.pull<f32> {
  ^bb0(%i: index):
    hpar.yield %x : f64
  }
  return
}

// -----

func.func @map_kinds(%a: !hpar.pull<f32>) {
  // expected-error@+1 {{'hpar.map' op maps a pull array to a pull array or a push array to a push array, but got '!hpar.pull<f32>' -> '!hpar.push<f32, block>'}}
  %b = hpar.map %a : !hpar.pull<f32> -> !hpar.push<f32, block> {
  ^bb0(%x: f32):
    hpar.yield %x : f32
  }
  return
}

// -----

func.func @map_push_level(%a: !hpar.push<f32, block>) {
  // expected-error@+1 {{'hpar.map' op expects the result to be written at the input's level 'block', but it is at 'grid'}}
  %b = hpar.map %a : !hpar.push<f32, block> -> !hpar.push<f32, grid> {
  ^bb0(%x: f32):
    hpar.yield %x : f32
  }
  return
}

// -----

func.func @map_materialised(%a: !hpar.pull<f32>) {
  // expected-error@+1 {{'hpar.map' op maps to a delayed array, but its result type says it is materialised at level 'grid'}}
  %b = hpar.map %a : !hpar.pull<f32> -> !hpar.pull<f32, grid> {
  ^bb0(%x: f32):
    hpar.yield %x : f32
  }
  return
}

// -----

func.func @push_nested(%a: !hpar.pull<!hpar.pull<f32>>) {
  // expected-error@+1 {{'hpar.push' op expects a pull array of a base type (push arrays hold base types only), but got elements of type '!hpar.pull<f32>'}}
  %p = "hpar.push"(%a) {level = #hpar.level<block>} : (!hpar.pull<!hpar.pull<f32>>) -> !hpar.push<f32, block>
  return
}

// -----

func.func @push_result(%a: !hpar.pull<f32>) {
  // expected-error@+1 {{'hpar.push' op expects result type '!hpar.push<f32, block>', but got '!hpar.push<f32, grid>'}}
  %p = hpar.push<block> %a : !hpar.pull<f32> -> !hpar.push<f32, grid>
  return
}

// -----

func.func @push_level_attr(%a: !hpar.pull<f32>) {
  // expected-error@+1 {{'hpar.push' op attribute 'level' failed to satisfy constraint: level of the GPU hierarchy (grid, block, warp or thread)}}
  %p = "hpar.push"(%a) {level = 1 : i32} : (!hpar.pull<f32>) -> !hpar.push<f32, block>
  return
}

// -----

// No grid-level op inside a thread-level region.
func.func @grid_in_thread(%a: !hpar.pull<f32>, %n: index) {
  hpar.program<grid> {
    %g = hpar.concat<block> %n, %n : !hpar.push<f32, grid> {
    ^bb0(%b: index):
      %t = hpar.concat<thread> %n, %n : !hpar.push<f32, block> {
      ^bb0(%i: index):
        // expected-error@+1 {{'hpar.push' op builds a 'grid'-level value inside a 'thread'-level region}}
        %bad = hpar.push<grid> %a : !hpar.pull<f32> -> !hpar.push<f32, grid>
        %p = hpar.push<thread> %a : !hpar.pull<f32> -> !hpar.push<f32, thread>
        hpar.return %p : !hpar.push<f32, thread>
      }
      hpar.return %t : !hpar.push<f32, block>
    }
    hpar.return
  }
  return
}

// -----

func.func @seqfor_level(%p: !hpar.push<f32, block>, %n: index) {
  // expected-error@+1 {{'hpar.seqfor' op expects a 'thread'-level push array, but got one at level 'block'}}
  %s = hpar.seqfor %p, %n : !hpar.push<f32, block> {
  ^bb0(%i: index, %acc: !hpar.pull<f32, block>):
    %x = hpar.index %acc[%i] : !hpar.pull<f32, block>
    hpar.yield %i, %x : index, f32
  }
  return
}

// -----

func.func @seqfor_step(%p: !hpar.push<f32, thread>, %n: index) {
  // expected-error@+1 {{'hpar.seqfor' op expects the step region to take (index, '!hpar.pull<f32, thread>')}}
  %s = hpar.seqfor %p, %n : !hpar.push<f32, thread> {
  ^bb0(%i: index, %acc: !hpar.pull<f32>):
    %x = hpar.index %acc[%i] : !hpar.pull<f32>
    hpar.yield %i, %x : index, f32
  }
  return
}

// -----

func.func @seqfor_yield(%p: !hpar.push<f32, thread>, %n: index) {
  // expected-error@+1 {{'hpar.seqfor' op expects the step region to return 2 values, but it returns 1}}
  %s = hpar.seqfor %p, %n : !hpar.push<f32, thread> {
  ^bb0(%i: index, %acc: !hpar.pull<f32, thread>):
    %x = hpar.index %acc[%i] : !hpar.pull<f32, thread>
    hpar.yield %x : f32
  }
  return
}

// -----

func.func @host_block_program() {
  // expected-error@+1 {{'hpar.program' op the host runs only 'grid'-level programs, but this program is at level 'block'}}
  hpar.program<block> {
    hpar.return
  }
  return
}

// -----

func.func @program_result(%x: f32) {
  // expected-error@+1 {{'hpar.program' op expects the program region to return 'i32' as value #0, but got 'f32'}}
  %r = hpar.program<grid> -> i32 {
    hpar.return %x : f32
  }
  return
}

// -----

func.func @program_nested_level(%n: index) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.program' op runs at level 'block' but is nested in a 'grid'-level program region}}
    hpar.program<block> {
      hpar.return
    }
    hpar.return
  }
  return
}

// -----

func.func @force_on_host(%p: !hpar.push<f32, block>) {
  // expected-error@+1 {{'hpar.force' op requires an enclosing 'block'-level program region}}
  %m = hpar.force<block> %p : !hpar.push<f32, block> -> !hpar.pull<f32, block>
  return
}

// -----

// `force<block>` only inside a block-level program.
func.func @force_block_in_grid(%p: !hpar.push<f32, block>) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.force' op runs at level 'block' but is nested in a 'grid'-level program region}}
    %m = hpar.force<block> %p : !hpar.push<f32, block> -> !hpar.pull<f32, block>
    hpar.return
  }
  return
}

// -----

func.func @force_level(%p: !hpar.push<f32, block>) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.force' op forces at level 'grid' a push array written at level 'block'}}
    %m = hpar.force<grid> %p : !hpar.push<f32, block> -> !hpar.pull<f32, grid>
    hpar.return
  }
  return
}

// -----

func.func @force_result(%p: !hpar.push<f32, grid>) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.force' op expects result type '!hpar.pull<f32, grid>', but got '!hpar.pull<f32>'}}
    %m = hpar.force<grid> %p : !hpar.push<f32, grid> -> !hpar.pull<f32>
    hpar.return
  }
  return
}

// -----

func.func @force_in_function(%p: !hpar.push<f32, grid>, %n: index) {
  hpar.program<grid> {
    %a = hpar.generate %n : !hpar.pull<f32> {
    ^bb0(%i: index):
      // expected-error@+1 {{'hpar.force' op is a 'grid'-level program action and cannot appear in the function region of 'hpar.generate'}}
      %m = hpar.force<grid> %p : !hpar.push<f32, grid> -> !hpar.pull<f32, grid>
      %x = hpar.index %m[%i] : !hpar.pull<f32, grid>
      hpar.yield %x : f32
    }
    hpar.return
  }
  return
}

// -----

// `concat` raises exactly one level.
func.func @concat_two_levels(%a: !hpar.pull<f32>, %n: index) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.concat' op raises level 'thread' to 'grid', but it must raise exactly one level}}
    %g = hpar.concat<thread> %n, %n : !hpar.push<f32, grid> {
    ^bb0(%i: index):
      %p = hpar.push<thread> %a : !hpar.pull<f32> -> !hpar.push<f32, thread>
      hpar.return %p : !hpar.push<f32, thread>
    }
    hpar.return
  }
  return
}

// -----

func.func @concat_body_level(%a: !hpar.pull<f32>, %n: index) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.concat' op expects the body region to return '!hpar.push<f32, block>', but got '!hpar.push<f32, thread>'}}
    %g = hpar.concat<block> %n, %n : !hpar.push<f32, grid> {
    ^bb0(%i: index):
      %p = hpar.push<thread> %a : !hpar.pull<f32> -> !hpar.push<f32, thread>
      hpar.return %p : !hpar.push<f32, thread>
    }
    hpar.return
  }
  return
}

// -----

func.func @concat_placement(%a: !hpar.pull<f32>, %n: index) {
  %c1 = arith.constant 1 : index
  hpar.program<grid> {
    %g = hpar.concat<block> %n, %n : !hpar.push<f32, grid> {
    ^bb0(%b: index):
      // expected-error@+1 {{'hpar.concat' op runs at level 'grid' but is nested in a 'block'-level program region}}
      %h = hpar.concat<block> %n, %n : !hpar.push<f32, grid> {
      ^bb0(%i: index):
        %p = hpar.push<block> %a : !hpar.pull<f32> -> !hpar.push<f32, block>
        hpar.return %p : !hpar.push<f32, block>
      }
      %p = hpar.push<block> %a : !hpar.pull<f32> -> !hpar.push<f32, block>
      hpar.return %p : !hpar.push<f32, block>
    }
    hpar.return
  }
  return
}

// -----

func.func @concat_body_arg(%a: !hpar.pull<f32>, %n: index) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.concat' op expects the body region to take 1 arguments, but it takes 0}}
    %g = hpar.concat<block> %n, %n : !hpar.push<f32, grid> {
      %p = hpar.push<block> %a : !hpar.pull<f32> -> !hpar.push<f32, block>
      hpar.return %p : !hpar.push<f32, block>
    }
    hpar.return
  }
  return
}

// -----

func.func @interleave_place(%a: !hpar.pull<f32>, %n: index, %x: f32) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.interleave' op expects the placement region to return 'index' as value #0, but got 'f32'}}
    %g = hpar.interleave<block> %n, %n : !hpar.push<f32, grid> {
    ^bb0(%b: index):
      %p = hpar.push<block> %a : !hpar.pull<f32> -> !hpar.push<f32, block>
      hpar.return %p : !hpar.push<f32, block>
    } place {
    ^bb0(%i: index, %j: index):
      hpar.yield %x : f32
    }
    hpar.return
  }
  return
}

// -----

func.func @power_init_level(%p: !hpar.push<f32, grid>, %n: index) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.power' op iterates at level 'block' but the initial array is written at level 'grid'}}
    %r = hpar.power<block> %n, %p : !hpar.push<f32, grid> -> !hpar.pull<f32, block> {
    ^bb0(%i: index, %cur: !hpar.pull<f32, block>):
      %q = hpar.push<block> %cur : !hpar.pull<f32, block> -> !hpar.push<f32, block>
      hpar.return %q : !hpar.push<f32, block>
    }
    hpar.return
  }
  return
}

// -----

func.func @power_body(%p: !hpar.push<f32, grid>, %n: index) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.power' op expects body region argument #1 to have type '!hpar.pull<f32, grid>', but got '!hpar.pull<f32>'}}
    %r = hpar.power<grid> %n, %p : !hpar.push<f32, grid> -> !hpar.pull<f32, grid> {
    ^bb0(%i: index, %cur: !hpar.pull<f32>):
      %q = hpar.push<grid> %cur : !hpar.pull<f32> -> !hpar.push<f32, grid>
      hpar.return %q : !hpar.push<f32, grid>
    }
    hpar.return
  }
  return
}

// -----

func.func @power_result(%p: !hpar.push<f32, grid>, %n: index) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.power' op expects result type '!hpar.pull<f32, grid>', but got '!hpar.pull<f32>'}}
    %r = hpar.power<grid> %n, %p : !hpar.push<f32, grid> -> !hpar.pull<f32> {
    ^bb0(%i: index, %cur: !hpar.pull<f32>):
      %q = hpar.push<grid> %cur : !hpar.pull<f32> -> !hpar.push<f32, grid>
      hpar.return %q : !hpar.push<f32, grid>
    }
    hpar.return
  }
  return
}

// -----

func.func @while_cond(%p: !hpar.push<f32, grid>, %x: f32) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.while' op expects the condition region to return 'i1' as value #0, but got 'f32'}}
    %r = hpar.while<grid> %p : !hpar.push<f32, grid> -> !hpar.pull<f32, grid> cond {
    ^bb0(%cur: !hpar.pull<f32, grid>):
      hpar.yield %x : f32
    } do {
    ^bb0(%cur: !hpar.pull<f32, grid>):
      %q = hpar.push<grid> %cur : !hpar.pull<f32, grid> -> !hpar.push<f32, grid>
      hpar.return %q : !hpar.push<f32, grid>
    }
    hpar.return
  }
  return
}

// -----

func.func @while_body(%p: !hpar.push<f32, grid>, %c: i1, %a: !hpar.pull<f32>) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.while' op expects the body region to return '!hpar.push<f32, grid>' as value #0, but got '!hpar.pull<f32>'}}
    %r = hpar.while<grid> %p : !hpar.push<f32, grid> -> !hpar.pull<f32, grid> cond {
    ^bb0(%cur: !hpar.pull<f32, grid>):
      hpar.yield %c : i1
    } do {
    ^bb0(%cur: !hpar.pull<f32, grid>):
      hpar.return %a : !hpar.pull<f32>
    }
    hpar.return
  }
  return
}

// -----

func.func @reduce_neutral(%a: !hpar.pull<f32>, %z: f64) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.reduce' op expects the neutral element to have the element type 'f32', but got 'f64'}}
    %s = hpar.reduce<grid> %a init(%z : f64) : !hpar.pull<f32> -> f32 {
    ^bb0(%x: f32, %y: f32):
      hpar.yield %x : f32
    }
    hpar.return
  }
  return
}

// -----

func.func @reduce_segmented_result(%a: !hpar.pull<!hpar.pull<f32>>, %z: f32) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.reduce' op expects result type '!hpar.push<f32, grid>', but got 'f32'}}
    %s = hpar.reduce<grid> %a init(%z : f32) : !hpar.pull<!hpar.pull<f32>> -> f32 {
    ^bb0(%x: f32, %y: f32):
      hpar.yield %x : f32
    }
    hpar.return
  }
  return
}

// -----

func.func @reduce_elements(%a: !hpar.pull<!hpar.pull<!hpar.pull<f32>>>, %z: f32) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.reduce' op expects a pull array of a base type or of pull arrays of a base type, but got '!hpar.pull<!hpar.pull<!hpar.pull<f32>>>'}}
    %s = hpar.reduce<grid> %a init(%z : f32) : !hpar.pull<!hpar.pull<!hpar.pull<f32>>> -> f32 {
    ^bb0(%x: f32, %y: f32):
      hpar.yield %x : f32
    }
    hpar.return
  }
  return
}

// -----

func.func @reduce_operator(%a: !hpar.pull<f32>, %z: f32) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.reduce' op expects the operator region to take 2 arguments, but it takes 1}}
    %s = hpar.reduce<grid> %a init(%z : f32) : !hpar.pull<f32> -> f32 {
    ^bb0(%x: f32):
      hpar.yield %x : f32
    }
    hpar.return
  }
  return
}

// -----

func.func @reduce_on_host(%a: !hpar.pull<f32>, %z: f32) {
  // expected-error@+1 {{'hpar.reduce' op requires an enclosing 'block'-level program region}}
  %s = hpar.reduce<block> %a init(%z : f32) : !hpar.pull<f32> -> f32 {
  ^bb0(%x: f32, %y: f32):
    hpar.yield %x : f32
  }
  return
}

// -----

func.func @scan_result(%a: !hpar.pull<i32>, %z: i32) {
  hpar.program<grid> {
    // expected-error@+1 {{'hpar.scan' op expects result type '!hpar.push<i32, grid>', but got '!hpar.push<i32, block>'}}
    %s = hpar.scan<grid> %a init(%z : i32) : !hpar.pull<i32> -> !hpar.push<i32, block> {
    ^bb0(%x: i32, %y: i32):
      hpar.yield %x : i32
    }
    hpar.return
  }
  return
}

// -----

func.func @program_terminator(%x: f32) {
  // expected-error@+1 {{'hpar.program' op expects the program region to end with 'hpar.return'}}
  "hpar.program"() ({
    "hpar.yield"() : () -> ()
  }) {level = #hpar.level<grid>} : () -> ()
  return
}

// -----

func.func @index_push(%p: !hpar.push<f32, block>, %i: index) {
  // expected-error@+1 {{'hpar.index' op operand #0 must be pull array, but got '!hpar.push<f32, block>'}}
  %x = "hpar.index"(%p, %i) : (!hpar.push<f32, block>, index) -> f32
  return
}
