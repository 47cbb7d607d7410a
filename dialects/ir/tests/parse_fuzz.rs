//! Malformed input never panics: random bytes and random mutations of valid modules.

use proptest::prelude::*;
use tail_ir::parser::{parse_attr_str, parse_source, parse_type_str};
use tail_ir::printer::PrintOptions;
use tail_ir::Context;

const SEEDS: &[&str] = &[
    r#"%0 = "test.op"() {a = 1 : i32, b = [1.5, "s", @x::@y], c = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> i32
%1:2 = "test.two"(%0, %0) : (i32, i32) -> (f32, tensor<4x?xf32>)
"test.use"(%1#1, %1#0) : (tensor<4x?xf32>, f32) -> ()"#,
    r#""builtin.module"() ({
  "test.func"() ({
  ^bb0(%a: i32, %b: memref<4xf32, strided<[1]>, 3>):
    %c = "test.cmp"(%a) : (i32) -> i1
    "test.cond_br"(%c, %a)[^bb1, ^bb2] : (i1, i32) -> ()
  ^bb1:
    "test.br"()[^bb2] : () -> ()
  ^bb2:
    "test.return"(%x) : (i64) -> ()
    %x = "test.def"() ({ "test.y"() : () -> () }, {}) : () -> i64
  }) {sym_name = "f", t = (i32) -> (i1, i1)} : () -> () loc("f.mlir":1:2)
}) : () -> ()"#,
    r#"!alias = tuple<i32, complex<f32>, vector<2x3xf16>>
#attr = {k = array<i64: 1, 2>, u, s = "a\"\n\00"}
#loc = loc(fused["a":1:2, callsite("b" at "c":3:4)])
"test.op"() <{p = #attr}> {t = !alias, d = !foo.bar<(x), [y], {z}>, e = #foo<"x">} : () -> () loc(#loc)
"test.op"() {f = 0x7FF0000000000000 : f64, g = -1.5e-3 : f32, h = 0xFFFF : bf16, i = -0.0} : () -> ()
{-# dialect_resources: {} #-}"#,
    r#"%a = "t.a"() : () -> index
"t.g"() ({
  %y = "t.add"(%z, %a) : (index, index) -> index
  %z = "t.b"(%y) : (index) -> index
}) : () -> () loc(callsite("x":1:1 at unknown))"#,
];

fn try_parse(text: &str, allow: bool) {
    let mut ctx = Context::new();
    ctx.allow_unregistered = allow;
    if let Ok(m) = parse_source(&mut ctx, "fuzz.mlir", text) {
        // Whatever parses must print, and the printed form must parse again.
        let printed = ctx.print_op_to_string(
            m,
            PrintOptions {
                generic: true,
                debug_info: true,
            },
        );
        let mut ctx2 = Context::new();
        ctx2.allow_unregistered = true;
        if let Err(d) = parse_source(&mut ctx2, "fuzz2.mlir", &printed) {
            panic!(
                "printed form does not parse: {}\ninput:\n{text}\nprinted:\n{printed}",
                ctx2.render_diagnostic(&d)
            );
        }
    }
    let _ = parse_type_str(&mut ctx, text);
    let _ = parse_attr_str(&mut ctx, text);
}

#[derive(Debug, Clone)]
enum Mutation {
    Truncate(usize),
    Delete(usize),
    Duplicate(usize, usize),
    Insert(usize, &'static str),
    Swap(usize, usize),
}

const FRAGMENTS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "<",
    ">",
    ",",
    ":",
    "::",
    "=",
    "->",
    "%",
    "%0",
    "%x#1",
    "^bb0",
    "^bb9:",
    "@",
    "#",
    "!",
    "\"",
    "\\",
    "0x",
    "-",
    "1.5e",
    "dense<",
    "array<i8:",
    "loc(",
    "tensor<",
    "x",
    "?",
    "*",
    "// c\n",
    "\n",
    "\u{e9}",
    "{-#",
    "#-}",
    "...",
    "\"test.op\"() : () -> ()",
    "%r:2 = ",
    "#alias",
    "!alias",
    "i1",
    "f16",
    "unit",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Truncate),
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), 1usize..12).prop_map(|(a, n)| Mutation::Duplicate(a, n)),
        (any::<usize>(), prop::sample::select(FRAGMENTS)).prop_map(|(a, f)| Mutation::Insert(a, f)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
    ]
}

fn apply(text: &str, muts: &[Mutation]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for m in muts {
        let n = chars.len().max(1);
        match *m {
            Mutation::Truncate(i) => chars.truncate(i % n),
            Mutation::Delete(i) => {
                if !chars.is_empty() {
                    chars.remove(i % chars.len());
                }
            }
            Mutation::Duplicate(i, len) => {
                if !chars.is_empty() {
                    let s = i % chars.len();
                    let e = (s + len).min(chars.len());
                    let dup: Vec<char> = chars[s..e].to_vec();
                    chars.splice(s..s, dup);
                }
            }
            Mutation::Insert(i, f) => {
                let at = i % (chars.len() + 1);
                chars.splice(at..at, f.chars());
            }
            Mutation::Swap(a, b) => {
                if !chars.is_empty() {
                    let (a, b) = (a % chars.len(), b % chars.len());
                    chars.swap(a, b);
                }
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn seeds_are_valid() {
    for s in SEEDS {
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        if let Err(d) = parse_source(&mut ctx, "seed.mlir", s) {
            panic!("{}", ctx.render_diagnostic(&d));
        }
    }
}

/// 1000 cases per property by default (`PROPTEST_CASES` overrides).
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200), allow in any::<bool>()) {
        let text = String::from_utf8_lossy(&bytes);
        try_parse(&text, allow);
    }

    #[test]
    fn mutated_modules_never_panic(
        seed in prop::sample::select(SEEDS),
        muts in prop::collection::vec(mutation(), 1..6),
        allow in any::<bool>(),
    ) {
        let text = apply(seed, &muts);
        try_parse(&text, allow);
    }
}
