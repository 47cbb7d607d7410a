// An input of test/Interp/after-tail-to-soac.mlir: a function polymorphic in the rank of its
// argument, which convert-tail-to-soac cannot instantiate.
func.func @id(%a: !tail.array<i32, ?r>) -> !tail.array<i32, ?r> {
  return %a : !tail.array<i32, ?r>
}

func.func @main() -> i32 {
  %n = tail.const 3 : i32
  return %n : i32
}
