// This file has no directives: it is an input, not a test.
func.func @g() { return }
