⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cpu --emit=mlir %s -o - | FileCheck %s --check-prefix=CPU
⍝ Scans inside a thread (a map's lambda holding a scan among other array code). A scan read
⍝ by nothing but one reduction (`+/ ×\ …`, `⌈/ (⌈\ …) - ⍳ 5` with its extent check, `⌈/`
⍝ and `+/` of one scan joined into one reduction) is folded by it as it is computed: one
⍝ loop, nothing stored (kernels 0–4 and 8). Otherwise one loop
⍝ stores the prefixes into the thread's storage: on the CPU a heap buffer per thread, freed
⍝ at the end of the thread's code, whatever the scan's length; on the GPU a global buffer
⍝ per launch, sized by the host where the length is known before the threads start (a
⍝ constant, a host value), else (`⍳ n + ⍵`) by a sizing kernel run before the kernel
⍝ (test/Target/PTX/thread-storage-ptxas.mlir). Scans, scans fused with a map before them
⍝ (scanomaps), a max-scan, a scan of a length computed per element, a scan of a matrix's
⍝ rows, one element of a scan.
⍝ CPU-LABEL: func.func @tail.main_k0_cpu(
⍝ CPU-NOT:     memref.alloc(
⍝ CPU-LABEL: func.func @tail.main_k5_cpu(
⍝ CPU:         memref.alloc(%{{.*}}) : memref<?xi32>
⍝ CPU:         memref.dealloc
⍝ CPU-LABEL: func.func @tail.main_k7_cpu(
⍝ CPU:         memref.alloc(%{{.*}}) : memref<?xi32>
⍝ CPU:         memref.dealloc
⍝ CPU-LABEL: func.func @tail.main_k8_cpu(
⍝ CPU-NOT:     memref.alloc(
⍝ CPU:         return

⍝ CHECK:[3](33,442,2127)
⍝ CHECK-NEXT:[2](35,70)
⍝ CHECK-NEXT:[4](2,2,3,3)
⍝ CHECK-NEXT:[3](3,4,5)
⍝ CHECK-NEXT:[2](180,360)
⍝ CHECK-NEXT:[2](23,43)
⍝ CHECK-NEXT:[3](6,6,6)
⍝ CHECK-NEXT:[2](20,40)
⍝ CHECK-NEXT:[](1.0)

⎕ ← {+/ ×\ (⍳ 4) × ⍵}¨ 1 2 3
⎕ ← {+/ +\ (⍳ 5) × ⍵}¨ 1 2
⎕ ← {⌈/ (⌈\ ⍵ ⌽ 3 1 4 1 5) - ⍳ 5}¨ 0 1 2 3
n ← 4
⎕ ← {+/ (+\ ⍳ n + ⍵) > 5}¨ 1 2 3
M ← 3 4 ⍴ ⍳ 12
⎕ ← {+/ , +\ M × ⍵}¨ 1 2
⎕ ← {(+\ ⍵ + ⍳ 3)[2]}¨ 10 20
⎕ ← {(+\ ⍳ n + ⍵)[3]}¨ 1 2 3
⎕ ← {s ← +\ (⍳ 5) × ⍵ ⋄ (+/ s) - ⌈/ s}¨ 1 2
1
