//! Canonicalization of `scf` ops through the greedy driver.

mod common;

use common::{body_of, canonicalize};

fn canon(name: &str, sig: &str, body: &str) -> Vec<String> {
    body_of(
        &canonicalize(&format!("func.func @{name}{sig} {{\n{body}\n}}\n")),
        name,
    )
}

#[test]
fn if_with_constant_condition_inlines_taken_branch() {
    let body = canon(
        "f",
        "(%a: i32, %b: i32) -> i32",
        "%t = arith.constant true
         %r = scf.if %t -> (i32) {
           %x = arith.muli %a, %b : i32
           scf.yield %x : i32
         } else {
           scf.yield %b : i32
         }
         return %r : i32",
    );
    assert_eq!(
        body,
        ["%0 = arith.muli %arg0, %arg1 : i32", "return %0 : i32"]
    );
}

#[test]
fn if_results_equal_in_both_branches_or_defined_outside() {
    let body = canon(
        "f",
        "(%c: i1, %a: i32, %b: i32) -> (i32, i32)",
        "%r:2 = scf.if %c -> (i32, i32) {
           scf.yield %a, %a : i32, i32
         } else {
           scf.yield %a, %b : i32, i32
         }
         return %r#0, %r#1 : i32, i32",
    );
    assert_eq!(
        body,
        [
            "%0 = arith.select %arg0, %arg0, %arg2 : i32",
            "return %arg1, %0 : i32, i32"
        ]
        .map(|s| { s.replace("%arg0, %arg0, %arg2", "%arg0, %arg1, %arg2") })
    );
}

#[test]
fn for_zero_trip_is_replaced_by_inits() {
    let body = canon(
        "f",
        "(%init: i32) -> i32",
        "%c0 = arith.constant 0 : index
         %c1 = arith.constant 1 : index
         %r = scf.for %i = %c1 to %c0 step %c1 iter_args(%acc = %init) -> (i32) {
           %n = arith.addi %acc, %acc : i32
           scf.yield %n : i32
         }
         return %r : i32",
    );
    assert_eq!(body, ["return %arg0 : i32"]);
}

#[test]
fn for_single_trip_is_inlined() {
    let body = canon(
        "f",
        "(%init: i32) -> i32",
        "%c0 = arith.constant 0 : index
         %c1 = arith.constant 1 : index
         %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %init) -> (i32) {
           %n = arith.addi %acc, %acc : i32
           scf.yield %n : i32
         }
         return %r : i32",
    );
    assert_eq!(
        body,
        ["%0 = arith.addi %arg0, %arg0 : i32", "return %0 : i32"]
    );
}

#[test]
fn for_forwarded_iter_args_are_removed() {
    let body = canon(
        "f",
        "(%n: index, %a: i32, %b: i32) -> (i32, i32)",
        "%c0 = arith.constant 0 : index
         %c1 = arith.constant 1 : index
         %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (i32, i32) {
           %s = arith.addi %y, %x : i32
           scf.yield %x, %s : i32, i32
         }
         return %r#0, %r#1 : i32, i32",
    );
    let joined = body.join("\n");
    assert!(
        joined.contains("iter_args(%arg4 = %arg2) -> (i32) {"),
        "{joined}"
    );
    assert!(joined.contains("arith.addi %arg4, %arg1 : i32"), "{joined}");
    assert!(
        body.last().unwrap().starts_with("return %arg1, %"),
        "{joined}"
    );
}

#[test]
fn empty_if_is_erased_and_execute_region_inlined() {
    let body = canon(
        "f",
        "(%c: i1, %a: i32) -> i32",
        "scf.if %c {
         } else {
         }
         %r = scf.execute_region -> i32 {
           %x = arith.addi %a, %a : i32
           scf.yield %x : i32
         }
         return %r : i32",
    );
    assert_eq!(
        body,
        ["%0 = arith.addi %arg1, %arg1 : i32", "return %0 : i32"]
    );
}
