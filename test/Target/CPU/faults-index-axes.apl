⍝ RUN: split-file --leading-lines %s %t
⍝ RUN: not tailc run --target=interp %t/rows.apl 2>&1 | FileCheck %s --check-prefix=ROWS-TAIL
⍝ RUN: not tailc run --target=cpu %t/rows.apl 2>&1 | FileCheck %s --check-prefix=ROWS
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %t/rows.apl 2>&1 | FileCheck %s --check-prefix=ROWS-GPU
⍝ RUN: not tailc run --target=interp %t/last.apl 2>&1 | FileCheck %s --check-prefix=LAST-TAIL
⍝ RUN: not tailc run --target=cpu %t/last.apl 2>&1 | FileCheck %s --check-prefix=LAST
⍝ RUN: not tailc run --target=interp %t/zero.apl 2>&1 | FileCheck %s --check-prefix=ZERO-TAIL
⍝ RUN: not tailc run --target=cpu %t/zero.apl 2>&1 | FileCheck %s --check-prefix=ZERO
⍝ RUN: not tailc run --target=interp %t/dfn.apl 2>&1 | FileCheck %s --check-prefix=DFN-TAIL
⍝ RUN: not tailc run --target=cpu %t/dfn.apl 2>&1 | FileCheck %s --check-prefix=DFN
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %t/dfn.apl 2>&1 | FileCheck %s --check-prefix=DFN-GPU
⍝ An index vector with an index out of range, on any axis of an array of rank 2 or 3, stops
⍝ the program with that index, its axis and the axis's extent, as the program wrote them
⍝ (the items were read from the ravel at computed flat positions, whose check named the
⍝ flat position: `index 10 is out of bounds for axis 1 of extent 9`). An index on a later
⍝ axis inside a dfn applied with each (`{+/ m[;⍵]}¨`, a transposition read in the kernel)
⍝ was not checked at all: the compiled program printed sums of elements past the row.
⍝ Each program below is a part of this file (split-file); line numbers are this file's.

⍝ ROWS-TAIL: {{.*}}rows.apl:[[#@LINE+23]]:10: error: 'tail.idxS' op index 4 out of range for axis 1 of extent 3
⍝ ROWS: {{.*}}rows.apl:[[#@LINE+22]]:10: error: index 4 is out of bounds for axis 1 of extent 3
⍝ ROWS-NEXT: {{^}}⎕ ← +/ , m[1 2 n;]{{$}}
⍝ ROWS-NEXT: {{^}}         ^{{$}}
⍝ ROWS-GPU: {{.*}}rows.apl:[[#@LINE+19]]:10: error: 'func.call' op index 4 is out of bounds for axis 1 of extent 3

⍝ LAST-TAIL: {{.*}}last.apl:[[#@LINE+21]]:10: error: 'tail.idxS' op index 5 out of range for axis 3 of extent 4
⍝ LAST: {{.*}}last.apl:[[#@LINE+20]]:10: error: index 5 is out of bounds for axis 3 of extent 4

⍝ ZERO-TAIL: {{.*}}zero.apl:[[#@LINE+22]]:10: error: 'tail.idxS' op index 0 out of range for axis 2 of extent 3
⍝ ZERO: {{.*}}zero.apl:[[#@LINE+21]]:10: error: index 0 is out of bounds for axis 2 of extent 3

⍝ DFN-TAIL: [](5)
⍝ DFN-TAIL-NEXT: {{.*}}dfn.apl:[[#@LINE+23]]:9: error: 'tail.idxS' op index 5 out of range for axis 2 of extent 4
⍝ DFN: [](5)
⍝ DFN-NEXT: {{.*}}dfn.apl:[[#@LINE+21]]:9: error: index 5 is out of bounds for axis 2 of extent 4
⍝ DFN-NEXT: {{^}}⎕ ← {+/ m[;⍵]}¨ 1 2 n{{$}}
⍝ DFN-NEXT: {{^}}        ^{{$}}
⍝ DFN-GPU: {{.*}}dfn.apl:[[#@LINE+18]]:9: error: 'func.call' op index 5 is out of bounds for axis 2 of extent 4

//--- rows.apl
m ← 3 3 ⍴ ⍳ 9
n ← +/ 2 2
⎕ ← +/ , m[1 2 n;]
//--- last.apl
c ← 2 3 4 ⍴ ⍳ 24
n ← +/ 2 3
⎕ ← +/ , c[;;1 n]
//--- zero.apl
m ← 3 3 ⍴ ⍳ 9
n ← +/ 0 0
⎕ ← +/ , m[;2 n]
//--- dfn.apl
m ← 3 4 ⍴ ⍳ 12
n ← +/ 2 3
⎕ ← n
⎕ ← {+/ m[;⍵]}¨ 1 2 n
0
