// RUN: tail-opt %s --split-input-file --verify-diagnostics

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected void return type for kernel function}}
  gpu.func @k(%x: f32) -> f32 kernel {
    gpu.return %x : f32
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected memory space workgroup in attribution}}
  gpu.func @k() workgroup(%s: memref<4xf32>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected memory space private in attribution}}
  gpu.func @k() private(%s: memref<4xf32, #gpu.address_space<workgroup>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected memref type in attribution}}
  gpu.func @k() workgroup(%s: f32) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected body region argument #0 to be of type 'f32', got 'i32'}}
  "gpu.func"() ({
  ^bb0(%x: i32):
    "gpu.return"() : () -> ()
  }) {function_type = (f32) -> (), sym_name = "k"} : () -> ()
}

// -----

// expected-error@+1 {{'gpu.func' op expects parent op 'gpu.module'}}
gpu.func @outside() kernel {
  gpu.return
}

// -----

gpu.module @m {
  gpu.func @f(%x: f32) -> f32 {
    // expected-error@+1 {{'gpu.return' op expected 1 result operands}}
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @f(%x: i32) -> f32 {
    // expected-error@+1 {{'gpu.return' op unexpected type `i32' for operand #0}}
    gpu.return %x : i32
  }
}

// -----

func.func @thread_id_on_host() {
  // expected-error@+1 {{'gpu.thread_id' op expects to be nested in a 'gpu.func'}}
  %t = gpu.thread_id x
  return
}

// -----

func.func @barrier_on_host() {
  // expected-error@+1 {{'gpu.barrier' op expects to be nested in a 'gpu.func'}}
  gpu.barrier
  return
}

// -----

func.func @shuffle_on_host(%v: f32, %o: i32) {
  // expected-error@+1 {{'gpu.shuffle' op expects to be nested in a 'gpu.func'}}
  %r, %ok = gpu.shuffle xor %v, %o, %o : f32
  return
}

// -----

gpu.module @m {
  gpu.func @k(%v: f16, %o: i32) kernel {
    // expected-error@+1 {{'gpu.shuffle' op operand #0 must be i32, i64, f32 or f64, but got 'f16'}}
    %r, %ok = gpu.shuffle xor %v, %o, %o : f16
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%v: f32, %o: i32) kernel {
    // expected-error@+1 {{expected one of [xor, up, down, idx] for Indexing modes supported by gpu.shuffle., got: left}}
    %r, %ok = gpu.shuffle left %v, %o, %o : f32
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error@+1 {{expected one of [x, y, z] for a dimension, either 'x', 'y', or 'z', got: w}}
    %t = gpu.thread_id w
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error@+1 {{'gpu.block_id' op attribute 'dimension' failed to satisfy constraint: a dimension, either 'x', 'y', or 'z'}}
    %t = "gpu.block_id"() {dimension = 0 : i32} : () -> index
    gpu.return
  }
}

// -----

// expected-error@+1 {{expected one of [global, workgroup, private] for gpu address space, got: texture}}
func.func @space(%m: memref<4xf32, #gpu.address_space<texture>>) {
  return
}

// -----

func.func @alloc_sizes(%n: index) {
  // expected-error@+1 {{'gpu.alloc' op dimension operand count does not equal memref dynamic dimension count}}
  %m = gpu.alloc (%n) : memref<4xf32>
  return
}

// -----

func.func @memcpy_elem(%a: memref<4xf32>, %b: memref<4xi32>) {
  // expected-error@+1 {{'gpu.memcpy' op arguments have incompatible element type}}
  gpu.memcpy %a, %b : memref<4xf32>, memref<4xi32>
  return
}

// -----

func.func @memcpy_shape(%a: memref<4xf32>, %b: memref<5xf32>) {
  // expected-error@+1 {{'gpu.memcpy' op arguments have incompatible shape}}
  gpu.memcpy %a, %b : memref<4xf32>, memref<5xf32>
  return
}

// -----

module {
  gpu.module @m {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @no_container(%c: index) {
    // expected-error@+1 {{'gpu.launch_func' op expected the closest surrounding module to have the 'gpu.container_module' attribute}}
    gpu.launch_func @m::@k blocks in (%c, %c, %c) threads in (%c, %c, %c)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @no_module(%c: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel module 'm' is undefined}}
    gpu.launch_func @m::@k blocks in (%c, %c, %c) threads in (%c, %c, %c)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
  }
  func.func @no_func(%c: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel function '@m::@k' is undefined}}
    gpu.launch_func @m::@k blocks in (%c, %c, %c) threads in (%c, %c, %c)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() {
      gpu.return
    }
  }
  func.func @not_kernel(%c: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute}}
    gpu.launch_func @m::@k blocks in (%c, %c, %c) threads in (%c, %c, %c)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: f32) kernel {
      gpu.return
    }
  }
  func.func @arity(%c: index) {
    // expected-error@+1 {{'gpu.launch_func' op got 0 kernel operands but expected 1}}
    gpu.launch_func @m::@k blocks in (%c, %c, %c) threads in (%c, %c, %c)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: f32) kernel {
      gpu.return
    }
  }
  func.func @arg_type(%c: index, %y: i32) {
    // expected-error@+1 {{'gpu.launch_func' op type of function argument 0 does not match}}
    gpu.launch_func @m::@k blocks in (%c, %c, %c) threads in (%c, %c, %c) args(%y : i32)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @flat_ref(%c: index) {
    // expected-error@+1 {{'gpu.launch_func' op expected the kernel to be referenced as '@module::@function'}}
    gpu.launch_func @k blocks in (%c, %c, %c) threads in (%c, %c, %c)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @mixed_sizes(%c: index, %d: i32) {
    // expected-error@+1 {{'gpu.launch_func' op expects all grid and block sizes to have the same type}}
    "gpu.launch_func"(%c, %c, %c, %d, %d, %d) {kernel = @m::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>} : (index, index, index, i32, i32, i32) -> ()
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @stream(%c: index, %s: i64) {
    // expected-error@+1 {{'gpu.launch_func' op launches on an explicit stream ('async_object') are not supported}}
    "gpu.launch_func"(%c, %c, %c, %c, %c, %c, %s) {kernel = @m::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1>} : (index, index, index, index, index, index, i64) -> ()
    return
  }
}
