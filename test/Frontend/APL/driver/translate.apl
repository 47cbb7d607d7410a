⍝ RUN: tail-translate --apl-to-tail %s | FileCheck %s
⍝ RUN: tail-translate --apl-to-tail --emit=mlir %s | FileCheck %s
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt | FileCheck %s
⍝ The module is @main() -> f64 in the tail dialect: a static ⍳ is iotaV on a singleton, the
⍝ scalar extension of 5+ is an each capturing the 5, the reduction has the identity item 0,
⍝ and the int result is converted with i2d.
⍝ CHECK: func.func @main() -> f64
⍝ CHECK: tail.sconst : !tail.s<i32, 30>
⍝ CHECK: tail.iotaV {{.*}} -> !tail.vec<i32, 30>
⍝ CHECK: tail.eachV
⍝ CHECK: tail.addi
⍝ CHECK: tail.const 0 : i32
⍝ CHECK: tail.reduce
⍝ CHECK: tail.i2d
⍝ CHECK: return
+/ {5+⍵} ⍳ 30
