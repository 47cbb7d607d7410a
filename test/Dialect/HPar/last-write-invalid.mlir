// RUN: tail-opt %s --split-input-file --verify-diagnostics

func.func @index_indices(%g: !hpar.pull<index>, %m: index) {
  // expected-error@+1 {{'hpar.last_write' op expects the indices to be a pull array of 'i32', but got elements of type 'index'}}
  %l = hpar.last_write<grid> %g, %m : !hpar.pull<index> -> !hpar.push<i32, grid>
  return
}

// -----

func.func @wrong_level(%g: !hpar.pull<i32>, %m: index) {
  // expected-error@+1 {{'hpar.last_write' op expects result type '!hpar.push<i32, grid>', but got '!hpar.push<i32, block>'}}
  %l = hpar.last_write<grid> %g, %m : !hpar.pull<i32> -> !hpar.push<i32, block>
  return
}
