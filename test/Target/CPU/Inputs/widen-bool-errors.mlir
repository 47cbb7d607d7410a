// An atomic update of a boolean element has no byte form here.
func.func @atomic(%m: memref<4xi1>, %b: i1) -> i1 {
  %c0 = arith.constant 0 : index
  %old = memref.atomic_rmw ori %b, %m[%c0] : (i1, memref<4xi1>) -> i1
  return %old : i1
}
