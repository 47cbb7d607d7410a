// Malformed attributes are parse errors with MLIR's messages.
// RUN: tail-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count

// expected-error@+1 {{integer constant out of range for attribute}}
"test.t"() {a = 256 : i8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"test.t"() {a = 2 : i1} : () -> ()

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"test.t"() {a = -1 : ui8} : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"test.t"() {a = 1 : f32} : () -> ()

// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"test.t"() {a = 1.5 : i32} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"test.t"() {a = -0x7F800000 : f32} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"test.t"() {a = 0xFFFFFFFFFF : f32} : () -> ()

// -----

// expected-error@+1 {{integer literal not valid for specified type}}
"test.t"() {a = 1 : tensor<i32>} : () -> ()

// -----

// expected-error@+1 {{unknown escape in string literal}}
"test.t"() {a = "a\q"} : () -> ()

// -----

// expected-error@+1 {{expected ',' or ']'}}
"test.t"() {a = [1, 2} : () -> ()

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"test.t"() {a = {a = 1, a = 2}} : () -> ()

// -----

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
"test.t"() {a = @} : () -> ()

// -----

// expected-error@+1 {{expected attribute value}}
"test.t"() {a = } : () -> ()

// -----

// expected-error@+1 {{expected integer literal}}
"test.t"() {a = array<i64: 1.5>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range}}
"test.t"() {a = array<i8: 300>} : () -> ()

// -----

// expected-error@+1 {{elements literal must be a shaped type}}
"test.t"() {a = dense<1> : i32} : () -> ()

// -----

// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"test.t"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"test.t"() {a = dense<[[1], [2, 3]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"test.t"() {a = dense<1.5> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"test.t"() {a = dense<1> : tensor<?xi32>} : () -> ()

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"test.t"() {a = #foo.bar<} : () -> ()

// -----

// The attribute dictionary of an op may not repeat a name either.
// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"test.t"() {a = 1, a = 2} : () -> ()
