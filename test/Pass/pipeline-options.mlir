// Pass options in `{...}`: `key=value` pairs separated by spaces, list values with `,` or in
// braces, quoted values. `--dump-pass-pipeline` prints every option of every pass with its
// value (defaults included), and the printed pipeline parses back to the same pipeline.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=3 top-down=false}))' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP:      Pass Manager with 1 passes:
// DUMP-NEXT: builtin.module(func.func(canonicalize{max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=false}))

// Spaces inside the braces do not matter; list options accept `a,b` and `{a,b}`.
// RUN: tail-opt %s --pass-pipeline='builtin.module(canonicalize{ disable-patterns={a,b} max-iterations=3 })' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: tail-opt %s --pass-pipeline='builtin.module(canonicalize{disable-patterns=a,b max-iterations=3})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// LIST: builtin.module(canonicalize{disable-patterns=a,b max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true})

// A quoted value may contain a pipeline.
// RUN: tail-opt %s --pass-pipeline='builtin.module(inline{default-pipeline="func.func(cse)" max-iterations=2})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUOTED
// QUOTED: builtin.module(inline{default-pipeline="func.func(cse)" max-iterations=2})

// The dumped pipeline parses back to itself.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize{top-down=false}),symbol-dce)' --dump-pass-pipeline -o /dev/null 2>&1 | sed -n 2p > %t.pipeline
// RUN: tail-opt %s --pass-pipeline="$(cat %t.pipeline)" --dump-pass-pipeline -o /dev/null 2>&1 | sed -n 2p | diff - %t.pipeline
// RUN: FileCheck %s --check-prefix=REPARSE < %t.pipeline
// REPARSE: builtin.module(func.func(cse,canonicalize{{[{]}}max-iterations=10 {{.*}} top-down=false}),symbol-dce)

// Options change what the pass does: with `region-simplify=disabled` canonicalize keeps the
// unreachable block.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s --check-prefix=SIMPLIFY
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=disabled}))' | FileCheck %s --check-prefix=KEEP
// SIMPLIFY-LABEL: func.func @f
// SIMPLIFY-NEXT:    return %arg0 : i32
// SIMPLIFY-NEXT:  }
// KEEP-LABEL: func.func @f
// KEEP-NEXT:    return %arg0 : i32
// KEEP-NEXT:  ^bb1:
// KEEP-NEXT:    %{{.*}} = arith.addi %arg0, %arg0 : i32
func.func @f(%a: i32) -> i32 {
  return %a : i32
^dead:
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
