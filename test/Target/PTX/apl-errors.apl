⍝ Errors of `--apl-to-ptx` are located in the APL source (file:line:col, the line and a
⍝ caret), the exit status is 1 and -o writes no file.
⍝ RUN: not tail-translate --apl-to-ptx %S/Inputs/apl-unknown-name.apl -o %t.ptx 2>&1 \
⍝ RUN:   | FileCheck %s --check-prefix=FRONTEND
⍝ RUN: not test -e %t.ptx
⍝ RUN: not tail-translate --apl-to-ptx --chip=sm_70 %s 2>&1 | FileCheck %s --check-prefix=CHIP
⍝ RUN: not tail-translate --apl-to-ptx --emit=tail-text %s 2>&1 | FileCheck %s --check-prefix=EMIT
⍝ RUN: not tail-translate --apl-to-ptx 2>&1 | FileCheck %s --check-prefix=INPUT

⍝ FRONTEND:      apl-unknown-name.apl:2:8: error: undefined name 'y'
⍝ FRONTEND-NEXT: {{^}}+/ x + y
⍝ FRONTEND-NEXT: {{^}}       ^

⍝ CHIP: tail-translate: unknown chip 'sm_70' (expected sm_80 or sm_90)
⍝ EMIT: tail-translate: --apl-to-ptx supports --emit=mlir|llvm|ptx
⍝ INPUT: tail-translate: --apl-to-ptx needs an input file

+/ ⍳ 10
