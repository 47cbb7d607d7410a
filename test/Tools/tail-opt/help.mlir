// `--help` and `--version` print to stdout and exit 0; the help lists the general options and
// a flag for every registered pass and pipeline (clap puts a pass's summary on the
// line after its flag once the flags are too wide for one column).
// RUN: tail-opt --help | FileCheck %s
// RUN: tail-opt -h | FileCheck %s
// RUN: tail-opt --help > %t.out 2>%t.err; test $? -eq 0
// RUN: count 0 < %t.err
// RUN: tail-opt --version | FileCheck %s --check-prefix=VERSION

// CHECK:     Usage: tail-opt [OPTIONS] [input]
// CHECK-DAG: -o, --output <output>
// CHECK-DAG: --pass-pipeline <PIPELINE>
// CHECK-DAG: --split-input-file
// CHECK-DAG: --verify-diagnostics
// CHECK-DAG: --allow-unregistered-dialect
// CHECK-DAG: --mlir-print-op-generic
// CHECK-DAG: --mlir-print-debuginfo
// CHECK-DAG: --mlir-print-ir-after-all
// CHECK-DAG: --mlir-print-ir-before-all
// CHECK-DAG: --mlir-timing
// CHECK-DAG: --mlir-pass-statistics
// CHECK-DAG: --dump-pass-pipeline
// CHECK-DAG: --list-passes
// CHECK:     Passes:
// CHECK-DAG: --canonicalize[=<OPTIONS>]
// CHECK-DAG: Canonicalize operations
// CHECK-DAG: --cse[=<OPTIONS>]
// CHECK-DAG: --dce[=<OPTIONS>]
// CHECK-DAG: --inline[=<OPTIONS>]
// CHECK-DAG: --symbol-dce[=<OPTIONS>]
// CHECK-DAG: --simplify[=<OPTIONS>]
// CHECK-DAG: --convert-tail-to-soac[=<OPTIONS>]
// CHECK-DAG: --tail-to-soac[=<OPTIONS>]
// CHECK-DAG: --soac-fuse[=<OPTIONS>]
// CHECK-DAG: --soac-simplify[=<OPTIONS>]

// VERSION: tail-opt {{[0-9]+\.[0-9]+\.[0-9]+}}
