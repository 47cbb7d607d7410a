//! Elaboration of APL into the `tail` dialect, run on the reference interpreter.
//!
//! Every expected value here was worked out by hand from APL's semantics (and, for the seed
//! programs, from the thesis), never taken from the compiler's own output.

use tail_ir::Context;

/// Compiles and runs `src`; returns the printed output followed by the final value's line.
fn run(src: &str) -> String {
    match try_run(src) {
        Ok(s) => s,
        Err(e) => panic!("program failed:\n{src}\n{e}"),
    }
}

fn try_run(src: &str) -> Result<String, String> {
    let mut ctx = Context::new();
    let m = tail_apl::compile(&mut ctx, "t.apl", src).map_err(|d| ctx.render_diagnostic(&d))?;
    let mut out = Vec::new();
    let v = tail_interp::run_module(&ctx, m, &mut out).map_err(|d| ctx.render_diagnostic(&d))?;
    let mut s = String::from_utf8(out).expect("utf-8 output");
    s.push_str(&tail_interp::format_value(&v));
    Ok(s)
}

/// The rendered compile error of `src` (the test fails if it compiles).
fn error(src: &str) -> String {
    let mut ctx = Context::new();
    match tail_apl::compile(&mut ctx, "t.apl", src) {
        Ok(_) => panic!("expected a compile error for:\n{src}"),
        Err(d) => ctx.render_diagnostic(&d),
    }
}

/// The final value of `src` (the last line of its output).
fn value(src: &str) -> String {
    run(src).lines().last().unwrap_or_default().to_string()
}

// ----- seed programs -------------------------------------------------------------------------

#[test]
fn sum_of_dfn_over_iota() {
    // 6 + 7 + … + 35 = 30·41/2
    assert_eq!(value("+/ {5+⍵} ⍳ 30"), "[](615.0)");
}

#[test]
fn primes_below_100() {
    // 2+3+5+…+97 = 1060
    assert_eq!(value("A←1↓⍳100\n+/(1=+⌿0=A∘.|A)/A"), "[](1060.0)");
}

#[test]
fn thesis_fig35_builtin_inner_product() {
    // A = 3 2⍴1 2 3 4 5 1; R = A+.×⍉A = [[5,11,7],[11,25,19],[7,19,26]];
    // row sums 23 55 52, product 65780.
    assert_eq!(
        value("A ← 3 2 ⍴ ⍳ 5\nB ← ⍉ A\nR ← A +.× B\n×/ +/ R"),
        "[](65780.0)"
    );
}

#[test]
fn thesis_fig35_dot_operator() {
    let src = "dot ← { ⍝: (κ→κ→κ)→(κ→κ→κ)→[κ](ρ1+1)→[κ](ρ2+1)→[κ](ρ1+ρ2)
  WA ← (1↓⍴⍵),⍴⍺ ⋄ KA ← (⊃⍴⍴⍺)-1 ⋄ VA ← ⍳⊃⍴WA ⋄ ZA ← (KA⌽¯1↓VA),¯1↑VA
  TA ← ZA⍉WA⍴⍺
  WB ← (¯1↓⍴⍺),⍴⍵ ⋄ KB ← ⊃⍴⍴⍺ ⋄ VB ← ⍳⊃⍴WB
  ZB0 ← (-KB)↓KB⌽⍳(⊃⍴VB) ⋄ ZB ← (¯1↓(⍳KB)),ZB0,KB
  TB ← ZB⍉WB⍴⍵
  ⍺⍺ / TA ⍵⍵ TB }
A ← 3 2 ⍴ ⍳ 5 ⋄ B ← ⍉ A ⋄ R ← A +dot× B ⋄ R2 ← ×/ +/ R
R2";
    assert_eq!(value(src), "[](65780.0)");
}

#[test]
fn signal_example_3_1() {
    // Computed from the definition: +/ ¯50⌈50⌊50×(diff 0,v)÷0.01+v on the thesis' vector.
    let src = "diff ← {1↓⍵-¯1⌽⍵}
signal ← {¯50⌈50⌊50×(diff 0,⍵)÷0.01+⍵}
+/ signal 9 8 6 8 7 4 4 3 2 2 1 2 4 5 6";
    assert_eq!(value(src), "[](-27.8704660001)");
}

// ----- primitives ----------------------------------------------------------------------------

#[test]
fn scalar_functions_and_extension() {
    assert_eq!(run("⎕←1 2 3+10\n0"), "[3](11,12,13)\n[](0.0)");
    assert_eq!(run("⎕←2×1.5 2\n0"), "[2](3.0,4.0)\n[](0.0)");
    assert_eq!(run("⎕←10-1 2 3\n0"), "[3](9,8,7)\n[](0.0)");
    assert_eq!(run("⎕←1 2 3×4 5 6\n0"), "[3](4,10,18)\n[](0.0)");
    assert_eq!(run("⎕←7÷2\n0"), "[](3.5)\n[](0.0)");
    assert_eq!(run("⎕←3|7 ¯7\n0"), "[2](1,2)\n[](0.0)");
    assert_eq!(run("⎕←3⌈1 5\n⎕←3⌊1 5\n0"), "[2](3,5)\n[2](1,3)\n[](0.0)");
    assert_eq!(run("⎕←⌊2.5 ¯2.5\n⎕←⌈2.5\n0"), "[2](2,-3)\n[](3)\n[](0.0)");
    assert_eq!(
        run("⎕←×¯3 0 2\n⎕←|¯4\n⎕←-5\n0"),
        "[3](-1,0,1)\n[](4)\n[](-5)\n[](0.0)"
    );
    assert_eq!(run("⎕←2⋆10\n0"), "[](1024.0)\n[](0.0)");
    assert_eq!(
        run("⎕←1 2 3<2\n⎕←1 2 3=2\n0"),
        "[3](1,0,0)\n[3](0,1,0)\n[](0.0)"
    );
    assert_eq!(
        run("⎕←~1 0\n⎕←1 0∧1 1\n⎕←1 0∨0 0\n0"),
        "[2](0,1)\n[2](1,0)\n[2](1,0)\n[](0.0)"
    );
    assert_eq!(run("⎕←'abc'='abd'\n0"), "[3](1,1,0)\n[](0.0)");
}

#[test]
fn literals_zero_and_one_are_booleans() {
    // apltail: 0 and 1 are booleans; a strand of them is a boolean vector, mixing in other
    // integers makes an int vector; booleans add as ints.
    assert_eq!(
        run("⎕←1 0 1\n⎕←1 0 2\n⎕←1+1\n0"),
        "[3](1,0,1)\n[3](1,0,2)\n[](2)\n[](0.0)"
    );
}

#[test]
fn structural_primitives() {
    assert_eq!(run("⎕←⍴2 3⍴⍳6\n0"), "[2](2,3)\n[](0.0)");
    assert_eq!(run("⎕←5⍴1 2\n0"), "[5](1,2,1,2,1)\n[](0.0)");
    assert_eq!(run("⎕←,2 2⍴⍳4\n0"), "[4](1,2,3,4)\n[](0.0)");
    assert_eq!(
        run("⎕←1 2,3 4 5\n⎕←0,1 2\n⎕←1 2,3\n0"),
        "[5](1,2,3,4,5)\n[3](0,1,2)\n[3](1,2,3)\n[](0.0)"
    );
    assert_eq!(
        run("⎕←2↑5 6 7\n⎕←¯2↑5 6 7\n⎕←5↑1 2\n0"),
        "[2](5,6)\n[2](6,7)\n[5](1,2,0,0,0)\n[](0.0)"
    );
    assert_eq!(
        run("⎕←1↓5 6 7\n⎕←¯1↓5 6 7\n0"),
        "[2](6,7)\n[2](5,6)\n[](0.0)"
    );
    assert_eq!(
        run("⎕←⌽1 2 3\n⎕←1⌽1 2 3\n⎕←¯1⌽1 2 3\n0"),
        "[3](3,2,1)\n[3](2,3,1)\n[3](3,1,2)\n[](0.0)"
    );
    assert_eq!(
        run("⎕←⊃4 5 6\n⎕←≢4 5 6\n⎕←≢2 7⍴0\n0"),
        "[](4)\n[](3)\n[](2)\n[](0.0)"
    );
    assert_eq!(
        run("⎕←⍋3 1 2\n⎕←⍒3 1 2\n0"),
        "[3](2,3,1)\n[3](1,3,2)\n[](0.0)"
    );
    assert_eq!(
        run("⎕←1 0 1/4 5 6\n⎕←1 2 0/4 5 6\n0"),
        "[2](4,6)\n[3](4,5,5)\n[](0.0)"
    );
    // ⍉ of a 2×3 matrix, then ravel: 1 4 2 5 3 6.
    assert_eq!(run("⎕←,⍉2 3⍴⍳6\n0"), "[6](1,4,2,5,3,6)\n[](0.0)");
    // 2 1⍉ is the ordinary transpose; ⊖ reverses the rows.
    assert_eq!(
        run("⎕←,2 1⍉2 3⍴⍳6\n⎕←,⊖2 2⍴⍳4\n0"),
        "[6](1,4,2,5,3,6)\n[4](3,4,1,2)\n[](0.0)"
    );
    // ⍪ of two 1×2 matrices gives the 2×2 matrix 1 2 3 4.
    assert_eq!(run("⎕←,(1 2⍴1 2)⍪1 2⍴3 4\n0"), "[4](1,2,3,4)\n[](0.0)");
}

#[test]
fn format_and_strings() {
    assert_eq!(run("⎕←'n=',⍕7\n⎕←⍴⍕12345\n0"), "n=7\n[1](5)\n[](0.0)");
    assert_eq!(run("⎕←'x'\n0"), "[](x)\n[](0.0)");
}

#[test]
fn complex_numbers() {
    assert_eq!(run("⎕←3J4+1\n⎕←|3J4\n0"), "[](4.0j4.0)\n[](5.0)\n[](0.0)");
}

#[test]
fn int32_system_functions() {
    // 12 = 1100b, 10 = 1010b
    assert_eq!(
        run("⎕←12 ⎕INT32AND 10\n⎕←12 ⎕INT32OR 10\n⎕←12 ⎕INT32XOR 10\n⎕←1 ⎕INT32SHL 4\n0"),
        "[](8)\n[](14)\n[](6)\n[](16)\n[](0.0)"
    );
}

#[test]
fn identity_items_of_empty_reductions() {
    assert_eq!(value("+/⍬"), "[](0.0)");
    assert_eq!(value("×/⍬"), "[](1.0)");
    assert_eq!(value("⌊/⍬"), "[](2147483647.0)");
    assert_eq!(value("⌈/⍬"), "[](-2147483648.0)");
    assert_eq!(value("∧/⍬"), "[](1.0)");
    assert_eq!(value("∨/⍬"), "[](0.0)");
    // An empty vector computed at run time uses the same items.
    assert_eq!(value("n←0×⍳3\n+/(+/n)↑⍳3"), "[](0.0)");
    assert_eq!(value("n←0×⍳3\n×/(+/n)↑⍳3"), "[](1.0)");
}

// ----- operators -----------------------------------------------------------------------------

#[test]
fn reduce_and_scan() {
    // Right fold: 1-(2-(3-4)) = -2.
    assert_eq!(value("-/1 2 3 4"), "[](-2.0)");
    assert_eq!(run("⎕←+\\1 2 3 4\n0"), "[4](1,3,6,10)\n[](0.0)");
    // Rows of 2 3⍴⍳6: 6 15; columns: 5 7 9.
    assert_eq!(
        run("⎕←+/2 3⍴⍳6\n⎕←+⌿2 3⍴⍳6\n0"),
        "[2](6,15)\n[3](5,7,9)\n[](0.0)"
    );
    // A dfn operand without an identity item still folds correctly: 1×3×5, 2×4×6.
    assert_eq!(run("⎕←{⍺×⍵}⌿3 2⍴⍳6\n0"), "[2](15,48)\n[](0.0)");
    // ÷/ on ints works on doubles: 8÷(4÷2) = 4.
    assert_eq!(value("÷/8 4 2"), "[](4.0)");
    // +/ on booleans counts.
    assert_eq!(value("+/1 0 1 1"), "[](3.0)");
}

#[test]
fn each_outer_inner() {
    assert_eq!(run("⎕←{⍵×⍵}¨1 2 3\n0"), "[3](1,4,9)\n[](0.0)");
    // (1+2)×(1+2+3) = 18.
    assert_eq!(value("+/,1 2∘.×1 2 3"), "[](18.0)");
    assert_eq!(run("⎕←,1 2∘.+10 20\n0"), "[4](11,21,12,22)\n[](0.0)");
    // 4+10+18 = 32.
    assert_eq!(value("1 2 3+.×4 5 6"), "[](32.0)");
    // (2 2⍴1 2 3 4)+.×2 2⍴5 6 7 8 = 19 22 43 50.
    assert_eq!(
        run("⎕←,(2 2⍴1 2 3 4)+.×2 2⍴5 6 7 8\n0"),
        "[4](19,22,43,50)\n[](0.0)"
    );
    // ⌈.+ on vectors: max(1+3, 2+1) = 4.
    assert_eq!(value("1 2⌈.+3 1"), "[](4.0)");
}

#[test]
fn power_compose_commute() {
    assert_eq!(value("({⍵×2}⍣10) 1"), "[](1024.0)");
    assert_eq!(run("⎕←({1+⍵}⍣3) 1 2\n0"), "[2](4,5)\n[](0.0)");
    // The state widens to double: 1÷2÷2 = 0.25.
    assert_eq!(value("({⍵÷2}⍣2) 1"), "[](0.25)");
    // Power over a tuple: three steps of (a, v) ↦ (1+a, 2×v) from (0, 1 2).
    assert_eq!(
        value("t←({(1+⍵[1]) (2×⍵[2])}⍣3) 0 (1 2)\nt[1]++/t[2]"),
        "[](27.0)"
    );
    assert_eq!(value("(2∘×) 5"), "[](10.0)");
    assert_eq!(value("(-∘1) 5"), "[](4.0)");
    assert_eq!(value("2 -⍨ 5"), "[](3.0)");
    assert_eq!(value("+⍨ 4"), "[](8.0)");
    assert_eq!(value("({⍵+1}∘{⍵×10}) 2"), "[](21.0)");
}

#[test]
fn user_operators_and_trains() {
    assert_eq!(value("twice ← {⍺⍺ ⍺⍺ ⍵}\n({⍵×3} twice) 2"), "[](18.0)");
    assert_eq!(value("(+/÷≢) 1 2 3 4"), "[](2.5)");
    // (3+1)×(3-1)
    assert_eq!(value("3 (+×-) 1"), "[](8.0)");
    // Atop: -(3+4)
    assert_eq!(value("3 (-+) 4"), "[](-7.0)");
}

// ----- names, indexing, tuples ---------------------------------------------------------------

#[test]
fn indexing() {
    assert_eq!(value("M←3 3⍴⍳9\nM[2;3]"), "[](6.0)");
    assert_eq!(
        run("M←3 3⍴⍳9\n⎕←M[;2]\n⎕←M[3;]\n0"),
        "[3](2,5,8)\n[3](7,8,9)\n[](0.0)"
    );
    assert_eq!(run("v←30 10 20\n⎕←v[⍋v]\n0"), "[3](10,20,30)\n[](0.0)");
    assert_eq!(value("c←1 (2 3) 4\n+/c[2]"), "[](5.0)");
}

#[test]
fn indexed_assignment_keeps_value_semantics() {
    assert_eq!(
        run("v←1 2 3\nw←v\nv[2]←10\n⎕←v\n⎕←w\n0"),
        "[3](1,10,3)\n[3](1,2,3)\n[](0.0)"
    );
}

// ----- annotations ---------------------------------------------------------------------------

#[test]
fn annotations_accept_and_coerce() {
    let src = "diff ← { ⍝: <κ>(ρ+1) → <κ>ρ
  1↓⍵-¯1⌽⍵ }
signal ← { ⍝: <double>ρ → <double>ρ
  ¯50⌈50⌊50×(diff 0,⍵)÷0.01+⍵ }
+/ signal 9 8 6 8 7 4 4 3 2 2 1 2 4 5 6";
    assert_eq!(value(src), "[](-27.8704660001)");
    // An int argument is coerced to the annotated double.
    assert_eq!(value("f ← { ⍝: double → double\n ⍵÷2 }\nf 3"), "[](1.5)");
}

#[test]
fn annotation_mismatches_are_located() {
    let e = error("f ← { ⍝: [int]2 → int\n +/,⍵ }\nf 1 2 3");
    assert!(e.starts_with("t.apl:3:1: error: "), "{e}");
    assert!(e.contains("does not match its annotation"), "{e}");
    assert!(e.contains("t.apl:1:"), "note at the annotation: {e}");
    // Rank arithmetic: <κ>(ρ+1) → <κ>ρ, but the body keeps the length.
    let e = error("g ← { ⍝: <κ>(ρ+1) → <κ>ρ\n ⍵ }\ng 1 2 3");
    assert!(e.contains("does not match its annotation"), "{e}");
    // A double result where an int is annotated.
    let e = error("h ← { ⍝: int → int\n ⍵÷2 }\nh 3");
    assert!(e.contains("result of 'h'"), "{e}");
}

// ----- diagnostics ---------------------------------------------------------------------------

#[test]
fn valence_errors() {
    let e = error("f ← {⍺+⍵}\nf 3");
    assert!(
        e.starts_with("t.apl:2:1: error: 'f' uses ⍺ but is applied monadically"),
        "{e}"
    );
    assert!(e.contains("f 3\n^"), "{e}");
    let e = error("2 {⍵+1} 3");
    assert!(e.contains("applied dyadically"), "{e}");
}

#[test]
fn static_rank_errors() {
    let e = error("1 2 3⍉2 2⍴1");
    assert!(
        e.starts_with("t.apl:1:6: error: rank error: dyadic ⍉"),
        "{e}"
    );
    let e = error("1 1⍉2 2⍴1");
    assert!(e.contains("permutation"), "{e}");
    let e = error("(2 2⍴1)+1 2 3");
    assert!(e.contains("rank error"), "{e}");
    let e = error("c←1 (2 3)\n+/c");
    assert!(e.contains("tuple"), "{e}");
    let e = error("M←2 2⍴1\nM[1]");
    assert!(e.contains("rank error: 1 indices"), "{e}");
}

#[test]
fn unsupported_constructs_are_named() {
    let e = error("2⌷1 2 3");
    assert!(e.contains("unsupported primitive: dyadic ⌷ (index)"), "{e}");
    for (src, name) in [
        ("2⍟8", "dyadic ⍟ (logarithm)"),
        ("3?10", "dyadic ? (deal)"),
        ("⌹2 2⍴1 2 3 4", "monadic ⌹ (matrix inverse)"),
        ("⍸1 0 1", "monadic ⍸ (where)"),
    ] {
        let e = error(src);
        assert!(
            e.contains(&format!("unsupported primitive: {name}")),
            "{src}: {e}"
        );
    }
    let e = error("{⍵ ⍵}¨1 2");
    assert!(e.contains("nested arrays are not supported"), "{e}");
    let e = error("⎕←⍳2 2");
    assert!(e.contains("⍳ (iota) expects an integer scalar"), "{e}");
}

#[test]
fn program_value_must_be_a_numeric_scalar() {
    let e = error("1 2 3");
    assert!(e.contains("must be a numeric scalar"), "{e}");
    assert_eq!(value("1"), "[](1.0)");
    assert_eq!(value("2.5"), "[](2.5)");
}

#[test]
fn malformed_input_never_panics() {
    for src in [
        "",
        "(",
        "{",
        "⍺",
        "⍵⍵",
        "1 2⍴",
        "+/",
        "x[",
        "⎕←",
        "f←{⍺⍺}\nf 1",
        "'a'+1",
        "⍳¯1",
    ] {
        let mut ctx = Context::new();
        let _ = tail_apl::compile(&mut ctx, "t.apl", src);
    }
}

#[test]
fn now_and_bench() {
    // ⎕NOW is a non-negative number of milliseconds; ⎕BENCH runs f n times like ⍣.
    assert_eq!(value("0≤⎕NOW"), "[](1.0)");
    assert_eq!(value("({⍵+2} ⎕BENCH 5) 1"), "[](11.0)");
    let e = error("({⍵+1} ⎕BENCH 2) 1 2");
    assert!(e.contains("⎕BENCH works only on scalar values"), "{e}");
}
