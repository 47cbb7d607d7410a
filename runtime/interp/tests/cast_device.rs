//! The interpreter on the casts kernel extraction leaves at the host boundary
//! (`tail-kernels`' `chars` and `complex` modules): characters and their `i32` code points,
//! complex numbers and their two `f64` parts.

mod common;

/// Parses, verifies and runs `func.func @main() -> ty { body }`; the printed output and the
/// final value, or the runtime error message (which must be located).
fn run(ty: &str, body: &str) -> Result<String, String> {
    common::run_body_located(ty, body)
}

fn ok(ty: &str, body: &str) -> String {
    run(ty, body).unwrap_or_else(|e| panic!("unexpected runtime error: {e}"))
}

fn fails(ty: &str, body: &str) -> String {
    match run(ty, body) {
        Ok(v) => panic!("expected a runtime error, got {v}"),
        Err(e) => e,
    }
}

#[test]
fn code_points_and_characters() {
    // A memref of code points printed as characters, a character back to its code point.
    let body = "%m = memref.alloc() : memref<3xi32>\n\
         %i0 = arith.constant 0 : index\n\
         %i1 = arith.constant 1 : index\n\
         %i2 = arith.constant 2 : index\n\
         %a = arith.constant 97 : i32\n\
         %b = arith.constant 98 : i32\n\
         %e = arith.constant 233 : i32\n\
         memref.store %a, %m[%i0] : memref<3xi32>\n\
         memref.store %b, %m[%i1] : memref<3xi32>\n\
         memref.store %e, %m[%i2] : memref<3xi32>\n\
         %t = builtin.unrealized_conversion_cast %m : memref<3xi32> to !tail.array<!tail.char, 1>\n\
         %p = tail.prArrC %t : !tail.array<!tail.char, 1>\n\
         %back = builtin.unrealized_conversion_cast %t : !tail.array<!tail.char, 1> to memref<?xi32>\n\
         %x = memref.load %back[%i2] : memref<?xi32>\n\
         %c = builtin.unrealized_conversion_cast %b : i32 to !tail.char\n\
         %q = tail.prSclC %c : !tail.char\n\
         %z = tail.const_char 122\n\
         %y = builtin.unrealized_conversion_cast %z : !tail.char to i32\n\
         %s = arith.addi %x, %y : i32\n\
         return %s : i32";
    assert_eq!(ok("i32", body), "abé\n[](b)\n[](355)");
}

#[test]
fn a_code_point_must_be_a_unicode_scalar_value() {
    let body = "%c = arith.constant 55296 : i32\n\
         %x = builtin.unrealized_conversion_cast %c : i32 to !tail.char\n\
         return %c : i32";
    assert_eq!(
        fails("i32", body),
        "'builtin.unrealized_conversion_cast' op cannot convert 55296 to a character (not a Unicode scalar value)"
    );
}

#[test]
fn complex_parts_join_and_split() {
    // Two f64 arrays (real, imaginary) as one complex array, and back.
    let body = "%re = memref.alloc() : memref<2xf64>\n\
         %im = memref.alloc() : memref<2xf64>\n\
         %i0 = arith.constant 0 : index\n\
         %i1 = arith.constant 1 : index\n\
         %one = arith.constant 1.0 : f64\n\
         %two = arith.constant 2.0 : f64\n\
         memref.store %one, %re[%i0] : memref<2xf64>\n\
         memref.store %two, %re[%i1] : memref<2xf64>\n\
         memref.store %two, %im[%i0] : memref<2xf64>\n\
         %z = builtin.unrealized_conversion_cast %re, %im : memref<2xf64>, memref<2xf64> to !tail.array<complex<f64>, 1>\n\
         %p = tail.prArrX %z : !tail.array<complex<f64>, 1>\n\
         %parts:2 = builtin.unrealized_conversion_cast %z : !tail.array<complex<f64>, 1> to memref<?xf64>, memref<?xf64>\n\
         %a = memref.load %parts#1[%i0] : memref<?xf64>\n\
         %b = memref.load %parts#0[%i1] : memref<?xf64>\n\
         %s = arith.addf %a, %b : f64\n\
         return %s : f64";
    assert_eq!(ok("f64", body), "[2](1.0j2.0,2.0j0.0)\n[](4.0)");
}

#[test]
fn complex_parts_must_have_one_shape() {
    let body = "%re = memref.alloc() : memref<2xf64>\n\
         %im = memref.alloc() : memref<3xf64>\n\
         %z = builtin.unrealized_conversion_cast %re, %im : memref<2xf64>, memref<3xf64> to !tail.array<complex<f64>, 1>\n\
         %c = arith.constant 0.0 : f64\n\
         return %c : f64";
    assert_eq!(
        fails("f64", body),
        "'builtin.unrealized_conversion_cast' op cannot join parts of shapes [2] and [3] into complex numbers"
    );
}
