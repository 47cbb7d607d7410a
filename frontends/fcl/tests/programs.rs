//! The thesis's FCL programs (Dybdal 2017, Chapter 5) parse and type-check with the expected
//! types; the prelude type-checks.

use tail_fcl::{check_source, check_source_without_prelude, PRELUDE};

const THESIS: &str = include_str!("data/thesis.fcl");

fn type_of(c: &tail_fcl::infer::Checked, name: &str) -> String {
    let d = c
        .decls
        .iter()
        .rev()
        .find(|d| d.name == name)
        .unwrap_or_else(|| panic!("no `{name}`"));
    c.show(&d.scheme.ty)
}

#[test]
fn prelude_type_checks() {
    let c = check_source_without_prelude(PRELUDE)
        .unwrap_or_else(|d| panic!("{}", d.render("prelude.fcl", PRELUDE)));
    assert_eq!(type_of(&c, "halve"), "['a] -> (['a], ['a])");
    assert_eq!(
        type_of(&c, "concat"),
        "int -> [Program<l> ['a]<l>] -> Program<1+l> ['a]<1+l>"
    );
    assert_eq!(
        type_of(&c, "foldl"),
        "('a -> 'b -> 'a) -> 'a -> ['b] -> ['a]<thread>"
    );
    assert_eq!(type_of(&c, "mapPush"), "('a -> 'b) -> ['a]<l> -> ['b]<l>");
    for f in [
        "splitUp",
        "zipWith",
        "splitGrid",
        "concatGrid",
        "scanl",
        "zipWithPush",
        "concatWarp",
    ] {
        assert!(c.decls.iter().any(|d| d.name == f), "{f}");
    }
}

#[test]
fn thesis_programs_type_check() {
    let c = check_source(THESIS).unwrap_or_else(|d| panic!("{}", d.render("thesis.fcl", THESIS)));
    let t = |n| type_of(&c, n);
    assert_eq!(t("revBlock"), "['a] -> Program<block> ['a]<block>");
    assert_eq!(
        t("revDistribute"),
        "int -> ['a] -> Program<grid> ['a]<grid>"
    );
    assert_eq!(
        t("transposeTiled"),
        "int -> int -> int -> ['a] -> Program<grid> ['a]<grid>"
    );
    assert_eq!(
        t("reducePart"),
        "('a -> 'a -> 'a) -> ['a] -> Program<grid> ['a]<grid>"
    );
    assert_eq!(
        t("reduceFull"),
        "('a -> 'a -> 'a) -> ['a] -> Program<grid> 'a"
    );
    assert_eq!(
        t("reduceWarps"),
        "('a -> 'a -> 'a) -> ['a] -> Program<block> ['a]<block>"
    );
    assert_eq!(t("warpOfThreads"), "['a] -> Program<warp> ['a]<warp>");
    // inferred (no signature in the thesis); flexible variables renamed in order
    assert_eq!(
        canon(&t("matmulTiled")),
        "('a -> 'a -> 'a) -> ('b -> 'c -> 'a) -> 'a -> int -> int -> int -> int -> ['b] -> ['c] -> Program<grid> ['a]<grid>"
    );
    assert_eq!(
        canon(&t("scan")),
        "('a -> 'a -> 'a) -> 'a -> ['a] -> Program<grid> ['a]<grid>"
    );
    assert_eq!(
        canon(&t("matmulBlock")),
        "('a -> 'b -> 'a) -> ('c -> 'd -> 'b) -> 'a -> int -> int -> int -> ['c] -> ['d] -> Program<block> ['a]<block>"
    );
}

/// Renames inferred variables `'t17`, `'t20`, … to `'a`, `'b`, … in order of appearance.
fn canon(s: &str) -> String {
    let mut names: Vec<String> = Vec::new();
    let mut out = String::new();
    let cs: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < cs.len() {
        if cs[i] == '\''
            && cs.get(i + 1) == Some(&'t')
            && cs.get(i + 2).is_some_and(|c| c.is_ascii_digit())
        {
            let mut j = i + 2;
            while j < cs.len() && cs[j].is_ascii_digit() {
                j += 1;
            }
            let v: String = cs[i..j].iter().collect();
            let k = names.iter().position(|n| *n == v).unwrap_or_else(|| {
                names.push(v);
                names.len() - 1
            });
            out.push('\'');
            out.push((b'a' + k as u8) as char);
            i = j;
        } else {
            out.push(cs[i]);
            i += 1;
        }
    }
    out
}
