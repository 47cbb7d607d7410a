⍝ RUN: tailc run %s | FileCheck %s
⍝ A dfn mapped over an index vector, then summed: the introductory example of apltail (615).
⍝ CHECK: [](615.0)
+/ {5+⍵} ⍳ 30
