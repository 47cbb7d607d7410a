⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ A string without its closing quote is reported at the opening quote.
⍝ CHECK: {{.*}}err-unterminated-string.apl:5:5: error: {{.*(string|quote)}}

s ← 'abc
0
