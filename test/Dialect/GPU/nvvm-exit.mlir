// RUN: tail-opt %s | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | tail-opt | FileCheck %s
// RUN: tail-opt %s | mlir-opt | FileCheck %s
// RUN: not tail-opt %S/Inputs/nvvm-exit-host.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// nvvm.exit ends a GPU thread: the device's index check (convert-hpar-to-gpu) ends a thread
// whose index is out of bounds with it. It belongs in device code: in a gpu.module.

// CHECK-LABEL: func.func private @check
// CHECK:         scf.if %{{.*}} {
// CHECK-NEXT:      nvvm.exit
// CHECK-NEXT:    }
gpu.module @m {
  func.func private @check(%i: index, %n: index) {
    %bad = arith.cmpi uge, %i, %n : index
    scf.if %bad {
      nvvm.exit
    }
    return
  }
}

// ERR: nvvm-exit-host.mlir:3:3: error: 'nvvm.exit' op expects to be nested in a 'gpu.module'
