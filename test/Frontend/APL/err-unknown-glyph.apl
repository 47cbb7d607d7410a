⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ A character that is no APL glyph is rejected where it stands.
⍝ CHECK: {{.*}}err-unknown-glyph.apl:6:7: error: {{.*}}§

x ← 1
y ← x § 3
y
