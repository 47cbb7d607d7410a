// Every kernel of this directory, compiled for sm_90 (and map-add also for sm_80), passes ptxas.
// REQUIRES: ptxas
// RUN: for f in map-add block-reduce warp-shuffle transpose redomap scan-block math; do \
// RUN:   tail-translate --emit=ptx %S/$f.mlir -o %t.$f.ptx && \
// RUN:   ptxas -arch=sm_90 %t.$f.ptx -o %t.$f.cubin || exit 1; \
// RUN: done
// RUN: tail-translate --emit=ptx --chip=sm_80 %S/map-add.mlir -o %t.sm80.ptx
// RUN: ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin
// Unoptimized PTX is valid too.
// RUN: tail-translate --emit=ptx --opt-level=0 %S/block-reduce.mlir -o %t.O0.ptx
// RUN: ptxas -arch=sm_90 %t.O0.ptx -o %t.O0.cubin
