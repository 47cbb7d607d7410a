⍝ RUN: tail-translate --apl-to-tail --emit=tail-text %s | FileCheck %s --match-full-lines
⍝ RUN: tail-translate --apl-to-tail --emit=tail-text %s -o %t.tail && FileCheck %s --match-full-lines --input-file=%t.tail
⍝ --emit=tail-text prints the program as apltail-style TAIL text: one `let` per value with its
⍝ TAIL type, the static ⍳ 30 as iotaV on a singleton S(int,30), the scalar extension of 5+ as
⍝ an eachV over a lambda capturing the 5, the reduction with its identity item 0, and the int
⍝ result converted to the program's [double]0 value with i2d.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:let [[N:v[0-9]+]]:S(int,30) = 30 in
⍝ CHECK-NEXT:let [[IOTA:v[0-9]+]]:<int>30 = iotaV([[N]]) in
⍝ CHECK-NEXT:let [[FIVE:v[0-9]+]]:[int]0 = 5 in
⍝ CHECK-NEXT:let [[EACH:v[0-9]+]]:<int>30 = eachV(fn [[X:v[0-9]+]]:[int]0 =>
⍝ CHECK-NEXT:  let [[S:v[0-9]+]]:[int]0 = addi([[FIVE]],[[X]]) in
⍝ CHECK-NEXT:  [[S]],[[IOTA]]) in
⍝ CHECK-NEXT:let [[ARR:v[0-9]+]]:[int]1 = [[EACH]] in
⍝ CHECK-NEXT:let [[ZERO:v[0-9]+]]:[int]0 = 0 in
⍝ CHECK-NEXT:let [[SUM:v[0-9]+]]:[int]0 = reduce(fn [[A:v[0-9]+]]:[int]0 => fn [[B:v[0-9]+]]:[int]0 =>
⍝ CHECK-NEXT:  let [[AB:v[0-9]+]]:[int]0 = addi([[A]],[[B]]) in
⍝ CHECK-NEXT:  [[AB]],[[ZERO]],[[ARR]]) in
⍝ CHECK-NEXT:let [[D:v[0-9]+]]:[double]0 = i2d([[SUM]]) in
⍝ CHECK-NEXT:[[D]]
⍝ CHECK-NOT:{{.}}
+/ {5+⍵} ⍳ 30
