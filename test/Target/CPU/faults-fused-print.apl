⍝ RUN: not tailc run --target=interp %s > %t.iout 2> %t.ierr
⍝ RUN: FileCheck %s --allow-empty --check-prefix=OUT < %t.iout
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.ierr
⍝ RUN: tailc build --target=cpu %s -o %t
⍝ RUN: not %t > %t.out 2> %t.err
⍝ RUN: FileCheck %s --allow-empty --check-prefix=OUT < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ A map that may fail (`{+/⍳⍵}¨` with a negative count) computed before a print and reduced
⍝ after it: fusion does not move the map down into the reduction across the print, so the
⍝ program fails before it prints anything, as the interpreter does.

⍝ OUT-NOT: {{.}}
⍝ ERR: faults-fused-print.apl:[[#@LINE+3]]:8: error: {{.*}}negative argument -4
⍝ ERR-NOT: negative argument

x ← {+/⍳⍵}¨3 ¯4 5
⎕ ← 1
+/x
