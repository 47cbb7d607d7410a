⍝ RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC --match-full-lines
⍝ RUN: tailc build --target=cpu %s -o %t && %t | FileCheck %s --check-prefix=EXEC --match-full-lines
⍝ RUN: TAIL_NUM_THREADS=1 %t | FileCheck %s --check-prefix=EXEC --match-full-lines
⍝ RUN: tailc build %s --emit=mlir -o %t.mlir && FileCheck %s < %t.mlir
⍝ Grades on the CPU are radix sorts (convert-tail-to-soac{radix-grade=true}), stable like the
⍝ interpreter's sort: ints with both extremes, booleans, doubles with ¯0.0 (equal to 0.0,
⍝ ties kept in order), ±1e300 and ±1e¯300, an empty array, equal keys, and arrays of
⍝ several thousand elements (several blocks of the scans and scatters; an odd
⍝ length, so the last block is partial). Each pass's two scatters are permutations written
⍝ in place by their placement: no atomic last-write kernels.
⍝ CHECK-LABEL: func.func @tail.main()
⍝ CHECK-NOT: memref.atomic_rmw
⍝ EXEC:[16](12,5,2,16,14,15,4,7,1,10,3,9,11,8,6,13)
⍝ EXEC-NEXT:[16](13,6,8,9,11,3,1,10,7,4,14,15,2,16,5,12)
⍝ EXEC-NEXT:[8](1,3,4,7,2,5,6,8)
⍝ EXEC-NEXT:[12](6,4,11,2,3,7,9,10,1,8,12,5)
⍝ EXEC-NEXT:[12](5,12,1,8,10,2,3,7,9,11,4,6)
⍝ EXEC-NEXT:[0]()
⍝ EXEC-NEXT:[5](1,2,3,4,5)
⍝ EXEC-NEXT:[12](0,0,0,0,0,1,1,1,1,1,2,2)
⍝ EXEC-NEXT:[12](1000,2000,3000,4000,5000,679,1679,2679,3679,4679,358,1358)
⍝ EXEC-NEXT:[](1263411118)
⍝ EXEC-NEXT:[](423571909)
⍝ EXEC-NEXT:[](423571909.0)

a ← 3 ¯1 4 1 ¯5 9 2 6 5 3 5 ¯2147483648 2147483647 0 0 ¯1
⎕ ← ⍋ a
⎕ ← ⍒ a
⎕ ← ⍒ 1 0 1 1 0 0 1 0
c ← 2.5 ¯0.0 0.0 ¯3.25 1e300 ¯1e300 0.0 2.5 ¯0.0 1e¯300 ¯1e¯300 7
⎕ ← ⍋ c
⎕ ← ⍒ c
⎕ ← ⍋ 0 ⍴ 1.5
⎕ ← ⍒ 5 ⍴ 2
d ← 1000 | 7919 × ⍳ 5003
g ← ⍋ d
⎕ ← d[g[⍳12]]
⎕ ← g[⍳12]
⎕ ← +/ g × ⍳ 5003
⎕ ← +/ (⍒ (⍳ 3001) ÷ ¯7) × ⍳ 3001
