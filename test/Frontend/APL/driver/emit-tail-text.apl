⍝ RUN: not tail-translate --apl-to-tail --emit=tail-text %s 2>&1 | FileCheck %s
⍝ --emit=tail-text needs the TAIL text exporter, which has not landed yet: a clear error.
⍝ CHECK: --emit=tail-text is not available yet
+/ ⍳ 4
