// Errors in type and attribute alias definitions and uses.
// RUN: tail-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count

!a = i32
// expected-error@+1 {{redefinition of type alias id 'a'}}
!a = i64

// -----

#a = 1
// expected-error@+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// -----

// An alias must be defined before an alias definition uses it.
// expected-error@+1 {{undefined symbol alias id 'b'}}
!a = !b
!b = i32

// -----

// expected-error@+1 {{undefined symbol alias id 'missing'}}
"test.x"() {v = #missing} : () -> ()

// -----

// expected-error@+1 {{undefined symbol alias id 'missing'}}
%0 = "test.x"() : () -> !missing

// -----

// expected-error@+1 {{type names with a '.' are reserved for dialect-defined names}}
!a.b = i32

// -----

// expected-error@+1 {{expected attribute value}}
#x = foo
