⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ⎕INT32AND/OR/XOR/NOT/SHL/SHR/SHAR: 32-bit two's complement bit operations (⍺ op ⍵ shifts ⍺ by ⍵).
⍝ Worked out by hand (libjay has no ⎕INT32 functions): Python's & | ^ ~ << >> masked to 32 bits
⍝ and read back as signed. 1 SHL 31 wraps to the smallest int; SHR is logical, SHAR arithmetic.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](8)
⍝ CHECK-NEXT:[](14)
⍝ CHECK-NEXT:[](6)
⍝ CHECK-NEXT:[](-1)
⍝ CHECK-NEXT:[](-6)
⍝ CHECK-NEXT:[](1024)
⍝ CHECK-NEXT:[](-2147483648)
⍝ CHECK-NEXT:[](128)
⍝ CHECK-NEXT:[](15)
⍝ CHECK-NEXT:[](-4)
⍝ CHECK-NEXT:[3](1,2,3)
⍝ CHECK-NEXT:[](255.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 12 ⎕INT32AND 10
⎕ ← 12 ⎕INT32OR 10
⎕ ← 12 ⎕INT32XOR 10
⎕ ← ⎕INT32NOT 0
⎕ ← ⎕INT32NOT 5
⎕ ← 1 ⎕INT32SHL 10
⎕ ← 1 ⎕INT32SHL 31
⎕ ← 1024 ⎕INT32SHR 3
⎕ ← ¯16 ⎕INT32SHR 28
⎕ ← ¯16 ⎕INT32SHAR 2
⎕ ← 5 6 7 ⎕INT32AND 3
255 ⎕INT32AND ¯1
