// RUN: tail-opt %s --split-input-file --verify-diagnostics

// expected-error@+2 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
func.func @f(%x: f32) {
  %0 = arith.addf %x, %x fastmath<bogus> : f32
  return
}

// -----

// expected-error@+2 {{expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
func.func @f(%a: i32) {
  %0 = arith.addi %a, %a overflow<nsw, bogus> : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
  %0 = "arith.addi"(%a, %a) {overflowFlags = 3 : i32} : (i32, i32) -> i32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.addf"(%x, %x) {fastmath = 3 : i32} : (f32, f32) -> f32
  return
}

// -----

func.func @f(%y: f64) {
  // expected-error@+1 {{'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode}}
  %0 = "arith.truncf"(%y) {roundingmode = 7 : i32} : (f64) -> f32
  return
}
