⍝ RUN: split-file --leading-lines %s %t
⍝ RUN: tailc run --target=interp %t/prelude.apl %t/main.apl | FileCheck %s --check-prefix=MAIN
⍝ RUN: tailc run --target=cpu %t/prelude.apl %t/main.apl | FileCheck %s --check-prefix=MAIN
⍝ RUN: tailc build %t/prelude.apl %t/main.apl -o %t/main && %t/main | FileCheck %s --check-prefix=MAIN
⍝ RUN: not tailc run --target=interp %t/main.apl 2>&1 | FileCheck %s --check-prefix=ALONE
⍝ RUN: not tailc run --target=interp %t/prelude.apl %t/pick.apl 2>&1 | FileCheck %s --check-prefix=PICK-TAIL
⍝ RUN: not tailc run --target=cpu %t/prelude.apl %t/pick.apl 2>&1 | FileCheck %s --check-prefix=PICK
⍝ RUN: not tailc run --target=interp %t/prelude.apl %t/kernel.apl 2>&1 | FileCheck %s --check-prefix=KERNEL-TAIL
⍝ RUN: not tailc run --target=cpu %t/prelude.apl %t/kernel.apl 2>&1 | FileCheck %s --check-prefix=KERNEL
⍝ RUN: tailc build --target=cuda --emit=mlir %t/prelude.apl %t/kernel.apl -o - | FileCheck %s --check-prefix=KERNEL-GPU
⍝ RUN: not tailc run --target=interp %t/syntax.apl %t/main.apl 2>&1 | FileCheck %s --check-prefix=SYNTAX
⍝ RUN: not tailc build %t/syntax.apl %t/main.apl -o %t/none 2>&1 | FileCheck %s --check-prefix=SYNTAX
⍝ RUN: not test -e %t/none
⍝ RUN: not tailc run --target=interp %t/prelude.apl %t/main.tail 2>&1 | FileCheck %s --check-prefix=KIND
⍝ RUN: tail-translate --apl-to-tail %t/prelude.apl %t/main.apl | FileCheck %s --check-prefix=TRANSLATE
⍝ RUN: tail-translate --apl-to-ptx %t/prelude.apl %t/kernel.apl | FileCheck %s --check-prefix=PTX
⍝ RUN: not tail-translate --import-tail %t/main.tail %t/main.tail 2>&1 | FileCheck %s --check-prefix=ONE
⍝ An APL program may be read from several files, as apltail reads its prelude before the
⍝ program (`aplt prelude.apl prog.apl`): the files are one program, a name defined in one is
⍝ known to the files after it, the value is the last file's, and every diagnostic, at compile
⍝ time or at run time, names the file it is in. Each program below is a part of this file
⍝ (split-file); line numbers are this file's.

⍝ The program uses the prelude's functions and prints as one file would.
⍝ MAIN: [](5.5)
⍝ MAIN-NEXT: [](5.0)

⍝ Alone, the program does not know the prelude's names.
⍝ ALONE: {{.*}}main.apl:[[#@LINE+34]]:5: error: undefined name 'avg'

⍝ A failed check in a dfn of the prelude names the prelude's line, with its text.
⍝ PICK-TAIL: {{.*}}prelude.apl:[[#@LINE+27]]:9: error: 'tail.idxS' op index 7 out of range for axis 1 of extent 4
⍝ PICK: {{.*}}prelude.apl:[[#@LINE+26]]:9: error: index 7 is out of bounds for axis 1 of extent 4
⍝ PICK-NEXT: {{^}}pick ← {⍵[⍺]}{{$}}
⍝ PICK-NEXT: {{^}}        ^{{$}}

⍝ A failed check in a kernel of the second file names that file: the check's line argument
⍝ holds the file's index above the line's 24 bits (16777216 = 1 << 24), in the CUDA
⍝ kernel's fault record as in the CPU's check.
⍝ KERNEL-TAIL: {{.*}}kernel.apl:[[#@LINE+33]]:5: error: 'tail.idxS' op index 5 out of range for axis 1 of extent 4
⍝ KERNEL: {{.*}}kernel.apl:[[#@LINE+32]]:5: error: index 5 is out of bounds for axis 1 of extent 4
⍝ KERNEL-NEXT: {{^}}+/ {v[⍵]}¨ ⍳ n{{$}}
⍝ KERNEL-NEXT: {{^}}    ^{{$}}
⍝ KERNEL-GPU: gpu.module @tail_kernels
⍝ KERNEL-GPU: arith.constant [[#16777216+@LINE+28]] : i32

⍝ A syntax error in the first file names it; nothing is built.
⍝ SYNTAX: {{.*}}syntax.apl:[[#@LINE+27]]:10: error: unbalanced '('
⍝ tail-translate reads them the same way; the module lists the files.
⍝ TRANSLATE: module attributes {tail.sources = ["{{.*}}prelude.apl", "{{.*}}main.apl"]}
⍝ TRANSLATE: tail.reduce
⍝ PTX: .visible .entry
⍝ ONE: tail-translate: --import-tail takes one input file, got 2
⍝ Only an APL program may be given as several files.
⍝ KIND: tailc: error: only an APL program can be read from several files, but '{{.*}}main.tail' is not an APL file (.apl)

//--- prelude.apl
sum ← {+/⍵}
pick ← {⍵[⍺]}
avg ← {(sum ⍵) ÷ ≢⍵}
//--- main.apl
v ← ⍳ 10
⎕ ← avg v
n ← sum 2 3
n pick v
//--- pick.apl
v ← ⍳ 4
n ← sum 3 4
n pick v
//--- kernel.apl
v ← ⍳ 4
n ← sum 3 2
+/ {v[⍵]}¨ ⍳ n
//--- syntax.apl
f ← {⍵ + (⍵}
//--- main.tail
