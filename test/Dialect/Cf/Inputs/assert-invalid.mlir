// The condition of cf.assert is an i1.
func.func @bad(%x: i32) {
  cf.assert %x, "not a truth value"
  return
}
