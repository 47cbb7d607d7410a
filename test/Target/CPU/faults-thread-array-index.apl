⍝ RUN: not tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefixes=INTERP,BOTH
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %s 2>&1 | FileCheck %s --check-prefixes=GPU,BOTH
⍝ RUN: tailc build --target=cpu %s -o %t
⍝ RUN: not %t > %t.out 2> %t.err
⍝ RUN: FileCheck %s --check-prefix=BOTH < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ RUN: tail-translate --apl-to-ptx --emit=mlir %s | FileCheck %s --check-prefix=KERNEL
⍝ An index read inside a dfn applied with each, of an array the dfn made (a vector, a matrix,
⍝ in a nested map): the kernel checks it as it checks a read of a host array
⍝ (faults-kernel-index.apl). The last read is one past the end of the thread's matrix's
⍝ second axis (it read the next row's element).
⍝ BOTH: [3](1,2,3)
⍝ BOTH-NEXT: [2](6,10)
⍝ BOTH-NEXT: [2](5,11)
⍝ BOTH-NEXT: [2](1,18)
⍝ BOTH-NOT: {{^\[}}
⍝ INTERP: faults-thread-array-index.apl:[[#@LINE+17]]:23: error: 'tail.idxS' op index 2 out of range for axis 2 of extent 1
⍝ GPU: faults-thread-array-index.apl:[[#@LINE+16]]:23: error: 'func.call' op index 2 is out of bounds for axis 2 of extent 1
⍝ ERR: faults-thread-array-index.apl:[[#@LINE+15]]:23: error: index 2 is out of bounds for axis 2 of extent 1
⍝ ERR-NEXT: {{^}}⎕ ← {m ← 3 ⍵ ⍴ ⍳ 12 ⋄ m[2;⍵ + 1]}¨ 1 2{{$}}
⍝ ERR-NEXT: {{^}}                      ^{{$}}
⍝ ERR-NOT: {{.}}

⍝ The kernel of the first line checks its read of the thread's `⍳ ⍵`.
⍝ KERNEL:      gpu.module @tail_kernels
⍝ KERNEL:        func.func private @tail_rt_check_index(
⍝ KERNEL:        gpu.func @main_k{{[0-9]+}}(
⍝ KERNEL:          func.call @tail_rt_check_index(

⎕ ← {(⍳ ⍵)[⍵]}¨ 1 2 3
⎕ ← {+/ {(⍳ 5)[⍵]}¨ ⍳ ⍵}¨ 3 4
⎕ ← {m ← ⍵ 3 ⍴ ⍳ 12 ⋄ m[⍵;2]}¨ 2 4
⎕ ← {m ← ⍵ 3 ⍴ ⍳ 12 ⋄ +/ m[;⍵]}¨ 1 3
⎕ ← {m ← 3 ⍵ ⍴ ⍳ 12 ⋄ m[2;⍵ + 1]}¨ 1 2
0
