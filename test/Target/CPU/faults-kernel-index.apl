⍝ RUN: not tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefix=INTERP
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %s 2>&1 | FileCheck %s --check-prefix=GPU
⍝ RUN: tailc build --target=cpu %s -o %t
⍝ RUN: not %t > %t.out 2> %t.err
⍝ RUN: FileCheck %s --check-prefix=OUT < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ RUN: tail-translate --apl-to-ptx --emit=mlir %s | FileCheck %s --check-prefix=KERNEL
⍝ RUN: tail-translate --apl-to-ptx --emit=mlir %s | tail-opt --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s --check-prefix=CPU
⍝ An index read inside a map (`{A[⍵]}¨`) beyond the end of a host array: the kernel checks it.
⍝ Compiled for the CPU the kernel calls the runtime's check (the position with its source
⍝ line, the index, the axis and the extent, counted from 1 as the program counts them); for the GPU the
⍝ gpu.module defines the check: a failing thread records the failure in the module's
⍝ `__tail_fault` and ends, and the CUDA runtime, at its next wait, reports the same message
⍝ (its PTX: test/Target/PTX/apl-kernel-index-check.apl).
⍝ On the CPU the call runs only when the check fails: the comparison is inline.
⍝ CPU-NOT:     gpu.module
⍝ CPU:         func.func private @tail_rt_check_index(index, index, i64, i32, i32, i32)
⍝ CPU:         func.func @main_k{{[0-9]+}}_cpu
⍝ CPU:           %[[BAD:.*]] = arith.cmpi uge, %[[I:[^,]*]], %[[N:.*]] : index
⍝ CPU-NEXT:      scf.if %[[BAD]] {
⍝ CPU-NEXT:        func.call @tail_rt_check_index(%[[I]], %[[N]], %{{.*}}) : (index, index, i64, i32, i32, i32) -> ()
⍝ CPU-NEXT:      }

⍝ INTERP: faults-kernel-index.apl:[[#@LINE+29]]:4: error: 'tail.idxS' op index 6 out of range for axis 1 of extent 5
⍝ GPU: faults-kernel-index.apl:[[#@LINE+28]]:4: error: 'func.call' op index 6 is out of bounds for axis 1 of extent 5
⍝ OUT: [](150)
⍝ OUT-NOT: {{.}}
⍝ ERR: faults-kernel-index.apl:[[#@LINE+25]]:4: error: index 6 is out of bounds for axis 1 of extent 5
⍝ ERR-NEXT: {{^}}{{.*}}A[⍵]{{.*$}}
⍝ ERR-NEXT: {{^}}   ^{{$}}
⍝ ERR-NOT: {{.}}

⍝ KERNEL:      gpu.module @tail_kernels
⍝ KERNEL-NEXT:   memref.global @__tail_fault : memref<7xi64> = uninitialized
⍝ KERNEL-NEXT:   func.func private @tail_rt_check_index(%[[I:[^:]*]]: index, %[[N:[^:]*]]: index, %[[AX:[^:]*]]: i64, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32)
⍝ KERNEL:          %[[BAD:.*]] = arith.cmpi uge, %[[I]], %[[N]] : index
⍝ KERNEL-NEXT:     scf.if %[[BAD]] {
⍝ KERNEL-NEXT:       %[[REC:.*]] = memref.get_global @__tail_fault : memref<7xi64>
⍝ KERNEL-NEXT:       %[[OLD:.*]] = memref.atomic_rmw addi %{{.*}}, %[[REC]][%{{.*}}] : (i64, memref<7xi64>) -> i64
⍝ KERNEL-NEXT:       %[[FIRST:.*]] = arith.cmpi eq, %[[OLD]], %{{.*}} : i64
⍝ KERNEL-NEXT:       scf.if %[[FIRST]] {
⍝ KERNEL:              memref.store %[[AX]], %[[REC]][%{{.*}}] : memref<7xi64>
⍝ KERNEL:            }
⍝ KERNEL-NEXT:       nvvm.exit
⍝ KERNEL-NEXT:     }
⍝ KERNEL-NEXT:     return
⍝ KERNEL:        gpu.func @main_k{{[0-9]+}}
⍝ KERNEL:          func.call @tail_rt_check_index(
⍝ KERNEL:          memref.load

A ← 10 20 30 40 50
⎕ ← +/{A[⍵]}¨⍳5
+/{A[⍵]}¨⍳7
