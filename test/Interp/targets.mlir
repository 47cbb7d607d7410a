// RUN: not tailc run --target=cpu %s 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not tailc run --target=cuda %s 2>&1 | FileCheck %s --check-prefix=CUDA
// RUN: tailc run --help | FileCheck %s --check-prefix=HELP

// CPU: tailc: error: the 'cpu' backend is not available yet; use --target=interp
// CUDA: tailc: error: the 'cuda' backend is not available yet; use --target=interp
// HELP: interp: The reference interpreter (default)
func.func @main() -> f64 {
  %r = tail.const 0.0 : f64
  return %r : f64
}
