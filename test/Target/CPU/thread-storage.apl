⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines
⍝ Arrays in a thread's storage (a dfn applied with each whose body compresses or iterates
⍝ over a vector or matrix of a length the host knows). Compressions: summed, counted (also
⍝ to nothing), reduced by max, two compressions zipped, a compression scanned. Power loops
⍝ carrying arrays beyond registers: a rotated vector of 100, a 9 × 9 matrix transposed
⍝ and reversed, a 12 × 9 matrix summed with its rotation, a vector of 70 doubles; the
⍝ counts differ per thread. Each was rejected (a filter in a thread; a carried array of more
⍝ than 64 elements). Then: compressions of booleans and by comparisons, by the parities of
⍝ a scan, over no threads, of an empty vector, in a map nested in the thread's map. Then
⍝ compressions of rows (`⌿` of a matrix, of a matrix computed in the thread, of a rank-3
⍝ array, counted, of a matrix whose rows the thread sizes), which store the kept rows'
⍝ positions (they were rejected).
⍝ CHECK:[3](0,60,885)
⍝ CHECK-NEXT:[3](0,6,5)
⍝ CHECK-NEXT:[3](17,32,45)
⍝ CHECK-NEXT:[2](30040,4335)
⍝ CHECK-NEXT:[2](330,5040)
⍝ CHECK-NEXT:[3](985,1085,1185)
⍝ CHECK-NEXT:[3](3321,3321,3321)
⍝ CHECK-NEXT:[2](2480,4960)
⍝ CHECK-NEXT:[2](1.25,0.15625)
⍝ CHECK-NEXT:[2](50,28)
⍝ CHECK-NEXT:[2](50,28)
⍝ CHECK-NEXT:[3](442,885,442)
⍝ CHECK-NEXT:[0]()
⍝ CHECK-NEXT:[2](0,0)
⍝ CHECK-NEXT:[2](24,60)
⍝ CHECK-NEXT:[5](444,444,444,444,444)
⍝ CHECK-NEXT:[5](444,888,1332,1776,2220)
⍝ CHECK-NEXT:[5](444,387,294,165,0)
⍝ CHECK-NEXT:[3](30,29,28)
⍝ CHECK-NEXT:[4](300,264,164,0)
⍝ CHECK-NEXT:[5](4,4,4,4,4)
⍝ CHECK-NEXT:[5](14,45,75,74,0)
⍝ CHECK-NEXT:[](0.0)

v ← 100 ⍴ ⍳ 17
M ← 12 9 ⍴ ⍳ 23
⎕ ← {+/ (v < ⍵) / v}¨ 1 5 18
⎕ ← {≢ (v = ⍵) / v}¨ 0 3 17
⎕ ← {⌈/ (0 = 3 | v + ⍵) / v × ⍵}¨ 1 2 3
⎕ ← {+/ ((v > ⍵) / v) × (v > ⍵) / ⍳ 100}¨ 10 16
⎕ ← {+/ +\ (v < ⍵) / v}¨ 4 9
⎕ ← {+/ ({1 ⌽ ⍵ + 1}⍣ ⍵) v}¨ 1 2 3
⎕ ← {+/ , ({⍉ ⌽ ⍵}⍣ ⍵) 9 9 ⍴ ⍳ 81}¨ 1 2 3
⎕ ← {+/ , ({(1 ⊖ ⍵) + ⍵}⍣ ⍵) M}¨ 1 2
⎕ ← {(({⍵ × 0.5}⍣ ⍵) 70 ⍴ 2.5)[3]}¨ 1 4
b ← 100 ⍴ 1 0 0 1 1
⎕ ← {+/ (v > ⍵) / b}¨ 3 9
⎕ ← {+/ b / v > ⍵}¨ 3 9
⎕ ← {+/ (0 = 2 | +\ v × ⍵) / v}¨ 1 2 3
⎕ ← {+/ (v < ⍵) / v}¨ ⍳ 0
w ← 0 ⍴ 5
⎕ ← {+/ (w < ⍵) / w}¨ 1 2
⎕ ← {+/ {+/ (v < ⍵) / v}¨ ⍳ ⍵}¨ 3 4
m ← 5 6 ⍴ ⍳ 30
⎕ ← {+/ , (m[;1] > ⍵) ⌿ m}¨ ⍳ 5
⎕ ← {+/ , (m[;1] > ⍵) ⌿ m × ⍵}¨ ⍳ 5
⎕ ← {+/ +/ (m[;1] > ⍵ × 5) ⌿ m}¨ ⍳ 5
⎕ ← {⌈/ , (0 = 2 | m[;2]) ⌿ m - ⍵}¨ 0 1 2
a ← 3 2 4 ⍴ ⍳ 24
⎕ ← {+/ , (a[;1;1] > ⍵) ⌿ a}¨ 0 5 10 30
⎕ ← {≢ (m[;1] > ⍵) ⌿ m}¨ ⍳ 5
⎕ ← {+/ , ((⍳ 5) > ⍵) ⌿ 5 ⍵ ⍴ ⍳ 30}¨ ⍳ 5
0
