⍝ RUN: tail-translate --apl-to-ptx --emit=mlir %s | FileCheck %s
⍝ RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC
⍝ gpu-narrow-buffers computes a comparison with a constant of a sum of truth values in i8
⍝ in every kernel (Life's count of neighbours, 0 to 9): exact, as the sum fits, and four
⍝ times as many lanes per vector on the CPU.

⍝ CHECK:     %[[TWO:.*]] = arith.constant 2 : i8
⍝ CHECK:     %[[A:.*]] = arith.extui %{{.*}} : i1 to i8
⍝ CHECK:     %[[B:.*]] = arith.extui %{{.*}} : i1 to i8
⍝ CHECK:     %[[C:.*]] = arith.extui %{{.*}} : i1 to i8
⍝ CHECK:     %[[BC:.*]] = arith.addi %[[B]], %[[C]] : i8
⍝ CHECK:     %[[S:.*]] = arith.addi %[[A]], %[[BC]] : i8
⍝ CHECK:     arith.cmpi eq, %[[S]], %[[TWO]] : i8

⍝ EXEC: [](3.0)

b ← 0=3|⍳20
c ← 0=2|⍳20
+/2=b+c+⌽b
