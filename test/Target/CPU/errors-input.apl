⍝ RUN: cd %S && not tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefix=INTERP
⍝ RUN: tailc build %s -o %t
⍝ RUN: cd %S && not %t > %t.out 2> %t.err
⍝ RUN: FileCheck %s --check-prefix=OUT < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ A malformed input file (Inputs/bad-ints.txt: `9.5` on its second line is not an integer):
⍝ the interpreter and the compiled program stop at the read, naming the number as written and
⍝ its line and column in the file; the compiled program quotes the program's line.

⍝ INTERP: errors-input.apl:[[#@LINE+10]]:5: error: 'tail.readIntVecFile' op bad integer '9.5' in 'Inputs/bad-ints.txt' (line 2, column 5): invalid digit found in string
⍝ OUT: [](1)
⍝ OUT-NOT: {{.}}
⍝ ERR: errors-input.apl:[[#@LINE+7]]:5: error: bad integer '9.5' in 'Inputs/bad-ints.txt' (line 2, column 5): invalid digit found in string
⍝ ERR-NEXT: {{^}}v ← ⎕ReadIntVecFile 'Inputs/bad-ints.txt'{{$}}
⍝ ERR-NEXT: {{^}}    ^{{$}}
⍝ ERR-NOT: {{.}}

⍝ The program.
⎕ ← 1
v ← ⎕ReadIntVecFile 'Inputs/bad-ints.txt'
+/ v
