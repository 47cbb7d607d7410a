⍝ RUN: rm -f %t.mlir %t.bad
⍝ RUN: tail-translate --apl-to-tail %s -o %t.mlir
⍝ RUN: FileCheck %s < %t.mlir
⍝ RUN: tailc run %t.mlir | FileCheck %s --check-prefix=VALUE
⍝ RUN: not tail-translate --apl-to-tail %S/error.apl -o %t.bad
⍝ RUN: test ! -e %t.bad
⍝ -o writes the module (which runs on its own), and writes nothing when compilation fails.
⍝ CHECK: func.func @main() -> f64
⍝ VALUE: [](10.0)
+/ ⍳ 4
