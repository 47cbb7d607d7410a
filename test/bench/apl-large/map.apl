⍝ Memory-bound maps at a size far beyond the GPU's caches (test/bench/README.md, "Memory-bound
⍝ kernels at large sizes"): 2^26 doubles (512 MiB), scaled and reversed 20 times (each step one
⍝ kernel that reads and writes the whole vector), then summed.
n ← 67108864
x ← 0.5×⍳n
y ← {0.999×⌽⍵}⍣20 ⊢ x
+/y
