// Ops that are isolated from above (func.func, builtin.module) open a new value scope: values
// defined outside are not visible inside, while regions of other ops see enclosing values.
// RUN: tail-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count

%x = "test.v"() : () -> i32
func.func @uses_module_value() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "test.use"(%x) : (i32) -> ()
  return
}

// -----

func.func @outer(%a: i32) {
  "test.r"() ({
    ^bb0:
    module {
      func.func @inner() {
        // expected-error@+1 {{use of undeclared SSA value name}}
        "test.use"(%a) : (i32) -> ()
        return
      }
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

%y = "test.v"() : () -> i32
module @nested {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "test.use"(%y) : (i32) -> ()
}

// -----

// The region of an op that is not isolated sees the enclosing function's values: no error.
func.func @not_isolated(%a: i32) {
  "test.r"() ({
    "test.use"(%a) : (i32) -> ()
  }) : () -> ()
  return
}
