// The host IR that convert-gpu-to-cpu produces is upstream MLIR: mlir-opt parses it and lowers
// it to the LLVM dialect with its standard passes (scf.parallel becomes sequential loops here;
// the plan in docs/CPU.md hands the blocks to a thread pool instead).
// REQUIRES: mlir-opt
// RUN: tail-translate --apl-to-tail %S/../../Frontend/APL/programs/integral.apl | tail-opt --tail-to-cpu \
// RUN:   | mlir-opt --pass-pipeline='builtin.module(convert-scf-to-cf,expand-strided-metadata,finalize-memref-to-llvm,convert-arith-to-llvm,convert-math-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)' \
// RUN:   | FileCheck %s
// RUN: tail-opt %S/control.mlir --pass-pipeline='builtin.module(convert-gpu-to-cpu,canonicalize,cse)' \
// RUN:   | mlir-opt --pass-pipeline='builtin.module(convert-scf-to-cf,expand-strided-metadata,finalize-memref-to-llvm,convert-arith-to-llvm,convert-math-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)' \
// RUN:   | FileCheck %s --check-prefix=CONTROL
// CHECK: llvm.func @main() -> f64
// CHECK: llvm.func @main_k0_cpu
// CHECK: llvm.func @main_k1_cpu
// CHECK-NOT: {{(scf|memref|arith|func)\.[a-z]}}
// CONTROL: llvm.func @scan_cpu
// CONTROL: llvm.func @reverse_cpu
// CONTROL: llvm.func @warp_cpu
// CONTROL-NOT: {{(scf|memref|arith|func)\.[a-z]}}
