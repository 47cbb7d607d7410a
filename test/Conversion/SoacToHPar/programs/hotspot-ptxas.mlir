// The kernels of hotspot.apl compile to PTX that ptxas accepts for sm_90 (through
// --apl-to-ptx: the host code keeps tail ops that --emit=ptx cannot parse).
// REQUIRES: ptxas
// RUN: tail-translate --apl-to-ptx %S/../../../Frontend/APL/programs/hotspot.apl -o %t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: FileCheck %s < %t.ptx
// CHECK: .visible .entry main_k3
