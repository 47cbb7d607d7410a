⍝ APL → PTX with characters, complex numbers and rolls: a character is its code point (i32)
⍝ in the kernels, a complex array two f64 arrays (one kernel per part of a complex map), and
⍝ the rolls run on the host (the kernels read the rolled array). Every kernel is checked by
⍝ ptxas.
⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-ptx %s -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
⍝ RUN: tail-translate --apl-to-ptx --emit=mlir %s | FileCheck %s --check-prefix=GPU

⍝ The comparison with 's' (115) is an i32 comparison.
⍝ CHECK:      .visible .entry main_k0(
⍝ CHECK:      setp.eq.b32 {{.*}}, 115;
⍝ The real part of z × 0J1: a·0 − b·1.
⍝ CHECK:      .visible .entry main_k{{[0-9]+}}(
⍝ CHECK:      mul.rn.f64 {{.*}}, 0d0000000000000000;
⍝ CHECK-NEXT: sub.rn.f64
⍝ The imaginary part: a·1 + b·0.
⍝ CHECK:      .visible .entry main_k{{[0-9]+}}(
⍝ CHECK:      mul.rn.f64 {{.*}}, 0d0000000000000000;
⍝ CHECK-NEXT: add.rn.f64

⍝ GPU:      func.func @main()
⍝ GPU:        gpu.launch_func @tail_kernels::@main_k0 {{.*}} args({{.*}} : memref<?xi1>, {{.*}} : memref<11xi32>)
⍝ GPU:        builtin.unrealized_conversion_cast {{.*}}, {{.*}} : memref<?xf64>, memref<?xf64> to !tail.array<complex<f64>, 1>
⍝ GPU:        scf.for
⍝ GPU-NEXT:     tail.roll
⍝ GPU:        gpu.module @tail_kernels
⍝ GPU-NOT:      tail.
⍝ GPU-NOT:      complex
⍝ GPU:          gpu.func @main_k0(

s ← 'mississippi'
⎕ ← +/ s = 's'
⎕ ← s ≠ 'i'
z ← 1J1 2J2 3J¯1
⎕ ← (z × 0J1) + 1
r ← ? 100 ⍴ 6
⎕ ← ∧/ r < 6
0
