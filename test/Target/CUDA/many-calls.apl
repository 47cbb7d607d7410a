⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cuda %s -o %t && test -x %t
⍝ RUN: tailc build --target=cuda --emit=llvm %s -o - | FileCheck %s --check-prefix=LLVM
⍝ A CUDA program whose host code is one long block of calls (buffers, copies, launches,
⍝ prints, each passing descriptors through stack slots): LLVM's scheduler took minutes on
⍝ such a block (it walks the calls' chains path by path), so the host function holding it
⍝ is marked `optnone` after optimization and its instructions are selected one by one.
⍝ The build finishes in well under a second.
⍝ CHECK: val: 1
⍝ CHECK-NEXT: [](1.0)
⍝ CHECK-NEXT: [3](2.5,3.5,1.5)
⍝ CHECK-NEXT: [](0.0)
⍝ (The patterns below are written so that they do not match the program's own text, which
⍝ the executable embeds for its error messages.)
⍝ LLVM: ; Function Attrs: noinline {{optnone}}
⍝ LLVM-NEXT: define internal fastcc {{.*}}@tail.main() {{.*}}#[[A:[0-9]+]] {
⍝ LLVM: attributes #[[A]] = { noinline {{optnone}} }

v3 ← (⎕ReadIntVecFile 'Inputs/ints.txt') > 2
v4 ← ⎕ReadFile 'Inputs/text.txt'
v5 ← (⌈∘2) (+/ ÷ ≢) (¯2 ⌽ v4) = 'a'
v6 ← {a ← ⍵ + 1 ⋄ b ← a × a ⋄ b - ⍵}¨ 3 {⍺ | ⍵}¨ (=⍨ v3) -.× =⍨ v3
⎕ ← 'val: ' , ⍕ v6
v7 ← ⊃ ÷\ {3 | ⍵}¨ ⍋ , v6
⎕ ← v7
v8 ← ¯2 ⌽ (v6 {⍺ | ⍵}¨ v5 ÷ ¯4) + ⍳ 3
⎕ ← v8
0
