// RUN: tail-opt %s --pass-pipeline='builtin.module(soac-to-gpu)' | FileCheck %s

// Booleans (and other integers narrower than 32 bits) cross the warp shuffles widened to
// i32 and are truncated back before the operator combines them.
// CHECK-LABEL: gpu.func @all_k0
// CHECK:         %[[W0:.*]] = arith.extui %[[V0:.*]] : i1 to i32
// CHECK-NEXT:    %[[S0:.*]]:2 = gpu.shuffle xor %[[W0]], %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    %[[T0:.*]] = arith.trunci %[[S0]]#0 : i32 to i1
// CHECK-NEXT:    arith.andi %[[V0]], %[[T0]] : i1
// CHECK:         %[[W1:.*]] = arith.extui %[[V1:.*]] : i1 to i32
// CHECK-NEXT:    %[[S1:.*]]:2 = gpu.shuffle xor %[[W1]], %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    %[[T1:.*]] = arith.trunci %[[S1]]#0 : i32 to i1
// CHECK-NEXT:    arith.andi %[[V1]], %[[T1]] : i1
// CHECK:         %[[W2:.*]] = arith.extui %[[V2:.*]] : i1 to i32
// CHECK-NEXT:    %[[S2:.*]]:2 = gpu.shuffle xor %[[W2]], %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    %[[T2:.*]] = arith.trunci %[[S2]]#0 : i32 to i1
// CHECK-NEXT:    arith.andi %[[V2]], %[[T2]] : i1
// CHECK:         %[[W3:.*]] = arith.extui %[[V3:.*]] : i1 to i32
// CHECK-NEXT:    %[[S3:.*]]:2 = gpu.shuffle xor %[[W3]], %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    %[[T3:.*]] = arith.trunci %[[S3]]#0 : i32 to i1
// CHECK-NEXT:    arith.andi %[[V3]], %[[T3]] : i1
// CHECK:         %[[W4:.*]] = arith.extui %[[V4:.*]] : i1 to i32
// CHECK-NEXT:    %[[S4:.*]]:2 = gpu.shuffle xor %[[W4]], %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    %[[T4:.*]] = arith.trunci %[[S4]]#0 : i32 to i1
// CHECK-NEXT:    arith.andi %[[V4]], %[[T4]] : i1
// CHECK-NOT:     gpu.shuffle
// CHECK-LABEL: gpu.func @all_k1
func.func @all(%xs: tensor<?xi1>) -> i1 {
  %t = arith.constant true
  %r = soac.reduce %xs init(%t) comm : tensor<?xi1> -> i1 {
  ^bb0(%a: i1, %b: i1):
    %c = arith.andi %a, %b : i1
    soac.yield %c : i1
  }
  return %r : i1
}
