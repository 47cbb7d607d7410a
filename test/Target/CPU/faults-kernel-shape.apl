⍝ RUN: not tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefix=INTERP
⍝ RUN: tailc build --target=cpu %s -o %t
⍝ RUN: not %t > %t.out 2> %t.err
⍝ RUN: FileCheck %s --check-prefix=OUT < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ The extent check of `⍴` (test/Target/CPU/faults-shape.apl) inside a map: `⍴,(⍵ ⍵)⍴1` is
⍝ ⍵×⍵, computed in the kernel without storing the array, and checked there (on the GPU by
⍝ the gpu.module's `tail_rt_check_extent32`: test/Target/PTX/apl-kernel-shape-check.apl).
⍝ The interpreter stores the array and runs out of memory at the reshape first.

⍝ INTERP: faults-kernel-shape.apl:[[#@LINE+9]]:13: error: out of memory: an array of 10000000000 elements is too large
⍝ OUT: [](50)
⍝ OUT-NOT: {{.}}
⍝ ERR: faults-kernel-shape.apl:[[#@LINE+6]]:6: error: an axis of 10000000000 elements has no 32-bit length (⍴ gives 32-bit ints)
⍝ ERR-NEXT: {{^}}+/{+/⍴,(⍵ ⍵)⍴1}¨3 100000{{$}}
⍝ ERR-NEXT: {{^}}     ^{{$}}
⍝ ERR-NOT: {{.}}

⎕ ← +/{+/⍴,(⍵ ⍵)⍴1}¨3 4 5
+/{+/⍴,(⍵ ⍵)⍴1}¨3 100000
