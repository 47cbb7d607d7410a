⍝ RUN: split-file --leading-lines %s %t
⍝ RUN: not tailc run --target=interp %t/replicate.apl 2>&1 | FileCheck %s --check-prefixes=REPLICATE-TAIL
⍝ RUN: not tailc run --target=cpu %t/replicate.apl 2>&1 | FileCheck %s --check-prefixes=REPLICATE
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %t/replicate.apl 2>&1 | FileCheck %s --check-prefixes=REPLICATE-GPU
⍝ RUN: not tailc run --target=interp %t/replicate-thread.apl 2>&1 | FileCheck %s --check-prefixes=THREAD-TAIL
⍝ RUN: not tailc run --target=cpu %t/replicate-thread.apl 2>&1 | FileCheck %s --check-prefixes=THREAD
⍝ RUN: not tailc run --target=interp %t/compress.apl 2>&1 | FileCheck %s --check-prefixes=COMPRESS-TAIL
⍝ RUN: not tailc run --target=cpu %t/compress.apl 2>&1 | FileCheck %s --check-prefixes=COMPRESS
⍝ RUN: not tailc run --target=interp %t/cat.apl 2>&1 | FileCheck %s --check-prefixes=CAT-TAIL
⍝ RUN: not tailc run --target=cpu %t/cat.apl 2>&1 | FileCheck %s --check-prefixes=CAT
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %t/cat.apl 2>&1 | FileCheck %s --check-prefixes=CAT-GPU
⍝ RUN: not tailc run --target=cpu %t/cat-columns.apl 2>&1 | FileCheck %s --check-prefixes=COLUMNS
⍝ RUN: not tailc run --target=cpu %t/cat-thread.apl 2>&1 | FileCheck %s --check-prefixes=CAT-THREAD
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %t/cat-thread.apl 2>&1 | FileCheck %s --check-prefixes=CAT-THREAD-GPU
⍝ RUN: not tailc run --target=interp %t/reshape.apl 2>&1 | FileCheck %s --check-prefixes=RESHAPE-TAIL
⍝ RUN: not tailc run --target=cpu %t/reshape.apl 2>&1 | FileCheck %s --check-prefixes=RESHAPE
⍝ RUN: not tailc run --target=interp %t/assign.apl 2>&1 | FileCheck %s --check-prefixes=ASSIGN-TAIL
⍝ RUN: not tailc run --target=cpu %t/assign.apl 2>&1 | FileCheck %s --check-prefixes=ASSIGN
⍝ RUN: not tailc run --target=cpu %t/index-axis.apl 2>&1 | FileCheck %s --check-prefixes=AXIS
⍝ Structural functions whose arguments disagree in a way known only at run time stop the
⍝ compiled program with a located error, as the interpreter stops at the tail level; they
⍝ printed a result read from the wrong elements before (a replicate or a catenation), sized
⍝ an array by a negative extent (`out of memory`) or dropped the assignment. Each program
⍝ below is a part of this file (split-file); line numbers are this file's.

⍝ Replicate (counts that are not known to be booleans) with fewer counts than the replicated
⍝ axis has items, along the first axis of a matrix: checked where the counts' length is known.
⍝ REPLICATE-TAIL: [3](1,0,1)
⍝ REPLICATE-TAIL-NEXT: {{.*}}replicate.apl:[[#@LINE+42]]:15: error: 'tail.replicate' op length mismatch: 3 counts for an axis of length 5
⍝ REPLICATE: [3](1,0,1)
⍝ REPLICATE-NEXT: {{.*}}replicate.apl:[[#@LINE+40]]:15: error: length mismatch: 3 counts for an axis of length 5
⍝ REPLICATE-NEXT: {{^}}⎕ ← (2 | ⍳ n) ⌿ 5 3 ⍴ ⍳ 15{{$}}
⍝ REPLICATE-NEXT: {{^}}              ^{{$}}
⍝ REPLICATE-GPU: {{.*}}replicate.apl:[[#@LINE+37]]:15: error: 'func.call' op length mismatch: 3 counts for an axis of length 5

⍝ The same in a dfn applied with each (the counts' length is computed in the thread).
⍝ THREAD-TAIL: [2](72,72)
⍝ THREAD-TAIL-NEXT: {{.*}}replicate-thread.apl:[[#@LINE+37]]:21: error: 'tail.replicate' op length mismatch: 1 counts for an axis of length 5
⍝ THREAD: [2](72,72)
⍝ THREAD-NEXT: {{.*}}replicate-thread.apl:[[#@LINE+35]]:21: error: length mismatch: 1 counts for an axis of length 5

⍝ A compression (boolean flags): the same message.
⍝ COMPRESS-TAIL: {{.*}}compress.apl:[[#@LINE+36]]:15: error: 'tail.compress' op length mismatch: 3 counts for an axis of length 4
⍝ COMPRESS: {{.*}}compress.apl:[[#@LINE+35]]:15: error: length mismatch: 3 counts for an axis of length 4

⍝ Catenation of matrices with different numbers of rows (`,` joins along the last axis).
⍝ CAT-TAIL: {{.*}}cat.apl:[[#@LINE+36]]:17: error: 'tail.cat' op shape mismatch: [3,2] vs [4,2]
⍝ CAT: {{.*}}cat.apl:[[#@LINE+35]]:17: error: shape mismatch: extents 3 and 4 differ on an axis other than the one the arguments are catenated along
⍝ CAT-GPU: {{.*}}cat.apl:[[#@LINE+34]]:17: error: 'func.call' op shape mismatch: extents 3 and 4 differ on an axis other than the one the arguments are catenated along
⍝ A vector joined to a matrix as a column, and a dfn's catenation.
⍝ COLUMNS: {{.*}}cat-columns.apl:[[#@LINE+36]]:18: error: shape mismatch: extents 3 and 4 differ
⍝ CAT-THREAD: [2](42,42)
⍝ CAT-THREAD-NEXT: {{.*}}cat-thread.apl:[[#@LINE+38]]:23: error: shape mismatch: extents 2 and 3 differ
⍝ CAT-THREAD-GPU: [2](42,42)
⍝ CAT-THREAD-GPU-NEXT: {{.*}}cat-thread.apl:[[#@LINE+36]]:23: error: 'func.call' op shape mismatch: extents 2 and 3 differ

⍝ A negative extent in reshape.
⍝ RESHAPE-TAIL: {{.*}}reshape.apl:[[#@LINE+37]]:9: error: 'tail.reshape' op negative extent -2 in shape
⍝ RESHAPE: {{.*}}reshape.apl:[[#@LINE+36]]:9: error: negative argument -2

⍝ Indexed assignment past the end.
⍝ ASSIGN-TAIL: {{.*}}assign.apl:[[#@LINE+38]]:1: error: 'tail.idxassign' op index 4 out of range for axis 1 of extent 3
⍝ ASSIGN: {{.*}}assign.apl:[[#@LINE+37]]:1: error: index 4 is out of bounds for axis 1 of extent 3

⍝ An index on the second axis (read through a transposed view): the axis the program names.
⍝ AXIS: {{.*}}index-axis.apl:[[#@LINE+40]]:5: error: index 4 is out of bounds for axis 2 of extent 3

#--- replicate.apl
n ← +/ 1 1 1
⎕ ← 2 | ⍳ n
⎕ ← (2 | ⍳ n) ⌿ 5 3 ⍴ ⍳ 15
0
#--- replicate-thread.apl
⎕ ← {+/ , (2 | ⍳ ⍵) ⌿ 5 3 ⍴ ⍳ 15}¨ 5 5
⎕ ← {+/ , (2 | ⍳ ⍵) ⌿ 5 3 ⍴ ⍳ 15}¨ 5 1
0
#--- compress.apl
n ← +/ 1 1 1
⎕ ← (n ⍴ 1 0) / ⍳ 4
0
#--- cat.apl
n ← +/ 1 1 1
⎕ ← (n 2 ⍴ ⍳ 6) , 4 2 ⍴ ⍳ 8
0
#--- cat-columns.apl
n ← +/ 1 1 1 1
⎕ ← (3 4 ⍴ ⍳ 12) , ⍳ n
0
#--- cat-thread.apl
⎕ ← {+/ , (⍵ 2 ⍴ ⍳ 6) , 3 2 ⍴ ⍳ 8}¨ 3 3
⎕ ← {+/ , (⍵ 2 ⍴ ⍳ 6) , 3 2 ⍴ ⍳ 8}¨ 3 2
0
#--- reshape.apl
n ← +/ 0 ¯2
⎕ ← n 4 ⍴ ⍳ 3
0
#--- assign.apl
n ← +/ 1 1 1 1
v ← ⍳ 3
v[n] ← 7
⎕ ← v
0
#--- index-axis.apl
n ← +/ 1 1 1 1
m ← 3 3 ⍴ ⍳ 9
⎕ ← m[2;n]
0
