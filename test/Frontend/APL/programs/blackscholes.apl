⍝ RUN: tailc run %s | FileCheck %s
⍝ Black-Scholes (FHPC'16 §6.2; thesis §3.5.2): closed-form prices of n European options
⍝ (spot 40 < S ≤ 80, strike 60, expiry 0.25…1.75 years, rate 0.02, volatility 0.3), with the
⍝ polynomial approximation of the normal distribution; prints the mean call price, returns the
⍝ mean put price. Paper size: n = 10,000,000.
⍝ CHECK: [](8.95622269237)
⍝ CHECK-NEXT: [](7.75241183937)
n ← 1024                              ⍝ SIZE
S ← 40+40×(⍳n)÷n                      ⍝ spot prices
T ← 0.25+(7|⍳n)÷4                     ⍝ years to expiry
K ← 60 ⋄ r ← 0.02 ⋄ v ← 0.3           ⍝ strike, riskless rate, volatility
cnd ← {                               ⍝ cumulative normal distribution (Abramowitz-Stegun 26.2.17)
  l ← |⍵
  k ← ÷1+0.2316419×l
  p ← k×0.31938153+k×¯0.356563782+k×1.781477937+k×¯1.821255978+k×1.330274429
  w ← 1-0.398942280401432678×(*-l×l÷2)×p
  (w×⍵≥0)+(1-w)×⍵<0
}
sq ← v×T*0.5
d1 ← ((⍟S÷K)+T×r+v×v÷2)÷sq
d2 ← d1-sq
disc ← K×*-r×T                        ⍝ discounted strike
call ← (S×cnd d1)-disc×cnd d2
put ← (disc×cnd -d2)-S×cnd -d1
⎕ ← (+/call)÷n
(+/put)÷n
