⍝ RUN: echo apl | grep -q apl
⍝ RUN: test -f %S/apl.apl
x ← 1 2 3
