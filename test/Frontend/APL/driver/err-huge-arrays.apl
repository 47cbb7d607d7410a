⍝ RUN: split-file --leading-lines %s %t
⍝ RUN: not tailc run --target=interp %t/reshape.apl 2>&1 | FileCheck %s --check-prefixes=RESHAPE,RESHAPE-TAIL
⍝ RUN: not tailc run --target=interp --after=tail-to-soac %t/reshape.apl 2>&1 | FileCheck %s --check-prefixes=RESHAPE,RESHAPE-TAIL
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %t/reshape.apl 2>&1 | FileCheck %s --check-prefixes=RESHAPE,RESHAPE-GPU
⍝ RUN: tailc build %t/reshape.apl -o %t/reshape
⍝ RUN: not %t/reshape > %t/reshape.out 2> %t/reshape.err
⍝ RUN: FileCheck %s --check-prefix=RESHAPE-OUT < %t/reshape.out
⍝ RUN: FileCheck %s --check-prefix=RESHAPE-CPU < %t/reshape.err
⍝ RUN: not tailc run --target=interp %t/overflow.apl 2>&1 | FileCheck %s --check-prefixes=OVERFLOW,OVERFLOW-TAIL
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %t/overflow.apl 2>&1 | FileCheck %s --check-prefixes=OVERFLOW,OVERFLOW-GPU
⍝ RUN: not tailc run --target=interp %t/take.apl 2>&1 | FileCheck %s --check-prefixes=TAKE,TAKE-TAIL
⍝ RUN: not tailc run --target=interp --after=tail-to-soac %t/take.apl 2>&1 | FileCheck %s --check-prefixes=TAKE,TAKE-TAIL
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %t/take.apl 2>&1 | FileCheck %s --check-prefixes=TAKE,TAKE-GPU
⍝ RUN: tailc build %t/take.apl -o %t/take
⍝ RUN: not %t/take > %t/take.out 2> %t/take.err
⍝ RUN: FileCheck %s --check-prefix=TAKE-OUT < %t/take.out
⍝ RUN: FileCheck %s --check-prefix=TAKE-CPU < %t/take.err
⍝ RUN: not tailc run --target=interp %t/outer.apl 2>&1 | FileCheck %s --check-prefix=OUTER
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %t/outer.apl 2>&1 | FileCheck %s --check-prefix=OUTER
⍝ RUN: not tailc run --target=interp %t/reduce.apl 2>&1 | FileCheck %s --check-prefix=REDUCE
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %t/reduce.apl 2>&1 | FileCheck %s --check-prefix=REDUCE
⍝ RUN: not tailc run --target=interp %t/replicate.apl 2>&1 | FileCheck %s --check-prefix=REPLICATE
⍝ A program that asks for an array too large to hold stops with a located `out of memory`
⍝ error and a non-zero exit, after the output printed before it: in the interpreter at the
⍝ tail level and at the lower levels (where kernels compute fused arrays without holding
⍝ them, the error is at the op that first needs a buffer), and in the compiled program.
⍝ The sizes are beyond the address space of a process (more than 2^48 bytes), so that the
⍝ runs do not depend on the machine.
⍝ Each program below is a part of this file (split-file); line numbers are this file's.

⍝ 10^18 doubles: the reshape, or at the kernel levels the buffer of the power loop's state.
⍝ RESHAPE-NOT: {{.}}
⍝ RESHAPE: [](42)
⍝ RESHAPE-TAIL-NEXT: {{.*}}reshape.apl:78:27: error: out of memory: an array of 1000000000000000000 elements is too large
⍝ RESHAPE-TAIL-NEXT: x ← 1000000000 1000000000 ⍴ 1.5
⍝ RESHAPE-GPU-NEXT: {{.*}}reshape.apl:79:6: error: out of memory: an array of 1000000000000000000 elements is too large
⍝ RESHAPE-GPU-NEXT: +/+/{⌽⍵+1}⍣3 ⊢ x
⍝ RESHAPE-NEXT: {{^ *\^$}}
⍝ RESHAPE-NOT: {{.}}
⍝ RESHAPE-OUT: [](42)
⍝ RESHAPE-OUT-NOT: {{.}}
⍝ RESHAPE-CPU: error: out of memory: could not allocate 8000000000000000000 bytes of host memory
⍝ RESHAPE-CPU-NOT: {{.}}

⍝ An element count beyond 64 bits (8·10^27).
⍝ OVERFLOW: [](42)
⍝ OVERFLOW-TAIL-NEXT: {{.*}}overflow.apl:82:38: error: out of memory: an array of 8000000000000000000000000000 elements is too large
⍝ OVERFLOW-GPU-NEXT: {{.*}}overflow.apl:83:8: error: out of memory: an array of 8000000000000000000000000000 elements is too large
⍝ OVERFLOW-NEXT: {{.}}
⍝ OVERFLOW-NEXT: {{^ *\^$}}

⍝ Over-take of an empty array whose rows are 10^18 elements.
⍝ TAKE: [3](0,1000000000,1000000000)
⍝ TAKE-TAIL-NEXT: {{.*}}take.apl:87:7: error: out of memory: an array of 2000000000000000000 elements is too large
⍝ TAKE-GPU-NEXT: {{.*}}take.apl:88:8: error: out of memory: an array of 2000000000000000000 elements is too large
⍝ TAKE-NEXT: {{.}}
⍝ TAKE-NEXT: {{^ *\^$}}
⍝ TAKE-OUT: [3](0,1000000000,1000000000)
⍝ TAKE-OUT-NOT: {{.}}
⍝ TAKE-CPU: error: out of memory: could not allocate 16000000000000000000 bytes of host memory

⍝ An outer product of two vectors of 10^7 elements (10^14 elements).
⍝ OUTER: [](42)
⍝ OUTER-NEXT: {{.*}}outer.apl:92:7: error: out of memory: an array of 100000000000000 elements is too large
⍝ OUTER-NEXT: x ← a ∘.× a

⍝ A reduction along an empty last axis: the result (4·10^18 elements) is larger than its
⍝ argument (none).
⍝ REDUCE: [3](2000000000,2000000000,0)
⍝ REDUCE-NEXT: {{.*}}reduce.apl:97:16: error: out of memory: an array of 4000000000000000000 elements is too large

⍝ Replicate: 10^6 rows of 4 elements, each repeated 2·10^9 times (8·10^15 elements).
⍝ REPLICATE: [](42)
⍝ REPLICATE-NEXT: {{.*}}replicate.apl:100:22: error: out of memory: an array of 8000000000000000 elements is too large

#--- reshape.apl
⎕ ← 42
x ← 1000000000 1000000000 ⍴ 1.5
+/+/{⌽⍵+1}⍣3 ⊢ x
#--- overflow.apl
⎕ ← 42
x ← 2000000000 2000000000 2000000000 ⍴ 1.5
+/+/+/{⌽⍵+1}⍣3 ⊢ x
#--- take.apl
a ← 0 1000000000 1000000000 ⍴ 1.5
⎕ ← ⍴ a
b ← 2 ↑ a
+/+/+/{⌽⍵+1}⍣3 ⊢ b
#--- outer.apl
⎕ ← 42
a ← ⍳ 10000000
x ← a ∘.× a
+/+/{⌽⍵+1}⍣3 ⊢ x
#--- reduce.apl
a ← 2000000000 2000000000 0 ⍴ 1.5
⎕ ← ⍴ a
+/+/{⌽⍵+1}⍣3 ⊢ +/a
#--- replicate.apl
⎕ ← 42
x ← (4 ⍴ 2000000000) / 1000000 4 ⍴ 1.5
+/+/x
