// RUN: tailc run --target=cpu %s 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: tailc run --target=cuda %s 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not tailc run --target=cpu --after=canonicalize %s 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: tailc run --help | FileCheck %s --check-prefix=HELP
// RUN: tailc run --time --runs 2 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=TIME
// RUN: tailc run --target=interp --time --runs 2 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=TIME

// A program without kernels runs on every target (the cuda one loads no driver).
// CPU: [](2.5)
// AFTER: tailc: error: --after is only supported with --target=interp
// HELP: interp: The reference interpreter
// HELP: cpu: Native code for the CPU
// TIME-COUNT-2: time: total {{[0-9.]+}} ms
// TIME-NOT: time
func.func @main() -> f64 {
  %r = tail.const 2.5 : f64
  return %r : f64
}
