//! Bad input never panics: the lexer, parser and type checker return diagnostics.

use proptest::prelude::*;

const PIECES: &[&str] = &[
    "sig ",
    "fun ",
    "f ",
    "x ",
    "let ",
    "in ",
    "fn ",
    "=> ",
    "if ",
    "then ",
    "else ",
    "do",
    "<",
    ">",
    "block",
    "grid",
    "warp",
    "1+",
    "{ ",
    "} ",
    "<- ",
    "; ",
    "(",
    ")",
    ",",
    "[",
    "]",
    "'a",
    "->",
    "Program",
    "= ",
    "|> ",
    "+ ",
    "== ",
    "1 ",
    "2.5 ",
    "true ",
    "#BlockSize ",
    "push",
    "force",
    "return",
    "map ",
    "generate ",
    "index ",
    "length ",
    "concat",
    "while",
    "forall ",
    ". ",
    ": ",
    "int ",
    "(*",
    "*)",
    "-- c\n",
    "\n",
    "$",
    "seqfor ",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn token_soup_never_panics(ix in proptest::collection::vec(0..PIECES.len(), 0..40)) {
        let src: String = ix.iter().map(|i| PIECES[*i]).collect();
        if let Err(d) = tail_fcl::check_source(&src) {
            prop_assert!(d.pos.line >= 1 && d.pos.col >= 1);
            let _ = d.render("t.fcl", &src);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(src in "\\PC{0,80}") {
        if let Err(d) = tail_fcl::check_source(&src) {
            let _ = d.render("t.fcl", &src);
        }
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let src = format!("fun f x = {}x{}", "(".repeat(5000), ")".repeat(5000));
    let d = tail_fcl::check_source(&src).unwrap_err();
    assert!(d.message.contains("nesting deeper"), "{}", d.message);
}
