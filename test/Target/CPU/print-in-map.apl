⍝ RUN: split-file --leading-lines %s %t
⍝ RUN: tailc run --target=interp %t/main.apl | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=cpu %t/main.apl | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc build --target=cuda %t/main.apl -o %t/main
⍝ RUN: not tailc run --target=cpu %t/array.apl 2>&1 | FileCheck %s --check-prefix=ARRAY
⍝ RUN: not tailc run --target=cpu %t/fail.apl 2>&1 | FileCheck %s --check-prefix=FAIL
⍝ Scalars printed by the function of a map (`{⎕ ← ⍵ ⋄ …}¨`) are printed on the host, in
⍝ the interpreter's order, as rolls are drawn (the map of the printed values is a host
⍝ loop): also where the map's result is its argument (nothing reads the map; the prints
⍝ were dropped), printed values computed by inner SOACs, and two such maps around a print
⍝ of the program (a horizontal fusion joined them across it, printing 7 after 10 and 20).
⍝ A function that also prints inside an inner loop runs on the host as a whole, in order
⍝ (its own print was split out and printed for all elements first); one reading an element
⍝ of another array, with nothing reading the map, is computed on the host too (it
⍝ panicked: the element read stayed a tensor op in the host loop, rolls alike); an inner
⍝ map that prints runs in its thread's loop where its result is its input (it was dropped).
⍝ An array printed there has no kernel form: a located error (the output was dropped). A
⍝ function that may stop the program prints on the host as it runs: the elements after the
⍝ failing one print nothing (split out, all printed before the failure).
⍝ CHECK:[](1)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](3)
⍝ CHECK-NEXT:[](9)
⍝ CHECK-NEXT:[](4)
⍝ CHECK-NEXT:[](5)
⍝ CHECK-NEXT:[](9)
⍝ CHECK-NEXT:[](0.5)
⍝ CHECK-NEXT:[](1.0)
⍝ CHECK-NEXT:[](4.5)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[2](1,2)
⍝ CHECK-NEXT:[](0.497744086179)
⍝ CHECK-NEXT:[](0.892350764739)
⍝ CHECK-NEXT:[2](1,1)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](3)
⍝ CHECK-NEXT:[](4)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: -1 -2
⍝ CHECK-NEXT: -3 -4
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](6)
⍝ CHECK-NEXT:[](10)
⍝ CHECK-NEXT:[](7)
⍝ CHECK-NEXT:[](10)
⍝ CHECK-NEXT:[](20)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](37)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](11)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](12)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](11)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](12)
⍝ CHECK-NEXT:[2](21,22)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](3)
⍝ CHECK-NEXT:[2](3,6)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](4)
⍝ CHECK-NEXT:[](7)
⍝ CHECK-NEXT:[](8)
⍝ CHECK-NEXT:[](8)
⍝ CHECK-NEXT:[](9)
⍝ CHECK-NEXT:[](19.0)
⍝ FAIL: [](1)
⍝ FAIL-NEXT: [](2)
⍝ FAIL-NEXT: [](5)
⍝ FAIL-NEXT: fail.apl:{{[0-9]+}}:14: error: index 5 is out of bounds for axis 1 of extent 3
⍝ ARRAY: array.apl:{{[0-9]+}}:9: error: 'tail.prArrI' op cannot be lowered by convert-soac-to-hpar: printing an array inside a function applied to each element (a kernel); only scalars can be printed there
⍝ ARRAY-NEXT: +/ {⎕ ← ⍳ ⍵ ⋄ ⍵}¨ 2 3
⍝ ARRAY-NEXT:         ^

//--- main.apl
⎕ ← +/ {⎕ ← ⍵ ⋄ ⍵ + 1}¨ ⍳ 3
⎕ ← +/ {⎕ ← ⍵ ⋄ ⍵}¨ 4 5
⎕ ← +/ {⍵ + ⎕ ← ⍵ ÷ 2}¨ 1 2
⎕ ← {⎕ ← ⍵ = 2 ⋄ ⍵}¨ 1 2
⎕ ← {⎕ ← ?⍵ ⋄ 1}¨ 0 0
⎕ ← {⎕ ← ⍵ ⋄ -⍵}¨ 2 2 ⍴ ⍳ 4
⎕ ← +/ {⎕ ← +/ ⍳ ⍵ ⋄ ⍵}¨ 3 4
g ← {⎕ ← ⍵ ⋄ ⍵ + 1}
⎕ ← (+/ g¨ ⍳ 2) + +/ g¨ 10 20
{⎕ ← (⍳ 3)[⍵] ⋄ ⍵}¨ 1 2
x ← {⎕ ← ⍵ ⋄ ({⎕ ← ⍵ ⋄ ⍵ + 10} ⍣ 2) ⍵}¨ 1 2
y ← {(?⍵ + (⍳ 3)[⍵])}¨ 1 2
⎕ ← {⎕ ← ⍵ ⋄ ({⎕ ← ⍵ ⋄ ⍵ + 10} ⍣ 2) ⍵}¨ 1 2
⎕ ← {+/ {⎕ ← ⍵ ⋄ ⍵}¨ ⍳ ⍵}¨ 2 3
z ← {+/ {⍵ + ⎕ ← ⍵ × 2}¨ ⍳ ⍵}¨ 1 2
+/ (g ⍣ 2)¨ 7 8
//--- array.apl
+/ {⎕ ← ⍳ ⍵ ⋄ ⍵}¨ 2 3
//--- fail.apl
⎕ ← {⎕ ← ⍵ ⋄ (⍳ 3)[⍵]}¨ 1 2 5 1
1
