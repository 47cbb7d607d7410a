// Lexical errors: each is a located parse error, and with -split-input-file every chunk is
// diagnosed on its own.
// RUN: tail-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count

// expected-error@+1 {{expected '"' in string literal}}
"test.a"() {s = "abc} : () -> ()

// -----

// A string literal may not span lines.
// expected-error@+1 {{expected '"' in string literal}}
"test.a"() {s = "line
break"} : () -> ()

// -----

// expected-error@+1 {{unexpected character}}
"test.a"() $ : () -> ()

// -----

// expected-error@+1 {{unexpected character}}
"test.a"() : () -> () `

// -----

// expected-error@+1 {{unknown escape in string literal}}
"test.a"() {s = "\z"} : () -> ()

// -----

%0 = "test.a"() : () -> i32
// expected-error@+1 {{invalid SSA name}}
"test.b"(%) : (i32) -> ()

// -----

// expected-error@+1 {{invalid block name}}
^ "test.a"() : () -> ()

// -----

// expected-error@+1 {{invalid attribute name}}
"test.a"() {x = #} : () -> ()

// -----

// expected-error@+1 {{invalid type identifier}}
"test.a"() {x = !} : () -> ()

// -----

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
"test.a"() {x = @1} : () -> ()

// -----

// expected-error@+1 {{expected '->' in function type}}
"test.a"() : () - > ()

// -----

// Only `//` comments exist.
"test.a"() : () -> ()
// expected-error@+1 {{unexpected character}}
/* not a comment */
