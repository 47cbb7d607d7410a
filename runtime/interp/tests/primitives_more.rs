//! More primitive tests: edge cases for scalar, array and I/O primitives that `primitives.rs`
//! covers with one case or not at all. Every expected value is worked out by hand from APL
//! semantics (Dybdal's thesis §3.1.3, apltail) or from the op's documentation, never taken
//! from the interpreter.

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
const D1: &str = "!tail.array<f64, 1>";
const S1: &str = "!tail.array<!tail.char, 1>";
const X: &str = "complex<f64>";

fn ret(v: &str, ty: &str) -> String {
    format!("return %{v} : {ty}")
}

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

/// `%name = re j im` as a complex constant.
fn cx(name: &str, re: &str, im: &str) -> String {
    format!(
        "%{name}_re = tail.const {re} : f64\n%{name}_im = tail.const {im} : f64\n\
         %{name} = tail.injx %{name}_re, %{name}_im : f64 -> {X}\n"
    )
}

/// A char-vector literal holding `s`.
fn chars(name: &str, s: &str) -> String {
    let cs: Vec<String> = s.chars().map(|c| (c as u32).to_string()).collect();
    format!("%{name} = tail.lit [{}] : {S1}\n", cs.join(", "))
}

/// Parses a printed scalar `[](v)` as a number.
fn scalar_value(printed: &str) -> f64 {
    printed
        .strip_prefix("[](")
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or_else(|| panic!("not a printed scalar: {printed}"))
        .parse()
        .unwrap_or_else(|e| panic!("not a number in {printed}: {e}"))
}

// ----- integer primitives ------------------------------------------------------------------

#[test]
fn shari_is_an_arithmetic_shift() {
    // shari(x, n) is x >> n with the sign bit copied, i.e. floor(x / 2^n):
    // floor(¯7 ÷ 2) = ¯4, floor(¯8 ÷ 8) = ¯1, floor(¯1 ÷ 2^31) = ¯1 (all ones stay all ones),
    // floor(5 ÷ 2) = 2, and a shift by 0 is the identity.
    assert_eq!(scalar2("shari", "i32", "-7", "1", "i32"), "[](-4)");
    assert_eq!(scalar2("shari", "i32", "-8", "3", "i32"), "[](-1)");
    assert_eq!(scalar2("shari", "i32", "-1", "31", "i32"), "[](-1)");
    assert_eq!(
        scalar2("shari", "i32", "-2147483648", "31", "i32"),
        "[](-1)"
    );
    assert_eq!(scalar2("shari", "i32", "5", "1", "i32"), "[](2)");
    assert_eq!(scalar2("shari", "i32", "-5", "0", "i32"), "[](-5)");
}

#[test]
fn signd_is_apl_signum() {
    // APL's × on doubles: ¯1, 0 for both zeros, 1 (apltail's evaluator would give 1 for 0.0;
    // the project follows APL, see the dialect's module docs).
    assert_eq!(scalar1("signd", "f64", "-0.5", "i32"), "[](-1)");
    assert_eq!(scalar1("signd", "f64", "0.0", "i32"), "[](0)");
    assert_eq!(scalar1("signd", "f64", "-0.0", "i32"), "[](0)");
    assert_eq!(scalar1("signd", "f64", "3.0e+10", "i32"), "[](1)");
}

#[test]
fn signi_of_negative_zero_positive() {
    // APL ×: ¯1 for negatives (i32::MIN included), 0 for 0, 1 for positives. apltail's
    // signi answers 1 for 0 (tail_exp.sml `if i >= 0 then 1 else ~1`, laila
    // `If(lti(x,0),~1,1)`), which the project treats as a bug.
    assert_eq!(scalar1("signi", "i32", "-7", "i32"), "[](-1)");
    assert_eq!(scalar1("signi", "i32", "-2147483648", "i32"), "[](-1)");
    assert_eq!(scalar1("signi", "i32", "0", "i32"), "[](0)");
    assert_eq!(scalar1("signi", "i32", "9", "i32"), "[](1)");
    assert_eq!(scalar1("signi", "i32", "2147483647", "i32"), "[](1)");
}

#[test]
fn maxi_of_negatives_equal_and_extremes() {
    // APL ⌈: ¯3 ⌈ ¯7 = ¯3, 5 ⌈ 5 = 5, (the smallest int) ⌈ ¯1 = ¯1.
    assert_eq!(scalar2("maxi", "i32", "-3", "-7", "i32"), "[](-3)");
    assert_eq!(scalar2("maxi", "i32", "-7", "-3", "i32"), "[](-3)");
    assert_eq!(scalar2("maxi", "i32", "5", "5", "i32"), "[](5)");
    assert_eq!(scalar2("maxi", "i32", "-2147483648", "-1", "i32"), "[](-1)");
}

#[test]
fn ltei_below_equal_above() {
    // APL ≤: 2 ≤ 3 is 1, 3 ≤ 3 is 1 (equality edge), 4 ≤ 3 is 0, ¯5 ≤ ¯6 is 0.
    assert_eq!(scalar2("ltei", "i32", "2", "3", "i1"), "[](1)");
    assert_eq!(scalar2("ltei", "i32", "3", "3", "i1"), "[](1)");
    assert_eq!(scalar2("ltei", "i32", "4", "3", "i1"), "[](0)");
    assert_eq!(scalar2("ltei", "i32", "-5", "-6", "i1"), "[](0)");
    assert_eq!(scalar2("ltei", "i32", "-6", "-5", "i1"), "[](1)");
}

// ----- booleans ----------------------------------------------------------------------------

#[test]
fn b2i_maps_false_to_0_and_true_to_1() {
    assert_eq!(scalar1("b2i", "i1", "true", "i32"), "[](1)");
    assert_eq!(scalar1("b2i", "i1", "false", "i32"), "[](0)");
}

#[test]
fn notb_negates() {
    // APL ~: ~0 = 1, ~1 = 0, and ~~1 = 1.
    assert_eq!(scalar1("notb", "i1", "false", "i1"), "[](1)");
    assert_eq!(scalar1("notb", "i1", "true", "i1"), "[](0)");
    let b = "%x = tail.const true\n%y = tail.notb %x : i1\n%r = tail.notb %y : i1\nreturn %r : i1";
    assert_eq!(ok("i1", b), "[](1)");
}

// ----- characters --------------------------------------------------------------------------

#[test]
fn gtec_compares_code_points() {
    // 'B' (66) ≥ 'A' (65) is 1, 'A' ≥ 'A' is 1 (equality edge), 'A' ≥ 'B' is 0,
    // 'a' (97) ≥ 'Z' (90) is 1.
    assert_eq!(scalar2("gtec", "!tail.char", "66", "65", "i1"), "[](1)");
    assert_eq!(scalar2("gtec", "!tail.char", "65", "65", "i1"), "[](1)");
    assert_eq!(scalar2("gtec", "!tail.char", "65", "66", "i1"), "[](0)");
    assert_eq!(scalar2("gtec", "!tail.char", "97", "90", "i1"), "[](1)");
}

// ----- doubles -----------------------------------------------------------------------------

#[test]
fn neqd_including_the_equality_edge() {
    // APL ≠: 0.1 ≠ 0.2 is 1, 2.5 ≠ 2.5 is 0, 0 ≠ ¯0 is 0 (they are equal numbers),
    // ¯1.5 ≠ 1.5 is 1.
    assert_eq!(scalar2("neqd", "f64", "0.1", "0.2", "i1"), "[](1)");
    assert_eq!(scalar2("neqd", "f64", "2.5", "2.5", "i1"), "[](0)");
    assert_eq!(scalar2("neqd", "f64", "0.0", "-0.0", "i1"), "[](0)");
    assert_eq!(scalar2("neqd", "f64", "-1.5", "1.5", "i1"), "[](1)");
}

#[test]
fn powd_fractional_negative_and_zero_exponents() {
    // APL ⋆ (x ⋆ y = x^y): 4 ⋆ 0.5 = 2, 2 ⋆ ¯1 = 0.5, 0 ⋆ 0 = 1 (APL), 7 ⋆ 0 = 1,
    // ¯2 ⋆ 3 = ¯8, 2 ⋆ 0.5 = √2 = 1.41421356237… (12 significant digits printed).
    assert_eq!(scalar2("powd", "f64", "4.0", "0.5", "f64"), "[](2.0)");
    assert_eq!(scalar2("powd", "f64", "2.0", "-1.0", "f64"), "[](0.5)");
    assert_eq!(scalar2("powd", "f64", "0.0", "0.0", "f64"), "[](1.0)");
    assert_eq!(scalar2("powd", "f64", "7.0", "0.0", "f64"), "[](1.0)");
    assert_eq!(scalar2("powd", "f64", "-2.0", "3.0", "f64"), "[](-8.0)");
    assert_eq!(
        scalar2("powd", "f64", "2.0", "0.5", "f64"),
        "[](1.41421356237)"
    );
}

#[test]
fn tanh_is_odd_and_saturates() {
    // tanh 1 = (e² − 1)/(e² + 1) = 6.389056…/8.389056… = 0.761594155956 (12 digits);
    // tanh is odd, so tanh ¯1 = ¯0.761594155956; tanh 20 = 1 − 8.5e¯18, which is 1 at 12 digits.
    assert_eq!(scalar1("tanh", "f64", "1.0", "f64"), "[](0.761594155956)");
    assert_eq!(scalar1("tanh", "f64", "-1.0", "f64"), "[](-0.761594155956)");
    assert_eq!(scalar1("tanh", "f64", "20.0", "f64"), "[](1.0)");
}

// ----- complex -----------------------------------------------------------------------------

#[test]
fn d2x_has_a_zero_imaginary_part() {
    assert_eq!(scalar1("d2x", "f64", "-1.5", X), "[](-1.5j0.0)");
    assert_eq!(scalar1("d2x", "f64", "0.25", X), "[](0.25j0.0)");
}

#[test]
fn conjx_negates_the_imaginary_part() {
    // conj(¯1j2) = ¯1j¯2, conj(0.5j¯3) = 0.5j3.
    let b = cx("z", "-1.0", "2.0") + &format!("%r = tail.conjx %z : {X}\n") + &ret("r", X);
    assert_eq!(ok(X, &b), "[](-1.0j-2.0)");
    let b = cx("z", "0.5", "-3.0") + &format!("%r = tail.conjx %z : {X}\n") + &ret("r", X);
    assert_eq!(ok(X, &b), "[](0.5j3.0)");
}

#[test]
fn magnx_is_the_euclidean_norm() {
    // |¯5j12| = √(25 + 144) = 13, |0j¯2| = 2, |1j1| = √2 = 1.41421356237.
    let m = |re: &str, im: &str| {
        ok(
            "f64",
            &(cx("z", re, im) + &format!("%r = tail.magnx %z : {X} -> f64\n") + &ret("r", "f64")),
        )
    };
    assert_eq!(m("-5.0", "12.0"), "[](13.0)");
    assert_eq!(m("0.0", "-2.0"), "[](2.0)");
    assert_eq!(m("1.0", "1.0"), "[](1.41421356237)");
}

#[test]
fn mulx_multiplies_complex_numbers() {
    // (a+bi)(c+di) = (ac − bd) + (ad + bc)i:
    // i × i = ¯1 + 0i; (1+i)(1−i) = (1+1) + (¯1+1)i = 2 + 0i;
    // (2+3i)(¯1+4i) = (¯2 − 12) + (8 − 3)i = ¯14 + 5i.
    let m = |a: (&str, &str), b: (&str, &str)| {
        ok(
            X,
            &(cx("z", a.0, a.1)
                + &cx("w", b.0, b.1)
                + &format!("%r = tail.mulx %z, %w : {X}\n")
                + &ret("r", X)),
        )
    };
    assert_eq!(m(("0.0", "1.0"), ("0.0", "1.0")), "[](-1.0j0.0)");
    assert_eq!(m(("1.0", "1.0"), ("1.0", "-1.0")), "[](2.0j0.0)");
    assert_eq!(m(("2.0", "3.0"), ("-1.0", "4.0")), "[](-14.0j5.0)");
}

// ----- rotate / vrotate --------------------------------------------------------------------

fn rot(op: &str, n: i32, input: &str, ty: &str) -> String {
    format!("%n = tail.const {n} : i32\n%r = tail.{op} %n, %{input} : (i32, {ty}) -> {ty}\nreturn %r : {ty}")
}

#[test]
fn rotate_rank2_negative_and_over_length() {
    // `rotate` is APL ⌽, along the LAST axis (the op's doc): each result row holds
    // row[(j + n) mod 3] at column j (0-based). Rows 1 2 3 / 4 5 6:
    //   n = ¯1: 3 1 2 / 6 4 5;  n = 4 ≡ 1 (mod 3): 2 3 1 / 5 6 4;
    //   n = ¯4 ≡ 2 (mod 3): 3 1 2 / 6 4 5;  n = 6 ≡ 0: unchanged.
    let t = |n: i32| {
        ok(
            A2,
            &(im("m", &[2, 3], &[1, 2, 3, 4, 5, 6]) + &rot("rotate", n, "m", A2)),
        )
    };
    assert_eq!(t(-1), "\n 3 1 2\n 6 4 5\n");
    assert_eq!(t(4), "\n 2 3 1\n 5 6 4\n");
    assert_eq!(t(-4), "\n 3 1 2\n 6 4 5\n");
    assert_eq!(t(6), "\n 1 2 3\n 4 5 6\n");
}

#[test]
fn vrotate_rank2_negative_and_over_length() {
    // `vrotate` is APL ⊖, along the FIRST axis (the op's doc): result row i is input row
    // (i + n) mod 3. Rows r1 = 1 2, r2 = 3 4, r3 = 5 6:
    //   n = ¯4 ≡ 2 (mod 3): r3 r1 r2;  n = 4 ≡ 1: r2 r3 r1;  n = 3 ≡ 0: unchanged.
    let t = |n: i32| {
        ok(
            A2,
            &(im("m", &[3, 2], &[1, 2, 3, 4, 5, 6]) + &rot("vrotate", n, "m", A2)),
        )
    };
    assert_eq!(t(-4), "\n 5 6\n 1 2\n 3 4\n");
    assert_eq!(t(4), "\n 3 4\n 5 6\n 1 2\n");
    assert_eq!(t(3), "\n 1 2\n 3 4\n 5 6\n");
}

#[test]
fn vrotate_of_a_vector_rotates_its_only_axis() {
    // On a vector the first axis is the only one: ⊖ by ¯1 on 1 2 3 4 is 4 1 2 3.
    let b = iv("v", &[1, 2, 3, 4]) + &rot("vrotate", -1, "v", A1);
    assert_eq!(ok(A1, &b), "[4](4,1,2,3)");
}

// ----- grades ------------------------------------------------------------------------------

fn grade(op: &str, input: &str, ty: &str) -> String {
    format!("%r = tail.{op} %{input} : ({ty}) -> {A1}\n") + &ret("r", A1)
}

#[test]
fn grade_up_is_one_based_and_stable() {
    // ⍋ 5 2 5 1 2: 1 is at 4, the two 2s at 2 then 5, the two 5s at 1 then 3 → 4 2 5 1 3.
    let b = iv("v", &[5, 2, 5, 1, 2]) + &grade("gradeUp", "v", A1);
    assert_eq!(ok(A1, &b), "[5](4,2,5,1,3)");
    // ⍋ ⍬ is ⍬; all equal keeps the original order: ⍋ 7 7 7 = 1 2 3.
    assert_eq!(
        ok(A1, &(iv("v", &[]) + &grade("gradeUp", "v", A1))),
        "[0]()"
    );
    let b = iv("v", &[7, 7, 7]) + &grade("gradeUp", "v", A1);
    assert_eq!(ok(A1, &b), "[3](1,2,3)");
    // doubles: ⍋ 0.5 ¯1.5 0.5 2 = 2 1 3 4.
    let b = format!("%v = tail.lit [0.5, -1.5, 0.5, 2.0] : {D1}\n") + &grade("gradeUp", "v", D1);
    assert_eq!(ok(A1, &b), "[4](2,1,3,4)");
}

#[test]
fn grade_down_is_one_based_and_stable() {
    // ⍒ 5 2 5 1 2: the two 5s at 1 then 3, the two 2s at 2 then 5, then 1 at 4 → 1 3 2 5 4
    // (ties keep their original order, so this is not the reverse of ⍋).
    let b = iv("v", &[5, 2, 5, 1, 2]) + &grade("gradeDown", "v", A1);
    assert_eq!(ok(A1, &b), "[5](1,3,2,5,4)");
    let b = iv("v", &[7, 7, 7]) + &grade("gradeDown", "v", A1);
    assert_eq!(ok(A1, &b), "[3](1,2,3)");
    // doubles: ⍒ 0.5 ¯1.5 0.5 2 = 4 1 3 2.
    let b = format!("%v = tail.lit [0.5, -1.5, 0.5, 2.0] : {D1}\n") + &grade("gradeDown", "v", D1);
    assert_eq!(ok(A1, &b), "[4](4,1,3,2)");
}

// ----- formatD / readFile ------------------------------------------------------------------

fn format_d(x: &str) -> String {
    ok(
        "f64",
        &(format!("%x = tail.const {x} : f64\n")
            + &format!("%r = tail.formatD %x : (f64) -> {S1}\n%p = tail.prArrC %r : {S1}\n")
            + &ret("x", "f64")),
    )
}

#[test]
fn format_d_gives_apltail_text() {
    // formatD is apltail's pr_double, not APL ⍕: a plain "-", ".0" kept on integral values,
    // 12 significant digits (MLton's Real.toString): ÷3 is "0.333333333333".
    assert_eq!(format_d("-2.5"), "-2.5\n[](-2.5)");
    assert_eq!(format_d("0.125"), "0.125\n[](0.125)");
    assert_eq!(format_d("3.0"), "3.0\n[](3.0)");
    let b = format!(
        "%a = tail.const 1.0 : f64\n%b = tail.const 3.0 : f64\n%x = tail.divd %a, %b : f64\n\
         %r = tail.formatD %x : (f64) -> {S1}\n"
    ) + &ret("r", S1);
    assert_eq!(ok(S1, &b), "0.333333333333");
}

#[test]
fn read_file_returns_the_text_as_chars() {
    let p = std::env::temp_dir().join(format!(
        "tail-interp-{}-readfile-more.txt",
        std::process::id()
    ));
    let text = "ab c\n12 ¯3\n";
    std::fs::write(&p, text).unwrap();
    let b = chars("p", p.to_str().unwrap())
        + &format!("%r = tail.readFile %p : ({S1}) -> {S1}\n")
        + &ret("r", S1);
    let r = ok(S1, &b);
    let _ = std::fs::remove_file(&p);
    // A char vector prints as its text, so the result is the file's contents verbatim.
    assert_eq!(r, text);
    // Its length is the number of characters: "ab c" (4) + "\n" + "12 ¯3" (5) + "\n" = 11.
    std::fs::write(&p, text).unwrap();
    let b = chars("p", p.to_str().unwrap())
        + &format!("%r = tail.readFile %p : ({S1}) -> {S1}\n")
        + &format!("%s = tail.shape %r : ({S1}) -> !tail.vec<i32, 1>\n")
        + "return %s : !tail.vec<i32, 1>";
    let r = ok("!tail.vec<i32, 1>", &b);
    let _ = std::fs::remove_file(&p);
    assert_eq!(r, "[1](11)");
}

#[test]
fn read_file_of_a_missing_file_is_an_error() {
    let p = std::env::temp_dir().join(format!(
        "tail-interp-{}-no-such-file.txt",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&p);
    let b = chars("p", p.to_str().unwrap())
        + &format!("%r = tail.readFile %p : ({S1}) -> {S1}\n")
        + &ret("r", S1);
    let e = fails(S1, &b);
    assert!(e.starts_with("'tail.readFile' op"), "{e}");
}

// ----- roll / now --------------------------------------------------------------------------

#[test]
fn roll_is_in_range() {
    // The op's doc: `roll n` is a random double in [0, n), and `roll 0` in [0, 1).
    let roll = |n: i32| {
        let b = c("n", n) + "%r = tail.roll %n : i32 -> f64\n" + &ret("r", "f64");
        scalar_value(&ok("f64", &b))
    };
    for _ in 0..3 {
        let u = roll(0);
        assert!((0.0..1.0).contains(&u), "roll 0 gave {u}");
        let v = roll(10);
        assert!((0.0..10.0).contains(&v), "roll 10 gave {v}");
    }
    // Several rolls in one program are each in range.
    let b = c("n", 0)
        + "%a = tail.roll %n : i32 -> f64\n%p = tail.prSclD %a : f64\n\
           %r = tail.roll %n : i32 -> f64\n"
        + &ret("r", "f64");
    let out = ok("f64", &b);
    for line in out.lines() {
        let u = scalar_value(line);
        assert!((0.0..1.0).contains(&u), "roll 0 gave {u}");
    }
}

#[test]
fn nowi_is_non_negative_and_monotone() {
    // apltail's `nowi(0)`: milliseconds since the program started. Two readings around a
    // computation: both non-negative, the later one not smaller, and their difference printed
    // through an int subtraction stays non-negative too.
    let b = c("z", 0)
        + "%t0 = tail.nowi %z : i32\n%p0 = tail.prSclI %t0 : i32\n"
        + &c("n", 20000)
        + "%v = tail.iota %n : (i32) -> !tail.array<i32, 1>\n\
           %s = tail.reduce %z, %v : (i32, !tail.array<i32, 1>) -> i32 {\n\
           ^bb0(%x: i32, %y: i32):\n  %m = tail.addi %x, %y : i32\n  tail.yield %m : i32\n}\n\
           %p1 = tail.prSclI %s : i32\n\
           %t1 = tail.nowi %z : i32\n%p2 = tail.prSclI %t1 : i32\n\
           %d = tail.subi %t1, %t0 : i32\n"
        + &ret("d", "i32");
    let out = ok("i32", &b);
    let vals: Vec<f64> = out.lines().map(scalar_value).collect();
    assert_eq!(vals.len(), 4, "{out}");
    let (t0, sum, t1, d) = (vals[0], vals[1], vals[2], vals[3]);
    assert_eq!(
        sum,
        (20000.0 * 20001.0 / 2.0) as i32 as f64,
        "the work in between ran"
    );
    assert!(t0 >= 0.0, "nowi gave {t0}");
    assert!(t1 >= t0, "nowi went back in time: {t0} then {t1}");
    assert_eq!(d, t1 - t0);
    for t in [t0, t1] {
        assert_eq!(t, t.trunc(), "nowi is an int");
    }
}

#[test]
fn nowi_of_a_non_zero_argument_is_an_error() {
    // apltail evaluates `nowi` only at 0 (`Ib 0 => …`, `Now (IntV 0)`); anything else fails.
    let b = c("z", 3) + "%r = tail.nowi %z : i32\n" + &ret("r", "i32");
    let e = fails("i32", &b);
    assert!(e.contains("'tail.nowi' op expects the argument 0"), "{e}");
    assert!(e.contains("but got 3"), "{e}");
}

#[test]
fn bench_iterates_like_power_scl() {
    // `bench(f, n, x)` = f^n(x): 5 doublings of 3 = 96; 0 iterations give x.
    let body = |n: i32| {
        c("n", n)
            + &c("x", 3)
            + "%r = tail.bench %n, %x : (i32, i32) -> i32 {\n\
               ^bb0(%y: i32):\n  %two = tail.const 2 : i32\n  %m = tail.muli %y, %two : i32\n  tail.yield %m : i32\n}\n"
            + &ret("r", "i32")
    };
    assert_eq!(ok("i32", &body(5)), "[](96)");
    assert_eq!(ok("i32", &body(0)), "[](3)");
}
