⍝ RUN: not tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefix=INTERP
⍝ RUN: tailc build --target=cpu %s -o %t
⍝ RUN: not %t > %t.out 2> %t.err
⍝ RUN: FileCheck %s --check-prefix=OUT < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ RUN: tailc build --target=cpu --emit=mlir %s -o %t.mlir
⍝ RUN: FileCheck %s --check-prefix=HOST < %t.mlir
⍝ The shape of an array whose axis has more than 2³¹−1 elements: compiled code need not store
⍝ the array (`,(n n)⍴1` is read where it is summed), but `⍴` gives 32-bit ints, so the
⍝ program stops at the `⍴` rather than wrap the length (10000000000 would print as
⍝ 1410065408). The interpreter stores every array and runs out of memory at the reshape
⍝ first. Extents known to fit (`⍴,(3 4)⍴1`) are not checked.

⍝ INTERP: faults-shape.apl:[[#@LINE+14]]:10: error: out of memory: an array of 10000000000 elements is too large
⍝ OUT: [1](700000)
⍝ OUT-NEXT: [1](12)
⍝ OUT-NOT: {{.}}
⍝ ERR: faults-shape.apl:[[#@LINE+10]]:3: error: an axis of 10000000000 elements has no 32-bit length (⍴ gives 32-bit ints)
⍝ ERR-NEXT: {{^}}+/⍴,(n n)⍴1{{$}}
⍝ ERR-NEXT: {{^}}  ^{{$}}
⍝ ERR-NOT: {{.}}
⍝ HOST-COUNT-2: call @tail_rt_check_extent32(
⍝ HOST-NOT: call @tail_rt_check_extent32(

n ← +/50000 50000
⎕ ← ⍴,(n 7)⍴1
⎕ ← ⍴,(3 4)⍴1
+/⍴,(n n)⍴1
