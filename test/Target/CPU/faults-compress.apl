⍝ RUN: not tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefix=INTERP
⍝ RUN: tailc build --target=cpu %s -o %t
⍝ RUN: not %t > %t.out 2> %t.err
⍝ RUN: FileCheck %s --check-prefix=OUT < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ RUN: sed 's/^⎕ ← +\/ (v > 3)/⍝/' %s > %t.thread.apl
⍝ RUN: tailc build --target=cpu %t.thread.apl -o %t.thread
⍝ RUN: not %t.thread > %t.thread.out 2> %t.thread.err
⍝ RUN: FileCheck %s --check-prefix=THREAD < %t.thread.err
⍝ A compression whose boolean left argument is shorter than the array: on the host (the
⍝ filter's inputs are checked to agree before its kernels run) and, in a copy of this file
⍝ without that line, inside a dfn applied with each (checked in the thread, before the
⍝ compression). The executable summed what it read past the flags before.

⍝ INTERP: faults-compress.apl:[[#@LINE+10]]:16: error: 'tail.compress' op length mismatch: 30 counts for an axis of length 32
⍝ OUT: [](7)
⍝ OUT-NOT: {{.}}
⍝ ERR: faults-compress.apl:[[#@LINE+7]]:16: error: length mismatch: 30 counts for an axis of length 32
⍝ ERR-NEXT: {{^}}⎕ ← +/ (v > 3) / (⍳ 2) , v{{$}}
⍝ ERR-NEXT: {{^}}               ^{{$}}
⍝ THREAD: faults-compress.apl.tmp.thread.apl:[[#@LINE+5]]:17: error: length mismatch: 30 counts for an axis of length 32

v ← 30 ⍴ ⍳ 7
⎕ ← +/ 1 1 0 1 / 1 2 3 4
⎕ ← +/ (v > 3) / (⍳ 2) , v
⎕ ← {+/ (v > ⍵) / (⍳ ⍵) , v}¨ 2 4
0
