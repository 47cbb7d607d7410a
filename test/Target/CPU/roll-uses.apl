⍝ RUN: tailc run --target=interp %s | FileCheck %s
⍝ RUN: tailc run --target=cpu %s | FileCheck %s
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s
⍝ An array of rolls is drawn once, in order, however it is used: printed and tested twice
⍝ (fusion does not recompute a map with effects in each consumer), taken from or reversed
⍝ (no view pushed through it draws fewer numbers or in another order), and beside another
⍝ array of rolls (the two maps are not joined: their draws would interleave).

⍝ CHECK: [10](2.98646451707,5.35410458843,1.24431976864,2.31574630017,5.54329747231,0.304054570958,0.377871938444,0.746391944559,3.17763963398,1.2841259471)
⍝ CHECK-NEXT: [](1)
⍝ CHECK-NEXT: [](1)
⍝ CHECK-NEXT: [2](1.2359806625,1.24001550781)
⍝ CHECK-NEXT: [5](3.90167605257,4.65395317655,5.04675315075,4.53744628034,2.08459133314)
⍝ CHECK-NEXT: [](3.0)

r ← ? 10 ⍴ 6
⎕ ← r
⎕ ← ∧/ r ≥ 0
⎕ ← ∧/ r ≤ 6
⎕ ← 2 ↑ ? 10 ⍴ 6
⎕ ← ⌽ ? 5 ⍴ 6
≢ ? 3 ⍴ 2
