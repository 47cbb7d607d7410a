⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines
⍝ RUN: tail-translate --apl-to-ptx --emit=mlir %s | FileCheck %s --check-prefix=KERNEL
⍝ RUN: not tailc run --target=cpu %S/Inputs/update-in-thread-bounds.apl 2>&1 | FileCheck %s --check-prefix=BOUNDS
⍝ RUN: not tailc run --target=interp %S/Inputs/update-in-thread-bounds.apl 2>&1 | FileCheck %s --check-prefix=BOUNDS-INTERP
⍝ Indexed assignment in a dfn applied with each (`soac.update` in a thread): each thread
⍝ updates its own copy. Of constant extents of at most 64 elements (`⍳ 5`, a 3 × 4 matrix,
⍝ a power loop's carried vector, booleans) the copy is in registers, every element
⍝ selecting the new value where the position is the updated one; a longer one (`⍳ 100`, a
⍝ host vector of 200 doubles) is copied into the thread's storage, and on the CPU one whose
⍝ length the thread computes too. Each index is checked in the kernel: out of range, the
⍝ program stops with the host update's message. These were rejected ("not supported in a
⍝ thread"). The GPU form passes ptxas: test/Target/PTX/apl-update-in-thread.apl.
⍝ The matrix's copy in registers; `⍳ 100` copied into the thread storage (a buffer given to
⍝ the launch, thread g's element j at j·threads + g), updated, copied again and updated.
⍝ KERNEL-LABEL: gpu.func @main_k1
⍝ KERNEL-COUNT-3: func.call @tail_rt_check_index
⍝ KERNEL-COUNT-12: arith.select
⍝ KERNEL-LABEL: gpu.func @main_k2
⍝ KERNEL: func.call @tail_rt_check_index
⍝ KERNEL: scf.for
⍝ KERNEL: memref.store %{{.*}}, %arg2[%{{.*}}] : memref<?xi32>
⍝ KERNEL: memref.store %{{.*}}, %arg2[%{{.*}}] : memref<?xi32>
⍝ KERNEL: func.call @tail_rt_check_index
⍝ BOUNDS: [4](0.0,1.5,3.0,103.5)
⍝ BOUNDS-NEXT: {{.*}}update-in-thread-bounds.apl:3:16: error: index 6 is out of bounds for axis 1 of extent 5
⍝ BOUNDS-INTERP: [4](0.0,1.5,3.0,103.5)
⍝ BOUNDS-INTERP-NEXT: {{.*}}update-in-thread-bounds.apl:3:16: error: 'tail.idxassign' op index 6 out of range for axis 1 of extent 5
⍝ CHECK:[3](14,13,12)
⍝ CHECK-NEXT:[3](4950,4951,4999)
⍝ CHECK-NEXT:[3](75,71,67)
⍝ CHECK-NEXT:[2](10149.5,10050.0)
⍝ CHECK-NEXT:[3](5,9,24)
⍝ CHECK-NEXT:[2](1,6)
f ← {v ← ⍳ 5 ⋄ v[⍵] ← 0 ⋄ +/ v}
⎕ ← f¨ 1 2 3
g ← {v ← ⍳ 100 ⋄ v[⍵] ← 0 ⋄ v[101 - ⍵] ← ⍵ ⋄ +/ v}
⎕ ← g¨ 1 2 50
m ← {a ← 3 4 ⍴ ⍳ 12 ⋄ a[⍵;2] ← ¯1 ⋄ +/ , a}
⎕ ← m¨ 1 2 3
A ← 0.5 × ⍳ 200
d ← {w ← A ⋄ w[⍵] ← 100 ⋄ +/ w}
⎕ ← d¨ 1 200
p ← {+/ (⍳ 5) × ({w ← ⍵ ⋄ w[1] ← w[1] + 1 ⋄ 1 ⌽ w}⍣⍵) 0 × ⍳ 5}
⎕ ← p¨ 1 2 7
b ← {c ← (⍳ 6) > 9 ⋄ c[⍵] ← 1 ⋄ +/ c × ⍳ 6}
⎕ ← b¨ 1 6
0
