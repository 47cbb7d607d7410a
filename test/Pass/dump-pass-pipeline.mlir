// `--dump-pass-pipeline` prints `Pass Manager with N passes:` (N counts the top-level
// entries: a nested pipeline counts once) and the textual pipeline to stderr; the IR still
// goes to stdout.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' --dump-pass-pipeline 2>%t.err | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=NESTED < %t.err
// RUN: tail-opt %s --cse --symbol-dce --dce --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=FLAT
// RUN: tail-opt %s --pass-pipeline='builtin.module()' --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=EMPTY
// RUN: tail-opt %s --pass-pipeline='builtin.module(any(cse,dce))' --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=ANY

// IR-LABEL: func.func @f
// IR-NOT:   Pass Manager

// NESTED:      Pass Manager with 2 passes:
// NESTED-NEXT: builtin.module(func.func(cse,canonicalize{max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}),symbol-dce)
// NESTED-NOT:  func.func @f

// FLAT:      Pass Manager with 3 passes:
// FLAT-NEXT: builtin.module(cse,symbol-dce,dce)

// EMPTY:      Pass Manager with 0 passes:
// EMPTY-NEXT: builtin.module()

// ANY:      Pass Manager with 1 passes:
// ANY-NEXT: builtin.module(any(cse,dce))

func.func @f() {
  return
}
