// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s
// RUN: tail-opt %s --pass-pipeline='builtin.module(soac-to-gpu)' | FileCheck %s --check-prefix=GPU

// Characters in kernels are their code points as i32: arrays of characters are memrefs of
// i32, `tail.const_char` used by a SOAC is an `arith.constant`, the character comparisons
// are `arith.cmpi`. Host values keep `!tail.char`; the casts at the host I/O convert.

// A character array read on the host and counted in a reduction: the lambda compares i32.
// CHECK-LABEL: func.func @count
// CHECK-SAME:    (%[[T:.*]]: !tail.array<!tail.char, 1>) -> i32
// CHECK:         %[[S:.*]] = tail.const_char 115
// CHECK-NEXT:    %[[C:.*]] = arith.constant 115 : i32
// CHECK:         %[[H:.*]] = builtin.unrealized_conversion_cast %[[T]] : !tail.array<!tail.char, 1> to memref<?xi32>
// CHECK:         hpar.program<grid>
// CHECK:           %[[V:.*]] = memref.load %[[H]][%{{.*}}] : memref<?xi32>
// CHECK-NEXT:      %[[E:.*]] = arith.cmpi eq, %[[V]], %[[C]] : i32
// CHECK-NEXT:      arith.extui %[[E]] : i1 to i32
// CHECK:         } {tail.par = "block-tree"}
// CHECK:         tail.prSclC %[[S]] : !tail.char
func.func @count(%t: !tail.array<!tail.char, 1>) -> i32 {
  %x = builtin.unrealized_conversion_cast %t : !tail.array<!tail.char, 1> to tensor<?x!tail.char>
  %s = tail.const_char 115
  %z = arith.constant 0 : i32
  %r = soac.redomap %x init(%z) comm : tensor<?x!tail.char> -> i32 reduce {
  ^bb0(%a: i32, %b: i32):
    %c = arith.addi %a, %b : i32
    soac.yield %c : i32
  } map {
  ^bb0(%v: !tail.char):
    %e = tail.eqc %v, %s : !tail.char
    %i = arith.extui %e : i1 to i32
    soac.yield %i : i32
  }
  %p = tail.prSclC %s : !tail.char
  return %r : i32
}

// A padded character array mapped to characters: the argument and result are memrefs of
// i32, the padding (a replicated character) is generated in the kernel, the comparisons and
// the selection are on i32; an element read on the host goes back to `!tail.char`, the
// printed array through the cast to `!tail.array<!tail.char, 1>`.
// CHECK-LABEL: func.func @upper
// CHECK-SAME:    (%[[X:.*]]: memref<?xi32>, %{{.*}}: index) -> memref<?xi32>
// CHECK-DAG:     %[[A:.*]] = arith.constant 97 : i32
// CHECK-DAG:     %[[Z:.*]] = arith.constant 122 : i32
// CHECK-DAG:     %[[SP:.*]] = arith.constant 32 : i32
// CHECK:         %[[P:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           %[[V:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK:             memref.load %[[X]][%{{.*}}] : memref<?xi32>
// CHECK:           } else {
// CHECK:             scf.yield %[[SP]] : i32
// CHECK:           arith.cmpi sge, %[[V]], %[[A]] : i32
// CHECK:           arith.cmpi sle, %[[V]], %[[Z]] : i32
// CHECK:           arith.select %{{.*}}, %[[V]], %[[SP]] : i32
// CHECK:         } {tail.par = "grid-thread"}
// CHECK:         %[[E:.*]] = hpar.index %[[P]][%{{.*}}] : !hpar.pull<i32, grid>
// CHECK-NEXT:    %[[EC:.*]] = builtin.unrealized_conversion_cast %[[E]] : i32 to !tail.char
// CHECK-NEXT:    tail.prSclC %[[EC]] : !tail.char
// CHECK:         %[[M:.*]] = builtin.unrealized_conversion_cast %[[P]], %{{.*}} : !hpar.pull<i32, grid>, index to memref<?xi32>
// CHECK-NEXT:    %[[AR:.*]] = builtin.unrealized_conversion_cast %[[M]] : memref<?xi32> to !tail.array<!tail.char, 1>
// CHECK-NEXT:    tail.prArrC %[[AR]] : !tail.array<!tail.char, 1>
// CHECK:         return %[[M]] : memref<?xi32>

// GPU-LABEL: func.func @upper
// GPU:         gpu.launch_func @tail_kernels::@upper_k0
// GPU:         builtin.unrealized_conversion_cast %{{.*}} : i32 to !tail.char
// GPU:         builtin.unrealized_conversion_cast %{{.*}} : memref<?xi32> to !tail.array<!tail.char, 1>
// GPU:       gpu.module @tail_kernels
// GPU:         gpu.func @count_k0(
// GPU:           arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// GPU:         gpu.func @upper_k0(%{{.*}}: memref<?xi32>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: memref<?xi32>) kernel
// GPU-NOT:       tail.
// GPU:           arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// GPU:           gpu.return
func.func @upper(%x: tensor<?x!tail.char>, %n: index) -> tensor<?x!tail.char> {
  %a = tail.const_char 97
  %z = tail.const_char 122
  %sp = tail.const_char 32
  %pad = soac.replicate %sp times %n : !tail.char -> tensor<?x!tail.char>
  %y = soac.concat %x, %pad along 0 : tensor<?x!tail.char>, tensor<?x!tail.char> -> tensor<?x!tail.char>
  %u = soac.map %y : tensor<?x!tail.char> -> tensor<?x!tail.char> {
  ^bb0(%v: !tail.char):
    %ge = tail.gtec %v, %a : !tail.char
    %le = tail.ltec %v, %z : !tail.char
    %in = arith.andi %ge, %le : i1
    %w = arith.select %in, %v, %sp : !tail.char
    soac.yield %w : !tail.char
  }
  %c0 = arith.constant 0 : index
  %first = soac.index %u[%c0] : tensor<?x!tail.char> -> !tail.char
  %p = tail.prSclC %first : !tail.char
  %arr = builtin.unrealized_conversion_cast %u : tensor<?x!tail.char> to !tail.array<!tail.char, 1>
  %q = tail.prArrC %arr : !tail.array<!tail.char, 1>
  return %u : tensor<?x!tail.char>
}
