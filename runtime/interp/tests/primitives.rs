//! One test per TAIL primitive, edge cases included. Every expected value is worked out by
//! hand from APL semantics (Dybdal's thesis §3.1.3, apltail), never taken from the
//! interpreter.

mod common;
use common::{fails, ok};

/// `%name = tail.lit [...] : !tail.array<i32, 1>`.
fn iv(name: &str, vals: &[i32]) -> String {
    let v: Vec<String> = vals.iter().map(|x| x.to_string()).collect();
    format!(
        "%{name} = tail.lit [{}] : !tail.array<i32, 1>\n",
        v.join(", ")
    )
}

/// An int array `%name` of the given shape, from row-major values.
fn im(name: &str, shape: &[usize], vals: &[i32]) -> String {
    let s: Vec<String> = shape.iter().map(|x| x.to_string()).collect();
    let r = shape.len();
    format!(
        "{}%{name}_s = tail.lit [{}] : !tail.vec<i32, {r}>\n\
         %{name} = tail.reshape0 %{name}_s, %{name}_d : (!tail.vec<i32, {r}>, !tail.array<i32, 1>) -> !tail.array<i32, {r}>\n",
        iv(&format!("{name}_d"), vals),
        s.join(", ")
    )
}

fn c(name: &str, v: i32) -> String {
    format!("%{name} = tail.const {v} : i32\n")
}

const A1: &str = "!tail.array<i32, 1>";
const A2: &str = "!tail.array<i32, 2>";
const A3: &str = "!tail.array<i32, 3>";

fn ret(v: &str, ty: &str) -> String {
    format!("return %{v} : {ty}")
}

// ----- iota ---------------------------------------------------------------------------------

#[test]
fn iota_is_one_based() {
    let b = c("n", 5) + &format!("%r = tail.iota %n : (i32) -> {A1}\n") + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[5](1,2,3,4,5)");
}

#[test]
fn iota_zero_is_empty() {
    let b = c("n", 0) + &format!("%r = tail.iota %n : (i32) -> {A1}\n") + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[0]()");
}

#[test]
fn iota_negative_is_an_error() {
    let b = c("n", -3) + &format!("%r = tail.iota %n : (i32) -> {A1}\n") + &ret("r", A1);
    assert_eq!(fails(A1, &b), "'tail.iota' op negative argument -3");
}

#[test]
fn iota_v() {
    let b = "%n = tail.sconst : !tail.s<i32, 3>\n\
             %r = tail.iotaV %n : (!tail.s<i32, 3>) -> !tail.vec<i32, 3>\n\
             return %r : !tail.vec<i32, 3>";
    assert_eq!(ok("!tail.vec<i32, 3>", b), "[3](1,2,3)");
}

// ----- reduce -------------------------------------------------------------------------------

fn reduce(op: &str, neutral: i32, input: &str, in_ty: &str, out_ty: &str) -> String {
    format!(
        "%z = tail.const {neutral} : i32\n\
         %r = tail.reduce %z, %{input} : (i32, {in_ty}) -> {out_ty} {{\n\
         ^bb0(%x: i32, %y: i32):\n  %s = tail.{op} %x, %y : i32\n  tail.yield %s : i32\n}}\n"
    )
}

#[test]
fn reduce_is_a_right_fold_with_the_neutral_innermost() {
    // 1 - (2 - (3 - 0)) = 2
    let b = iv("v", &[1, 2, 3]) + &reduce("subi", 0, "v", A1, "i32") + &ret("r", "i32");
    assert_eq!(ok("i32", &b), "[](2)");
    // 1 - (2 - (3 - 10)) = 1 - (2 - (-7)) = 1 - 9 = -8
    let b = iv("v", &[1, 2, 3]) + &reduce("subi", 10, "v", A1, "i32") + &ret("r", "i32");
    assert_eq!(ok("i32", &b), "[](-8)");
}

#[test]
fn reduce_along_the_last_axis() {
    // rows [1,2,3] and [4,5,6]: 1-(2-(3-0)) = 2, 4-(5-(6-0)) = 5
    let b = im("m", &[2, 3], &[1, 2, 3, 4, 5, 6]) + &reduce("subi", 0, "m", A2, A1) + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[2](2,5)");
}

#[test]
fn reduce_of_empty_is_the_neutral_element() {
    let b = iv("v", &[]) + &reduce("addi", 7, "v", A1, "i32") + &ret("r", "i32");
    assert_eq!(ok("i32", &b), "[](7)");
}

// ----- scan ---------------------------------------------------------------------------------

fn scan(op: &str, input: &str, ty: &str) -> String {
    format!(
        "%r = tail.scan %{input} : ({ty}) -> {ty} {{\n\
         ^bb0(%x: i32, %y: i32):\n  %s = tail.{op} %x, %y : i32\n  tail.yield %s : i32\n}}\n"
    )
}

#[test]
fn scan_plus() {
    let b = iv("v", &[1, 2, 3, 4]) + &scan("addi", "v", A1) + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[4](1,3,6,10)");
}

#[test]
fn scan_is_prefix_reductions() {
    // APL -\1 2 3: 1, 1-2, 1-(2-3) = 1 ¯1 2
    let b = iv("v", &[1, 2, 3]) + &scan("subi", "v", A1) + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[3](1,-1,2)");
}

#[test]
fn scan_along_the_last_axis_and_empty() {
    let b = im("m", &[2, 2], &[1, 2, 3, 4]) + &scan("addi", "m", A2) + &ret("r", A2);
    assert_eq!(ok(A2, &b), "\n 1 3\n 3 7\n");
    let b = iv("v", &[]) + &scan("addi", "v", A1) + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[0]()");
}

// ----- each / zipWith ----------------------------------------------------------------------

#[test]
fn each_maps_every_element() {
    let b = iv("v", &[1, 2])
        + "%r = tail.each %v : (!tail.array<i32, 1>) -> !tail.array<f64, 1> {\n\
        ^bb0(%x: i32):\n  %d = tail.i2d %x : i32 -> f64\n  tail.yield %d : f64\n}\n\
        return %r : !tail.array<f64, 1>";
    assert_eq!(ok("!tail.array<f64, 1>", &b), "[2](1.0,2.0)");
}

fn zip(a: &str, b: &str, ty: &str) -> String {
    format!(
        "%r = tail.zipWith %{a}, %{b} : ({ty}, {ty}) -> {ty} {{\n\
         ^bb0(%x: i32, %y: i32):\n  %s = tail.muli %x, %y : i32\n  tail.yield %s : i32\n}}\n"
    )
}

#[test]
fn zip_with() {
    let b = iv("a", &[1, 2, 3]) + &iv("b", &[4, 5, 6]) + &zip("a", "b", A1) + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[3](4,10,18)");
}

#[test]
fn zip_with_shape_mismatch_is_an_error() {
    let b = iv("a", &[1, 2, 3]) + &iv("b", &[4, 5]) + &zip("a", "b", A1) + &ret("r", A1);
    assert_eq!(
        fails(A1, &b),
        "'tail.zipWith' op shape mismatch: [3] vs [2]"
    );
}

// ----- reshape ------------------------------------------------------------------------------

#[test]
fn reshape_cycles() {
    let b = iv("v", &[1, 2]) + "%s = tail.lit [2, 3] : !tail.vec<i32, 2>\n%d = tail.const 0 : i32\n\
        %r = tail.reshape %s, %d, %v : (!tail.vec<i32, 2>, i32, !tail.array<i32, 1>) -> !tail.array<i32, 2>\n"
        + &ret("r", A2);
    assert_eq!(ok(A2, &b), "\n 1 2 1\n 2 1 2\n");
}

#[test]
fn reshape_of_empty_uses_the_default() {
    let b = iv("v", &[]) + "%s = tail.lit [3] : !tail.vec<i32, 1>\n%d = tail.const 7 : i32\n\
        %r = tail.reshape %s, %d, %v : (!tail.vec<i32, 1>, i32, !tail.array<i32, 1>) -> !tail.array<i32, 1>\n"
        + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[3](7,7,7)");
}

#[test]
fn reshape0_of_empty_is_an_error_unless_the_result_is_empty() {
    let b = iv("v", &[]) + "%s = tail.lit [2] : !tail.vec<i32, 1>\n\
        %r = tail.reshape0 %s, %v : (!tail.vec<i32, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1>\n"
        + &ret("r", A1);
    assert_eq!(
        fails(A1, &b),
        "'tail.reshape0' op cannot reshape an empty array with no default element"
    );
    let b = iv("v", &[]) + "%s = tail.lit [2, 0] : !tail.vec<i32, 2>\n\
        %r = tail.reshape0 %s, %v : (!tail.vec<i32, 2>, !tail.array<i32, 1>) -> !tail.array<i32, 2>\n"
        + &ret("r", A2);
    assert_eq!(ok(A2, &b), "[2,0]()");
}

#[test]
fn shape_and_rav() {
    let b = im("m", &[2, 3], &[1, 2, 3, 4, 5, 6])
        + "%r = tail.shape %m : (!tail.array<i32, 2>) -> !tail.vec<i32, 2>\nreturn %r : !tail.vec<i32, 2>";
    assert_eq!(ok("!tail.vec<i32, 2>", &b), "[2](2,3)");
    let b = im("m", &[2, 2], &[1, 2, 3, 4])
        + &format!("%r = tail.rav %m : ({A2}) -> {A1}\n")
        + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[4](1,2,3,4)");
}

// ----- take / drop --------------------------------------------------------------------------

fn take(n: i32, input: &str, ty: &str) -> String {
    format!(
        "%n = tail.const {n} : i32\n%d = tail.const 0 : i32\n\
         %r = tail.take %n, %d, %{input} : (i32, i32, {ty}) -> {ty}\nreturn %r : {ty}"
    )
}

#[test]
fn take_under_over_negative() {
    let t = |n: i32| ok(A1, &(iv("v", &[1, 2, 3]) + &take(n, "v", A1)));
    assert_eq!(t(2), "[2](1,2)");
    assert_eq!(t(5), "[5](1,2,3,0,0)");
    assert_eq!(t(0), "[0]()");
    assert_eq!(t(-2), "[2](2,3)");
    assert_eq!(t(-5), "[5](0,0,1,2,3)");
}

#[test]
fn take_along_the_first_axis() {
    let m = im("m", &[3, 2], &[1, 2, 3, 4, 5, 6]);
    assert_eq!(ok(A2, &(m.clone() + &take(-1, "m", A2))), "\n 5 6\n");
    assert_eq!(
        ok(A2, &(m + &take(4, "m", A2))),
        "\n 1 2\n 3 4\n 5 6\n 0 0\n"
    );
}

#[test]
fn take_of_empty_pads() {
    assert_eq!(ok(A1, &(iv("v", &[]) + &take(2, "v", A1))), "[2](0,0)");
}

fn drop(n: i32, input: &str, ty: &str) -> String {
    format!("%n = tail.const {n} : i32\n%r = tail.drop %n, %{input} : (i32, {ty}) -> {ty}\nreturn %r : {ty}")
}

#[test]
fn drop_positive_negative_over() {
    let t = |n: i32| ok(A1, &(iv("v", &[1, 2, 3]) + &drop(n, "v", A1)));
    assert_eq!(t(1), "[2](2,3)");
    assert_eq!(t(-1), "[2](1,2)");
    assert_eq!(t(0), "[3](1,2,3)");
    assert_eq!(t(5), "[0]()");
    assert_eq!(t(-5), "[0]()");
    let m = im("m", &[3, 2], &[1, 2, 3, 4, 5, 6]);
    assert_eq!(ok(A2, &(m + &drop(2, "m", A2))), "\n 5 6\n");
}

// ----- rotate / reverse ---------------------------------------------------------------------

fn rot(op: &str, n: i32, input: &str, ty: &str) -> String {
    format!("%n = tail.const {n} : i32\n%r = tail.{op} %n, %{input} : (i32, {ty}) -> {ty}\nreturn %r : {ty}")
}

#[test]
fn rotate_is_modular() {
    let t = |n: i32| ok(A1, &(iv("v", &[1, 2, 3, 4]) + &rot("rotate", n, "v", A1)));
    assert_eq!(t(1), "[4](2,3,4,1)");
    assert_eq!(t(-1), "[4](4,1,2,3)");
    assert_eq!(t(6), "[4](3,4,1,2)");
    assert_eq!(t(-9), "[4](4,1,2,3)");
    assert_eq!(
        ok(A1, &(iv("v", &[]) + &rot("rotate", 3, "v", A1))),
        "[0]()"
    );
}

#[test]
fn rotate_last_axis_vrotate_first_axis() {
    let m = im("m", &[2, 3], &[1, 2, 3, 4, 5, 6]);
    assert_eq!(
        ok(A2, &(m + &rot("rotate", 1, "m", A2))),
        "\n 2 3 1\n 5 6 4\n"
    );
    let m = im("m", &[3, 2], &[1, 2, 3, 4, 5, 6]);
    assert_eq!(
        ok(A2, &(m.clone() + &rot("vrotate", 1, "m", A2))),
        "\n 3 4\n 5 6\n 1 2\n"
    );
    assert_eq!(
        ok(A2, &(m + &rot("vrotate", -1, "m", A2))),
        "\n 5 6\n 1 2\n 3 4\n"
    );
}

#[test]
fn reverse_and_vreverse() {
    let b = iv("v", &[1, 2, 3]) + &format!("%r = tail.reverse %v : {A1}\n") + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[3](3,2,1)");
    let m = im("m", &[2, 2], &[1, 2, 3, 4]);
    let b = m.clone() + &format!("%r = tail.reverse %m : {A2}\n") + &ret("r", A2);
    assert_eq!(ok(A2, &b), "\n 2 1\n 4 3\n");
    let b = m + &format!("%r = tail.vreverse %m : {A2}\n") + &ret("r", A2);
    assert_eq!(ok(A2, &b), "\n 3 4\n 1 2\n");
}

// ----- transpositions ----------------------------------------------------------------------

#[test]
fn transp_rank2() {
    let b = im("m", &[2, 3], &[1, 2, 3, 4, 5, 6])
        + &format!("%r = tail.transp %m : {A2}\n")
        + &ret("r", A2);
    assert_eq!(ok(A2, &b), "\n 1 4\n 2 5\n 3 6\n");
}

#[test]
fn transp_rank3() {
    // R[i,j,k] = A[k,j,i], A[k,j,i] = 1 + 12k + 4j + i
    let vals: Vec<i32> = (1..=24).collect();
    let b = im("a", &[2, 3, 4], &vals) + &format!("%r = tail.transp %a : {A3}\n") + &ret("r", A3);
    assert_eq!(
        ok(A3, &b),
        "[4,3,2](1,13,5,17,9,21,2,14,6,18,10,22,3,15,7,19,11,23,4,16,8,20,12,24)"
    );
}

fn transp2(p: &[i32]) -> String {
    let ps: Vec<String> = p.iter().map(|x| x.to_string()).collect();
    let n = p.len();
    let vals: Vec<i32> = (1..=24).collect();
    im("a", &[2, 3, 4], &vals)
        + &format!(
            "%p = tail.lit [{}] : !tail.vec<i32, {n}>\n\
             %r = tail.transp2 %p, %a : (!tail.vec<i32, {n}>, {A3}) -> {A3}\nreturn %r : {A3}",
            ps.join(", ")
        )
}

#[test]
fn transp2_rank3() {
    // APL 2 1 3⍉A: R[j,i,k] = A[i,j,k], shape 3 2 4
    assert_eq!(
        ok(A3, &transp2(&[2, 1, 3])),
        "[3,2,4](1,2,3,4,13,14,15,16,5,6,7,8,17,18,19,20,9,10,11,12,21,22,23,24)"
    );
    // APL 2 3 1⍉A: axis k of A is axis p[k] of R, shape 4 2 3, R[c,a,b] = A[a,b,c]
    assert_eq!(
        ok(A3, &transp2(&[2, 3, 1])),
        "[4,2,3](1,5,9,13,17,21,2,6,10,14,18,22,3,7,11,15,19,23,4,8,12,16,20,24)"
    );
    assert_eq!(
        ok(A3, &transp2(&[1, 2, 3])),
        ok(
            A3,
            &(im("a", &[2, 3, 4], &(1..=24).collect::<Vec<_>>()) + &ret("a", A3))
        )
    );
}

#[test]
fn transp2_rejects_non_permutations() {
    for p in [&[1, 1, 3][..], &[0, 1, 2], &[1, 2, 4]] {
        let e = fails(A3, &transp2(p));
        assert!(
            e.starts_with("'tail.transp2' op expects a permutation of 1..3"),
            "{e}"
        );
    }
}

// ----- first / cat / cons / snoc -----------------------------------------------------------

fn first(input: &str, ty: &str) -> String {
    format!("%d = tail.const 9 : i32\n%r = tail.first %d, %{input} : (i32, {ty}) -> i32\nreturn %r : i32")
}

#[test]
fn first_and_first_of_empty() {
    assert_eq!(ok("i32", &(iv("v", &[4, 5]) + &first("v", A1))), "[](4)");
    assert_eq!(ok("i32", &(iv("v", &[]) + &first("v", A1))), "[](9)");
    assert_eq!(
        ok("i32", &(im("m", &[2, 2], &[6, 7, 8, 9]) + &first("m", A2))),
        "[](6)"
    );
}

#[test]
fn cat_along_the_last_axis() {
    let b = iv("a", &[1, 2])
        + &iv("b", &[3])
        + &format!("%r = tail.cat %a, %b : ({A1}, {A1}) -> {A1}\n")
        + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[3](1,2,3)");
    let b = im("a", &[2, 1], &[1, 2])
        + &im("b", &[2, 2], &[3, 4, 5, 6])
        + &format!("%r = tail.cat %a, %b : ({A2}, {A2}) -> {A2}\n")
        + &ret("r", A2);
    assert_eq!(ok(A2, &b), "\n 1 3 4\n 2 5 6\n");
    let b = im("a", &[2, 1], &[1, 2])
        + &im("b", &[3, 1], &[3, 4, 5])
        + &format!("%r = tail.cat %a, %b : ({A2}, {A2}) -> {A2}\n")
        + &ret("r", A2);
    assert_eq!(
        fails(A2, &b),
        "'tail.cat' op shape mismatch: [2,1] vs [3,1]"
    );
}

#[test]
fn cons_and_snoc() {
    let b = iv("v", &[1, 2])
        + &c("x", 0)
        + &format!("%r = tail.cons %x, %v : (i32, {A1}) -> {A1}\n")
        + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[3](0,1,2)");
    let b = iv("v", &[1, 2])
        + &c("x", 0)
        + &format!("%r = tail.snoc %v, %x : ({A1}, i32) -> {A1}\n")
        + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[3](1,2,0)");
    let b = im("m", &[2, 2], &[1, 2, 3, 4])
        + &iv("x", &[7, 8])
        + &format!("%r = tail.cons %x, %m : ({A1}, {A2}) -> {A2}\n")
        + &ret("r", A2);
    assert_eq!(ok(A2, &b), "\n 7 8\n 1 2\n 3 4\n");
}

// ----- compress / replicate ----------------------------------------------------------------

#[test]
fn compress_and_replicate() {
    let b = iv("v", &[4, 5, 6])
        + "%m = tail.lit [true, false, true] : !tail.array<i1, 1>\n"
        + &format!("%r = tail.compress %m, %v : (!tail.array<i1, 1>, {A1}) -> {A1}\n")
        + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[2](4,6)");
    let b = iv("v", &[4, 5, 6])
        + &iv("n", &[2, 0, 1])
        + &c("d", 0)
        + &format!("%r = tail.replicate %d, %n, %v : (i32, {A1}, {A1}) -> {A1}\n")
        + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[3](4,4,6)");
    // negative counts insert fill elements (APL 1 ¯2 1/4 5 6 = 4 0 0 6)
    let b = iv("v", &[4, 5, 6])
        + &iv("n", &[1, -2, 1])
        + &c("d", 0)
        + &format!("%r = tail.replicate %d, %n, %v : (i32, {A1}, {A1}) -> {A1}\n")
        + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[4](4,0,0,6)");
}

// ----- indexing and update -----------------------------------------------------------------

fn idx(d: i32, i: i32) -> String {
    im("m", &[3, 2], &[1, 2, 3, 4, 5, 6])
        + &c("d", d)
        + &c("i", i)
        + &format!("%r = tail.idx %d, %i, %m : (i32, i32, {A2}) -> {A1}\n")
        + &ret("r", A1)
}

#[test]
fn idx_slices() {
    assert_eq!(ok(A1, &idx(1, 2)), "[2](3,4)");
    assert_eq!(ok(A1, &idx(2, 1)), "[3](1,3,5)");
    assert_eq!(
        fails(A1, &idx(3, 1)),
        "'tail.idx' op axis 3 out of range for an array of rank 2"
    );
    assert_eq!(
        fails(A1, &idx(1, 4)),
        "'tail.idx' op index 4 out of range for axis 1 of extent 3"
    );
}

fn update(i: i32) -> String {
    iv("v", &[1, 2, 3])
        + &format!("%m = tail.mem %v : {A1}\n%is = tail.lit [{i}] : !tail.vec<i32, 1>\n")
        + &c("x", 9)
        + &format!("%t = tail.idxassign %is, %m, %x : (!tail.vec<i32, 1>, {A1}, i32) -> i1\n")
        + &format!("%p = tail.prArrI %v : {A1}\n%q = tail.prArrI %m : {A1}\n")
        + "return %t : i1"
}

#[test]
fn idxassign_updates_in_place() {
    // the copy made by mem is updated; the original is not
    assert_eq!(ok("i1", &update(2)), "[3](1,2,3)\n[3](1,9,3)\n[](1)");
    assert_eq!(
        fails("i1", &update(4)),
        "'tail.idxassign' op index 4 out of range for axis 1 of extent 3"
    );
}

#[test]
fn grades_are_stable() {
    let g = |op: &str| {
        iv("v", &[3, 1, 2, 1]) + &format!("%r = tail.{op} %v : ({A1}) -> {A1}\n") + &ret("r", A1)
    };
    assert_eq!(ok(A1, &g("gradeUp")), "[4](2,4,3,1)");
    assert_eq!(ok(A1, &g("gradeDown")), "[4](1,3,2,4)");
}

// ----- power / condScl ---------------------------------------------------------------------

fn power(n: i32) -> String {
    c("n", n)
        + &c("x", 1)
        + "%r = tail.power %n, %x : (i32, i32) -> i32 {\n\
           ^bb0(%y: i32):\n  %t = tail.const 2 : i32\n  %z = tail.muli %y, %t : i32\n  tail.yield %z : i32\n}\n"
        + &ret("r", "i32")
}

#[test]
fn power_iterates() {
    assert_eq!(ok("i32", &power(3)), "[](8)");
    assert_eq!(ok("i32", &power(0)), "[](1)");
    assert_eq!(ok("i32", &power(-2)), "[](1)");
}

#[test]
fn power_over_tuples() {
    // (a, b) -> (b, a + b), 10 times from (0, 1): Fibonacci (55, 89)
    let b = c("n", 10)
        + &c("a", 0)
        + &c("b", 1)
        + "%r:2 = tail.power %n, %a, %b : (i32, i32, i32) -> (i32, i32) {\n\
           ^bb0(%x: i32, %y: i32):\n  %s = tail.addi %x, %y : i32\n  tail.yield %y, %s : i32, i32\n}\n\
           %p = tail.prSclI %r#0 : i32\n\
           %t = tail.tuple %r#0, %r#1 : (i32, i32) -> tuple<i32, i32>\n\
           %q = tail.prj %t[1] : tuple<i32, i32> -> i32\n"
        + &ret("q", "i32");
    assert_eq!(ok("i32", &b), "[](55)\n[](89)");
}

#[test]
fn cond_scl() {
    let b = |t: &str| {
        format!("%b = tail.const {t}\n")
            + &c("x", 5)
            + "%r = tail.condScl %b, %x : (i1, i32) -> i32 {\n\
               ^bb0(%y: i32):\n  %z = tail.negi %y : i32\n  tail.yield %z : i32\n}\n"
            + &ret("r", "i32")
    };
    assert_eq!(ok("i32", &b("true")), "[](-5)");
    assert_eq!(ok("i32", &b("false")), "[](5)");
}

// ----- scalars ------------------------------------------------------------------------------

fn bin(op: &str, x: i32, y: i32) -> String {
    ok(
        "i32",
        &(c("x", x) + &c("y", y) + &format!("%r = tail.{op} %x, %y : i32\n") + &ret("r", "i32")),
    )
}

#[test]
fn integer_division_and_residue_follow_apl() {
    assert_eq!(bin("divi", 7, 2), "[](3)");
    assert_eq!(bin("divi", -7, 2), "[](-4)");
    // resi(a, b) is b modulo a: 3|¯7 = 2, ¯3|7 = ¯2, 0|5 = 5
    assert_eq!(bin("resi", 3, -7), "[](2)");
    assert_eq!(bin("resi", -3, 7), "[](-2)");
    assert_eq!(bin("resi", 0, 5), "[](5)");
    assert_eq!(bin("maxi", 3, -7), "[](3)");
    assert_eq!(bin("shli", 1, 4), "[](16)");
    // ints are 32-bit and wrap
    assert_eq!(bin("divi", i32::MIN, -1), "[](-2147483648)");
    assert_eq!(bin("addi", i32::MAX, 1), "[](-2147483648)");
    let e = fails(
        "i32",
        &(c("x", 1) + &c("y", 0) + "%r = tail.divi %x, %y : i32\n" + &ret("r", "i32")),
    );
    assert_eq!(e, "'tail.divi' op division by zero");
}

#[test]
fn doubles_and_conversions() {
    let b = "%x = tail.const 2.5 : f64\n%y = tail.const 4.0 : f64\n\
             %m = tail.muld %x, %y : f64\n%f = tail.floor %x : f64 -> i32\n\
             %p = tail.prSclI %f : i32\n%q = tail.prSclD %m : f64\n\
             %n = tail.negd %x : f64\nreturn %n : f64";
    assert_eq!(ok("f64", b), "[](2)\n[](10.0)\n[](-2.5)");
}

#[test]
fn bools_chars_complex() {
    let b = "%t = tail.const true\n%f = tail.const false\n%r = tail.nandb %t, %f : i1\n\
             %p = tail.prSclB %r : i1\n\
             %c = tail.const_char 88\n%q = tail.prSclC %c : !tail.char\n\
             %re = tail.const 3.0 : f64\n%im = tail.const 6.4 : f64\n\
             %z = tail.injx %re, %im : f64 -> complex<f64>\nreturn %z : complex<f64>";
    assert_eq!(ok("complex<f64>", b), "[](1)\n[](X)\n[](3.0j6.4)");
}

#[test]
fn singletons_and_coercions() {
    let b = "%s = tail.sconst : !tail.sv<i32, 5>\n\
             %v = tail.sv_to_vec %s : !tail.sv<i32, 5> to !tail.vec<i32, 1>\n\
             %a = tail.vec_to_array %v : !tail.vec<i32, 1> to !tail.array<i32, 1>\n\
             return %a : !tail.array<i32, 1>";
    assert_eq!(ok(A1, b), "[1](5)");
}

// ----- printing ----------------------------------------------------------------------------

#[test]
fn char_vectors_print_as_text() {
    let b = "%v = tail.lit [104, 105] : !tail.array<!tail.char, 1>\n\
             %p = tail.prArrC %v : !tail.array<!tail.char, 1>\n%r = tail.const 0.0 : f64\nreturn %r : f64";
    assert_eq!(ok("f64", b), "hi\n[](0.0)");
}

#[test]
fn functions_and_calls() {
    let src = "func.func @sq(%x: i32) -> i32 {\n  %r = tail.muli %x, %x : i32\n  return %r : i32\n}\n\
               func.func @main() -> i32 {\n  %c = tail.const 7 : i32\n  %r = func.call @sq(%c) : (i32) -> i32\n  return %r : i32\n}\n";
    assert_eq!(common::run_src(src).unwrap(), "[](49)");
}

// ----- V variants ---------------------------------------------------------------------------

const V3: &str = "!tail.vec<i32, 3>";

fn v3() -> String {
    format!("%v = tail.lit [1, 2, 3] : {V3}\n")
}

#[test]
fn shape_v_first_v_b2i_v() {
    let b = v3()
        + &format!("%s = tail.shapeV %v : ({V3}) -> !tail.sv<i32, 3>\n")
        + "%f = tail.firstV %s : (!tail.sv<i32, 3>) -> !tail.s<i32, 3>\n\
           %i = tail.s_to_scalar %f : !tail.s<i32, 3> to i32\n\
           %p = tail.prSclI %i : i32\n\
           %t = tail.sconst : !tail.s<i1, 1>\n\
           %b = tail.b2iV %t : (!tail.s<i1, 1>) -> !tail.s<i32, 1>\n\
           %j = tail.s_to_scalar %b : !tail.s<i32, 1> to i32\n"
        + &ret("j", "i32");
    assert_eq!(ok("i32", &b), "[](3)\n[](1)");
}

#[test]
fn take_v_and_drop_v() {
    let b = format!("%v = tail.lit [1, 2, 3] : {A1}\n")
        + "%n = tail.sconst : !tail.s<i32, 5>\n"
        + &format!("%r = tail.takeV %n, %v : (!tail.s<i32, 5>, {A1}) -> !tail.vec<i32, 5>\n")
        + "return %r : !tail.vec<i32, 5>";
    assert_eq!(ok("!tail.vec<i32, 5>", &b), "[5](1,2,3,0,0)");
    let b = v3()
        + "%n = tail.sconst : !tail.s<i32, 1>\n"
        + &format!("%r = tail.dropV %n, %v : (!tail.s<i32, 1>, {V3}) -> !tail.vec<i32, 2>\n")
        + "return %r : !tail.vec<i32, 2>";
    assert_eq!(ok("!tail.vec<i32, 2>", &b), "[2](2,3)");
}

#[test]
fn cat_v_cons_v_snoc_v() {
    let b = v3()
        + &c("x", 0)
        + &format!("%a = tail.consV %x, %v : (i32, {V3}) -> !tail.vec<i32, 4>\n")
        + "%b = tail.snocV %a, %x : (!tail.vec<i32, 4>, i32) -> !tail.vec<i32, 5>\n"
        + &format!("%r = tail.catV %b, %v : (!tail.vec<i32, 5>, {V3}) -> !tail.vec<i32, 8>\n")
        + "return %r : !tail.vec<i32, 8>";
    assert_eq!(ok("!tail.vec<i32, 8>", &b), "[8](0,1,2,3,0,1,2,3)");
}

#[test]
fn rotate_v_vrotate_v_vreverse_v() {
    let b = v3()
        + &c("n", -1)
        + &format!("%a = tail.rotateV %n, %v : (i32, {V3}) -> {V3}\n")
        + &format!("%pa = tail.vec_to_array %a : {V3} to {A1}\n%p = tail.prArrI %pa : {A1}\n")
        + &format!("%b = tail.vrotateV %n, %v : (i32, {V3}) -> {V3}\n")
        + &format!("%qa = tail.vec_to_array %b : {V3} to {A1}\n%q = tail.prArrI %qa : {A1}\n")
        + &format!("%r = tail.vreverseV %v : {V3}\nreturn %r : {V3}");
    assert_eq!(ok(V3, &b), "[3](3,1,2)\n[3](3,1,2)\n[3](3,2,1)");
}

#[test]
fn each_v_and_power_scl() {
    let b = v3()
        + &format!("%r = tail.eachV %v : ({V3}) -> {V3} {{\n")
        + "^bb0(%x: i32):\n  %y = tail.negi %x : i32\n  tail.yield %y : i32\n}\n"
        + &format!("%pa = tail.vec_to_array %r : {V3} to {A1}\n%p = tail.prArrI %pa : {A1}\n")
        + &c("n", 4)
        + "%d = tail.const 1.0 : f64\n\
           %s = tail.powerScl %n, %d : (i32, f64) -> f64 {\n\
           ^bb0(%y: f64):\n  %h = tail.const 0.5 : f64\n  %z = tail.muld %y, %h : f64\n  tail.yield %z : f64\n}\n\
           return %s : f64";
    assert_eq!(ok("f64", &b), "[3](-1,-2,-3)\n[](0.0625)");
}

#[test]
fn idx_s_selects_with_a_static_axis() {
    let b = im("m", &[3, 2], &[1, 2, 3, 4, 5, 6])
        + "%d = tail.sconst : !tail.s<i32, 2>\n"
        + &c("i", 2)
        + &format!("%r = tail.idxS %d, %i, %m : (!tail.s<i32, 2>, i32, {A2}) -> {A1}\n")
        + &ret("r", A1);
    assert_eq!(ok(A1, &b), "[3](2,4,6)");
}

#[test]
fn format_i_gives_apltail_text() {
    // apltail's formatI is its pr_int: a plain `-`, not APL's `¯`.
    let b = c("x", -42)
        + "%r = tail.formatI %x : (i32) -> !tail.array<!tail.char, 1>\n\
           %p = tail.prArrC %r : !tail.array<!tail.char, 1>\n"
        + &ret("x", "i32");
    assert_eq!(ok("i32", &b), "-42\n[](-42)");
}

#[test]
fn format_d_gives_apltail_text() {
    // apltail's formatD is its pr_double: `34.32` (tests/format.out.ok), `.0` appended to
    // integral values, `-` for negatives, SML's exponent spelling, HUGE_VAL for infinity.
    for (lit, text) in [
        ("34.32", "34.32"),
        ("3.0", "3.0"),
        ("-2.5", "-2.5"),
        ("1.0e+20", "1E20.0"),
        ("2.5e-07", "2.5E~07"),
        ("0x7FF0000000000000", "HUGE_VAL"),
    ] {
        let b = format!(
            "%x = tail.const {lit} : f64\n\
             %r = tail.formatD %x : (f64) -> !tail.array<!tail.char, 1>\n\
             %p = tail.prArrC %r : !tail.array<!tail.char, 1>\n\
             %z = tail.const 0 : i32\n"
        ) + &ret("z", "i32");
        assert_eq!(ok("i32", &b), format!("{text}\n[](0)"), "formatD({lit})");
    }
}

// ----- builtin dialects ---------------------------------------------------------------------

#[test]
fn scf_for_and_if_with_arith() {
    // sum of 0..5 = 10, then 10 > 5 selects the then-branch: 10 * 2 = 20
    let b = "%lb = arith.constant 0 : index\n%ub = arith.constant 5 : index\n%st = arith.constant 1 : index\n\
             %z = arith.constant 0 : i32\n\
             %s = scf.for %i = %lb to %ub step %st iter_args(%acc = %z) -> (i32) {\n\
               %ii = arith.index_cast %i : index to i32\n\
               %n = arith.addi %acc, %ii : i32\n\
               scf.yield %n : i32\n\
             }\n\
             %five = arith.constant 5 : i32\n\
             %c = arith.cmpi sgt, %s, %five : i32\n\
             %r = scf.if %c -> (i32) {\n\
               %two = arith.constant 2 : i32\n\
               %m = arith.muli %s, %two : i32\n\
               scf.yield %m : i32\n\
             } else {\n\
               scf.yield %s : i32\n\
             }\n\
             return %r : i32";
    assert_eq!(ok("i32", b), "[](20)");
}

// ----- the scalar primitives, one case each ------------------------------------------------

/// `op x y` at type `ty` (result type `rty`).
fn scalar2(op: &str, ty: &str, x: &str, y: &str, rty: &str) -> String {
    let cst = |n: &str, v: &str| match ty {
        "!tail.char" => format!("%{n} = tail.const_char {v}\n"),
        "i1" => format!("%{n} = tail.const {v}\n"),
        _ => format!("%{n} = tail.const {v} : {ty}\n"),
    };
    ok(
        rty,
        &(cst("x", x) + &cst("y", y) + &format!("%r = tail.{op} %x, %y : {ty}\nreturn %r : {rty}")),
    )
}

#[test]
fn binary_scalar_primitives() {
    let cases: &[(&str, &str, &str, &str, &str, &str)] = &[
        ("subi", "i32", "3", "5", "i32", "[](-2)"),
        ("muli", "i32", "-3", "5", "i32", "[](-15)"),
        ("mini", "i32", "-3", "5", "i32", "[](-3)"),
        ("andi", "i32", "12", "10", "i32", "[](8)"),
        ("ori", "i32", "12", "10", "i32", "[](14)"),
        ("xori", "i32", "12", "10", "i32", "[](6)"),
        ("shri", "i32", "-1", "28", "i32", "[](15)"),
        ("shari", "i32", "-16", "2", "i32", "[](-4)"),
        ("lti", "i32", "1", "2", "i1", "[](1)"),
        ("ltei", "i32", "2", "2", "i1", "[](1)"),
        ("gti", "i32", "1", "2", "i1", "[](0)"),
        ("gtei", "i32", "1", "2", "i1", "[](0)"),
        ("eqi", "i32", "2", "2", "i1", "[](1)"),
        ("neqi", "i32", "2", "2", "i1", "[](0)"),
        ("addd", "f64", "0.5", "0.25", "f64", "[](0.75)"),
        ("subd", "f64", "0.5", "2.0", "f64", "[](-1.5)"),
        ("divd", "f64", "1.0", "3.0", "f64", "[](0.333333333333)"),
        ("divd", "f64", "1.0", "8.0", "f64", "[](0.125)"),
        // resd(a, b) is b modulo a: 3|¯7.5 = 1.5
        ("resd", "f64", "3.0", "-7.5", "f64", "[](1.5)"),
        ("powd", "f64", "2.0", "10.0", "f64", "[](1024.0)"),
        ("maxd", "f64", "2.0", "-10.0", "f64", "[](2.0)"),
        ("mind", "f64", "2.0", "-10.0", "f64", "[](-10.0)"),
        ("ltd", "f64", "2.0", "-10.0", "i1", "[](0)"),
        ("lted", "f64", "2.0", "2.0", "i1", "[](1)"),
        ("gtd", "f64", "2.0", "-10.0", "i1", "[](1)"),
        ("gted", "f64", "-2.0", "2.0", "i1", "[](0)"),
        ("eqd", "f64", "2.0", "2.0", "i1", "[](1)"),
        ("neqd", "f64", "2.0", "2.0", "i1", "[](0)"),
        ("andb", "i1", "true", "false", "i1", "[](0)"),
        ("orb", "i1", "true", "false", "i1", "[](1)"),
        ("xorb", "i1", "true", "true", "i1", "[](0)"),
        ("eqb", "i1", "false", "false", "i1", "[](1)"),
        ("norb", "i1", "false", "false", "i1", "[](1)"),
        ("ltc", "!tail.char", "65", "66", "i1", "[](1)"),
        ("ltec", "!tail.char", "66", "66", "i1", "[](1)"),
        ("gtc", "!tail.char", "65", "66", "i1", "[](0)"),
        ("gtec", "!tail.char", "65", "66", "i1", "[](0)"),
        ("eqc", "!tail.char", "65", "65", "i1", "[](1)"),
        ("neqc", "!tail.char", "65", "65", "i1", "[](0)"),
    ];
    for &(op, ty, x, y, rty, want) in cases {
        assert_eq!(scalar2(op, ty, x, y, rty), want, "{op} {x} {y}");
    }
}

/// `op x` with the given operand and result types.
fn scalar1(op: &str, ty: &str, x: &str, rty: &str) -> String {
    let cst = if ty == "i1" {
        format!("%x = tail.const {x}\n")
    } else {
        format!("%x = tail.const {x} : {ty}\n")
    };
    let sig = if ty == rty {
        ty.to_string()
    } else {
        format!("{ty} -> {rty}")
    };
    ok(
        rty,
        &(cst + &format!("%r = tail.{op} %x : {sig}\nreturn %r : {rty}")),
    )
}

#[test]
fn unary_scalar_primitives() {
    let cases: &[(&str, &str, &str, &str, &str)] = &[
        ("negi", "i32", "4", "i32", "[](-4)"),
        ("absi", "i32", "-4", "i32", "[](4)"),
        ("signi", "i32", "-4", "i32", "[](-1)"),
        ("signi", "i32", "0", "i32", "[](0)"),
        ("noti", "i32", "0", "i32", "[](-1)"),
        ("negd", "f64", "0.5", "f64", "[](-0.5)"),
        ("absd", "f64", "-0.5", "f64", "[](0.5)"),
        ("expd", "f64", "0.0", "f64", "[](1.0)"),
        ("ln", "f64", "1.0", "f64", "[](0.0)"),
        ("sin", "f64", "0.0", "f64", "[](0.0)"),
        ("cos", "f64", "0.0", "f64", "[](1.0)"),
        ("tan", "f64", "0.0", "f64", "[](0.0)"),
        ("asin", "f64", "1.0", "f64", "[](1.57079632679)"),
        ("acos", "f64", "1.0", "f64", "[](0.0)"),
        ("atan", "f64", "1.0", "f64", "[](0.785398163397)"),
        ("sinh", "f64", "0.0", "f64", "[](0.0)"),
        ("cosh", "f64", "0.0", "f64", "[](1.0)"),
        ("tanh", "f64", "0.0", "f64", "[](0.0)"),
        ("floor", "f64", "-2.5", "i32", "[](-3)"),
        ("ceil", "f64", "-2.5", "i32", "[](-2)"),
        ("signd", "f64", "-2.5", "i32", "[](-1)"),
        ("signd", "f64", "0.0", "i32", "[](0)"),
        ("i2d", "i32", "7", "f64", "[](7.0)"),
        ("b2i", "i1", "true", "i32", "[](1)"),
        ("notb", "i1", "true", "i1", "[](0)"),
        ("d2x", "f64", "2.0", "complex<f64>", "[](2.0j0.0)"),
    ];
    for &(op, ty, x, rty, want) in cases {
        assert_eq!(scalar1(op, ty, x, rty), want, "{op} {x}");
    }
}

#[test]
fn complex_primitives() {
    // z = 3j4, w = 1j2: z+w = 4j6, z-w = 2j2, z×w = (3-8)j(6+4) = ¯5j10, |z| = 5
    let z = "%a = tail.const 3.0 : f64\n%b = tail.const 4.0 : f64\n\
             %z = tail.injx %a, %b : f64 -> complex<f64>\n\
             %c = tail.const 1.0 : f64\n%d = tail.const 2.0 : f64\n\
             %w = tail.injx %c, %d : f64 -> complex<f64>\n";
    let bin = |op: &str| {
        ok(
            "complex<f64>",
            &format!("{z}%r = tail.{op} %z, %w : complex<f64>\nreturn %r : complex<f64>"),
        )
    };
    assert_eq!(bin("addx"), "[](4.0j6.0)");
    assert_eq!(bin("subx"), "[](2.0j2.0)");
    assert_eq!(bin("mulx"), "[](-5.0j10.0)");
    let un = |op: &str, rty: &str| {
        let sig = if rty == "complex<f64>" {
            rty.to_string()
        } else {
            format!("complex<f64> -> {rty}")
        };
        ok(
            rty,
            &format!("{z}%r = tail.{op} %z : {sig}\nreturn %r : {rty}"),
        )
    };
    assert_eq!(un("negx", "complex<f64>"), "[](-3.0j-4.0)");
    assert_eq!(un("conjx", "complex<f64>"), "[](3.0j-4.0)");
    assert_eq!(un("rex", "f64"), "[](3.0)");
    assert_eq!(un("imx", "f64"), "[](4.0)");
    assert_eq!(un("magnx", "f64"), "[](5.0)");
    // e^(0 + 0i) = 1
    let e = "%a = tail.const 0.0 : f64\n%z = tail.injx %a, %a : f64 -> complex<f64>\n\
             %r = tail.expx %z : complex<f64>\nreturn %r : complex<f64>";
    assert_eq!(ok("complex<f64>", e), "[](1.0j0.0)");
}

#[test]
fn pi_vector_and_rank0_coercions() {
    let b = "%p = tail.pi : f64\n%q = tail.prSclD %p : f64\n\
             %a = tail.const 1 : i32\n%b = tail.const 2 : i32\n\
             %v = tail.vector %a, %b : (i32, i32) -> !tail.vec<i32, 2>\n\
             %va = tail.vec_to_array %v : !tail.vec<i32, 2> to !tail.array<i32, 1>\n\
             %w = tail.prArrI %va : !tail.array<i32, 1>\n\
             %s = tail.scalar_to_array %a : i32 to !tail.array<i32, 0>\n\
             %t = tail.array_to_scalar %s : !tail.array<i32, 0> to i32\n\
             %m = tail.memScl %t : i32\n\
             return %m : i32";
    assert_eq!(ok("i32", b), "[](3.14159265359)\n[2](1,2)\n[](1)");
}

#[test]
fn read_int_and_double_vec_files() {
    let dir = std::env::temp_dir();
    let ip = dir.join(format!("tail-interp-{}-ints.txt", std::process::id()));
    let dp = dir.join(format!("tail-interp-{}-dbls.txt", std::process::id()));
    std::fs::write(&ip, "3 -1\n 4\n").unwrap();
    std::fs::write(&dp, "0.5 2").unwrap();
    let chars = |p: &std::path::Path| {
        let cs: Vec<String> = p
            .to_str()
            .unwrap()
            .chars()
            .map(|c| (c as u32).to_string())
            .collect();
        cs.join(", ")
    };
    let b = format!(
        "%ip = tail.lit [{}] : !tail.array<!tail.char, 1>\n\
         %dp = tail.lit [{}] : !tail.array<!tail.char, 1>\n\
         %i = tail.readIntVecFile %ip : (!tail.array<!tail.char, 1>) -> !tail.array<i32, 1>\n\
         %p = tail.prArrI %i : !tail.array<i32, 1>\n\
         %d = tail.readDoubleVecFile %dp : (!tail.array<!tail.char, 1>) -> !tail.array<f64, 1>\n\
         return %d : !tail.array<f64, 1>",
        chars(&ip),
        chars(&dp)
    );
    let r = ok("!tail.array<f64, 1>", &b);
    let _ = std::fs::remove_file(&ip);
    let _ = std::fs::remove_file(&dp);
    assert_eq!(r, "[3](3,-1,4)\n[2](0.5,2.0)");
}
