⍝ RUN: tailc build %s -o %t && %t | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: %t --time --runs 3 2>&1 >/dev/null | FileCheck %s --check-prefix=TIME
⍝ RUN: %t --runs 3 | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: TAIL_NUM_THREADS=1 %t | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc build %s --emit=mlir -o %t.mlir && FileCheck %s --check-prefix=MLIR < %t.mlir
⍝ RUN: tailc build %s --emit=llvm -o %t.ll && FileCheck %s --check-prefix=LLVM < %t.ll
⍝ RUN: tailc build %s --emit=obj -o %t.o && od -An -c -N4 %t.o | FileCheck %s --check-prefix=OBJ
⍝ RUN: tailc build %s --emit=mlir -o - | FileCheck %s --check-prefix=MLIR
⍝ RUN: tailc build %s --emit=llvm -o - | FileCheck %s --check-prefix=LLVM
⍝ RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && not tailc build %s -o - 2>&1 | FileCheck %s --check-prefix=STDOUT
⍝ RUN: not tailc build %s --emit=obj -o - 2>&1 | FileCheck %s --check-prefix=STDOUT
⍝ RUN: test -z "$(ls -A %t.dir)"
⍝ A program built into a standalone executable prints what the interpreter prints; --runs
⍝ repeats it (printing once), --time reports each run: its total time and the time of its
⍝ kernels (the thread pool's parallel loops, one per kernel grid).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[5](2,4,6,8,10)
⍝ CHECK-NEXT:[](30)
⍝ CHECK-NEXT:[](15.0)
⍝ CHECK-NOT:{{.}}

⍝ TIME-COUNT-3: time: total {{[0-9]+\.[0-9]+}} ms, kernels {{[0-9]+\.[0-9]+}} ms ({{[1-9][0-9]*}} launches)
⍝ TIME-NOT: time:

⍝ The host IR: runtime calls, the program entry, one launch per kernel grid.
⍝ MLIR: func.func @tail.main() -> f64
⍝ MLIR: call @tail.main.par0.launch(
⍝ MLIR: call @tail_rt_print_memref_i32(
⍝ MLIR: func.func @tail_program()

⍝ OBJ: 177   E   L   F

⍝ `-o -` writes the text forms to standard output; an executable or object file is refused
⍝ (and no file named `-` is left).
⍝ STDOUT: tailc: error: an executable or object file is not written to standard output ('-o -'): name a file, or use --emit=llvm or --emit=mlir

⍝ The launches pack their captured values and hand a trampoline to the thread pool.
⍝ LLVM-DAG: define i32 @main(i32 %0, ptr %1)
⍝ LLVM-DAG: tail_rt_main(i32 %0, ptr %1, ptr nonnull @tail_program)
⍝ LLVM-DAG: call void @tail_rt_parallel_for_ranges(i64 {{.*}}, ptr nonnull @{{.*}}.trampoline, ptr nonnull
⍝ LLVM-DAG: define internal void @{{.*}}.trampoline(ptr
⍝ Everything but main and the program entry is internal.
⍝ LLVM-NOT: define {{(dso_local )?}}{{void|double|i32}} @tail.

x ← 2 × ⍳ 5
⎕ ← x
⎕ ← +/ x
+/ ⍳ 5
