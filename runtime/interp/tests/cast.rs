//! The interpreter on `builtin.unrealized_conversion_cast` between `tail` types and their
//! `soac` forms: conversions of arrays, vectors, singletons and tuples, the checks against the
//! static types, and the copy that keeps a tensor immutable when a `tail` alias is updated.

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

/// A 2×3 tensor holding 0 … 5.
const M23: &str = "%i6 = soac.iota : tensor<6xi32>\n\
                   %m = soac.reshape %i6 : tensor<6xi32> -> tensor<2x3xi32>\n";

#[test]
fn tensor_to_tail_array_and_back() {
    let body = format!(
        "{M23}%a = builtin.unrealized_conversion_cast %m : tensor<2x3xi32> to !tail.array<i32, 2>\n\
         %p = tail.prArrI %a : !tail.array<i32, 2>\n\
         %t = builtin.unrealized_conversion_cast %a : !tail.array<i32, 2> to tensor<?x?xi32>\n\
         %r = builtin.unrealized_conversion_cast %t : tensor<?x?xi32> to !tail.array<i32, 2>\n\
         return %r : !tail.array<i32, 2>"
    );
    let out = ok("!tail.array<i32, 2>", &body);
    assert_eq!(out, "\n 0 1 2\n 3 4 5\n\n\n 0 1 2\n 3 4 5\n");
}

#[test]
fn vectors_and_singletons() {
    let body = "%v = soac.iota : tensor<3xi32>\n\
         %a = builtin.unrealized_conversion_cast %v : tensor<3xi32> to !tail.vec<i32, 3>\n\
         %c = arith.constant 5 : i32\n\
         %s = builtin.unrealized_conversion_cast %c : i32 to !tail.s<i32, 5>\n\
         %one = soac.replicate %c : i32 -> tensor<1xi32>\n\
         %sv = builtin.unrealized_conversion_cast %one : tensor<1xi32> to !tail.sv<i32, 5>\n\
         %t = tail.tuple %a, %s, %sv : (!tail.vec<i32, 3>, !tail.s<i32, 5>, !tail.sv<i32, 5>) -> tuple<!tail.vec<i32, 3>, !tail.s<i32, 5>, !tail.sv<i32, 5>>\n\
         return %t : tuple<!tail.vec<i32, 3>, !tail.s<i32, 5>, !tail.sv<i32, 5>>";
    assert_eq!(
        ok(
            "tuple<!tail.vec<i32, 3>, !tail.s<i32, 5>, !tail.sv<i32, 5>>",
            body
        ),
        "([3](0,1,2),[](5),[1](5))"
    );
}

#[test]
fn several_values_to_a_tuple_and_back() {
    let body = format!(
        "{M23}%c = arith.constant 7 : i32\n\
         %t = builtin.unrealized_conversion_cast %c, %m : i32, tensor<2x3xi32> to tuple<i32, tuple<!tail.array<i32, 2>>>\n\
         %x, %y = builtin.unrealized_conversion_cast %t : tuple<i32, tuple<!tail.array<i32, 2>>> to i32, tensor<?x?xi32>\n\
         %r = builtin.unrealized_conversion_cast %y : tensor<?x?xi32> to !tail.array<i32, 2>\n\
         %u = tail.tuple %x, %r : (i32, !tail.array<i32, 2>) -> tuple<i32, !tail.array<i32, 2>>\n\
         %p = tail.prArrI %r : !tail.array<i32, 2>\n\
         return %u : tuple<i32, !tail.array<i32, 2>>"
    );
    assert_eq!(
        ok("tuple<i32, !tail.array<i32, 2>>", &body),
        "\n 0 1 2\n 3 4 5\n\n([](7),\n 0 1 2\n 3 4 5\n)"
    );
}

#[test]
fn shapes_are_checked_against_the_static_types() {
    // iota 4 as a tensor of 3 elements
    let body = "%n = tail.const 4 : i32\n\
         %v = tail.iota %n : (i32) -> !tail.array<i32, 1>\n\
         %t = builtin.unrealized_conversion_cast %v : !tail.array<i32, 1> to tensor<3xi32>\n\
         %c = arith.constant 0 : i32\n\
         return %c : i32";
    assert_eq!(
        fails("i32", body),
        "'builtin.unrealized_conversion_cast' op result value #0 has shape [4], which contradicts its type 'tensor<3xi32>'"
    );
    // a dynamic tensor of 2 elements as a vector of 3
    let body = "%c2 = arith.constant 2 : index\n\
         %v = soac.iota %c2 : tensor<?xi32>\n\
         %a = builtin.unrealized_conversion_cast %v : tensor<?xi32> to !tail.vec<i32, 3>\n\
         %c = arith.constant 0 : i32\n\
         return %c : i32";
    assert_eq!(
        fails("i32", body),
        "'builtin.unrealized_conversion_cast' op result value #0 has shape [2], which contradicts its type '!tail.vec<i32, 3>'"
    );
    // a matrix as a vector
    let body = format!(
        "{M23}%a = builtin.unrealized_conversion_cast %m : tensor<2x3xi32> to !tail.array<i32, 1>\n\
         %c = arith.constant 0 : i32\n\
         return %c : i32"
    );
    assert_eq!(
        fails("i32", &body),
        "'builtin.unrealized_conversion_cast' op result value #0 has shape [2,3], which contradicts its type '!tail.array<i32, 1>'"
    );
}

#[test]
fn kinds_and_singleton_values_are_checked() {
    let body = "%v = soac.iota : tensor<3xi32>\n\
         %a = builtin.unrealized_conversion_cast %v : tensor<3xi32> to !tail.array<f64, 1>\n\
         %c = arith.constant 0 : i32\n\
         return %c : i32";
    assert_eq!(
        fails("i32", body),
        "'builtin.unrealized_conversion_cast' op result value #0 has elements of kind Int, which contradicts its type '!tail.array<f64, 1>'"
    );
    let body = "%c = arith.constant 4 : i32\n\
         %s = builtin.unrealized_conversion_cast %c : i32 to !tail.s<i32, 5>\n\
         return %c : i32";
    assert_eq!(
        fails("i32", body),
        "'builtin.unrealized_conversion_cast' op result value #0 holds Int(4), which contradicts its type '!tail.s<i32, 5>'"
    );
}

#[test]
fn leaf_counts_must_agree() {
    let body = "%c = arith.constant 4 : i32\n\
         %t = builtin.unrealized_conversion_cast %c : i32 to tuple<i32, i32>\n\
         return %c : i32";
    assert_eq!(
        fails("i32", body),
        "'builtin.unrealized_conversion_cast' op cannot convert 1 value(s) into 2 value(s)"
    );
}

#[test]
fn a_tensor_does_not_share_storage_with_a_tail_array() {
    // The tensor made from %m keeps 1 2 3 after tail.idxassign writes 9 into %m.
    let body = "%n = tail.const 3 : i32\n\
         %v = tail.iota %n : (i32) -> !tail.array<i32, 1>\n\
         %m = tail.mem %v : !tail.array<i32, 1>\n\
         %t = builtin.unrealized_conversion_cast %m : !tail.array<i32, 1> to tensor<?xi32>\n\
         %is = tail.lit [2] : !tail.vec<i32, 1>\n\
         %x = tail.const 9 : i32\n\
         %u = tail.idxassign %is, %m, %x : (!tail.vec<i32, 1>, !tail.array<i32, 1>, i32) -> i1\n\
         %p = tail.prArrI %m : !tail.array<i32, 1>\n\
         %b = builtin.unrealized_conversion_cast %t : tensor<?xi32> to !tail.array<i32, 1>\n\
         return %b : !tail.array<i32, 1>";
    assert_eq!(ok("!tail.array<i32, 1>", body), "[3](1,9,3)\n[3](1,2,3)");
}
