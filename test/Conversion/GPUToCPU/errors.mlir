// RUN: tail-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-gpu-to-cpu)'

// What convert-gpu-to-cpu cannot run on the CPU is reported at the op, and the pass fails.

// A barrier under a condition that depends on the thread id: threads that skip it would not
// wait (CUDA leaves this undefined); the thread loops cannot express it.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%m: memref<?xf32>) kernel {
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %lo = arith.cmpi ult, %t, %c32 : index
      scf.if %lo {
        // expected-error@+1 {{'gpu.barrier' op cannot be converted by convert-gpu-to-cpu: a barrier under thread-dependent control flow (a condition that depends on the thread id or on per-thread values); only block-uniform control flow may hold barriers}}
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// The same for a condition computed from a per-thread load.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%m: memref<?xf32>) kernel {
      %z = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %x = memref.load %m[%t] : memref<?xf32>
      %pos = arith.cmpf ogt, %x, %z : f32
      scf.if %pos {
        memref.store %z, %m[%t] : memref<?xf32>
      } else {
        // expected-error@+1 {{'gpu.barrier' op cannot be converted by convert-gpu-to-cpu: a barrier under thread-dependent control flow}}
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// A barrier in a loop whose bounds depend on the thread id.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%m: memref<?xf32>) kernel {
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      scf.for %i = %t to %c64 step %c1 {
        // expected-error@+1 {{'gpu.barrier' op cannot be converted by convert-gpu-to-cpu: a barrier inside 'scf.for' (only 'scf.if', 'scf.for' and 'scf.while' with block-uniform conditions and bounds, and 'scf.if' around shuffles, may hold them)}}
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// A shuffle in a loop whose bounds depend on the thread id.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%m: memref<?xf32>) kernel {
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %o = arith.constant 1 : i32
      %w = arith.constant 32 : i32
      %t = gpu.thread_id x
      %x = memref.load %m[%t] : memref<?xf32>
      %r = scf.for %i = %t to %c64 step %c1 iter_args(%a = %x) -> (f32) {
        // expected-error@+1 {{'gpu.shuffle' op cannot be converted by convert-gpu-to-cpu: a shuffle inside 'scf.for'}}
        %s, %v = gpu.shuffle xor %a, %o, %w : f32
        scf.yield %s : f32
      }
      memref.store %r, %m[%t] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// A barrier in an scf.while whose condition depends on the thread id: threads would leave
// the loop at different iterations.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%m: memref<?xf32>, %n: index) kernel {
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %r = scf.while (%i = %t) : (index) -> index {
        %go = arith.cmpi ult, %i, %n : index
        scf.condition(%go) %i : index
      } do {
      ^bb0(%j: index):
        // expected-error@+1 {{'gpu.barrier' op cannot be converted by convert-gpu-to-cpu: a barrier under thread-dependent control flow (a condition that depends on the thread id or on per-thread values); only block-uniform control flow may hold barriers}}
        gpu.barrier
        %k = arith.addi %j, %c1 : index
        scf.yield %k : index
      }
      gpu.return
    }
  }
}

// -----

// The same when the condition becomes thread-dependent only through the carried value (the
// fixed point of the analysis): the loop starts uniform but adds the thread id each step.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%m: memref<?xf32>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %r = scf.while (%i = %c0) : (index) -> index {
        %go = arith.cmpi ult, %i, %n : index
        scf.condition(%go) %i : index
      } do {
      ^bb0(%j: index):
        // expected-error@+1 {{'gpu.barrier' op cannot be converted by convert-gpu-to-cpu: a barrier under thread-dependent control flow}}
        gpu.barrier
        %k = arith.addi %j, %t : index
        scf.yield %k : index
      }
      gpu.return
    }
  }
}

// -----

// A shuffle in an scf.while whose condition depends on per-thread values.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%m: memref<?xf32>) kernel {
      %z = arith.constant 0.0 : f32
      %o = arith.constant 1 : i32
      %w = arith.constant 32 : i32
      %t = gpu.thread_id x
      %x = memref.load %m[%t] : memref<?xf32>
      %r = scf.while (%a = %x) : (f32) -> f32 {
        %go = arith.cmpf olt, %a, %z : f32
        scf.condition(%go) %a : f32
      } do {
      ^bb0(%b: f32):
        // expected-error@+1 {{'gpu.shuffle' op cannot be converted by convert-gpu-to-cpu: a shuffle inside 'scf.while' (only 'scf.if', 'scf.for' and 'scf.while' with block-uniform conditions and bounds, and 'scf.if' around shuffles, may hold them)}}
        %s, %v = gpu.shuffle xor %b, %o, %w : f32
        scf.yield %s : f32
      }
      memref.store %r, %m[%t] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// A kernel specialized for its known_block_size must be launched with it.
module attributes {gpu.container_module} {
  func.func @main(%m: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    // expected-error@+1 {{'gpu.launch_func' op cannot be converted by convert-gpu-to-cpu: the kernel is specialized for its known_block_size [256, 1, 1]: the launch's block extents must be constants equal to it}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%m : memref<?xf32>)
    return
  }
  gpu.module @kernels {
    gpu.func @k(%m: memref<?xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      gpu.return
    }
  }
}

// -----

// Dynamic shared memory has no buffer to stand for on the CPU.
module attributes {gpu.container_module} {
  func.func @main(%m: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %bytes = arith.constant 256 : i32
    // expected-error@+1 {{'gpu.launch_func' op cannot be converted by convert-gpu-to-cpu: dynamic shared memory is not supported}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) dynamic_shared_memory_size %bytes args(%m : memref<?xf32>)
    return
  }
  gpu.module @kernels {
    gpu.func @k(%m: memref<?xf32>) kernel {
      gpu.return
    }
  }
}

// -----

// Device functions (gpu.func without `kernel`) are not supported.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error@+1 {{'gpu.func' op cannot be converted by convert-gpu-to-cpu: only kernels ('gpu.func' with 'gpu.kernel') are supported, not device functions}}
    gpu.func @helper(%x: f32) -> f32 {
      gpu.return %x : f32
    }
  }
}
