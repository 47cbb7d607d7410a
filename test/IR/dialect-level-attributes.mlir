// RUN: tail-opt %s --split-input-file | FileCheck %s
// RUN: tail-opt %s --split-input-file --mlir-print-op-generic | tail-opt --split-input-file | FileCheck %s
// RUN: tail-opt %s --split-input-file | mlir-opt --split-input-file | FileCheck %s
// RUN: tail-opt %s --split-input-file --mlir-print-op-generic | mlir-opt --split-input-file --mlir-print-op-generic | tail-opt --split-input-file | FileCheck %s

// Dialect-level attributes `#dialect<…>` (no mnemonic after a dot) of a registered dialect
// are parsed by the dialect's `parse_attribute` hook, with no --allow-unregistered-dialect:
// upstream's gpu enum attributes, read back from tail's and from mlir-opt's output, custom and
// generic.

// CHECK-LABEL: func.func @attrs()
// CHECK-SAME: attributes {d = #gpu<dim y>, m = #gpu<shuffle_mode down>}
func.func @attrs() attributes {d = #gpu<dim y>, m = #gpu<shuffle_mode down>} {
  return
}

// -----

// CHECK-LABEL: gpu.module @m
// CHECK: gpu.thread_id z
// CHECK: gpu.shuffle idx
gpu.module @m {
  gpu.func @k(%v: f32, %o: i32, %w: i32) kernel {
    %0 = "gpu.thread_id"() {dimension = #gpu<dim z>} : () -> index
    %1, %2 = "gpu.shuffle"(%v, %o, %w) {mode = #gpu<shuffle_mode idx>} : (f32, i32, i32) -> (f32, i1)
    gpu.return
  }
}
