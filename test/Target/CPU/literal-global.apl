⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cpu %s -o %t && %t --runs 3 | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cpu --emit=mlir %s -o - | FileCheck %s --check-prefix=HOST
⍝ RUN: tailc build --target=cuda --emit=mlir %s -o - | FileCheck %s --check-prefix=HOST
⍝ A literal of 16 or more constant numbers or characters is a private constant global that
⍝ the host copies into a fresh buffer (one memref.copy), not one store per element: the
⍝ buffer may be updated in place (`b[2] ← 100` below) and the program may run again
⍝ (`--runs`), so the global itself is never written. Shorter literals are stored element
⍝ by element; progressions stay iotas.
⍝ HOST-DAG: memref.global "private" constant @__tail_lit_{{[0-9]+}} : memref<20xi32> = dense<[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4]>
⍝ HOST-DAG: memref.global "private" constant @__tail_lit_{{[0-9]+}} : memref<16xi32> = dense<[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3]>
⍝ HOST-DAG: memref.global "private" constant @__tail_lit_{{[0-9]+}} : memref<16xf64> = dense<[1.000000e-01, 2.500000e-01, -3.000000e+00, 1.000000e-300,
⍝ HOST-DAG: memref.global "private" constant @__tail_lit_{{[0-9]+}} : memref<24xi32> = dense<[104, 101, 108, 108, 111,
⍝ HOST-DAG: memref.global "private" constant @__tail_lit_{{[0-9]+}} : memref<24xi32> = dense<[115, 108, 97, 114, 101,
⍝ HOST-NOT: memref.global
⍝ HOST-LABEL: func.func @tail.main
⍝ HOST-COUNT-5: memref.store %{{.*}} : memref<5xi32>
⍝ HOST-NEXT: %[[G:.*]] = memref.get_global @__tail_lit_{{[0-9]+}} : memref<20xi32>
⍝ HOST-NEXT: %[[B:.*]] = memref.alloc() : memref<20xi32>
⍝ HOST-NEXT: memref.copy %[[G]], %[[B]] : memref<20xi32> to memref<20xi32>
⍝ HOST-NOT: memref.store %{{.*}} : memref<{{16|20|24}}x
⍝ CHECK:[20](3,1,4,1,5,9,2,6,5,3,5,8,9,7,9,3,2,3,8,4)
⍝ CHECK-NEXT:[20](3,100,4,1,5,9,2,6,5,3,5,8,9,7,9,3,2,3,8,4)
⍝ CHECK-NEXT:[5](3,2,7,1,8)
⍝ CHECK-NEXT:[4](113,25,38,20)
⍝ CHECK-NEXT:hello, world of literals
⍝ CHECK-NEXT:slaretil fo dlrow ,olleh
⍝ CHECK-NEXT:[2](80,160)
⍝ CHECK-NEXT:[](123.35)
⍝ CHECK-NEXT:[](0.0)
a ← 3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2 3 8 4
b ← a
b[2] ← 100
⎕ ← a
⎕ ← b
⎕ ← 3 2 7 1 8 + 0 × ⍳ 5
⎕ ← +/ 4 5 ⍴ b
c ← 'hello, world of literals'
⎕ ← c
⎕ ← ⌽ c
⎕ ← {+/ ⍵ × 3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3}¨ 1 2
f ← 0.1 0.25 ¯3 1E¯300 5 6 7 8 9 10 11 12 13 14 15 16
⎕ ← +/ f
+/ 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 32 34 - 2 × ⍳ 17
