//! Tests of the APL lexer and parser: the shape of the tree for every syntax form (as
//! S-expressions, see `ast::Program::to_sexpr`), every diagnostic with its exact position, the
//! seed programs of issue 4, and that no input makes the parser panic.

use proptest::prelude::*;
use tail_apl::ast::{AnnDim, AnnElem, AnnType, ExprKind, Pos, Stmt};
use tail_apl::lexer::{lex, Num, TokenKind};
use tail_apl::parse_program;

/// The program as S-expressions, one statement a line.
fn sx(src: &str) -> String {
    match parse_program(src) {
        Ok(p) => p.to_sexpr(),
        Err(e) => panic!(
            "unexpected syntax error at {}:{}: {}\n{src}",
            e.pos.line, e.pos.col, e.message
        ),
    }
}

/// The last statement as an S-expression.
fn last(src: &str) -> String {
    sx(src).lines().last().unwrap_or_default().to_string()
}

/// The syntax error: line, column, message.
fn error(src: &str) -> (u32, u32, String) {
    match parse_program(src) {
        Ok(p) => panic!("expected a syntax error, got\n{}", p.to_sexpr()),
        Err(e) => (e.pos.line, e.pos.col, e.message),
    }
}

/// Asserts the error's position and that its message contains `needle`.
fn assert_error(src: &str, line: u32, col: u32, needle: &str) {
    let (l, c, m) = error(src);
    assert!(
        (l, c) == (line, col) && m.contains(needle),
        "for {src:?}: expected {line}:{col} containing {needle:?}, got {l}:{c}: {m}"
    );
}

// ---------------------------------------------------------------------------------------------
// Lexer.

fn kinds(src: &str) -> Vec<TokenKind> {
    lex(src).unwrap().into_iter().map(|t| t.kind).collect()
}

#[test]
fn lex_numbers() {
    use Num::*;
    use TokenKind::Num as N;
    assert_eq!(
        kinds("¯2 ¯1.5 1E¯3 3J4 ¯3J¯4 1.5E10 0.01 .5 42 2e3 1j¯0.5"),
        vec![
            N(Int(-2)),
            N(Double(-1.5)),
            N(Double(1e-3)),
            N(Complex(3.0, 4.0)),
            N(Complex(-3.0, -4.0)),
            N(Double(1.5e10)),
            N(Double(0.01)),
            N(Double(0.5)),
            N(Int(42)),
            N(Double(2e3)),
            N(Complex(1.0, -0.5)),
        ]
    );
    // Too large for i64: a double, as in APL.
    assert_eq!(
        kinds("99999999999999999999"),
        vec![N(Double(99999999999999999999.0))]
    );
}

#[test]
fn lex_normalizes_glyphs() {
    assert_eq!(
        kinds("1−2⋆3-4*5"),
        vec![
            TokenKind::Num(Num::Int(1)),
            TokenKind::Glyph('-'),
            TokenKind::Num(Num::Int(2)),
            TokenKind::Glyph('*'),
            TokenKind::Num(Num::Int(3)),
            TokenKind::Glyph('-'),
            TokenKind::Num(Num::Int(4)),
            TokenKind::Glyph('*'),
            TokenKind::Num(Num::Int(5)),
        ]
    );
    assert_eq!(
        sx("2−1 ⋄ 2⋆3"),
        "(dyadic (prim -) 2 1)\n(dyadic (prim *) 2 3)"
    );
}

#[test]
fn lex_strings_names_and_symbols() {
    use TokenKind::*;
    assert_eq!(
        kinds("'it''s' '' x_1 ∆t ⍙a $dot ⎕ReadFile ⎕ ⍺ ⍵ ⍺⍺ ⍵⍵ ⍬ ← ⋄"),
        vec![
            Str("it's".into()),
            Str(String::new()),
            Name("x_1".into()),
            Name("∆t".into()),
            Name("⍙a".into()),
            Name("$dot".into()),
            SysName("⎕ReadFile".into()),
            SysName("⎕".into()),
            Alpha,
            Omega,
            AlphaAlpha,
            OmegaOmega,
            Zilde,
            Assign,
            Diamond,
        ]
    );
}

#[test]
fn lex_comments_and_annotations() {
    use TokenKind::*;
    let toks = lex("x ⍝ a comment ⍵ ⍺\n{ ⍝:  <double>ρ → <double>ρ  \n⍵}").unwrap();
    let kinds: Vec<_> = toks.iter().map(|t| t.kind.clone()).collect();
    assert_eq!(
        kinds,
        vec![
            Name("x".into()),
            Newline,
            LBrace,
            Annotation("<double>ρ → <double>ρ".into()),
            Newline,
            Omega,
            RBrace,
        ]
    );
    // The annotation's position is that of its text.
    assert_eq!(toks[3].pos, Pos::new(2, 7));
}

#[test]
fn lex_positions_count_characters_not_bytes() {
    let toks = lex("⍳ 5\n  x←'ab'\r\ny").unwrap();
    let pos: Vec<(u32, u32)> = toks.iter().map(|t| (t.pos.line, t.pos.col)).collect();
    assert_eq!(
        pos,
        vec![
            (1, 1),
            (1, 3),
            (1, 4),
            (2, 3),
            (2, 4),
            (2, 5),
            (2, 9),
            (3, 1)
        ]
    );
}

#[test]
fn lex_errors() {
    assert_error("1 § 2", 1, 3, "unknown glyph '§' (U+00A7)");
    assert_error("x ← 'abc\n", 1, 5, "unterminated string");
    assert_error("1 ¯ 2", 1, 3, "'¯' must be followed by a number");
    assert_error("2x", 1, 1, "malformed number");
    assert_error("1.2.3", 1, 1, "malformed number");
    assert_error("\n  1E400", 2, 3, "number out of range");
    assert_error("a\u{7}", 1, 2, "unknown glyph '\\u{7}' (U+0007)");
}

// ---------------------------------------------------------------------------------------------
// Syntax forms.

#[test]
fn literals_and_strands() {
    assert_eq!(sx("42"), "42");
    assert_eq!(sx("¯2"), "¯2");
    assert_eq!(sx("0.01"), "0.01");
    assert_eq!(sx("3J4"), "3.0J4.0");
    assert_eq!(sx("'it''s'"), "'it''s'");
    assert_eq!(sx("⍬"), "⍬");
    assert_eq!(sx("1 2 3"), "(strand 1 2 3)");
    assert_eq!(sx("1 ¯2.5 'a'"), "(strand 1 ¯2.5 'a')");
}

#[test]
fn parenthesized_strand_items_are_kept() {
    assert_eq!(
        last("b ← 1 ⋄ a ← 2 ⋄ a (b a) 4"),
        "(strand a (paren (strand b a)) 4)"
    );
    assert_eq!(sx("(1 2) 3"), "(strand (paren (strand 1 2)) 3)");
    assert_eq!(sx("(1 2 3)"), "(paren (strand 1 2 3))");
}

#[test]
fn right_to_left_application() {
    assert_eq!(sx("2×3+4"), "(dyadic (prim ×) 2 (dyadic (prim +) 3 4))");
    assert_eq!(sx("-⍳3"), "(monadic (prim -) (monadic (prim ⍳) 3))");
    assert_eq!(
        sx("1 2 + 3 4"),
        "(dyadic (prim +) (strand 1 2) (strand 3 4))"
    );
    assert_eq!(
        sx("(2×3)+4"),
        "(dyadic (prim +) (paren (dyadic (prim ×) 2 3)) 4)"
    );
    assert_eq!(
        sx("⍴⍴2 3⍴⍳6"),
        "(monadic (prim ⍴) (monadic (prim ⍴) (dyadic (prim ⍴) (strand 2 3) (monadic (prim ⍳) 6))))"
    );
}

#[test]
fn statements_are_separated_by_newlines_and_diamonds() {
    assert_eq!(sx("1 ⋄ 2\n\n3 ⍝ c\n"), "1\n2\n3");
    let p = parse_program("1\n⋄⋄\n").unwrap();
    assert_eq!(p.stmts.len(), 1);
    assert_eq!(sx(""), "");
}

#[test]
fn assignment_is_an_expression() {
    assert_eq!(sx("x ← 1 2 3"), "(assign x (strand 1 2 3))");
    assert_eq!(sx("x ← y ← 3"), "(assign x (assign y 3))");
    assert_eq!(sx("1 + x ← 2"), "(dyadic (prim +) 1 (assign x 2))");
    // The name assigned on the right is known on the left.
    assert_eq!(sx("x + x ← 2"), "(dyadic (prim +) x (assign x 2))");
    assert_eq!(sx("1 2 (x←3)"), "(strand 1 2 (paren (assign x 3)))");
}

#[test]
fn function_definitions() {
    assert_eq!(sx("f ← +/"), "(fundef f (reduce (prim +)))");
    assert_eq!(sx("f ← -"), "(fundef f (prim -))");
    assert_eq!(sx("f ← {⍵+1}"), "(fundef f (dfn (dyadic (prim +) ⍵ 1)))");
    assert_eq!(
        sx("f ← {⍺×⍵} ⋄ g ← f ⋄ 2 g 3"),
        "(fundef f (dfn :alpha (dyadic (prim ×) ⍺ ⍵)))\n(fundef g (fun f))\n(dyadic (fun g) 2 3)"
    );
    assert_eq!(sx("f ← 2∘×"), "(fundef f (compose 2 (prim ×)))");
    // An unparenthesized train on the right of ←.
    assert_eq!(
        sx("mean ← +/÷≢"),
        "(fundef mean (train (reduce (prim +)) (prim ÷) (prim ≢)))"
    );
    // A name's class follows its latest assignment (apltail's environments shadow).
    assert_eq!(
        sx("f ← {⍵} ⋄ f ← 3 ⋄ f + 1"),
        "(fundef f (dfn ⍵))\n(assign f 3)\n(dyadic (prim +) f 1)"
    );
    assert_eq!(
        sx("f ← 3 ⋄ f ← {⍵} ⋄ f 1"),
        "(assign f 3)\n(fundef f (dfn ⍵))\n(monadic (fun f) 1)"
    );
}

#[test]
fn dfns() {
    assert_eq!(sx("{⍵+1} 2"), "(monadic (dfn (dyadic (prim +) ⍵ 1)) 2)");
    assert_eq!(
        sx("1 {⍺+⍵} 2"),
        "(dyadic (dfn :alpha (dyadic (prim +) ⍺ ⍵)) 1 2)"
    );
    assert_eq!(
        sx("+/ {5+⍵} ⍳ 30"),
        "(monadic (reduce (prim +)) (monadic (dfn (dyadic (prim +) 5 ⍵)) (monadic (prim ⍳) 30)))"
    );
    // Multi-line bodies, local names, the last statement is the result.
    assert_eq!(
        sx("f ← {\n  a ← ⍵×2\n\n  a+1 ⍝ result\n}\nf 3"),
        "(fundef f (dfn (assign a (dyadic (prim ×) ⍵ 2)) (dyadic (prim +) a 1)))\n(monadic (fun f) 3)"
    );
    // A dfn sees the names of enclosing scopes; its locals do not leak.
    assert_eq!(
        sx("n ← 10 ⋄ f ← {k ← n ⋄ ⍵+k} ⋄ f 1"),
        "(assign n 10)\n(fundef f (dfn (assign k n) (dyadic (prim +) ⍵ k)))\n(monadic (fun f) 1)"
    );
    assert_error("f ← {k ← 1 ⋄ ⍵+k} ⋄ k", 1, 21, "undefined name 'k'");
}

#[test]
fn nested_dfns_and_their_flags() {
    // The inner dfn's ⍺ does not make the outer one dyadic.
    assert_eq!(
        sx("{{⍺+⍵}/⍵} 1 2"),
        "(monadic (dfn (monadic (reduce (dfn :alpha (dyadic (prim +) ⍺ ⍵))) ⍵)) (strand 1 2))"
    );
    assert_eq!(
        sx("f ← {g ← {⍵×2} ⋄ g g ⍵} ⋄ f 1"),
        "(fundef f (dfn (fundef g (dfn (dyadic (prim ×) ⍵ 2))) (monadic (fun g) (monadic (fun g) ⍵))))\n(monadic (fun f) 1)"
    );
    let p = parse_program("f ← {⍺ {⍵} ⍵}").unwrap();
    let Stmt::FunDef { fun, .. } = &p.stmts[0] else {
        panic!("expected a definition");
    };
    let tail_apl::ast::FunKind::Dfn(d) = &fun.kind else {
        panic!("expected a dfn");
    };
    assert!(d.uses_alpha && !d.uses_alpha_alpha && !d.uses_omega_omega);
    assert_eq!(d.pos, Pos::new(1, 5));
}

#[test]
fn user_operators() {
    // Monadic operator (only ⍺⍺), derived function used monadically and dyadically.
    assert_eq!(
        sx("twice ← {⍺⍺ ⍺⍺ ⍵} ⋄ -twice 3 ⋄ 1 (+twice) 2"),
        "(opdef twice (dfn :aa (monadic ⍺⍺ (monadic ⍺⍺ ⍵))))\n(monadic ((op twice) (prim -)) 3)\n(dyadic ((op twice) (prim +)) 1 2)"
    );
    // Dyadic operator (⍵⍵), operands are function phrases: long left scope, short right.
    assert_eq!(
        last("ov ← {(⍵⍵ ⍺) ⍺⍺ (⍵⍵ ⍵)} ⋄ 2 +/ ov | 3"),
        "(dyadic ((op ov) (reduce (prim +)) (prim |)) 2 3)"
    );
    // apltail's conditional idiom: powers by a boolean, a parenthesized array operand.
    assert_eq!(
        last("pick ← {(⍺⍺⍣⍺)(⍵⍵⍣(~⍺))⍵} ⋄ f ← {⍵+1} ⋄ g ← {⍵-1} ⋄ (2>1) f pick g 5"),
        "(dyadic ((op pick) (fun f) (fun g)) (paren (dyadic (prim >) 2 1)) 5)"
    );
    assert_eq!(
        sx("pick ← {(⍺⍺⍣⍺)(⍵⍵⍣(~⍺))⍵}"),
        "(opdef pick (dfn :alpha :aa :ww (monadic (power ⍺⍺ ⍺) \
         (monadic (power ⍵⍵ (paren (monadic (prim ~) ⍺))) ⍵))))"
    );
    // An array operand of a user operator.
    assert_eq!(last("op ← {⍺⍺ ⍵} ⋄ (3 op) 1"), "(monadic ((op op) 3) 1)");
    // An operator dfn written in place.
    assert_eq!(
        sx("+{⍺⍺/⍵} 1 2"),
        "(monadic ((dfn :aa (monadic (reduce ⍺⍺) ⍵)) (prim +)) (strand 1 2))"
    );
    // Aliasing an operator name defines the same operator.
    assert_eq!(
        sx("op ← {⍺⍺/⍵} ⋄ o2 ← op ⋄ +o2 1"),
        "(opdef op (dfn :aa (monadic (reduce ⍺⍺) ⍵)))\n(opdef o2 (dfn :aa (monadic (reduce ⍺⍺) ⍵)))\n(monadic ((op o2) (prim +)) 1)"
    );
}

#[test]
fn operator_bodies_per_operand_kind() {
    let dfn = |src: &str| {
        let p = parse_program(src).unwrap();
        let Stmt::OpDef { dfn, .. } = &p.stmts[0] else {
            panic!("expected an operator definition");
        };
        (**dfn).clone()
    };
    // `⍺⍺ + ⍵`: with a function operand ⍺⍺ applies to `+ ⍵`; with an array, a sum. Both
    // readings parse; an application picks its own.
    let d = dfn("plus ← {⍺⍺ + ⍵}");
    assert_eq!(d.operand_bodies.len(), 2);
    assert!(d.operand_bodies.iter().all(|(_, r)| r.is_ok()));
    let f = d.body_for(false, false).unwrap();
    let a = d.body_for(true, false).unwrap();
    assert_ne!(f, a);
    // `⍵ + ⍺⍺` reads only with an array operand: the function reading keeps its error, at
    // the operand.
    let d = dfn("after ← {⍵ + ⍺⍺}");
    let e = d.body_for(false, false).unwrap_err();
    assert_eq!((e.pos.line, e.pos.col), (1, 14));
    assert!(d.body_for(true, false).is_ok());
    // Both operands: four readings; a nested operator's operands are its own.
    let d = dfn("both ← {⍺⍺ × ⍵⍵ + {⍺⍺ ⍵} ⍵}");
    assert_eq!(d.operand_bodies.len(), 4);
    // `⍺⍺/⍵` is a reduction or a replication: both readings parse. A dfn no reading parses
    // is an error, the function reading's.
    let d = dfn("op ← {⍺⍺/⍵}");
    assert!(d.body_for(false, false).is_ok() && d.body_for(true, false).is_ok());
    assert_error(
        "op ← {⍺⍺ ⍺⍺ ⍺⍺ + }",
        1,
        16,
        "function '+' used where an array is needed",
    );
}

#[test]
fn primitive_operators() {
    assert_eq!(sx("+/1 2"), "(monadic (reduce (prim +)) (strand 1 2))");
    assert_eq!(
        sx("+⌿1 2"),
        "(monadic (reduce-first (prim +)) (strand 1 2))"
    );
    assert_eq!(sx("+\\1 2"), "(monadic (scan (prim +)) (strand 1 2))");
    assert_eq!(sx("+⍀1 2"), "(monadic (scan-first (prim +)) (strand 1 2))");
    assert_eq!(sx("-¨1 2"), "(monadic (each (prim -)) (strand 1 2))");
    assert_eq!(sx("2 -⍨ 3"), "(dyadic (commute (prim -)) 2 3)");
    assert_eq!(
        sx("1 2 ∘.× 3 4"),
        "(dyadic (outer (prim ×)) (strand 1 2) (strand 3 4))"
    );
    assert_eq!(
        sx("1 2 +.× 3 4"),
        "(dyadic (inner (prim +) (prim ×)) (strand 1 2) (strand 3 4))"
    );
    assert_eq!(sx("(-⍣3) 5"), "(monadic (power (prim -) 3) 5)");
    assert_eq!(
        sx("-⍣3 ⊢ 5"),
        "(monadic (power (prim -) 3) (monadic (prim ⊢) 5))"
    );
    // An indexed right operand, also in a definition.
    assert_eq!(last("v ← 2 3 ⋄ g ← -⍣v[1] ⋄ g 5"), "(monadic (fun g) 5)");
    assert_eq!(
        last("v ← 2 3 ⋄ g ← -⍣v[1]"),
        "(fundef g (power (prim -) (index v [1])))"
    );
    assert_eq!(sx("(-∘|) 5"), "(monadic (compose (prim -) (prim |)) 5)");
    assert_eq!(sx("(2∘+) 5"), "(monadic (compose 2 (prim +)) 5)");
    assert_eq!(sx("+∘2 5"), "(monadic (compose (prim +) 2) 5)");
    // A strand is the left operand: `1 2∘+`.
    assert_eq!(sx("1 2∘+ 5"), "(monadic (compose (strand 1 2) (prim +)) 5)");
}

#[test]
fn operators_stack_left_to_right() {
    // `+.×/` is `(+.×)/`; `+/¨` is `(+/)¨`; `∘.×¨` is `(∘.×)¨`.
    assert_eq!(
        sx("+.×/ 1"),
        "(monadic (reduce (inner (prim +) (prim ×))) 1)"
    );
    assert_eq!(sx("+/¨ 1"), "(monadic (each (reduce (prim +))) 1)");
    assert_eq!(sx("1 ∘.×¨ 2"), "(dyadic (each (outer (prim ×))) 1 2)");
    // `f∘g/` is `(f∘g)/`, `+/∘-` is `(+/)∘-`.
    assert_eq!(
        sx("-∘|/ 1"),
        "(monadic (reduce (compose (prim -) (prim |))) 1)"
    );
    assert_eq!(
        sx("+/∘- 1"),
        "(monadic (compose (reduce (prim +)) (prim -)) 1)"
    );
    assert_eq!(sx("+//1"), "(monadic (reduce (reduce (prim +))) 1)");
}

#[test]
fn slash_is_compress_after_an_array() {
    assert_eq!(
        sx("1 0 1/3 4 5"),
        "(dyadic (prim /) (strand 1 0 1) (strand 3 4 5))"
    );
    assert_eq!(
        sx("1 0⌿2 2⍴⍳4"),
        "(dyadic (prim ⌿) (strand 1 0) (dyadic (prim ⍴) (strand 2 2) (monadic (prim ⍳) 4)))"
    );
    assert_eq!(
        sx("m ← 1 0 1 ⋄ m/⍳3"),
        "(assign m (strand 1 0 1))\n(dyadic (prim /) m (monadic (prim ⍳) 3))"
    );
    assert_eq!(
        sx("+/2/⍳3"),
        "(monadic (reduce (prim +)) (dyadic (prim /) 2 (monadic (prim ⍳) 3)))"
    );
    // After a function or a derived function, it is reduce.
    assert_eq!(
        sx("f ← {⍵} ⋄ f/1 2"),
        "(fundef f (dfn ⍵))\n(monadic (reduce (fun f)) (strand 1 2))"
    );
    // After the right operand of a dyadic operator, the phrase is a function: reduce.
    assert_eq!(sx("+∘2/1"), "(monadic (reduce (compose (prim +) 2)) 1)");
}

#[test]
fn trains() {
    assert_eq!(
        sx("(+/÷≢) 1 2 3"),
        "(monadic (train (reduce (prim +)) (prim ÷) (prim ≢)) (strand 1 2 3))"
    );
    assert_eq!(
        sx("1 (+,-) 2"),
        "(dyadic (train (prim +) (prim ,) (prim -)) 1 2)"
    );
    assert_eq!(sx("(2×⊢) 3"), "(monadic (train 2 (prim ×) (prim ⊢)) 3)");
    assert_eq!(
        sx("(-⌽) 1 2"),
        "(monadic (train (prim -) (prim ⌽)) (strand 1 2))"
    );
    // Longer trains group from the right: 4 items an atop over a fork, 5 items two forks.
    assert_eq!(
        sx("(- + ÷ ≢) 1"),
        "(monadic (train (prim -) (train (prim +) (prim ÷) (prim ≢))) 1)"
    );
    assert_eq!(
        sx("(⌊/ , ⌈/ , +/) 1"),
        "(monadic (train (reduce (prim ⌊)) (prim ,) (train (reduce (prim ⌈)) (prim ,) (reduce (prim +)))) 1)"
    );
    assert_eq!(
        sx("(1 + - × ⊢) 2"),
        "(monadic (train 1 (prim +) (train (prim -) (prim ×) (prim ⊢))) 2)"
    );
    assert_eq!(
        sx("(1 2 + -) 2"),
        "(monadic (train (strand 1 2) (prim +) (prim -)) 2)"
    );
    // A train of dfns and named functions.
    assert_eq!(
        sx("f ← {⍵} ⋄ ({⍵+1} , f) 2"),
        "(fundef f (dfn ⍵))\n(monadic (train (dfn (dyadic (prim +) ⍵ 1)) (prim ,) (fun f)) 2)"
    );
}

#[test]
fn indexing() {
    assert_eq!(
        sx("v ← ⍳5 ⋄ v[2]"),
        "(assign v (monadic (prim ⍳) 5))\n(index v [2])"
    );
    assert_eq!(last("M ← 2 2⍴⍳4 ⋄ M[1;2]"), "(index M [1 2])");
    assert_eq!(last("M ← 2 2⍴⍳4 ⋄ M[;2]"), "(index M [_ 2])");
    assert_eq!(last("A ← 2 2 2⍴⍳8 ⋄ A[;1;]"), "(index A [_ 1 _])");
    assert_eq!(
        last("A ← 2 2 2⍴⍳8 ⋄ A[1 2;2]"),
        "(index A [(strand 1 2) 2])"
    );
    // Brackets bind to the item on their left, before stranding.
    assert_eq!(last("a ← 1 ⋄ b ← ⍳3 ⋄ a b[2]"), "(strand a (index b [2]))");
    assert_eq!(
        sx("(⍳5)[2 3]"),
        "(index (paren (monadic (prim ⍳) 5)) [(strand 2 3)])"
    );
    assert_eq!(sx("'abc'[2]"), "(index 'abc' [2])");
    assert_eq!(last("v ← ⍳5 ⋄ v[2][1]"), "(index (index v [2]) [1])");
    assert_eq!(last("v ← ⍳5 ⋄ v[v[1]]"), "(index v [(index v [1])])");
    assert_eq!(
        last("v ← ⍳5 ⋄ +/v[⍳2]"),
        "(monadic (reduce (prim +)) (index v [(monadic (prim ⍳) 2)]))"
    );
}

#[test]
fn indexed_assignment() {
    assert_eq!(
        sx("v ← ⍳5 ⋄ v[4] ← 34"),
        "(assign v (monadic (prim ⍳) 5))\n(index-assign v [4] 34)"
    );
    assert_eq!(
        last("M ← 2 2⍴0 ⋄ M[1;] ← 7 8"),
        "(index-assign M [1 _] (strand 7 8))"
    );
    assert_eq!(
        last("v ← ⍳5 ⋄ 1 + v[1] ← 3"),
        "(dyadic (prim +) 1 (index-assign v [1] 3))"
    );
}

#[test]
fn print_and_system_names() {
    assert_eq!(sx("⎕ ← 1 2"), "(print (strand 1 2))");
    assert_eq!(sx("x ← ⎕ ← 3"), "(assign x (print 3))");
    assert_eq!(
        sx("⎕ReadIntVecFile 'a.txt'"),
        "(monadic (sysfun ⎕ReadIntVecFile) 'a.txt')"
    );
    assert_eq!(sx("5 ⎕INT32AND 3"), "(dyadic (sysfun ⎕INT32AND) 5 3)");
    assert_eq!(sx("⎕INT32NOT 3"), "(monadic (sysfun ⎕INT32NOT) 3)");
    // apltail: ⎕NOW takes an argument (`⎕NOW 0`) and can be named; it stands alone as a value
    // only where an array is needed and nothing follows it.
    assert_eq!(sx("⎕NOW 0"), "(monadic (sysfun ⎕NOW) 0)");
    assert_eq!(sx("now ← ⎕NOW"), "(fundef now (sysfun ⎕NOW))");
    assert_eq!(sx("(⎕NOW) 0"), "(monadic (sysfun ⎕NOW) 0)");
    assert_eq!(sx("(1+⎕NOW)"), "(paren (dyadic (prim +) 1 ⎕NOW))");
    assert_eq!(sx("1 + ⎕NOW"), "(dyadic (prim +) 1 ⎕NOW)");
    assert_eq!(sx("t ← 1+⎕NOW"), "(assign t (dyadic (prim +) 1 ⎕NOW))");
    // ⎕BENCH is a dyadic operator: `(f ⎕BENCH n) x`.
    assert_eq!(
        last("f ← {⍵} ⋄ (f ⎕BENCH 5) 0"),
        "(monadic ((sysop ⎕BENCH) (fun f) 5) 0)"
    );
    assert_eq!(sx("xor ← ⎕INT32XOR"), "(fundef xor (sysfun ⎕INT32XOR))");
}

#[test]
fn zilde_alpha_omega() {
    assert_eq!(sx("⍬,1"), "(dyadic (prim ,) ⍬ 1)");
    assert_eq!(sx("1 {⍺ ⍵} 2"), "(dyadic (dfn :alpha (strand ⍺ ⍵)) 1 2)");
    assert_error("{⍺ ⍵}", 1, 1, "function used where an array is needed");
}

#[test]
fn annotations() {
    let ann = |src: &str| -> String {
        let p = parse_program(src).unwrap();
        let Stmt::FunDef { fun, .. } = &p.stmts[0] else {
            panic!("expected a definition");
        };
        let tail_apl::ast::FunKind::Dfn(d) = &fun.kind else {
            panic!("expected a dfn");
        };
        d.annotation
            .as_ref()
            .map(|a| a.ty.to_sexpr())
            .unwrap_or_default()
    };
    assert_eq!(
        ann("signal ← { ⍝: <double>ρ → <double>ρ\n ⍵ }"),
        "(<double>ρ→<double>ρ)"
    );
    assert_eq!(
        ann("diff ← { ⍝: <κ>(ρ+1) -> <κ>ρ\n 1↓⍵ }"),
        "(<κ>(ρ+1)→<κ>ρ)"
    );
    assert_eq!(ann("f ← {⍝: [int]2\n⍵}"), "[int]2");
    assert_eq!(ann("f ← {⍝: int\n⍵}"), "int");
    assert_eq!(
        ann("f ← {⍝: [bool]0 → [char]1 → [complex](ρ-1)\n⍵}"),
        "([bool]0→([char]1→[complex](ρ-1)))"
    );
    // Outside a dfn, ⍝: is a comment.
    assert_eq!(sx("⍝: int\n1 ⍝: [int]1"), "1");
    // On a later line, or after a statement, ⍝: is a comment.
    assert_eq!(ann("f ← {⍵ ⍝: int\n}"), "");
    assert_eq!(ann("f ← {\n⍝: int\n⍵}"), "int");
    // The type is structured, and positioned after `⍝:`.
    let p = parse_program("f ← {⍝: [κ](ρ1+ρ2)\n⍵}").unwrap();
    let Stmt::FunDef { fun, .. } = &p.stmts[0] else {
        panic!("expected a definition");
    };
    let tail_apl::ast::FunKind::Dfn(d) = &fun.kind else {
        panic!("expected a dfn");
    };
    let a = d.annotation.as_ref().unwrap();
    assert_eq!(a.pos, Pos::new(1, 9));
    assert_eq!(
        a.ty,
        AnnType::Array {
            elem: AnnElem::Var("κ".into()),
            rank: AnnDim::Add(
                Box::new(AnnDim::Var("ρ1".into())),
                Box::new(AnnDim::Var("ρ2".into()))
            ),
        }
    );
}

#[test]
fn expression_positions() {
    let p = parse_program("x ← 1\n  x + 2 3").unwrap();
    let Stmt::Expr(e) = &p.stmts[1] else {
        panic!("expected an expression");
    };
    assert_eq!(e.pos, Pos::new(2, 3));
    let ExprKind::Dyadic { fun, right, .. } = &e.kind else {
        panic!("expected a dyadic application");
    };
    assert_eq!(fun.pos, Pos::new(2, 5));
    assert_eq!(right.pos, Pos::new(2, 7));
}

// ---------------------------------------------------------------------------------------------
// Seed programs (tests/data/parse).

fn seed(name: &str) -> String {
    let path = format!("{}/tests/data/parse/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn seed_signal() {
    assert_eq!(
        sx(&seed("signal.apl")),
        "(fundef diff (dfn (dyadic (prim ↓) 1 (dyadic (prim -) ⍵ (dyadic (prim ⌽) ¯1 ⍵)))))\n\
         (fundef signal (dfn (dyadic (prim ⌈) ¯50 (dyadic (prim ⌊) 50 (dyadic (prim ×) 50 \
         (dyadic (prim ÷) (paren (monadic (fun diff) (dyadic (prim ,) 0 ⍵))) \
         (dyadic (prim +) 0.01 ⍵)))))))\n\
         (monadic (reduce (prim +)) (monadic (fun signal) (strand 9 8 6 8 7 4 4 3 2 2 1 2 4 5 6)))"
    );
}

#[test]
fn seed_dot_operator() {
    let out = sx(&seed("dot.apl"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5);
    assert!(
        lines[0].starts_with(
            "(opdef dot (dfn :alpha :aa :ww :type ((κ→(κ→κ))→((κ→(κ→κ))→([κ](ρ1+1)→([κ](ρ2+1)→[κ](ρ1+ρ2))))) \
             (assign WA (dyadic (prim ,) (paren (dyadic (prim ↓) 1 (monadic (prim ⍴) ⍵))) (monadic (prim ⍴) ⍺))) \
             (assign KA (dyadic (prim -) (paren (monadic (prim ⊃) (monadic (prim ⍴) (monadic (prim ⍴) ⍺)))) 1))"
        ),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].contains(
            "(assign ZB0 (dyadic (prim ↓) (paren (monadic (prim -) KB)) (dyadic (prim ⌽) KB \
             (monadic (prim ⍳) (paren (monadic (prim ⊃) (monadic (prim ⍴) VB)))))))"
        ),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].ends_with(
            "(assign TB (dyadic (prim ⍉) ZB (dyadic (prim ⍴) WB ⍵))) \
             (monadic (reduce ⍺⍺) (dyadic ⍵⍵ TA TB))))"
        ),
        "{}",
        lines[0]
    );
    assert_eq!(
        &lines[1..],
        [
            "(assign A (dyadic (prim ⍴) (strand 3 2) (monadic (prim ⍳) 5)))",
            "(assign B (monadic (prim ⍉) A))",
            "(assign R (dyadic ((op dot) (prim +) (prim ×)) A B))",
            "(assign R2 (monadic (reduce (prim ×)) (monadic (reduce (prim +)) R)))",
        ]
    );
}

#[test]
fn seed_primes() {
    assert_eq!(
        sx(&seed("primes.apl")),
        "(assign A (dyadic (prim ↓) 1 (monadic (prim ⍳) 100)))\n\
         (dyadic (prim /) (paren (dyadic (prim =) 1 (monadic (reduce-first (prim +)) \
         (dyadic (prim =) 0 (dyadic (outer (prim |)) A A))))) A)"
    );
}

#[test]
fn seed_sum_of_dfn() {
    assert_eq!(
        sx("+/ {5+⍵} ⍳ 30"),
        "(monadic (reduce (prim +)) (monadic (dfn (dyadic (prim +) 5 ⍵)) (monadic (prim ⍳) 30)))"
    );
}

#[test]
fn seed_life() {
    assert_eq!(
        sx(&seed("life.apl")),
        "(fundef life (dfn \
         (assign s (dyadic (prim +) (paren (dyadic (prim ⊖) ¯1 ⍵)) (dyadic (prim +) ⍵ (dyadic (prim ⊖) 1 ⍵)))) \
         (assign t (dyadic (prim +) (paren (dyadic (prim ⌽) ¯1 s)) (dyadic (prim +) s (dyadic (prim ⌽) 1 s)))) \
         (dyadic (prim ∨) (paren (dyadic (prim =) t 3)) (dyadic (prim ∧) ⍵ (dyadic (prim =) t 4)))))\n\
         (assign board (dyadic (prim =) 1 (dyadic (prim ⍴) (strand 6 6) (dyadic (prim ,) \
         (strand 0 1 0 0 0 0 0 0 1 0 0 0 1 1 1 0 0 0) (dyadic (prim ⍴) 18 0)))))\n\
         (monadic (reduce (prim +)) (monadic (reduce (prim +)) (monadic (power (fun life) 4) board)))"
    );
}

#[test]
fn seed_mandelbrot() {
    let out = sx(&seed("mandelbrot.apl"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 9);
    assert_eq!(
        lines[3],
        "(assign CX (dyadic (prim ⍴) (paren (dyadic (prim ,) H W)) (dyadic (prim +) ¯2 \
         (dyadic (prim ×) (paren (dyadic (prim ÷) 2.5 W)) (dyadic (prim +) ¯1 (monadic (prim ⍳) W))))))"
    );
    assert!(lines[5].starts_with(
        "(fundef step (dfn (assign X (index ⍵ [1 _ _])) (assign Y (index ⍵ [2 _ _])) \
         (assign K (index ⍵ [3 _ _])) (assign m (dyadic (prim ≥) 4 (dyadic (prim +) \
         (paren (dyadic (prim ×) X X)) (dyadic (prim ×) Y Y))))"
    ));
    assert!(lines[5].ends_with(
        "(dyadic (prim ⍴) (paren (dyadic (prim ,) 3 (dyadic (prim ,) H W))) \
         (dyadic (prim ,) (paren (monadic (prim ,) (dyadic (prim +) (paren (dyadic (prim ×) m X2)) \
         (dyadic (prim ×) X (monadic (prim ~) m))))) (dyadic (prim ,) (paren (monadic (prim ,) \
         (dyadic (prim +) (paren (dyadic (prim ×) m Y2)) (dyadic (prim ×) Y (monadic (prim ~) m))))) \
         (monadic (prim ,) (dyadic (prim +) K m)))))))"
    ));
    assert_eq!(
        &lines[6..],
        [
            "(assign S (monadic (power (fun step) N) (dyadic (prim ⍴) (paren (dyadic (prim ,) 3 (dyadic (prim ,) H W))) 0.0)))",
            "(print (monadic (prim ⌊) (index S [3 _ _])))",
            "(monadic (reduce (prim +)) (monadic (prim ,) (index S [3 _ _])))",
        ]
    );
}

/// Every APL program of the lit corpus that is expected to run parses.
#[test]
fn corpus_programs_parse() {
    let root = format!("{}/../../test/Frontend/APL", env!("CARGO_MANIFEST_DIR"));
    let mut stack = vec![std::path::PathBuf::from(&root)];
    let mut count = 0;
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "apl") {
                let src = std::fs::read_to_string(&path).unwrap();
                // Programs whose RUN line expects a failure may be syntax errors on purpose.
                let expects_failure = src
                    .lines()
                    .any(|l| l.contains("RUN:") && l.contains("not "));
                if expects_failure {
                    continue;
                }
                if let Err(e) = parse_program(&src) {
                    panic!(
                        "{}:{}:{}: {}",
                        path.display(),
                        e.pos.line,
                        e.pos.col,
                        e.message
                    );
                }
                count += 1;
            }
        }
    }
    // The corpus lives in the repository next to this crate.
    assert!(count > 0, "no .apl programs found under {root}");
}

// ---------------------------------------------------------------------------------------------
// Diagnostics, each with its exact position.

#[test]
fn unsupported_constructs() {
    assert_error("⍎ '1+2'", 1, 1, "unsupported construct: ⍎ (execute)");
    assert_error(
        "f ← {⍵=0: 1 ⋄ ∇ ⍵-1}",
        1,
        9,
        "unsupported construct: ':' (dfn guards",
    );
    assert_error(
        "f ← {1 ⋄ ∇ ⍵-1}",
        1,
        10,
        "unsupported construct: ∇ (recursion)",
    );
    assert_error("x ← ⎕IO", 1, 5, "unsupported system name ⎕IO");
    assert_error(
        "x ← ⎕readfile 'a'",
        1,
        5,
        "unsupported system name ⎕readfile",
    );
    assert_error("1 ⍤ 2", 1, 3, "unsupported operator '⍤'");
    assert_error("+/[1] 2 3", 1, 3, "axis specification");
    assert_error("x ← ⎕BENCH", 1, 5, "naming the system operator '⎕BENCH'");
    assert_error("⎕ + 1", 1, 1, "'⎕' is only supported as '⎕ ← expression'");
}

#[test]
fn unbalanced_brackets_report_the_opening() {
    assert_error("1 + (2 × 3", 1, 5, "unbalanced '(': no matching ')'");
    assert_error("f ← {⍵\n+1", 1, 5, "unbalanced '{': no matching '}'");
    assert_error("v ← ⍳3 ⋄ v[1", 1, 11, "unbalanced '['");
    assert_error("(1 2]", 1, 1, "unbalanced '(': closed by ']' at 1:5");
    assert_error("1 2)", 1, 4, "unbalanced ')': no matching '('");
    assert_error("}", 1, 1, "unbalanced '}'");
    assert_error("'abc", 1, 1, "unterminated string");
    assert_error("x ← 1\n  'it''s", 2, 3, "unterminated string");
}

#[test]
fn operators_without_operands() {
    assert_error("/1 2 3", 1, 1, "operator '/' has no operand");
    assert_error("¨ 1 2", 1, 1, "operator '¨' has no operand");
    assert_error("x ← 1 ⋄ .+ x", 1, 9, "operator '.' has no left operand");
    assert_error("1 2 +.", 1, 6, "operator '.' has no right operand");
    assert_error("(∘.) 1", 1, 2, "operator '∘.' has no operand");
    assert_error("1 ∘. 2", 1, 3, "operator '∘.' needs a function operand");
    assert_error("1 2 ∘.", 1, 5, "operator '∘.' has no operand");
    assert_error("(∘×) 1", 1, 2, "operator '∘' has no left operand");
    assert_error("+. 3", 1, 4, "right operand of the operator on its left");
}

#[test]
fn functions_where_arrays_are_needed() {
    assert_error("1 +", 1, 3, "function '+' used where an array is needed");
    assert_error("⎕ ← +", 1, 5, "function '+' used where an array is needed");
    assert_error(
        "f ← {⍵} ⋄ 1 + f",
        1,
        15,
        "function 'f' used where an array is needed",
    );
    assert_error("+ ←", 1, 3, "assignment has no value on its right");
    assert_error("x ←", 1, 3, "assignment has no value on its right");
    assert_error("1 +/", 1, 4, "function used where an array is needed");
}

#[test]
fn bad_assignments() {
    assert_error("+ ← 3", 1, 1, "cannot assign to '+'");
    assert_error("2 ← 3", 1, 1, "cannot assign to a number");
    assert_error("f ← {⍵} ⋄ ⍺ ← 1", 1, 11, "cannot assign to ⍺");
    assert_error(
        "f ← {⍵} ⋄ f[1] ← 2",
        1,
        11,
        "indexed assignment to 'f', which is not an array",
    );
    assert_error("y[1] ← 2", 1, 1, "indexed assignment to undefined name 'y'");
    assert_error("← 3", 1, 1, "assignment without a target");
    assert_error(
        "f ← {g ← +}",
        1,
        6,
        "last statement must be an array expression",
    );
}

#[test]
fn undefined_names_and_misplaced_symbols() {
    assert_error("1 + y", 1, 5, "undefined name 'y'");
    assert_error("f y", 1, 3, "undefined name 'y'");
    assert_error("⍺ + 1", 1, 1, "⍺ outside a dfn");
    assert_error("⍵", 1, 1, "⍵ outside a dfn");
    assert_error("⍺⍺ 1", 1, 1, "⍺⍺ outside a dfn");
    assert_error("1 ; 2", 1, 3, "';' outside brackets");
    assert_error("(1 ⋄ 2)", 1, 4, "'⋄' inside '(…)'");
    assert_error("()", 1, 1, "empty parentheses");
    assert_error("v ← 1 ⋄ v[]", 1, 10, "empty index brackets");
    assert_error("f ← {}", 1, 5, "empty dfn");
    assert_error("[1]", 1, 1, "index brackets with nothing to index");
}

#[test]
fn malformed_trains_and_annotations() {
    assert_error("(+ 1 -) 3", 1, 4, "left item of a fork");
    assert_error("(1 +) 3", 1, 2, "left item of an atop");
    assert_error(
        "f ← { ⍝: [int 2\n⍵ }",
        1,
        15,
        "malformed type annotation: expected ']'",
    );
    assert_error("f ← {⍝: <int>\n⍵}", 1, 14, "expected a rank or length");
    assert_error("f ← {⍝: int →\n⍵}", 1, 14, "expected a type");
    assert_error("f ← {⍝: int int\n⍵}", 1, 13, "unexpected 'i'");
}

#[test]
fn nesting_is_limited_without_overflowing_the_stack() {
    let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
    assert_error(&deep, 1, 65, "nesting too deep");
    let braces = format!("{}⍵{}", "{".repeat(10_000), "}".repeat(10_000));
    assert_error(&braces, 1, 65, "nesting too deep");
    let brackets = format!("v ← 1 ⋄ v{}1{}", "[".repeat(5_000), "]".repeat(5_000));
    assert!(error(&brackets).2.contains("nesting too deep"));
    // Nesting that stays below the limit is fine.
    let ok = format!("{}1{}", "(".repeat(40), ")".repeat(40));
    assert!(parse_program(&ok).is_ok());
    // Long operator phrases and application chains are limited too.
    let ops = format!("+{} 1", "¨".repeat(100_000));
    assert!(error(&ops).2.contains("too deep"));
    let chain = format!("1{}", "+1".repeat(100_000));
    assert!(error(&chain).2.contains("too deep"));
    let monadic = format!("{}1", "-".repeat(100_000));
    assert!(error(&monadic).2.contains("too deep"));
    let ann = format!("f ← {{⍝: {}int{}\n⍵}}", "(".repeat(1000), ")".repeat(1000));
    assert!(error(&ann).2.contains("nested too deeply"));
    // A long strand is flat, not deep.
    let strand = "1 ".repeat(100_000);
    assert!(parse_program(&strand).is_ok());
}

// ---------------------------------------------------------------------------------------------
// No input makes the parser panic.

/// Tokens of APL and of the subset's syntax, some of them defined by the prelude below.
const SOUP: &[&str] = &[
    "1",
    "¯2",
    "0.5",
    "3J4",
    "'a'",
    "'ab'",
    "⍬",
    "x",
    "f",
    "op",
    "dop",
    "undefined",
    "⍺",
    "⍵",
    "⍺⍺",
    "⍵⍵",
    "+",
    "-",
    "×",
    "÷",
    "⍴",
    "⍳",
    ",",
    "⌽",
    "⍉",
    "↑",
    "↓",
    "⊃",
    "=",
    "<",
    "|",
    "⌈",
    "⊢",
    "⊣",
    "≢",
    "/",
    "⌿",
    "\\",
    "⍀",
    "¨",
    "⍨",
    "⍣",
    "∘",
    ".",
    "∘.",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ";",
    ":",
    "←",
    "⋄",
    "\n",
    "⍝ c\n",
    "⍝: int\n",
    "⍝: [κ](ρ+1) → <κ>ρ\n",
    "⎕",
    "⎕NOW",
    "⎕ReadFile",
    "⎕BENCH",
    "⎕INT32AND",
    "⎕XYZ",
    "∇",
    "⍎",
    "⍤",
    "$",
    "'",
    "¯",
    " ",
];

const PRELUDE: &str = "x ← 1 2 3 ⋄ f ← {⍵} ⋄ op ← {⍺⍺ ⍵} ⋄ dop ← {⍺⍺ ⍵⍵ ⍵}\n";

fn check_no_panic(src: &str) {
    match parse_program(src) {
        Ok(p) => {
            // The renderer copes with whatever the parser produced.
            let _ = p.to_sexpr();
        }
        Err(e) => {
            // Errors point into the source.
            let lines = src.split('\n').count() as u32;
            assert!(e.pos.line >= 1 && e.pos.line <= lines + 1, "{e:?}");
            assert!(e.pos.col >= 1, "{e:?}");
            assert!(!e.message.is_empty());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_strings_never_panic(src in any::<String>()) {
        check_no_panic(&src);
    }

    #[test]
    fn random_apl_characters_never_panic(
        src in "[ -~⍺⍵⍬∇⎕←⋄⍝¯⍳⍴⌽⊖⍉↑↓∘¨⍣⍨⌿⍀×÷⌈⌊≢⊢⊣≠≤≥∧∨⍱⍲○⍟⊃⍋⍒⍕⍪κρ→\n]{0,120}"
    ) {
        check_no_panic(&src);
    }

    #[test]
    fn random_token_soups_never_panic(
        toks in prop::collection::vec(prop::sample::select(SOUP), 0..60),
        spaced in any::<bool>(),
        prelude in any::<bool>(),
    ) {
        let body = toks.join(if spaced { " " } else { "" });
        let src = if prelude { format!("{PRELUDE}{body}") } else { body };
        check_no_panic(&src);
    }
}

// ---------------------------------------------------------------------------------------------
// Random well-formed programs parse to the tree they were generated from.

/// A generated function: its APL text and its expected S-expression.
#[derive(Clone, Debug)]
struct Gen {
    text: String,
    sexpr: String,
}

/// A generated array expression, and whether it can stand on the left of a function without
/// parentheses (a number, a strand, a name, an indexed name, a parenthesized expression).
#[derive(Clone, Debug)]
struct GenArray {
    gen: Gen,
    atom: bool,
}

const PRIMS: &[char] = &['+', '-', '×', '÷', '⌈', '⌊', '|', '=', '<', '⍴', ',', '⌽'];

fn gen_fun() -> impl Strategy<Value = Gen> {
    let prim = prop::sample::select(PRIMS);
    prop_oneof![
        prim.clone().prop_map(|c| Gen {
            text: c.to_string(),
            sexpr: format!("(prim {c})"),
        }),
        prim.clone().prop_map(|c| Gen {
            text: format!("{c}/"),
            sexpr: format!("(reduce (prim {c}))"),
        }),
        prim.clone().prop_map(|c| Gen {
            text: format!("{c}¨"),
            sexpr: format!("(each (prim {c}))"),
        }),
        prim.clone().prop_map(|c| Gen {
            text: format!("{c}⍨"),
            sexpr: format!("(commute (prim {c}))"),
        }),
        prim.clone().prop_map(|c| Gen {
            text: format!("∘.{c}"),
            sexpr: format!("(outer (prim {c}))"),
        }),
        (prim.clone(), prim.clone()).prop_map(|(a, b)| Gen {
            text: format!("{a}.{b}"),
            sexpr: format!("(inner (prim {a}) (prim {b}))"),
        }),
        (prim.clone(), prim.clone(), prim.clone()).prop_map(|(a, b, c)| Gen {
            text: format!("({a}{b}{c})"),
            sexpr: format!("(train (prim {a}) (prim {b}) (prim {c}))"),
        }),
        (prim.clone(), 0i64..9).prop_map(|(c, n)| Gen {
            text: format!("{{⍵{c}{n}}}"),
            sexpr: format!("(dfn (dyadic (prim {c}) ⍵ {n}))"),
        }),
        Just(Gen {
            text: "f".into(),
            sexpr: "(fun f)".into(),
        }),
    ]
}

fn num_text(n: i64) -> String {
    if n < 0 {
        format!("¯{}", -n)
    } else {
        n.to_string()
    }
}

fn gen_array() -> impl Strategy<Value = GenArray> {
    let leaf = prop_oneof![
        (-20i64..20).prop_map(|n| GenArray {
            gen: Gen {
                text: num_text(n),
                sexpr: num_text(n),
            },
            atom: true,
        }),
        prop::collection::vec(-9i64..9, 2..4).prop_map(|v| {
            let items: Vec<String> = v.iter().map(|&n| num_text(n)).collect();
            GenArray {
                gen: Gen {
                    text: items.join(" "),
                    sexpr: format!("(strand {})", items.join(" ")),
                },
                atom: true,
            }
        }),
        Just(GenArray {
            gen: Gen {
                text: "x".into(),
                sexpr: "x".into(),
            },
            atom: true,
        }),
        (1i64..4).prop_map(|i| GenArray {
            gen: Gen {
                text: format!("x[{i}]"),
                sexpr: format!("(index x [{i}])"),
            },
            atom: true,
        }),
    ];
    leaf.prop_recursive(6, 48, 2, |inner| {
        prop_oneof![
            (gen_fun(), inner.clone()).prop_map(|(f, a)| GenArray {
                gen: Gen {
                    text: format!("{} {}", f.text, a.gen.text),
                    sexpr: format!("(monadic {} {})", f.sexpr, a.gen.sexpr),
                },
                atom: false,
            }),
            (gen_fun(), inner.clone(), inner.clone()).prop_map(|(f, l, r)| {
                // A left argument that is not a single strand item needs parentheses.
                let (lt, ls) = if l.atom {
                    (l.gen.text, l.gen.sexpr)
                } else {
                    (
                        format!("({})", l.gen.text),
                        format!("(paren {})", l.gen.sexpr),
                    )
                };
                GenArray {
                    gen: Gen {
                        text: format!("{lt} {} {}", f.text, r.gen.text),
                        sexpr: format!("(dyadic {} {ls} {})", f.sexpr, r.gen.sexpr),
                    },
                    atom: false,
                }
            }),
            inner.clone().prop_map(|a| GenArray {
                gen: Gen {
                    text: format!("({})", a.gen.text),
                    sexpr: format!("(paren {})", a.gen.sexpr),
                },
                atom: true,
            }),
            inner.prop_map(|a| GenArray {
                gen: Gen {
                    text: format!("y ← {}", a.gen.text),
                    sexpr: format!("(assign y {})", a.gen.sexpr),
                },
                atom: false,
            }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn generated_programs_parse_to_their_trees(a in gen_array()) {
        let src = format!("x ← 1 2 3 ⋄ f ← {{⍺+⍵}}\n{}", a.gen.text);
        let out = parse_program(&src);
        prop_assert!(out.is_ok(), "{src}\n{:?}", out.err());
        let sexpr = out.map(|p| p.to_sexpr()).unwrap_or_default();
        let got = sexpr.lines().last().unwrap_or_default().to_string();
        prop_assert_eq!(got, a.gen.sexpr, "{}", src);
    }
}
