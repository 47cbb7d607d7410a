⍝ RUN: not tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefix=INTERP
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %s 2>&1 | FileCheck %s --check-prefix=GPU
⍝ RUN: tailc build --target=cpu %s -o %t
⍝ RUN: not %t > %t.out 2> %t.err
⍝ RUN: FileCheck %s --check-prefix=OUT < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ RUN: tail-translate --apl-to-ptx --emit=mlir %s | FileCheck %s --check-prefix=KERNEL
⍝ An `iota` count known only at run time inside a map (`{+/⍳⍵}¨`): each element's count is
⍝ checked in the kernel. Compiled for the CPU the kernel calls the runtime's
⍝ `tail_rt_check_count`; for the GPU the gpu.module defines it next to the index check
⍝ (test/Target/CPU/faults-kernel-index.apl): a thread with a negative count records it in
⍝ `__tail_fault` (the count, and -1 in the axis word) and ends, and the CUDA runtime reports
⍝ the message the host check gives. The two reductions have one shape, but the second, which
⍝ may fail, is not fused into the first across the print: the output before the failure stays.

⍝ INTERP: faults-kernel-iota.apl:[[#@LINE+22]]:6: error: 'tail.iota' op negative argument -4
⍝ GPU: faults-kernel-iota.apl:[[#@LINE+21]]:6: error: 'func.call' op negative argument -4
⍝ OUT: [](31)
⍝ OUT-NOT: {{.}}
⍝ ERR: faults-kernel-iota.apl:[[#@LINE+18]]:6: error: negative argument -4
⍝ ERR-NEXT: {{^}}+/{+/⍳⍵}¨3 ¯4 5{{$}}
⍝ ERR-NEXT: {{^}}     ^{{$}}
⍝ ERR-NOT: {{.}}

⍝ KERNEL:      gpu.module @tail_kernels
⍝ KERNEL-NEXT:   memref.global @__tail_fault : memref<7xi64> = uninitialized
⍝ KERNEL-NEXT:   func.func private @tail_rt_check_count(%[[N:[^:]*]]: i64, %[[L:[^:]*]]: i32, %[[C:[^:]*]]: i32)
⍝ KERNEL:          %[[BAD:.*]] = arith.cmpi slt, %[[N]], %{{.*}} : i64
⍝ KERNEL-NEXT:     scf.if %[[BAD]] {
⍝ KERNEL-NEXT:       %[[REC:.*]] = memref.get_global @__tail_fault : memref<7xi64>
⍝ KERNEL:            scf.if
⍝ KERNEL-NEXT:         memref.store %[[N]], %[[REC]]
⍝ KERNEL:            nvvm.exit
⍝ KERNEL:        gpu.func @main_k{{[0-9]+}}
⍝ KERNEL:          func.call @tail_rt_check_count(

⎕ ← +/{+/⍳⍵}¨3 4 5
+/{+/⍳⍵}¨3 ¯4 5
