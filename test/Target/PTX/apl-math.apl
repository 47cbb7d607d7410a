⍝ APL → PTX: *, ⍟, power and circle functions become libdevice calls (__nv_exp, __nv_log,
⍝ __nv_pow, __nv_sin), linked into the kernels: the PTX calls nothing external.
⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-ptx %s -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
⍝ RUN: tail-translate --apl-to-ptx --emit=llvm --opt-level=0 %s | FileCheck %s --check-prefix=LLVM
⍝ RUN: tail-translate --apl-to-ptx --emit=mlir %s | FileCheck %s --check-prefix=GPU

⍝ CHECK:     .target sm_90
⍝ CHECK-NOT: .extern
⍝ sin of a double reduces large arguments in libdevice's slow path:
⍝ CHECK:     .func {{.*}}__internal_trig_reduction_slowpathd
⍝ CHECK:     .visible .entry main_k0(
⍝ CHECK-NOT: .extern
⍝ CHECK-NOT: __nv_

⍝ The kernels use math ops; after linking libdevice and inlining no __nv_ function is left.
⍝ GPU-DAG: math.exp
⍝ GPU-DAG: math.log
⍝ GPU-DAG: math.powf
⍝ GPU-DAG: math.sin
⍝ LLVM-NOT: @__nv_

x ← (⍳ 1000) ÷ 1000
y ← (*x) + (⍟ 1 + x) + (x * 0.5) + 1 ○ x
+/ y
