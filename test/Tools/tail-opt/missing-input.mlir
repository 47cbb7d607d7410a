// A missing input file is reported with its name; exit status 1, no output, no output file.
// RUN: rm -f %t.out
// RUN: not tail-opt %t.does-not-exist.mlir -o %t.out 2>&1 | FileCheck %s
// RUN: tail-opt %t.does-not-exist.mlir > %t.stdout 2>/dev/null; test $? -eq 1
// RUN: count 0 < %t.stdout
// RUN: not test -e %t.out
// A directory is not a readable input file either.
// RUN: mkdir -p %t.dir
// RUN: not tail-opt %t.dir 2>&1 | FileCheck %s --check-prefix=DIR

// CHECK: error: could not open input file '{{.*}}does-not-exist.mlir': No such file or directory
// DIR: error: could not open input file '{{.*}}.dir'
