//! Export to TAIL text: every TAIL program of the test suite (`test/Interp`,
//! `test/Frontend/TailText`) and the MLIR programs of `test/Interp` survive
//! import/parse → export → import with the same printed output when run by the reference
//! interpreter, and exporting the re-imported module gives the same text again.

use std::path::{Path, PathBuf};

use tail_ir::Context;

fn repo_test_dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../test")
        .join(sub)
}

fn files(sub: &str, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(repo_test_dir(sub))
        .unwrap_or_else(|e| panic!("cannot list test/{sub}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    v.sort();
    v
}

/// Runs `@main`: the printed output and the final value, or the runtime error's message.
fn run(ctx: &Context, m: tail_ir::OpId) -> String {
    let mut out = Vec::new();
    match tail_interp::run_module(ctx, m, &mut out) {
        Ok(v) => String::from_utf8_lossy(&out).into_owned() + &tail_interp::format_value(&v),
        Err(d) => format!(
            "{}runtime error: {}",
            String::from_utf8_lossy(&out),
            d.message
        ),
    }
}

/// Exports `m`, re-imports the text, and checks that both run alike and that the second
/// export gives the same text. Returns the exported text.
fn round_trip(ctx: &Context, m: tail_ir::OpId, what: &str) -> String {
    let before = run(ctx, m);
    let text = tail_text::export(ctx, m)
        .unwrap_or_else(|d| panic!("{what}: export failed: {}", ctx.render_diagnostic(&d)));
    let mut ctx2 = Context::new();
    let m2 = tail_text::import(&mut ctx2, "exported.tail", &text).unwrap_or_else(|d| {
        panic!(
            "{what}: the exported text does not import:\n{}\n{text}",
            ctx2.render_diagnostic(&d)
        )
    });
    let after = run(&ctx2, m2);
    assert_eq!(
        before, after,
        "{what}: output differs after export; text:\n{text}"
    );
    let text2 = tail_text::export(&ctx2, m2)
        .unwrap_or_else(|d| panic!("{what}: re-export failed: {}", ctx2.render_diagnostic(&d)));
    let mut ctx3 = Context::new();
    let m3 = tail_text::import(&mut ctx3, "exported2.tail", &text2)
        .unwrap_or_else(|d| panic!("{what}: {}\n{text2}", ctx3.render_diagnostic(&d)));
    assert_eq!(
        tail_text::export(&ctx3, m3).ok().as_deref(),
        Some(text2.as_str()),
        "{what}: export of the re-imported program is not stable"
    );
    text
}

#[test]
fn tail_programs_of_the_test_suite_round_trip() {
    let mut checked = Vec::new();
    for sub in ["Interp", "Interp/Inputs", "Frontend/TailText"] {
        for path in files(sub, "tail") {
            let src = std::fs::read_to_string(&path).unwrap();
            let name = path.display().to_string();
            let mut ctx = Context::new();
            // Error tests (err_*.tail, Inputs/bad.tail) are not programs.
            let Ok(m) = tail_text::import(&mut ctx, &name, &src) else {
                continue;
            };
            round_trip(&ctx, m, &name);
            checked.push(name);
        }
    }
    // The suite's programs, not a vacuous pass: the thesis programs and the new features.
    for must in [
        "Interp/thesis-programs.tail",
        "Interp/if.tail",
        "Interp/timing.tail",
        "Interp/apltail_conventions.tail",
        "Interp/Inputs/nowi1.tail",
        "TailText/fig36.tail",
        "TailText/powtup.tail",
        "TailText/tuples.tail",
        "TailText/signal.tail",
        "TailText/functions.tail",
        "TailText/singletons.tail",
        "TailText/arrays.tail",
    ] {
        assert!(
            checked.iter().any(|c| c.ends_with(must)),
            "{must} was not round-tripped; checked: {checked:?}"
        );
    }
    assert!(
        checked.len() >= 20,
        "only {} programs: {checked:?}",
        checked.len()
    );
}

#[test]
fn mlir_programs_round_trip() {
    tail_builtin::link();
    tail_dialect::link();
    let mut checked = 0;
    for path in files("Interp", "mlir") {
        let src = std::fs::read_to_string(&path).unwrap();
        if src.contains("//--- ") || src.contains("--target=cpu") {
            continue; // split-file inputs and tool tests
        }
        if !src.contains("tail.") {
            continue; // interpreter tests of other dialects (scf, memref): not TAIL programs
        }
        let mut ctx = Context::new();
        let name = path.display().to_string();
        let m = tail_ir::parser::parse_source(&mut ctx, &name, &src)
            .unwrap_or_else(|d| panic!("{}", ctx.render_diagnostic(&d)));
        tail_ir::verifier::verify(&ctx, m).unwrap();
        round_trip(&ctx, m, &name);
        checked += 1;
    }
    assert!(checked >= 2, "only {checked} MLIR programs");
}

mod generated {
    //! Random TAIL programs (ints, doubles, bools, int vectors; arithmetic, comparisons,
    //! `if`, `each`, `reduce`, `iota`, printing) survive import → export → import with the
    //! same output.

    use proptest::prelude::*;

    use super::round_trip;

    /// One binding: which construct, which earlier variables, a literal.
    type Step = (u8, u8, u8, i16);

    /// Builds a program from `steps`. Variables of each kind are kept in lists; every step
    /// binds a new variable of a kind decided by the construct.
    fn program(steps: &[Step]) -> String {
        let mut ints = vec!["i0".to_string()];
        let mut dbls = vec!["d0".to_string()];
        let mut bools = vec!["b0".to_string()];
        let mut vecs = vec!["a0".to_string()];
        let mut text = String::from(
            "let i0:[int]0 = 3 in\nlet d0:[double]0 = 0.5 in\nlet b0:[bool]0 = tt in\n\
             let a0:[int]1 = iota(4) in\n",
        );
        let pick = |v: &Vec<String>, k: u8| v[k as usize % v.len()].clone();
        for (n, &(code, x, y, lit)) in steps.iter().enumerate() {
            let (i, j) = (pick(&ints, x), pick(&ints, y));
            let (d, e) = (pick(&dbls, x), pick(&dbls, y));
            let (b, a) = (pick(&bools, x), pick(&vecs, y));
            let (kind, rhs) = match code % 12 {
                0 => ("[int]0", format!("addi({i},{lit})")),
                1 => ("[int]0", format!("muli({i},{j})")),
                2 => ("[int]0", format!("subi(maxi({i},{j}),{lit})")),
                3 => ("[double]0", format!("addd(i2d({i}),{d})")),
                4 => ("[double]0", format!("muld({d},{e})")),
                5 => ("[bool]0", format!("lti({i},{j})")),
                6 => ("[int]0", format!("if {b} then {i} else addi({j},1)")),
                7 => ("[int]1", format!("each(fn x:[int]0 => addi(x,{i}), {a})")),
                8 => ("[int]0", format!("reduce(addi, {lit}, {a})")),
                9 => ("[int]1", format!("iota({})", lit.rem_euclid(6))),
                10 => ("[int]0", format!("prSclI({i})")),
                _ => (
                    "[double]0",
                    format!("prSclD(if {b} then {d} else negd({e}))"),
                ),
            };
            let v = format!("t{n}");
            text.push_str(&format!("let {v}:{kind} = {rhs} in\n"));
            match kind {
                "[int]0" => ints.push(v),
                "[double]0" => dbls.push(v),
                "[bool]0" => bools.push(v),
                _ => vecs.push(v),
            }
        }
        let last_vec = vecs.last().cloned().unwrap_or_default();
        text.push_str(&format!(
            "addd(i2d(addi({}, reduce(addi, 0, {last_vec}))), {})\n",
            ints.last().cloned().unwrap_or_default(),
            dbls.last().cloned().unwrap_or_default()
        ));
        text
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
        #[test]
        fn random_programs_round_trip(steps in proptest::collection::vec(
            (any::<u8>(), any::<u8>(), any::<u8>(), -20i16..20), 1..25)) {
            let src = program(&steps);
            let mut ctx = tail_ir::Context::new();
            let m = tail_text::import(&mut ctx, "gen.tail", &src)
                .unwrap_or_else(|d| panic!("{}\n{src}", ctx.render_diagnostic(&d)));
            round_trip(&ctx, m, &src);
        }
    }
}
