⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=cpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ The first character of a file's text (`⊃ C`, Inputs/text.txt: "hello tail"), chosen on the
⍝ host: the character, or a blank where the text is empty. The choice of characters is made
⍝ of code points (it was a char no runtime call takes: rejected).
⍝ CHECK:[](h)
⍝ CHECK-NEXT:[]( )
⍝ CHECK-NEXT:[](l)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:he
⍝ CHECK-NEXT:[](0.0)
⍝ CHECK-NOT:{{.}}

C ← ⎕ReadFile 'Inputs/text.txt'
⎕ ← ⊃ C
⎕ ← ⊃ (≢ C) ↓ C
⎕ ← ⊃ ⌽ C
x ← ⊃ C
⎕ ← x = 'h'
⎕ ← (⊃ C) , ⊃ 1 ↓ C
0
