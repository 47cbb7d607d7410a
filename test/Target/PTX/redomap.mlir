// Fused map+reduce (redomap): grid-stride sequential map and pre-reduction per thread, then a
// block tree reduction in shared memory.
// RUN: tail-translate --emit=ptx %s | FileCheck %s

// CHECK:      .target sm_90
// CHECK:      .visible .entry sum_squares(
// CHECK:      mov.u32 {{.*}}%nctaid.x
// CHECK:      ld.global.b32
// CHECK:      mul.rn.f32
// CHECK:      add.rn.f32
// CHECK:      st.shared.b32
// CHECK:      bar.sync 0;
// CHECK:      ld.shared.b32
// CHECK:      st.global.b32

module attributes {gpu.container_module} {
  gpu.module @redomap {
    // Fused map+reduce (redomap): sum of squares. Each thread maps and pre-reduces a
    // grid-strided slice sequentially ("first add during load"), then the block reduces in
    // shared memory; block b writes its partial sum to partial[b].
    gpu.func @sum_squares(%in: memref<?xf32>, %partial: memref<?xf32>, %n: index)
        workgroup(%sh: memref<256xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0.0 : f32
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %bdim = gpu.block_dim x
      %gdim = gpu.grid_dim x
      %stride = arith.muli %gdim, %bdim : index
      %base = arith.muli %bid, %bdim : index
      %start = arith.addi %base, %tid : index
      %acc = scf.for %i = %start to %n step %stride iter_args(%a = %zero) -> (f32) {
        %x = memref.load %in[%i] : memref<?xf32>
        %sq = arith.mulf %x, %x : f32
        %s = arith.addf %a, %sq : f32
        scf.yield %s : f32
      }
      memref.store %acc, %sh[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %k = %c0 to %c8 step %c1 {
        %s = arith.shrui %c128, %k : index
        %active = arith.cmpi ult, %tid, %s : index
        scf.if %active {
          %j = arith.addi %tid, %s : index
          %a = memref.load %sh[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %sh[%j] : memref<256xf32, #gpu.address_space<workgroup>>
          %sum = arith.addf %a, %b : f32
          memref.store %sum, %sh[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %r = memref.load %sh[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %r, %partial[%bid] : memref<?xf32>
      }
      gpu.return
    }
  }
}
