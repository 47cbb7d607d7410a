⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: cd %S/../../Frontend/APL && tailc build --target=cuda %s -o %t
⍝ RUN: tailc build --target=cpu %s --emit=mlir -o %t.mlir && FileCheck %s --check-prefix=IR < %t.mlir
⍝ Host I/O in the body of a power loop, which is host code: file input (its name a
⍝ character vector that the kernels' character rewriting took for code in a kernel),
⍝ printing character and complex arrays the loop computes, and comparisons of characters
⍝ read on the host (no runtime form before; `c = 'q'` of two constants folds to a
⍝ `tail.const`). The buffer a file's numbers are taken into is freed in the iteration that
⍝ read it (it was kept to the end of the program, one per iteration).
⍝ IR:      scf.for
⍝ IR:        %[[M:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
⍝ IR-NEXT:   %[[C:.*]] = memref.cast %[[M]] : memref<?xi32> to memref<*xi32>
⍝ IR-NEXT:   func.call @tail_rt_take_i32(%[[C]])
⍝ IR:        memref.dealloc %[[M]] : memref<?xi32>
⍝ IR-NEXT:   scf.yield
⍝ CHECK:[](62)
⍝ CHECK-NEXT:[](20)
⍝ CHECK-NEXT:[](8.25)
⍝ CHECK-NEXT:ab
⍝ CHECK-NEXT:abc
⍝ CHECK-NEXT:[2](-1.0j1.0,0.0j2.0)
⍝ CHECK-NEXT:[2](-1.0j2.0,0.0j3.0)
⍝ CHECK-NEXT:[2](3.0j1.0,4.0j0.0)
⍝ CHECK-NEXT:[](h)
⍝ CHECK-NEXT:[](e)
⍝ CHECK-NEXT:[](l)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[](3)
⍝ CHECK-NEXT:[](4.0)
f ← {⍵ + +/ ⎕ReadIntVecFile 'Inputs/ints.txt'}
⎕ ← (f ⍣ 2) 0
g ← {⍵ + ≢ ⎕ReadFile 'Inputs/text.txt'}
⎕ ← (g ⍣ 2) 0
h ← {⍵ + +/ ⎕ReadDoubleVecFile 'Inputs/doubles.txt'}
⎕ ← (h ⍣ 1) 0
p ← {⎕ ← ⍵ ⋄ ⍵ , 'c'}
q ← (p ⍣ 2) 'ab'
x ← {⎕ ← ⍵ × 0J1 ⋄ ⍵ + 1}
⎕ ← (x ⍣ 2) 1J1 2
s ← 'hello'
k ← {c ← s[⍵] ⋄ ⎕ ← c ⋄ ⍵ + c ≠ 'l'}
n ← (k ⍣ 3) 1
⎕ ← s[n] = 'l'
⎕ ← s[1] > 'x'
c ← 'q'
m ← {⍵ + c = 'q'}
⎕ ← (m ⍣ 3) 0
≢ q
