// Tiled transpose through a padded shared-memory tile.
// RUN: tail-translate --emit=ptx %s | FileCheck %s

// CHECK:      .target sm_90
// CHECK:      .visible .entry transpose(
// CHECK:      .maxntid 32, 32, 1
// CHECK:      .shared .align 4 .b8 __wg_transpose_0[4224];
// CHECK-DAG:  mov.u32 {{.*}}%tid.y
// CHECK-DAG:  mov.u32 {{.*}}%ctaid.y
// CHECK:      ld.global.b32
// CHECK:      st.shared.b32
// CHECK:      bar.sync 0;
// CHECK:      ld.shared.b32
// CHECK:      st.global.b32

module attributes {gpu.container_module} {
  gpu.module @transpose {
    // Tiled transpose through shared memory: 32x32 tiles, padded to 33 columns against bank
    // conflicts; both the global read and the global write are coalesced.
    gpu.func @transpose(%in: memref<?x?xf32>, %out: memref<?x?xf32>)
        workgroup(%tile: memref<32x33xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 32, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %rows = memref.dim %in, %c0 : memref<?x?xf32>
      %cols = memref.dim %in, %c1 : memref<?x?xf32>
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bx32 = arith.muli %bx, %c32 : index
      %by32 = arith.muli %by, %c32 : index
      %col = arith.addi %bx32, %tx : index
      %row = arith.addi %by32, %ty : index
      %rin = arith.cmpi ult, %row, %rows : index
      %cin = arith.cmpi ult, %col, %cols : index
      %in_ok = arith.andi %rin, %cin : i1
      scf.if %in_ok {
        %x = memref.load %in[%row, %col] : memref<?x?xf32>
        memref.store %x, %tile[%ty, %tx] : memref<32x33xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %ocol = arith.addi %by32, %tx : index
      %orow = arith.addi %bx32, %ty : index
      %orin = arith.cmpi ult, %orow, %cols : index
      %ocin = arith.cmpi ult, %ocol, %rows : index
      %out_ok = arith.andi %orin, %ocin : i1
      scf.if %out_ok {
        %y = memref.load %tile[%tx, %ty] : memref<32x33xf32, #gpu.address_space<workgroup>>
        memref.store %y, %out[%orow, %ocol] : memref<?x?xf32>
      }
      gpu.return
    }
  }
}
