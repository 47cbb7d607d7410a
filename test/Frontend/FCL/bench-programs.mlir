// The FCL micro-benchmarks of test/bench/fcl (thesis Tables 5.1 and 5.2) at small sizes: each
// runs in the hpar interpreter, as native CPU code, and in the interpreter at the gpu level
// and in CPU form, and prints the same result (test/Target/PTX/fcl-bench-ptxas.mlir: the
// entries timed on a GPU compile to PTX that ptxas accepts).
// RUN: tailc run --target=interp %S/../../bench/fcl/reverse.fcl --input iota:512 | FileCheck %s --check-prefix=REVERSE
// RUN: tailc run --target=cpu %S/../../bench/fcl/reverse.fcl --input iota:512 | FileCheck %s --check-prefix=REVERSE
// RUN: tailc run %S/../../bench/fcl/reverse.fcl --after=hpar-to-gpu --input iota:512 | FileCheck %s --check-prefix=REVERSE
// RUN: tailc run %S/../../bench/fcl/reverse.fcl --after=hpar-to-gpu,convert-gpu-to-cpu --input iota:512 | FileCheck %s --check-prefix=REVERSE
// REVERSE: {{^}}[512](511,510,509,{{.*}},2,1,0){{$}}
// RUN: tailc run --target=interp %S/../../bench/fcl/transpose.fcl --input 32 --input 64 --input iota:2048 | FileCheck %s --check-prefix=TRANSPOSE
// RUN: tailc run --target=cpu %S/../../bench/fcl/transpose.fcl --input 32 --input 64 --input iota:2048 | FileCheck %s --check-prefix=TRANSPOSE
// RUN: tailc run %S/../../bench/fcl/transpose.fcl --after=hpar-to-gpu --input 32 --input 64 --input iota:2048 | FileCheck %s --check-prefix=TRANSPOSE
// RUN: tailc run %S/../../bench/fcl/transpose.fcl --after=hpar-to-gpu,convert-gpu-to-cpu --input 32 --input 64 --input iota:2048 | FileCheck %s --check-prefix=TRANSPOSE
// TRANSPOSE: {{^}}[2048](0,64,128,{{.*}},1920,1984,1,65,129,{{.*}},1983,2047){{$}}
// RUN: tailc run --target=interp %S/../../bench/fcl/reduce_partial.fcl --input iota:1024 | FileCheck %s --check-prefix=PARTIAL
// RUN: tailc run --target=cpu %S/../../bench/fcl/reduce_partial.fcl --input iota:1024 | FileCheck %s --check-prefix=PARTIAL
// RUN: tailc run %S/../../bench/fcl/reduce_partial.fcl --after=hpar-to-gpu --input iota:1024 | FileCheck %s --check-prefix=PARTIAL
// RUN: tailc run %S/../../bench/fcl/reduce_partial.fcl --after=hpar-to-gpu,convert-gpu-to-cpu --input iota:1024 | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: {{^}}[2](130816,392960){{$}}
// RUN: tailc run --target=interp %S/../../bench/fcl/reduce_full.fcl --entry small --input iota:256 | FileCheck %s --check-prefix=FULL
// RUN: tailc run --target=cpu %S/../../bench/fcl/reduce_full.fcl --entry small --input iota:256 | FileCheck %s --check-prefix=FULL
// RUN: tailc run %S/../../bench/fcl/reduce_full.fcl --entry small --after=hpar-to-gpu --input iota:256 | FileCheck %s --check-prefix=FULL
// RUN: tailc run %S/../../bench/fcl/reduce_full.fcl --entry small --after=hpar-to-gpu,convert-gpu-to-cpu --input iota:256 | FileCheck %s --check-prefix=FULL
// FULL: {{^}}[](32640){{$}}
// RUN: tailc run --target=interp %S/../../bench/fcl/scan.fcl --entry small --input iota:64 | FileCheck %s --check-prefix=SCAN
// RUN: tailc run --target=cpu %S/../../bench/fcl/scan.fcl --entry small --input iota:64 | FileCheck %s --check-prefix=SCAN
// RUN: tailc run %S/../../bench/fcl/scan.fcl --entry small --after=hpar-to-gpu --input iota:64 | FileCheck %s --check-prefix=SCAN
// RUN: tailc run %S/../../bench/fcl/scan.fcl --entry small --after=hpar-to-gpu,convert-gpu-to-cpu --input iota:64 | FileCheck %s --check-prefix=SCAN
// SCAN: {{^}}[64](0,1,3,6,10,{{.*}},28,36,{{.*}},1891,1953,2016){{$}}
// RUN: tailc run --target=interp %S/../../bench/fcl/matmul.fcl --input 32 --input 16 --input 32 --input iota:512 --input iota:512 | FileCheck %s --check-prefix=MATMUL
// RUN: tailc run --target=cpu %S/../../bench/fcl/matmul.fcl --input 32 --input 16 --input 32 --input iota:512 --input iota:512 | FileCheck %s --check-prefix=MATMUL
// RUN: tailc run %S/../../bench/fcl/matmul.fcl --after=hpar-to-gpu --input 32 --input 16 --input 32 --input iota:512 --input iota:512 | FileCheck %s --check-prefix=MATMUL
// RUN: tailc run %S/../../bench/fcl/matmul.fcl --after=hpar-to-gpu,convert-gpu-to-cpu --input 32 --input 16 --input 32 --input iota:512 --input iota:512 | FileCheck %s --check-prefix=MATMUL
// MATMUL: {{^}}[1024](39680.0,39800.0,{{.*}},2194056.0){{$}}
