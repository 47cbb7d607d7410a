// RUN: tail-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu-thread-storage)'

// What gpu-thread-storage cannot give a global buffer is reported at the op.

// A size computed in the thread from the contents of another storage: a sizing kernel would
// need that storage first.
module attributes {gpu.container_module} {
  func.func @main(%out: memref<?xi64>, %n: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%out : memref<?xi64>, %n : index)
    return
  }
  gpu.module @k {
    gpu.func @f(%out: memref<?xi64>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %z = arith.constant 0 : i64
      %t = gpu.thread_id x
      %a = memref.alloca(%n) : memref<?xindex>
      memref.store %t, %a[%c0] : memref<?xindex>
      // expected-note@+1 {{'memref.load' op: the size is computed from it}}
      %m = memref.load %a[%c0] : memref<?xindex>
      // expected-error@+1 {{'memref.alloca' op cannot be lowered by gpu-thread-storage: the size of a thread's storage is computed in the thread from the contents of a thread's storage, which a sizing kernel run before the kernel cannot compute}}
      %st = memref.alloca(%m) : memref<?xi64>
      memref.store %z, %st[%c0] : memref<?xi64>
      gpu.return
    }
  }
}

// -----

// A size read from a buffer the kernel writes: a sizing kernel runs before those writes.
module attributes {gpu.container_module} {
  func.func @main(%out: memref<?xindex>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%out : memref<?xindex>)
    return
  }
  gpu.module @k {
    gpu.func @f(%out: memref<?xindex>) kernel {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      memref.store %t, %out[%t] : memref<?xindex>
      // expected-note@+1 {{'memref.load' op: the size is computed from it}}
      %m = memref.load %out[%c0] : memref<?xindex>
      // expected-error@+1 {{'memref.alloca' op cannot be lowered by gpu-thread-storage: the size of a thread's storage is computed in the thread from a buffer the kernel writes, which a sizing kernel run before the kernel cannot compute}}
      %st = memref.alloca(%m) : memref<?xindex>
      memref.store %t, %st[%c0] : memref<?xindex>
      gpu.return
    }
  }
}

// -----

// A size read through a parameter that only loads, but which the launch binds to the buffer
// that another parameter writes: the thread may read back what it wrote.
module attributes {gpu.container_module} {
  func.func @main(%buf: memref<?xindex>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%buf : memref<?xindex>, %buf : memref<?xindex>)
    return
  }
  gpu.module @k {
    gpu.func @f(%out: memref<?xindex>, %in: memref<?xindex>) kernel {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      memref.store %t, %out[%t] : memref<?xindex>
      // expected-note@+1 {{'memref.load' op: the size is computed from it}}
      %m = memref.load %in[%t] : memref<?xindex>
      // expected-error@+1 {{'memref.alloca' op cannot be lowered by gpu-thread-storage: the size of a thread's storage is computed in the thread from a buffer the kernel writes, which a sizing kernel run before the kernel cannot compute}}
      %st = memref.alloca(%m) : memref<?xindex>
      memref.store %t, %st[%c0] : memref<?xindex>
      gpu.return
    }
  }
}

// -----

// A size read from workgroup memory (which other threads of the block write).
module attributes {gpu.container_module} {
  func.func @main(%out: memref<?xi64>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%out : memref<?xi64>)
    return
  }
  gpu.module @k {
    gpu.func @f(%out: memref<?xi64>) workgroup(%w: memref<1xindex, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %z = arith.constant 0 : i64
      // expected-note@+1 {{'memref.load' op: the size is computed from it}}
      %m = memref.load %w[%c0] : memref<1xindex, #gpu.address_space<workgroup>>
      // expected-error@+1 {{'memref.alloca' op cannot be lowered by gpu-thread-storage: the size of a thread's storage is computed in the thread from a value in workgroup memory, which a sizing kernel run before the kernel cannot compute}}
      %st = memref.alloca(%m) : memref<?xi64>
      memref.store %z, %st[%c0] : memref<?xi64>
      gpu.return
    }
  }
}

// -----

// The storage escapes loads and stores.
module attributes {gpu.container_module} {
  func.func @main(%out: memref<?xi64>, %n: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%out : memref<?xi64>, %n : index)
    return
  }
  gpu.module @k {
    gpu.func @f(%out: memref<?xi64>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %st = memref.alloca(%n) : memref<?xi64>
      // expected-error@+1 {{'memref.dim' op cannot be lowered by gpu-thread-storage: thread storage of run-time size may only be loaded from and stored to}}
      %d = memref.dim %st, %c0 : memref<?xi64>
      gpu.return
    }
  }
}

// -----

// A two-dimensional launch: the threads' positions would not be block_id.x · block_dim.x +
// thread_id.x.
module attributes {gpu.container_module} {
  func.func @main(%out: memref<?xi64>, %n: index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    // expected-error@+1 {{'gpu.launch_func' op cannot be lowered by gpu-thread-storage: a kernel with thread storage of run-time size must be launched with one-dimensional grids and blocks, without an async object}}
    gpu.launch_func @k::@f blocks in (%c1, %c2, %c1) threads in (%c64, %c1, %c1) args(%out : memref<?xi64>, %n : index)
    return
  }
  gpu.module @k {
    gpu.func @f(%out: memref<?xi64>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %z = arith.constant 0 : i64
      %st = memref.alloca(%n) : memref<?xi64>
      memref.store %z, %st[%c0] : memref<?xi64>
      gpu.return
    }
  }
}

// -----

// Storage of rank 2.
module attributes {gpu.container_module} {
  func.func @main(%out: memref<?xi64>, %n: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%out : memref<?xi64>, %n : index)
    return
  }
  gpu.module @k {
    gpu.func @f(%out: memref<?xi64>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %z = arith.constant 0 : i64
      // expected-error@+1 {{'memref.alloca' op cannot be lowered by gpu-thread-storage: thread storage of run-time size must be of rank 1}}
      %st = memref.alloca(%n, %n) : memref<?x?xi64>
      memref.store %z, %st[%c0, %c0] : memref<?x?xi64>
      gpu.return
    }
  }
}

// -----

// A kernel no host launch runs (its launches could not be given the buffer).
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%out: memref<?xi64>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %z = arith.constant 0 : i64
      // expected-error@+1 {{'memref.alloca' op cannot be lowered by gpu-thread-storage: the kernel is not launched only by host launches}}
      %st = memref.alloca(%n) : memref<?xi64>
      memref.store %z, %st[%c0] : memref<?xi64>
      gpu.return
    }
  }
}
