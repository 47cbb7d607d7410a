//! Folders and canonicalization patterns, run through the greedy driver
//! (`tail_ir::greedy::apply_patterns_greedily`) exactly as `--canonicalize` does.

mod common;

use common::{body_of, canonicalize, returned};

fn fold_fn(name: &str, sig: &str, body: &str) -> Vec<String> {
    let text = format!("func.func @{name}{sig} {{\n{body}\n}}\n");
    body_of(&canonicalize(&text), name)
}

#[test]
fn integer_constant_folding_wraps_at_width() {
    let body = fold_fn(
        "f",
        "() -> (i8, i8, i64)",
        "%a = arith.constant 127 : i8
         %b = arith.constant 1 : i8
         %c = arith.constant 16 : i8
         %big = arith.constant 9223372036854775807 : i64
         %one = arith.constant 1 : i64
         %0 = arith.addi %a, %b : i8
         %1 = arith.muli %c, %c : i8
         %2 = arith.addi %big, %one : i64
         return %0, %1, %2 : i8, i8, i64",
    );
    assert_eq!(
        returned(&body),
        ["-128 : i8", "0 : i8", "-9223372036854775808 : i64"]
    );
}

#[test]
fn unsigned_and_signed_semantics() {
    let body = fold_fn(
        "f",
        "() -> (i8, i8, i1, i1, i8, i8)",
        "%m1 = arith.constant -1 : i8
         %two = arith.constant 2 : i8
         %seven = arith.constant 7 : i8
         %0 = arith.divui %m1, %two : i8
         %1 = arith.divsi %m1, %two : i8
         %2 = arith.cmpi ult, %two, %m1 : i8
         %3 = arith.cmpi slt, %two, %m1 : i8
         %4 = arith.shrui %m1, %seven : i8
         %5 = arith.shrsi %m1, %seven : i8
         return %0, %1, %2, %3, %4, %5 : i8, i8, i1, i1, i8, i8",
    );
    // divui 255/2 = 127, divsi -1/2 = 0, ult 2 < 255, !(2 < -1), shrui = 1, shrsi = -1.
    assert_eq!(
        returned(&body),
        ["127 : i8", "0 : i8", "true", "false", "1 : i8", "-1 : i8"]
    );
}

#[test]
fn undefined_divisions_are_not_folded() {
    let body = fold_fn(
        "f",
        "() -> (i32, i8, i32, i32)",
        "%c7 = arith.constant 7 : i32
         %c0 = arith.constant 0 : i32
         %min = arith.constant -128 : i8
         %m1 = arith.constant -1 : i8
         %0 = arith.divsi %c7, %c0 : i32
         %1 = arith.divsi %min, %m1 : i8
         %2 = arith.remsi %c7, %c0 : i32
         %3 = arith.floordivsi %c7, %c0 : i32
         return %0, %1, %2, %3 : i32, i8, i32, i32",
    );
    for op in ["arith.divsi", "arith.remsi", "arith.floordivsi"] {
        assert!(
            body.iter().any(|l| l.contains(op)),
            "{op} was folded: {body:?}"
        );
    }
    assert_eq!(body.iter().filter(|l| l.contains("arith.divsi")).count(), 2);
}

#[test]
fn identities() {
    let body = fold_fn(
        "f",
        "(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32)",
        "%c0 = arith.constant 0 : i32
         %c1 = arith.constant 1 : i32
         %m1 = arith.constant -1 : i32
         %0 = arith.addi %c0, %x : i32
         %1 = arith.muli %x, %c1 : i32
         %2 = arith.subi %x, %x : i32
         %3 = arith.andi %x, %m1 : i32
         %4 = arith.ori %x, %m1 : i32
         %5 = arith.xori %x, %x : i32
         %a = arith.addi %x, %y : i32
         %6 = arith.subi %a, %x : i32
         %7 = arith.divui %x, %c1 : i32
         return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i32, i32, i32, i32",
    );
    assert_eq!(
        body,
        [
            "%0 = arith.constant 0 : i32",
            "%1 = arith.constant -1 : i32",
            "return %arg0, %arg0, %0, %arg0, %1, %0, %arg1, %arg0 : i32, i32, i32, i32, i32, i32, i32, i32"
        ]
    );
}

#[test]
fn compare_and_select() {
    let body = fold_fn(
        "f",
        "(%c: i1, %a: i32, %b: i32) -> (i1, i32, i32, i1, i32)",
        "%t = arith.constant true
         %f = arith.constant false
         %0 = arith.cmpi uge, %a, %a : i32
         %1 = arith.select %t, %a, %b : i32
         %2 = arith.select %c, %b, %b : i32
         %3 = arith.select %c, %t, %f : i1
         %e = arith.cmpi eq, %a, %b : i32
         %4 = arith.select %e, %a, %b : i32
         return %0, %1, %2, %3, %4 : i1, i32, i32, i1, i32",
    );
    assert_eq!(
        body,
        [
            "%true = arith.constant true",
            "return %true, %arg1, %arg2, %arg0, %arg2 : i1, i32, i32, i1, i32"
        ]
        .iter()
        .map(|s| s.replace("%true", "%0"))
        .collect::<Vec<_>>()
    );
}

#[test]
fn casts_of_constants() {
    let body = fold_fn(
        "f",
        "() -> (i32, i32, i8, index, i32, f32, i32, f64)",
        "%m1 = arith.constant -1 : i8
         %c257 = arith.constant 257 : i32
         %cm1 = arith.constant -1 : i32
         %i = arith.constant 3000000000 : index
         %f = arith.constant -2.75 : f32
         %big = arith.constant 16777217 : i32
         %0 = arith.extsi %m1 : i8 to i32
         %1 = arith.extui %m1 : i8 to i32
         %2 = arith.trunci %c257 : i32 to i8
         %3 = arith.index_castui %cm1 : i32 to index
         %4 = arith.index_cast %i : index to i32
         %5 = arith.sitofp %big : i32 to f32
         %6 = arith.fptosi %f : f32 to i32
         %7 = arith.extf %f : f32 to f64
         return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i8, index, i32, f32, i32, f64",
    );
    let consts: Vec<&String> = body
        .iter()
        .filter(|l| l.contains("arith.constant"))
        .collect();
    for expected in [
        "-1 : i32",
        "255 : i32",
        "1 : i8",
        "4294967295 : index",
        "-1294967296 : i32",
        "1.6777216e+07 : f32",
        "-2 : i32",
        "-2.750000e+00 : f64",
    ] {
        assert!(
            consts.iter().any(|l| l.ends_with(expected)),
            "missing {expected}: {body:?}"
        );
    }
    assert!(
        !body
            .iter()
            .any(|l| l.contains("arith.ext") || l.contains("to")),
        "{body:?}"
    );
}

#[test]
fn out_of_range_float_to_int_is_not_folded() {
    let body = fold_fn(
        "f",
        "() -> i8",
        "%f = arith.constant 300.0 : f32
         %0 = arith.fptosi %f : f32 to i8
         return %0 : i8",
    );
    assert!(body.iter().any(|l| l.contains("arith.fptosi")), "{body:?}");
}

#[test]
fn f32_arithmetic_rounds_in_f32() {
    let body = fold_fn(
        "f",
        "() -> (f32, f64)",
        "%a = arith.constant 1.0e20 : f32
         %b = arith.constant 1.0e20 : f64
         %0 = arith.mulf %a, %a : f32
         %1 = arith.mulf %b, %b : f64
         return %0, %1 : f32, f64",
    );
    assert!(
        body.iter().any(|l| l.ends_with("0x7F800000 : f32")),
        "{body:?}"
    );
    assert!(
        body.iter().any(|l| l.ends_with("1.000000e+40 : f64")),
        "{body:?}"
    );
}

#[test]
fn float_identities_respect_signed_zero() {
    let body = fold_fn(
        "f",
        "(%x: f32) -> (f32, f32, f32)",
        "%pz = arith.constant 0.0 : f32
         %nz = arith.constant -0.0 : f32
         %0 = arith.addf %x, %nz : f32
         %1 = arith.addf %x, %pz : f32
         %2 = arith.subf %x, %pz : f32
         return %0, %1, %2 : f32, f32, f32",
    );
    assert!(
        body.iter().any(|l| l.contains("arith.addf %arg0")),
        "x + 0.0 must stay: {body:?}"
    );
    assert!(
        body.last().unwrap().starts_with("return %arg0, "),
        "{body:?}"
    );
    assert!(
        body.last().unwrap().ends_with(", %arg0 : f32, f32, f32"),
        "{body:?}"
    );
}

#[test]
fn reassociation_patterns() {
    let body = fold_fn(
        "f",
        "(%x: i32) -> (i32, i32, i32)",
        "%c1 = arith.constant 1 : i32
         %c2 = arith.constant 2 : i32
         %c3 = arith.constant 3 : i32
         %0 = arith.addi %x, %c1 : i32
         %1 = arith.addi %0, %c2 : i32
         %2 = arith.muli %x, %c2 : i32
         %3 = arith.muli %c3, %2 : i32
         %s = arith.subi %x, %c1 : i32
         %4 = arith.subi %s, %c2 : i32
         return %1, %3, %4 : i32, i32, i32",
    );
    let joined = body.join("\n");
    assert!(joined.contains("arith.addi %arg0, %"), "{joined}");
    assert!(joined.contains("arith.muli %arg0, %"), "{joined}");
    assert!(joined.contains("arith.subi %arg0, %"), "{joined}");
    for c in ["3 : i32", "6 : i32"] {
        assert!(body.iter().any(|l| l.ends_with(c)), "missing {c}: {joined}");
    }
    assert_eq!(
        body.iter().filter(|l| l.contains("arith.addi")).count(),
        1,
        "{joined}"
    );
    assert_eq!(
        body.iter().filter(|l| l.contains("arith.muli")).count(),
        1,
        "{joined}"
    );
}

#[test]
fn index_cast_round_trip_and_not_cmpi() {
    let body = fold_fn(
        "f",
        "(%x: i32, %a: index, %b: index) -> (i32, i1)",
        "%t = arith.constant true
         %0 = arith.index_cast %x : i32 to index
         %1 = arith.index_cast %0 : index to i32
         %c = arith.cmpi ult, %a, %b : index
         %n = arith.xori %c, %t : i1
         return %1, %n : i32, i1",
    );
    assert_eq!(
        body,
        [
            "%0 = arith.cmpi uge, %arg1, %arg2 : index",
            "return %arg0, %0 : i32, i1"
        ]
    );
}

#[test]
fn math_folds_use_arith_constants() {
    let body = fold_fn(
        "f",
        "() -> (f32, f32, i32, f32)",
        "%x = arith.constant 2.0 : f32
         %m = arith.constant -4 : i32
         %n = arith.constant -1.0 : f32
         %0 = math.sqrt %x : f32
         %1 = math.fma %x, %x, %x : f32
         %2 = math.absi %m : i32
         %3 = math.log %n : f32
         return %0, %1, %2, %3 : f32, f32, i32, f32",
    );
    let sqrt2 = format!("{:e}", 2f32.sqrt());
    assert!(body.iter().any(|l| l.contains(&sqrt2[..5])), "{body:?}");
    assert!(
        body.iter().any(|l| l.ends_with("6.000000e+00 : f32")),
        "{body:?}"
    );
    assert!(body.iter().any(|l| l.ends_with("4 : i32")), "{body:?}");
    assert!(
        body.iter().any(|l| l.contains("math.log")),
        "log(-1) must not fold: {body:?}"
    );
}

#[test]
fn unrealized_cast_round_trip_folds() {
    let body = fold_fn(
        "f",
        "(%x: i64) -> i64",
        "%0 = builtin.unrealized_conversion_cast %x : i64 to index
         %1 = builtin.unrealized_conversion_cast %0 : index to i64
         return %1 : i64",
    );
    assert_eq!(body, ["return %arg0 : i64"]);
}

#[test]
fn memref_dim_folds() {
    let body = fold_fn(
        "f",
        "(%m: memref<?x8xf32>, %n: index) -> (index, index)",
        "%c0 = arith.constant 0 : index
         %c1 = arith.constant 1 : index
         %a = memref.alloc(%n) : memref<?xf32>
         %0 = memref.dim %m, %c1 : memref<?x8xf32>
         %1 = memref.dim %a, %c0 : memref<?xf32>
         memref.dealloc %a : memref<?xf32>
         return %0, %1 : index, index",
    );
    assert_eq!(
        body,
        [
            "%c8 = arith.constant 8 : index",
            "return %c8, %arg1 : index, index"
        ]
        .map(|s| s.replace("%c8", "%0"))
    );
}
