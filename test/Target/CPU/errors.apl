⍝ RUN: rm -f %t.none %t.exe %t.bad
⍝ RUN: env TAIL_RT_LIB=%t.none not tailc build %s -o %t.exe 2>&1 | FileCheck %s --check-prefix=NORT
⍝ RUN: not test -e %t.exe
⍝ RUN: not tailc build %S/Inputs/syntax-error.apl -o %t.bad 2>&1 | FileCheck %s --check-prefix=SYNTAX
⍝ RUN: not test -e %t.bad
⍝ RUN: tailc build %s -o %t.exe
⍝ RUN: not %t.exe --bogus 2>&1 | FileCheck %s --check-prefix=USAGE
⍝ RUN: not %t.exe --runs 0 2>&1 | FileCheck %s --check-prefix=RUNS
⍝ RUN: not %t.exe --input 3 2>&1 | FileCheck %s --check-prefix=INPUTS
⍝ RUN: cd %S && not %t.exe 2>&1 | FileCheck %s --check-prefix=FILE
⍝ RUN: cd %S && not tailc run --target=cpu %s 2>&1 | FileCheck %s --check-prefix=FILE
⍝ Errors of tailc build leave no output file; errors of a compiled program (bad options, a
⍝ missing input file) are one line on standard error and exit status 1, after the output
⍝ printed before them; one of the program's ops (the file read) also names its position and
⍝ quotes its line.

⍝ NORT: tailc: error: TAIL_RT_LIB names '{{.*}}.none', which is not a file
⍝ SYNTAX: syntax-error.apl:1:5: error:
⍝ USAGE: error: unknown argument '--bogus' (usage: <program> [--time] [--runs N] [--input VALUE]...)
⍝ RUNS: error: --runs needs a positive number, got '0'
⍝ INPUTS: error: the program takes 0 inputs (--input VALUE, one per parameter), but 1 were given
⍝ FILE: [](1)
⍝ FILE-NEXT: errors.apl:[[#@LINE+5]]:5: error: cannot read file 'Inputs/no-such-file.txt': No such file or directory (os error 2)
⍝ FILE-NEXT: {{^}}v ← ⎕ReadIntVecFile 'Inputs/no-such-file.txt'{{$}}
⍝ FILE-NEXT: {{^}}    ^{{$}}

⎕ ← 1
v ← ⎕ReadIntVecFile 'Inputs/no-such-file.txt'
+/ v
