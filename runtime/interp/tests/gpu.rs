//! The interpreter on hand-written `gpu` IR: host allocation, copies and launches; kernels run
//! block by block with the threads of a block in lockstep phases between barriers, warps in
//! lockstep at shuffles, workgroup memory shared by a block. A block reduction (tree plus
//! shuffles), a transpose through shared memory, a reverse, a race-free scan (barriers inside a
//! loop), the shuffle modes, and the located errors (divergent barriers, a shuffle reading a
//! lane that is not there, out-of-bounds accesses, a wrong block size).

mod common;

/// Parses, verifies and runs a module; the printed output and `@main`'s value, or the
/// runtime error message (which must be located).
fn run(src: &str) -> Result<String, String> {
    common::run_located(src)
}

fn ok(src: &str) -> String {
    run(src).unwrap_or_else(|e| panic!("unexpected runtime error: {e}"))
}

fn fails(src: &str) -> String {
    match run(src) {
        Ok(v) => panic!("expected a runtime error, got {v}"),
        Err(e) => e,
    }
}

/// A module running `kernel` (in `@k::@f`) on `n` elements `0 … n-1` (`in`, device) with an
/// output buffer of `m` elements, `blocks × threads` (x only), and returning the output.
fn module(n: usize, m: usize, blocks: usize, threads: usize, kernel: &str) -> String {
    format!(
        r#"module attributes {{gpu.container_module}} {{
func.func @main() -> memref<?xi32> {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant {n} : index
  %m = arith.constant {m} : index
  %nb = arith.constant {blocks} : index
  %nt = arith.constant {threads} : index
  %h = memref.alloc(%n) : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {{
    %x = arith.index_cast %i : index to i32
    memref.store %x, %h[%i] : memref<?xi32>
  }}
  %d = gpu.alloc(%n) : memref<?xi32>
  gpu.memcpy %d, %h : memref<?xi32>, memref<?xi32>
  %o = gpu.alloc(%m) : memref<?xi32>
  gpu.launch_func @k::@f blocks in (%nb, %c1, %c1) threads in (%nt, %c1, %c1) args(%d : memref<?xi32>, %o : memref<?xi32>, %n : index)
  %r = memref.alloc(%m) : memref<?xi32>
  gpu.memcpy %r, %o : memref<?xi32>, memref<?xi32>
  gpu.dealloc %d : memref<?xi32>
  gpu.dealloc %o : memref<?xi32>
  return %r : memref<?xi32>
}}
gpu.module @k {{
{kernel}
}}
}}
"#
    )
}

/// Block reduction: each block of 64 threads stores its elements in shared memory, one tree
/// step (barrier), then warp 0 combines 32 values with five xor shuffles; thread 0 writes the
/// block's sum.
const BLOCK_SUM: &str = r#"
gpu.func @f(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) workgroup(%sh: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %z = arith.constant 0 : i32
  %w = arith.constant 32 : i32
  %t = gpu.thread_id x
  %b = gpu.block_id x
  %bd = gpu.block_dim x
  %base = arith.muli %b, %bd : index
  %g = arith.addi %base, %t : index
  %inb = arith.cmpi ult, %g, %n : index
  %x = scf.if %inb -> (i32) {
    %v = memref.load %in[%g] : memref<?xi32>
    scf.yield %v : i32
  } else {
    scf.yield %z : i32
  }
  memref.store %x, %sh[%t] : memref<64xi32, #gpu.address_space<workgroup>>
  gpu.barrier
  %lo = arith.cmpi ult, %t, %c32 : index
  scf.if %lo {
    %a = memref.load %sh[%t] : memref<64xi32, #gpu.address_space<workgroup>>
    %t2 = arith.addi %t, %c32 : index
    %a2 = memref.load %sh[%t2] : memref<64xi32, #gpu.address_space<workgroup>>
    %s0 = arith.addi %a, %a2 : i32
    %o16 = arith.constant 16 : i32
    %r16, %v16 = gpu.shuffle xor %s0, %o16, %w : i32
    %s1 = arith.addi %s0, %r16 : i32
    %o8 = arith.constant 8 : i32
    %r8, %v8 = gpu.shuffle xor %s1, %o8, %w : i32
    %s2 = arith.addi %s1, %r8 : i32
    %o4 = arith.constant 4 : i32
    %r4, %v4 = gpu.shuffle xor %s2, %o4, %w : i32
    %s3 = arith.addi %s2, %r4 : i32
    %o2 = arith.constant 2 : i32
    %r2, %v2 = gpu.shuffle xor %s3, %o2, %w : i32
    %s4 = arith.addi %s3, %r2 : i32
    %o1 = arith.constant 1 : i32
    %r1, %v1 = gpu.shuffle xor %s4, %o1, %w : i32
    %s5 = arith.addi %s4, %r1 : i32
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      memref.store %s5, %out[%b] : memref<?xi32>
    }
  }
  gpu.return
}
"#;

#[test]
fn block_reduction_with_barrier_and_shuffles() {
    // 100 elements in 2 blocks of 64: 0+…+63 = 2016, 64+…+99 = 2934.
    assert_eq!(ok(&module(100, 2, 2, 64, BLOCK_SUM)), "[2](2016,2934)");
}

/// Reverse: thread `g < n` writes `in[g]` to `out[n - 1 - g]`, over 3 blocks of 32 threads for
/// 70 elements (the last block partly idle).
#[test]
fn reverse() {
    let k = r#"
gpu.func @f(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) kernel {
  %c1 = arith.constant 1 : index
  %t = gpu.thread_id x
  %b = gpu.block_id x
  %bd = gpu.block_dim x
  %base = arith.muli %b, %bd : index
  %g = arith.addi %base, %t : index
  %inb = arith.cmpi ult, %g, %n : index
  scf.if %inb {
    %v = memref.load %in[%g] : memref<?xi32>
    %n1 = arith.subi %n, %c1 : index
    %r = arith.subi %n1, %g : index
    memref.store %v, %out[%r] : memref<?xi32>
  }
  gpu.return
}
"#;
    let want: Vec<String> = (0..70).rev().map(|i| i.to_string()).collect();
    assert_eq!(
        ok(&module(70, 70, 3, 32, k)),
        format!("[70]({})", want.join(","))
    );
}

/// A race-free inclusive scan of 32 elements by one block (Hillis–Steele): two buffers in
/// shared memory used in turn, one barrier per step inside an `scf.for` loop.
#[test]
fn race_free_scan_with_barriers_in_a_loop() {
    let k = r#"
gpu.func @f(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) workgroup(%sh: memref<2x32xi32, #gpu.address_space<workgroup>>) kernel {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %t = gpu.thread_id x
  %x = memref.load %in[%t] : memref<?xi32>
  memref.store %x, %sh[%c0, %t] : memref<2x32xi32, #gpu.address_space<workgroup>>
  gpu.barrier
  %last = scf.for %k = %c0 to %c5 step %c1 iter_args(%src = %c0) -> (index) {
    %off = arith.shli %c1, %k : index
    %dst = arith.subi %c1, %src : index
    %v = memref.load %sh[%src, %t] : memref<2x32xi32, #gpu.address_space<workgroup>>
    %has = arith.cmpi uge, %t, %off : index
    %s = scf.if %has -> (i32) {
      %j = arith.subi %t, %off : index
      %u = memref.load %sh[%src, %j] : memref<2x32xi32, #gpu.address_space<workgroup>>
      %a = arith.addi %u, %v : i32
      scf.yield %a : i32
    } else {
      scf.yield %v : i32
    }
    memref.store %s, %sh[%dst, %t] : memref<2x32xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    scf.yield %dst : index
  }
  %r = memref.load %sh[%last, %t] : memref<2x32xi32, #gpu.address_space<workgroup>>
  memref.store %r, %out[%t] : memref<?xi32>
  gpu.return
}
"#;
    let want: Vec<String> = (0..32).map(|i| (i * (i + 1) / 2).to_string()).collect();
    assert_eq!(
        ok(&module(32, 32, 1, 32, k)),
        format!("[32]({})", want.join(","))
    );
}

/// Transpose of an 8×8 matrix through a 4×4 tile of shared memory, on 2×2 blocks of 4×4
/// threads: each thread reads `in[by·4+ty][bx·4+tx]` into `tile[ty][tx]`, barrier, and writes
/// `tile[tx][ty]` to `out[bx·4+ty][by·4+tx]` (coalesced on both sides).
#[test]
fn transpose_through_shared_memory() {
    let src = r#"module attributes {gpu.container_module} {
func.func @main() -> memref<8x8xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %h = memref.alloc() : memref<8x8xi32>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %ij = arith.muli %i, %c8 : index
      %f = arith.addi %ij, %j : index
      %x = arith.index_cast %f : index to i32
      memref.store %x, %h[%i, %j] : memref<8x8xi32>
    }
  }
  %d = gpu.alloc() : memref<8x8xi32>
  gpu.memcpy %d, %h : memref<8x8xi32>, memref<8x8xi32>
  %o = gpu.alloc() : memref<8x8xi32>
  gpu.launch_func @k::@f blocks in (%c2, %c2, %c1) threads in (%c4, %c4, %c1) args(%d : memref<8x8xi32>, %o : memref<8x8xi32>)
  %r = memref.alloc() : memref<8x8xi32>
  gpu.memcpy %r, %o : memref<8x8xi32>, memref<8x8xi32>
  return %r : memref<8x8xi32>
}
gpu.module @k {
gpu.func @f(%in: memref<8x8xi32>, %out: memref<8x8xi32>) workgroup(%tile: memref<4x4xi32, #gpu.address_space<workgroup>>) kernel {
  %c4 = arith.constant 4 : index
  %tx = gpu.thread_id x
  %ty = gpu.thread_id y
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %r0 = arith.muli %by, %c4 : index
  %r = arith.addi %r0, %ty : index
  %q0 = arith.muli %bx, %c4 : index
  %q = arith.addi %q0, %tx : index
  %v = memref.load %in[%r, %q] : memref<8x8xi32>
  memref.store %v, %tile[%ty, %tx] : memref<4x4xi32, #gpu.address_space<workgroup>>
  gpu.barrier
  %w = memref.load %tile[%tx, %ty] : memref<4x4xi32, #gpu.address_space<workgroup>>
  %orow = arith.addi %q0, %ty : index
  %ocol = arith.addi %r0, %tx : index
  memref.store %w, %out[%orow, %ocol] : memref<8x8xi32>
  gpu.return
}
}
}
"#;
    let mut want = String::from("\n");
    for i in 0..8 {
        let row: Vec<String> = (0..8).map(|j| format!("{:>2}", j * 8 + i)).collect();
        want.push_str(&format!(" {}\n", row.join(" ")));
    }
    assert_eq!(ok(src), want);
}

/// The shuffle modes on one warp, with `valid`: `down 1` (lane 31 invalid, keeps its value),
/// `up 2` (lanes 0, 1 invalid), `idx 5` (everyone reads lane 5), `xor 1` with width 16 (lanes
/// ≥ 16 read a lane outside the width: their own value, invalid). Output: result +
/// 1000·valid, one row of 32 per mode.
#[test]
fn shuffle_modes() {
    let k = r#"
gpu.func @f(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) kernel {
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  %k1000 = arith.constant 1000 : i32
  %w32 = arith.constant 32 : i32
  %w16 = arith.constant 16 : i32
  %o1 = arith.constant 1 : i32
  %o2 = arith.constant 2 : i32
  %o5 = arith.constant 5 : i32
  %t = gpu.thread_id x
  %l = gpu.lane_id
  %x = memref.load %in[%l] : memref<?xi32>
  %a, %av = gpu.shuffle down %x, %o1, %w32 : i32
  %b, %bv = gpu.shuffle up %x, %o2, %w32 : i32
  %c, %cv = gpu.shuffle idx %x, %o5, %w32 : i32
  %d, %dv = gpu.shuffle xor %x, %o1, %w16 : i32
  %rs = arith.constant 0 : index
  %t1 = arith.addi %t, %c32 : index
  %t2 = arith.addi %t, %c64 : index
  %t3 = arith.addi %t, %c96 : index
  %av32 = arith.extui %av : i1 to i32
  %bv32 = arith.extui %bv : i1 to i32
  %cv32 = arith.extui %cv : i1 to i32
  %dv32 = arith.extui %dv : i1 to i32
  %am = arith.muli %av32, %k1000 : i32
  %bm = arith.muli %bv32, %k1000 : i32
  %cm = arith.muli %cv32, %k1000 : i32
  %dm = arith.muli %dv32, %k1000 : i32
  %ea = arith.addi %a, %am : i32
  %eb = arith.addi %b, %bm : i32
  %ec = arith.addi %c, %cm : i32
  %ed = arith.addi %d, %dm : i32
  memref.store %ea, %out[%t] : memref<?xi32>
  memref.store %eb, %out[%t1] : memref<?xi32>
  memref.store %ec, %out[%t2] : memref<?xi32>
  memref.store %ed, %out[%t3] : memref<?xi32>
  gpu.return
}
"#;
    let mut want = Vec::new();
    for l in 0..32 {
        want.push(if l < 31 { 1000 + l + 1 } else { 31 });
    }
    for l in 0..32 {
        want.push(if l >= 2 { 1000 + l - 2 } else { l });
    }
    want.extend(std::iter::repeat_n(1005, 32));
    for l in 0..32 {
        want.push(if l < 16 { 1000 + (l ^ 1) } else { l });
    }
    let want: Vec<String> = want.iter().map(|x| x.to_string()).collect();
    assert_eq!(
        ok(&module(32, 128, 1, 32, k)),
        format!("[128]({})", want.join(","))
    );
}

/// Runtime faults are located errors: a barrier only some threads reach, a shuffle reading a
/// lane that took another path, an out-of-bounds store, a launch that contradicts the kernel's
/// `known_block_size`.
#[test]
fn located_errors() {
    let divergent = r#"
gpu.func @f(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) kernel {
  %c16 = arith.constant 16 : index
  %t = gpu.thread_id x
  %lo = arith.cmpi ult, %t, %c16 : index
  scf.if %lo {
    gpu.barrier
  }
  gpu.return
}
"#;
    assert_eq!(
        fails(&module(32, 32, 1, 32, divergent)),
        "'gpu.barrier' op is reached by 16 of the 32 threads of block [0, 0, 0]: thread [16, 0, 0] has returned"
    );
    let two_barriers = r#"
gpu.func @f(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) kernel {
  %c16 = arith.constant 16 : index
  %t = gpu.thread_id x
  %lo = arith.cmpi ult, %t, %c16 : index
  scf.if %lo {
    gpu.barrier
  } else {
    gpu.barrier
  }
  gpu.return
}
"#;
    assert_eq!(
        fails(&module(32, 32, 1, 32, two_barriers)),
        "'gpu.barrier' op is where thread [0, 0, 0] of block [0, 0, 0] waits, but thread [16, 0, 0] waits at another barrier"
    );
    let half_shuffle = r#"
gpu.func @f(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) kernel {
  %c16 = arith.constant 16 : index
  %w = arith.constant 32 : i32
  %o = arith.constant 16 : i32
  %t = gpu.thread_id x
  %x = memref.load %in[%t] : memref<?xi32>
  %lo = arith.cmpi ult, %t, %c16 : index
  scf.if %lo {
    %r, %v = gpu.shuffle xor %x, %o, %w : i32
    memref.store %r, %out[%t] : memref<?xi32>
  }
  gpu.return
}
"#;
    assert_eq!(
        fails(&module(32, 32, 1, 32, half_shuffle)),
        "'gpu.shuffle' op lane 0 of thread [0, 0, 0] in block [0, 0, 0] reads lane 16, which is not at this shuffle"
    );
    let oob = r#"
gpu.func @f(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) kernel {
  %t = gpu.thread_id x
  %x = memref.load %in[%t] : memref<?xi32>
  gpu.return
}
"#;
    assert_eq!(
        fails(&module(16, 1, 1, 32, oob)),
        "'memref.load' op index [16] out of bounds for a memref of shape [16]"
    );
    let sized = BLOCK_SUM.replace(
        ") kernel {",
        ") kernel attributes {known_block_size = array<i32: 64, 1, 1>} {",
    );
    assert_eq!(ok(&module(64, 1, 1, 64, &sized)), "[1](2016)");
    assert_eq!(
        fails(&module(64, 1, 1, 32, &sized)),
        "'gpu.launch_func' op launches a kernel whose known_block_size is [64, 1, 1] with blocks of [32, 1, 1] threads"
    );
}
