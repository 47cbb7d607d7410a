// The default dialect only applies directly inside an op that declares it.
// RUN: tail-opt %s -split-input-file -verify-diagnostics
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count

// expected-error@+1 {{custom op 'return' is unknown}}
return

// -----

func.func @f(%c: i1) {
  scf.if %c {
    // expected-error@+1 {{custom op 'call' is unknown}}
    call @f(%c) : (i1) -> ()
  }
  return
}

// -----

// `func.func` itself needs its prefix at module level.
// expected-error@+1 {{custom op 'func' is unknown}}
func @f() {
  return
}
