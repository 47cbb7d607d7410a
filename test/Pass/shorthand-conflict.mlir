// `--pass-pipeline` and per-pass flags cannot be combined, whatever their order.
// RUN: not tail-opt %s --pass-pipeline='builtin.module(cse)' --canonicalize 2>&1 | FileCheck %s
// RUN: not tail-opt %s --cse --pass-pipeline='builtin.module(cse)' 2>&1 | FileCheck %s
// RUN: not tail-opt %s --simplify --pass-pipeline='builtin.module()' 2>&1 | FileCheck %s
// RUN: tail-opt %s --cse --pass-pipeline='builtin.module(cse)' > %t.out 2>&1; test $? -eq 1
// RUN: not grep -q 'func.func' %t.out

// CHECK: error: '--pass-pipeline' cannot be combined with individual pass flags
// CHECK-NOT: func.func

func.func @f() {
  return
}
