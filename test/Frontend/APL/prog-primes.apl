⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Program: primes up to 30 from an outer-product divisor count, reduce-first and compress.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[10](2,3,5,7,11,13,17,19,23,29)
⍝ CHECK-NEXT:[](10.0)
⍝ CHECK-NOT:{{.}}

N ← 30
divides ← 0 = (⍳ N) ∘.| ⍳ N
primes ← (2 = +⌿ divides) / ⍳ N
⎕ ← primes
≢ primes
