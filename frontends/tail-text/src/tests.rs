//! Unit tests of the importer: IR structure of the thesis programs and located errors.

use tail_ir::printer::PrintOptions;
use tail_ir::Context;

use crate::import;

fn ok(text: &str) -> String {
    let mut ctx = Context::new();
    match import(&mut ctx, "t.tail", text) {
        Ok(m) => ctx.print_op_to_string(m, PrintOptions::default()),
        Err(d) => panic!("import failed:\n{}", ctx.render_diagnostic(&d)),
    }
}

fn fails(text: &str) -> String {
    let mut ctx = Context::new();
    match import(&mut ctx, "t.tail", text) {
        Ok(m) => panic!(
            "import unexpectedly succeeded:\n{}",
            ctx.print_op_to_string(m, PrintOptions::default())
        ),
        Err(d) => ctx.render_diagnostic(&d),
    }
}

fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

const SIGNAL: &str = include_str!("../../../test/Frontend/TailText/signal.tail");
const INNERPROD: &str = include_str!("../../../test/Frontend/TailText/innerprod.tail");
const SUBSET: &str = include_str!("../../../test/Frontend/TailText/subset_example.tail");
const FIG36: &str = include_str!("../../../test/Frontend/TailText/fig36.tail");
const ARRAYS: &str = include_str!("../../../test/Frontend/TailText/arrays.tail");
const FUNCTIONS: &str = include_str!("../../../test/Frontend/TailText/functions.tail");
const SINGLETONS: &str = include_str!("../../../test/Frontend/TailText/singletons.tail");
const POWTUP: &str = include_str!("../../../test/Frontend/TailText/powtup.tail");

#[test]
fn signal_program() {
    let ir = ok(SIGNAL);
    assert!(ir.contains("func.func @main() -> f64"), "{ir}");
    assert!(
        ir.contains("tail.lit [9, 8, 6, 8, 7, 4, 4, 3, 2, 2, 1, 2, 4, 5, 6] : !tail.vec<i32, 15>"),
        "{ir}"
    );
    assert!(
        ir.contains("tail.consV %1, %0 : (i32, !tail.vec<i32, 15>) -> !tail.vec<i32, 16>"),
        "{ir}"
    );
    assert!(ir.contains("tail.rotateV"), "{ir}");
    assert_eq!(count(&ir, "tail.each "), 6, "{ir}");
    assert_eq!(count(&ir, "tail.zipWith "), 2, "{ir}");
    assert!(
        ir.contains("tail.reduce %33, %29 : (f64, !tail.array<f64, 1>) -> f64"),
        "{ir}"
    );
    assert!(ir.contains("tail.const -50 : i32"), "{ir}");
    assert!(ir.contains("return %34 : f64"), "{ir}");
}

#[test]
fn inner_product_programs() {
    for p in [INNERPROD, SUBSET] {
        let ir = ok(p);
        assert!(ir.contains("tail.sconst : !tail.s<i32, 5>"), "{ir}");
        assert!(
            ir.contains("tail.iotaV %1 : (!tail.s<i32, 5>) -> !tail.vec<i32, 5>"),
            "{ir}"
        );
        assert!(
            ir.contains("tail.vec_to_array %2 : !tail.vec<i32, 5> to !tail.array<i32, 1>"),
            "{ir}"
        );
        assert_eq!(count(&ir, "tail.reshape "), 3, "{ir}");
        assert_eq!(count(&ir, "tail.transp2 "), 2, "{ir}");
        assert_eq!(count(&ir, "tail.reduce "), 3, "{ir}");
        assert!(ir.contains("-> !tail.array<i32, 2> {"), "{ir}");
        assert!(ir.contains("(i32, !tail.array<i32, 1>) -> i32 {"), "{ir}");
        assert!(ir.contains("tail.i2d"), "{ir}");
    }
}

#[test]
fn unoptimized_inner_product() {
    let ir = ok(FIG36);
    // `negi(v11)` with `v11 : S(int,2)` stays static; `transp` of a vector keeps its type.
    assert!(
        ir.contains("tail.negi %43 : !tail.s<i32, 2> -> !tail.s<i32, -2>"),
        "{ir}"
    );
    let transp_of_vec = ir
        .lines()
        .filter(|l| l.contains("tail.transp ") && l.contains(": !tail.vec<i32, "))
        .count();
    assert_eq!(transp_of_vec, 4, "{ir}");
    assert_eq!(count(&ir, "tail.transp2 "), 2, "{ir}");
    assert_eq!(count(&ir, "tail.catV "), 4, "{ir}");
    assert_eq!(count(&ir, "tail.transp "), 5, "{ir}");
}

#[test]
fn tuple_power() {
    let ir = ok(POWTUP);
    assert!(
        ir.contains("%3:2 = tail.power %0, %1, %2 : (i32, i32, f64) -> (i32, f64) {"),
        "{ir}"
    );
    assert!(ir.contains("tail.yield %7, %10 : i32, f64"), "{ir}");
    assert_eq!(
        count(&ir, "tail.tuple "),
        2,
        "the body's result tuple is not kept: {ir}"
    );
    assert!(
        ir.contains("tail.prj %11[1] : tuple<i32, f64> -> f64"),
        "{ir}"
    );
}

#[test]
fn literals() {
    let ir = ok(
        "let a:[int]0 = ~3 in let b:[int]0 = -4 in let c:[double]0 = 1E10 in \
                 let z:[complex]0 = 3.0j6.4 in let ch:[char]0 = 'x' in let t:[bool]0 = tt in \
                 let i:[double]0 = -inf in addd(rex(z), i2d(addi(a,b)))",
    );
    assert!(ir.contains("tail.const -3 : i32"), "{ir}");
    assert!(ir.contains("tail.const -4 : i32"), "{ir}");
    assert!(ir.contains("tail.const 1.000000e+10 : f64"), "{ir}");
    assert!(ir.contains("tail.injx"), "{ir}");
    assert!(ir.contains("tail.const_char 120"), "{ir}");
    assert!(ir.contains("tail.const true"), "{ir}");
}

#[test]
fn singleton_types() {
    let ir = ok("let n:S(int,3) = 3 in let s:SV(int,3) = shapeV(iotaV(n)) in i2d(firstV(s))");
    assert!(ir.contains("tail.sconst : !tail.s<i32, 3>"), "{ir}");
    assert!(
        ir.contains("tail.shapeV %1 : (!tail.vec<i32, 3>) -> !tail.sv<i32, 3>"),
        "{ir}"
    );
    assert!(
        ir.contains("tail.firstV %2 : (!tail.sv<i32, 3>) -> !tail.s<i32, 3>"),
        "{ir}"
    );
    assert!(
        ir.contains("tail.s_to_scalar %3 : !tail.s<i32, 3> to i32"),
        "{ir}"
    );
    let ir = ok(
        "let v:<int>2 = takeV(2, iota(5)) in let w:<int>1 = dropV(1, v) in \
                 let b:S(int,1) = b2iV(tt) in i2d(firstV(w))",
    );
    assert!(ir.contains("-> !tail.vec<i32, 2>"), "{ir}");
    assert!(
        ir.contains(
            "tail.dropV %4, %3 : (!tail.s<i32, 1>, !tail.vec<i32, 2>) -> !tail.vec<i32, 1>"
        ),
        "{ir}"
    );
    assert!(
        ir.contains("tail.b2iV %6 : (!tail.s<i1, 1>) -> !tail.s<i32, 1>"),
        "{ir}"
    );
}

#[test]
fn coercions_from_annotations() {
    let ir = ok("let v:[int]1 = [1,2,3] in i2d(reduce(addi,0,v))");
    assert!(
        ir.contains("tail.vec_to_array %0 : !tail.vec<i32, 3> to !tail.array<i32, 1>"),
        "{ir}"
    );
    let ir = ok("let v:[double]1 = [1.5,2] in reduce(addd,0.0,v)");
    assert!(
        ir.contains("tail.lit [1.500000e+00, 2.000000e+00] : !tail.vec<f64, 2>"),
        "{ir}"
    );
}

#[test]
fn curried_lambdas_and_eta_expansion() {
    let ir = ok("i2d(reduce(fn x:int => fn y:[int]0 => maxi(x,y), 0, iota(5)))");
    assert!(ir.contains("tail.maxi %arg0, %arg1 : i32"), "{ir}");
    let ir = ok("i2d(reduce(addi, 0, each(negi, iota(4))))");
    assert!(ir.contains("tail.negi %arg0 : i32"), "{ir}");
    assert!(ir.contains("tail.addi %arg1, %arg2 : i32"), "{ir}");
}

#[test]
fn array_primitives() {
    let ir = ok("let a:[int]2 = reshape([2,3], iota(6)) in \
                 let b:[int]2 = cat(a, rotate(1, vreverse(a))) in \
                 let c:[int]1 = idx(1, 2, b) in \
                 let d:[int]1 = compress(each(fn x:int => gti(x,2), c), c) in \
                 let e:[int]1 = take(2, drop(1, rav(b))) in \
                 let f:[int]1 = cons(7, snoc(e, 8)) in \
                 let g:[int]1 = gradeUp(f) in \
                 let m:[int]1 = mem(g) in let u:[bool]0 = idxassign([1], m, 5) in \
                 let s:<int>2 = shape(a) in \
                 i2d(addi(first(scan(addi, d)), first(0, replicate(0, [1,2], [3,4]))))");
    for op in [
        "tail.reshape",
        "tail.cat",
        "tail.rotate",
        "tail.vreverse",
        "tail.idx",
        "tail.compress",
        "tail.take",
        "tail.drop",
        "tail.rav",
        "tail.cons",
        "tail.snoc",
        "tail.gradeUp",
        "tail.mem",
        "tail.idxassign",
        "tail.shape",
        "tail.first",
        "tail.scan",
        "tail.replicate",
    ] {
        assert!(ir.contains(&format!("{op} ")), "missing {op}: {ir}");
    }
}

#[test]
fn printing_and_scalars() {
    let ir = ok(
        "let x:[int]1 = prArrI(iota(3)) in let y:[double]0 = prSclD(pi()) in \
                 let z:[char]1 = formatI(3) in let w:[int]0 = now(0) in y",
    );
    assert!(ir.contains("tail.prArrI"), "{ir}");
    assert!(ir.contains("tail.prSclD"), "{ir}");
    assert!(ir.contains("tail.pi"), "{ir}");
    assert!(ir.contains("tail.formatI"), "{ir}");
}

#[test]
fn zilde_and_vectors_of_values() {
    let ir = ok(
        "let z:[double]1 = zilde{[double],[]}() in let v:<int>2 = [addi(1,2), 3] in \
                 reduce(addd, 0.0, z)",
    );
    assert!(ir.contains("tail.zilde : !tail.vec<f64, 0>"), "{ir}");
    assert!(ir.contains("tail.vector"), "{ir}");
}

#[test]
fn apltail_printing_conventions() {
    // Nullary primitives without parentheses, `HUGE_VAL`, `mod`, negated singletons.
    let ir = ok("let z:[double]1 = zilde in let p:[double]0 = pi in \
                 let h:[double]0 = -HUGE_VAL in let n:S(int,2) = 2 in let m:S(int,-2) = negi(n) in \
                 let r:[int]0 = mod(7, 3) in let v:<int>0 = dropV(m, iotaV(n)) in \
                 addd(p, reduce(addd, h, z))");
    assert!(ir.contains("tail.zilde : !tail.vec<f64, 0>"), "{ir}");
    assert!(ir.contains("tail.pi : f64"), "{ir}");
    assert!(ir.contains("tail.const 0xFFF0000000000000 : f64"), "{ir}");
    assert!(
        ir.contains("tail.negi %4 : !tail.s<i32, 2> -> !tail.s<i32, -2>"),
        "{ir}"
    );
    assert!(ir.contains("tail.resi %6, %7 : i32"), "{ir}");
}

#[test]
fn conditionals() {
    // `if` becomes `tail.if` with one region per branch; the branches' types join.
    let ir = ok("let c:[bool]0 = lti(2, 3) in if c then 1.0 else 2.0");
    assert_eq!(count(&ir, "tail.if "), 1, "{ir}");
    assert!(ir.contains("-> (f64) {"), "{ir}");
    assert!(ir.contains("} else {"), "{ir}");
    assert_eq!(count(&ir, "tail.yield "), 2, "{ir}");
    // S(int,1) and S(int,2) join to int; <int>2 and <int>3 to [int]1.
    let ir = ok("let n:[int]0 = if tt then 1 else 2 in \
                 let v:[int]1 = if ff then [1,2] else [3,4,5] in i2d(addi(n, first(v)))");
    assert!(ir.contains("tail.if %0 -> (i32)"), "{ir}");
    assert!(ir.contains("-> (!tail.array<i32, 1>)"), "{ir}");
    assert!(ir.contains("tail.vec_to_array"), "{ir}");
    // Values bound inside a branch stay inside it.
    let e = fails("let x:[int]0 = if tt then let y:[int]0 = 1 in y else 2 in i2d(y)");
    assert!(e.contains("unbound variable 'y'"), "{e}");
    let e = fails("if 1 then 1.0 else 2.0");
    assert!(
        e.contains("t.tail:1:4: error: 'if' expects the condition to have type 'i1'"),
        "{e}"
    );
    let e = fails("i2d(first(if tt then iota(2) else 3.0))");
    assert!(
        e.contains("the branches of 'if' have incompatible types '!tail.array<i32, 1>' and 'f64'"),
        "{e}"
    );
}

// ----- errors --------------------------------------------------------------------------------

#[test]
fn unknown_primitive() {
    let e = fails("let x:[int]1 = iota(3) in\ni2d(frob(x))");
    assert!(
        e.starts_with("t.tail:2:5: error: unknown TAIL primitive 'frob'"),
        "{e}"
    );
    assert!(e.contains("i2d(frob(x))\n    ^"), "{e}");
}

#[test]
fn wrong_arity() {
    let e = fails("i2d(iota(1,2))");
    assert!(
        e.starts_with("t.tail:1:5: error: 'iota' expects 1 argument, but got 2"),
        "{e}"
    );
    let e = fails("i2d(reduce(addi, 0, iota(3), 4))");
    assert!(e.contains("'reduce' expects 3 arguments, but got 4"), "{e}");
    let e = fails("i2d(reduce(negi, 0, iota(3)))");
    assert!(e.contains("'negi' expects 1 argument, but got 2"), "{e}");
}

#[test]
fn unbound_variable() {
    let e = fails("let x:[int]0 = 1 in i2d(y)");
    assert!(
        e.starts_with("t.tail:1:25: error: unbound variable 'y'"),
        "{e}"
    );
}

#[test]
fn bad_tokens() {
    let e = fails("i2d(3 $ 4)");
    assert!(
        e.starts_with("t.tail:1:7: error: unexpected character '$'"),
        "{e}"
    );
    let e = fails("let x:[int]0 = 1 i2d(x)");
    assert!(e.contains("expected 'in' in a 'let'"), "{e}");
    let e = fails("i2d(99999999999)");
    assert!(e.contains("does not fit in a 32-bit int"), "{e}");
}

#[test]
fn annotation_mismatch() {
    let e = fails("let v:[int]2 = iota(3) in 0.0");
    assert!(
        e.starts_with("t.tail:1:16: error: 'v' is declared '[int]2' ('!tail.array<i32, 2>'), but its value has type '!tail.array<i32, 1>'"),
        "{e}"
    );
    let e = fails("let v:<int>4 = [1,2,3] in 0.0");
    assert!(
        e.contains("but its value has type '!tail.vec<i32, 3>'"),
        "{e}"
    );
    let e = fails("i2d(reduce(fn x:double => fn y:double => addd(x,y), 0, iota(3)))");
    assert!(
        e.contains("parameter 'x' is declared '[double]0' ('f64'), but 'reduce' passes 'i32'")
            || e.contains("expects argument #2"),
        "{e}"
    );
}

#[test]
fn other_errors() {
    let e = fails("let t:(int*int) = (1,2) in i2d(Prj(2,t))");
    assert!(e.contains("'Prj' index 2 is out of range"), "{e}");
    assert!(e.contains("(indices start at 0)"), "{e}");
    let e = fails("iota(3)");
    assert!(
        e.contains("the program must produce a [double]0 value"),
        "{e}"
    );
    let e = fails("i2d(first(addi))");
    assert!(e.contains("primitive 'addi' used as a value"), "{e}");
    let e = fails("let n:[int]0 = 3 in i2d(first(iotaV(n)))");
    assert!(
        e.contains("'iotaV' expects a statically known 'i32'"),
        "{e}"
    );
    let e = fails("i2d(addi(1, 2.0))");
    assert!(
        e.contains("'addi' expects argument #2 to have type 'i32', but got 'f64'"),
        "{e}"
    );
    let e = fails("i2d(first(each(fn x:int => fn y:int => addi(x,y), iota(3))))");
    assert!(
        e.contains("'each' passes 1 argument to its function, but the lambda takes more"),
        "{e}"
    );
    let e = fails("i2d(reduce(fn x:int => x, 0, iota(3)))");
    assert!(
        e.contains("'reduce' passes 2 arguments to its function, but the lambda takes fewer"),
        "{e}"
    );
    let e = fails("fn x:int => x");
    assert!(e.contains("'fn' lambda can only be an argument"), "{e}");
}

// ----- robustness ----------------------------------------------------------------------------

/// A tiny deterministic generator (xorshift), so the mutation loop needs no dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const PIECES: &[&str] = &[
    "(", ")", "[", "]", ",", "let ", " in ", "fn ", "=>", ":", "=", "~", "-", "*", "<", ">", "{",
    "}", "0", "1", "2.0", "3j4", "'c'", "tt", "ff", "inf", "x", "v1", "iota", "iotaV", "reduce",
    "each", "addi", "Prj", "power", "[int]1", "<int>3", "S(int,2)", "(*", "*)", "zipWith", "takeV",
    "transp2", "reshape", "firstV", "shapeV", "double", "int", " ",
];

fn mutate(src: &str, rng: &mut Rng) -> String {
    let mut s: Vec<char> = src.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(s.len() + 1);
        match rng.below(4) {
            0 if !s.is_empty() => {
                let end = (at + 1 + rng.below(8)).min(s.len());
                s.drain(at.min(end)..end);
            }
            1 => {
                let p = PIECES[rng.below(PIECES.len())];
                for (k, c) in p.chars().enumerate() {
                    s.insert(at + k, c);
                }
            }
            2 if at < s.len() => {
                let p = PIECES[rng.below(PIECES.len())];
                s[at] = p.chars().next().unwrap_or(' ');
            }
            _ => {
                // Swap two chunks.
                let b = rng.below(s.len() + 1);
                if at < s.len() && b < s.len() {
                    s.swap(at, b);
                }
            }
        }
    }
    s.into_iter().collect()
}

#[test]
fn mutated_programs_never_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let sources = [
        SIGNAL, INNERPROD, SUBSET, POWTUP, FIG36, ARRAYS, FUNCTIONS, SINGLETONS,
    ];
    // `TAIL_TEXT_FUZZ_ITERS` runs a longer campaign.
    let iters = std::env::var("TAIL_TEXT_FUZZ_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4000usize);
    for i in 0..iters {
        let src = mutate(sources[i % sources.len()], &mut rng);
        let mut ctx = Context::new();
        if let Err(d) = import(&mut ctx, "m.tail", &src) {
            let r = ctx.render_diagnostic(&d);
            assert!(
                r.starts_with("m.tail:"),
                "unlocated diagnostic for {src:?}: {r}"
            );
        }
    }
}

#[test]
fn long_let_chains() {
    let mut src = String::new();
    for i in 0..3000 {
        src.push_str(&format!("let v{i}:[int]0 = {i} in\n"));
    }
    src.push_str("i2d(v2999)");
    let ir = ok(&src);
    assert!(ir.contains("tail.const 2999 : i32"));
}

#[test]
fn moderate_nesting() {
    let deep = format!("i2d({}1{})", "negi(".repeat(900), ")".repeat(900));
    let ir = ok(&deep);
    assert_eq!(count(&ir, "tail.negi"), 900);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let src = format!("{}1{}", "i2d(".repeat(5000), ")".repeat(5000));
    let e = fails(&src);
    assert!(e.contains("nested too deeply"), "{e}");
}

mod prop {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]
        #[test]
        fn token_soup_never_panics(idx in proptest::collection::vec(0..PIECES.len(), 0..40)) {
            let src: String = idx.iter().map(|&i| PIECES[i]).collect();
            let mut ctx = Context::new();
            let _ = import(&mut ctx, "p.tail", &src);
        }

        #[test]
        fn arbitrary_text_never_panics(src in "\\PC{0,60}") {
            let mut ctx = Context::new();
            let _ = import(&mut ctx, "p.tail", &src);
        }
    }
}

#[test]
fn context_is_send() {
    fn is_send<T: Send>() {}
    is_send::<Context>();
}
