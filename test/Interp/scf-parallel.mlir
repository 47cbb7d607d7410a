// RUN: tailc run --target=interp %s | FileCheck %s

// The interpreter runs scf.parallel's iterations one after the other (the first dimension
// fastest) and combines the values of each iteration's scf.reduce into the init values with
// its regions, in iteration order.
// Σ over i < 3, j < 4 of (10·i + j) = 4·10·(0+1+2) + 3·(0+1+2+3) = 138; the product region
// gives 2^12 = 4096; the second iteration is (i, j) = (1, 0): 10 (the first dimension is the
// fastest). An empty range runs nothing and gives the init value.
// CHECK: ([](138),[](4096),[](10),[](5))

func.func @main() -> (i64, i64, i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %five = arith.constant 5 : i64
  %m = memref.alloca() : memref<1xi64>
  %count = memref.alloca() : memref<1xindex>
  memref.store %c0, %count[%c0] : memref<1xindex>
  %s, %p = scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %c4) step (%c1, %c1) init (%zero, %one) -> (i64, i64) {
    %a = arith.muli %i, %c10 : index
    %b = arith.addi %a, %j : index
    %v = arith.index_cast %b : index to i64
    %k = memref.load %count[%c0] : memref<1xindex>
    %second = arith.cmpi eq, %k, %c1 : index
    scf.if %second {
      memref.store %v, %m[%c0] : memref<1xi64>
    }
    %k1 = arith.addi %k, %c1 : index
    memref.store %k1, %count[%c0] : memref<1xindex>
    scf.reduce(%v, %two : i64, i64) {
    ^bb0(%x: i64, %y: i64):
      %r = arith.addi %x, %y : i64
      scf.reduce.return %r : i64
    }, {
    ^bb0(%x: i64, %y: i64):
      %r = arith.muli %x, %y : i64
      scf.reduce.return %r : i64
    }
  }
  %last = memref.load %m[%c0] : memref<1xi64>
  %e = scf.parallel (%i) = (%c3) to (%c3) step (%c1) init (%five) -> i64 {
    scf.reduce(%one : i64) {
    ^bb0(%x: i64, %y: i64):
      %r = arith.addi %x, %y : i64
      scf.reduce.return %r : i64
    }
  }
  return %s, %p, %last, %e : i64, i64, i64, i64
}
