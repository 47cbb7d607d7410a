// The block-scan (phase 1) and adjust (phase 3) kernels of a three-phase scan.
// RUN: tail-translate --emit=ptx %s | FileCheck %s

// CHECK:      .target sm_90
// CHECK:      .visible .entry block_scan(
// CHECK:      .shared .align 4 .b8 __wg_block_scan_0[1024];
// CHECK:      st.shared.b32
// CHECK:      bar.sync 0;
// CHECK:      ld.shared.b32 {{.*}}[%rd{{[0-9]+}}+-4];
// CHECK:      bar.sync 0;
// CHECK:      add.s32
// CHECK:      st.shared.b32
// CHECK:      bar.sync 0;
// CHECK:      .visible .entry scan_adjust(
// CHECK:      ld.global.b32
// CHECK:      add.s32
// CHECK:      st.global.b32

module attributes {gpu.container_module} {
  gpu.module @scan {
    // Phase 1 of a three-phase scan: inclusive Hillis-Steele scan of each 256-element block in
    // shared memory; the block's total goes to sums[b].
    gpu.func @block_scan(%in: memref<?xi32>, %out: memref<?xi32>, %sums: memref<?xi32>,
                         %n: index)
        workgroup(%sh: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c255 = arith.constant 255 : index
      %zero = arith.constant 0 : i32
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %inb = arith.cmpi ult, %i, %n : index
      %v0 = scf.if %inb -> (i32) {
        %x = memref.load %in[%i] : memref<?xi32>
        scf.yield %x : i32
      } else {
        scf.yield %zero : i32
      }
      memref.store %v0, %sh[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%v = %v0) -> (i32) {
        %d = arith.shli %c1, %k : index
        %has = arith.cmpi uge, %tid, %d : index
        %y = scf.if %has -> (i32) {
          %j = arith.subi %tid, %d : index
          %t = memref.load %sh[%j] : memref<256xi32, #gpu.address_space<workgroup>>
          scf.yield %t : i32
        } else {
          scf.yield %zero : i32
        }
        gpu.barrier
        %nv = arith.addi %v, %y : i32
        memref.store %nv, %sh[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        scf.yield %nv : i32
      }
      scf.if %inb {
        memref.store %r, %out[%i] : memref<?xi32>
      }
      %last = arith.cmpi eq, %tid, %c255 : index
      scf.if %last {
        memref.store %r, %sums[%bid] : memref<?xi32>
      }
      gpu.return
    }

    // Phase 3: add the scanned sum of the preceding blocks to every element of block b > 0.
    gpu.func @scan_adjust(%out: memref<?xi32>, %scanned_sums: memref<?xi32>, %n: index)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %inb = arith.cmpi ult, %i, %n : index
      %notfirst = arith.cmpi ugt, %bid, %c0 : index
      %go = arith.andi %inb, %notfirst : i1
      scf.if %go {
        %p = arith.subi %bid, %c1 : index
        %off = memref.load %scanned_sums[%p] : memref<?xi32>
        %x = memref.load %out[%i] : memref<?xi32>
        %y = arith.addi %x, %off : i32
        memref.store %y, %out[%i] : memref<?xi32>
      }
      gpu.return
    }
  }
}
