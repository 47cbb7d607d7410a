// `--pass-pipeline` nesting: a pass runs on the ops named by the anchor it is nested under,
// i.e. the ops of that name directly inside the enclosing anchor. `any(...)` matches every op.
// CSE on a function is observable: the duplicated `arith.muli` goes away.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s --check-prefix=TOPFUNC
// RUN: tail-opt %s --pass-pipeline='builtin.module(builtin.module(func.func(cse)))' | FileCheck %s --check-prefix=INNERFUNC
// RUN: tail-opt %s --pass-pipeline='builtin.module(builtin.module(cse))' | FileCheck %s --check-prefix=INNERFUNC
// RUN: tail-opt %s --pass-pipeline='builtin.module(any(cse))' | FileCheck %s --check-prefix=ALL
// RUN: tail-opt %s --pass-pipeline='builtin.module(cse)' | FileCheck %s --check-prefix=ALL
// Spaces are allowed around names and separators.
// RUN: tail-opt %s --pass-pipeline='builtin.module( builtin.module( func.func( cse ) ) )' | FileCheck %s --check-prefix=INNERFUNC
// An empty pipeline changes nothing.
// RUN: tail-opt %s --pass-pipeline='builtin.module()' | FileCheck %s --check-prefix=NONE

// TOPFUNC-LABEL: func.func @top
// TOPFUNC-COUNT-1: arith.muli
// TOPFUNC-NOT:   arith.muli
// TOPFUNC-LABEL: module @inner
// TOPFUNC-COUNT-2: arith.muli

// INNERFUNC-LABEL: func.func @top
// INNERFUNC-COUNT-2: arith.muli
// INNERFUNC-LABEL: module @inner
// INNERFUNC-COUNT-1: arith.muli
// INNERFUNC-NOT:   arith.muli

// ALL-LABEL: func.func @top
// ALL-COUNT-1: arith.muli
// ALL-NOT:     arith.muli
// ALL-LABEL: module @inner
// ALL-COUNT-1: arith.muli
// ALL-NOT:     arith.muli

// NONE-COUNT-4: arith.muli

func.func @top(%a: i32) -> (i32, i32) {
  %0 = arith.muli %a, %a : i32
  %1 = arith.muli %a, %a : i32
  return %0, %1 : i32, i32
}
module @inner {
  func.func @nested(%a: i32) -> (i32, i32) {
    %0 = arith.muli %a, %a : i32
    %1 = arith.muli %a, %a : i32
    return %0, %1 : i32, i32
  }
}
