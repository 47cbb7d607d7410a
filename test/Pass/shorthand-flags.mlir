// Every registered pass and pipeline has a flag (`--cse`, `--canonicalize`, ...); the flags
// build a `builtin.module(...)` pipeline in command-line order. Options are given as
// `--pass='key=value key=value'`. Single-dash spellings (`-cse`) work as in mlir-opt.
// RUN: tail-opt %s --canonicalize --cse --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=ORDER1
// RUN: tail-opt %s --cse --canonicalize --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=ORDER2
// RUN: tail-opt %s -cse -canonicalize --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=ORDER2
// ORDER1:      Pass Manager with 2 passes:
// ORDER1-NEXT: builtin.module(canonicalize{{[{].*[}]}},cse)
// ORDER2:      Pass Manager with 2 passes:
// ORDER2-NEXT: builtin.module(cse,canonicalize{{[{].*[}]}})

// The passes also run in that order.
// RUN: tail-opt %s --cse --canonicalize --mlir-print-ir-before-all 2>&1 >/dev/null | FileCheck %s --check-prefix=RUNORDER
// RUNORDER:     IR Dump Before CSE (cse)
// RUNORDER-NOT: IR Dump Before
// RUNORDER:     IR Dump Before Canonicalizer (canonicalize)

// A flag may be repeated.
// RUN: tail-opt %s --cse --dce --cse --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=REPEAT
// REPEAT: builtin.module(cse,dce,cse)

// Options.
// RUN: tail-opt %s --canonicalize='max-iterations=1 top-down=false' --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=OPTS
// RUN: tail-opt %s -canonicalize='max-iterations=1 top-down=false' --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=OPTS
// OPTS: builtin.module(canonicalize{max-iterations=1 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=false})
// RUN: tail-opt %s --inline='default-pipeline=cse' --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=INLINE
// INLINE: builtin.module(inline{default-pipeline=cse max-iterations=4})

// An option changes the result: region-simplify=disabled keeps the unreachable block.
// RUN: tail-opt %s --canonicalize | FileCheck %s --check-prefix=SIMPLIFY
// RUN: tail-opt %s --canonicalize='region-simplify=disabled' | FileCheck %s --check-prefix=KEEP
// SIMPLIFY-LABEL: func.func @f
// SIMPLIFY-NOT:   ^bb1
// KEEP-LABEL: func.func @f
// KEEP:       ^bb1:

// Errors in options are pipeline errors.
// RUN: not tail-opt %s --canonicalize='bogus=1' 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: error: no such option 'bogus' for pass 'canonicalize'
// RUN: not tail-opt %s --canonicalize='max-iterations=x' 2>&1 | FileCheck %s --check-prefix=BADVAL
// BADVAL: error: invalid argument 'x' to option 'max-iterations': expected an unsigned integer

// An unknown flag is a usage error (exit status 1, like every other error).
// RUN: not tail-opt %s --no-such-pass 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: tail-opt %s --no-such-pass 2>/dev/null; test $? -eq 1
// UNKNOWN: error: unexpected argument '--no-such-pass' found

func.func @f(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  %1 = arith.muli %a, %a : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
^dead:
  return %a : i32
}
