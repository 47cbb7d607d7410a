// RUN: tail-opt %s | grep -q func
func.func @f() { return }
