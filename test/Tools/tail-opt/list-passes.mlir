// `--list-passes` lists every registered pass, sorted, with its summary and options (type,
// default, description), then the registered pipelines; it exits 0 without reading any input.
// (Other passes may appear between the ones checked here.)
// RUN: tail-opt --list-passes | FileCheck %s
// RUN: tail-opt --list-passes < /dev/null | FileCheck %s
// RUN: tail-opt --list-passes %t.does-not-exist | FileCheck %s

// CHECK-LABEL: Passes:
// CHECK:       {{^  }}canonicalize - Canonicalize operations
// CHECK-DAG:     max-iterations=<usize> (default: 10) - Max. iterations between applying patterns / simplifying regions
// CHECK-DAG:     max-num-rewrites=<i64> (default: -1) - {{.+}}
// CHECK-DAG:     region-simplify=<String> (default: normal) - {{.+}}
// CHECK-DAG:     test-convergence=<bool> (default: false) - {{.+}}
// CHECK-DAG:     top-down=<bool> (default: true) - Seed the worklist in general top-down order
// CHECK-DAG:     disable-patterns=<Vec<String>> - {{.+}}
// CHECK-DAG:     enable-patterns=<Vec<String>> - {{.+}}
// CHECK:       {{^  }}cse - Eliminate common sub-expressions
// CHECK:       {{^  }}dce - Eliminate trivially dead operations and unreachable blocks
// CHECK:       {{^  }}inline - Inline function calls
// CHECK-DAG:     default-pipeline=<String> (default: canonicalize) - {{.+}}
// CHECK-DAG:     max-iterations=<usize> (default: 4) - {{.+}}
// CHECK:       {{^  }}symbol-dce - Eliminate dead symbols
// CHECK-LABEL: Pass pipelines:
// CHECK:       {{^  }}simplify - Canonicalize, then eliminate common subexpressions
