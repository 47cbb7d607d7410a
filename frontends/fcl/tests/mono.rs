//! Monomorphisation (Fig. 5.7): one copy per distinct type and level instance, shared copies
//! for equal instances, located errors for unresolved variables and levels above grid.

use tail_fcl::mono::{monomorphize, Mono, Use};
use tail_fcl::{check_source, Diagnostic};

fn mono(src: &str, entry: &str) -> Result<Mono, Diagnostic> {
    let c = check_source(src).unwrap_or_else(|d| panic!("{}", d.render("t.fcl", src)));
    monomorphize(&c, entry)
}

fn copies(m: &Mono, name: &str) -> usize {
    m.decls.iter().filter(|d| d.name == name).count()
}

#[test]
fn two_types_two_copies_shared_instances() {
    let src = "sig twice : forall 'a. ('a -> 'a) -> 'a -> 'a\n\
               fun twice f x = f (f x)\n\
               sig main : int -> double -> (int, double)\n\
               fun main n d = (twice (fn i => i + 1) n, twice (fn x => x *. 2.0) (twice (fn x => x) d))\n";
    let m = mono(src, "main").unwrap();
    assert_eq!(copies(&m, "twice"), 2);
    assert_eq!(copies(&m, "main"), 1);
    let tys: Vec<String> = m
        .decls
        .iter()
        .filter(|d| d.name == "twice")
        .map(|d| format!("{:?}", d.tys))
        .collect();
    assert!(
        tys.contains(&"[Int]".to_string()) && tys.contains(&"[Double]".to_string()),
        "{tys:?}"
    );
    // the three uses of `twice` refer to two copies
    let mut used: Vec<usize> = m
        .uses
        .values()
        .filter_map(|u| match u {
            Use::Global(i) if m.decls[*i].name == "twice" => Some(*i),
            _ => None,
        })
        .collect();
    assert_eq!(used.len(), 3);
    used.sort();
    used.dedup();
    assert_eq!(used.len(), 2);
}

#[test]
fn two_levels_two_copies() {
    let src = "sig rev : forall <l> 'a. ['a] -> Program<l> ['a]<l>\n\
               fun rev<l> arr = return<l> (push<l> (generate (length arr) (fn i => index arr (length arr - i - 1))))\n\
               sig main : [int] -> Program<grid> [int]<grid>\n\
               fun main a = do<grid> { b <- force<grid> (push<grid> a)\n\
                 ; c <- force<grid> (push<grid> b)\n\
                 ; splitUp 4 c |> map rev<block> |> concat<block> 4 }\n\
               sig main2 : [int] -> Program<grid> [int]<grid>\n\
               fun main2 a = do<grid> { x <- rev<grid> a ; y <- rev<grid> a\n\
                 ; splitUp 4 a |> map rev<block> |> concat<block> 4 }\n\
               sig main3 : [int] -> Program<grid> [int]<grid>\n\
               fun main3 a = do<grid> { x <- main2 a ; y <- rev<grid> a ; rev<grid> (map (fn v => v + 1) a) }\n";
    let m = mono(src, "main").unwrap();
    assert_eq!(copies(&m, "rev"), 1);
    let m = mono(src, "main2").unwrap();
    assert_eq!(
        copies(&m, "rev"),
        2,
        "rev<grid> twice, rev<block> once: two copies"
    );
    let m = mono(src, "main3").unwrap();
    assert_eq!(copies(&m, "rev"), 2);
    assert_eq!(copies(&m, "main2"), 1);
    // closed types everywhere
    for t in m.node_ty.values() {
        assert!(!format!("{t:?}").contains("Var"), "{t:?}");
    }
}

#[test]
fn polymorphic_let_split_per_instance() {
    let src = "sig main : int -> double -> (int, double)\n\
               fun main n d = let id = fn x => x\n\
                                  k = id 3\n\
                              in (id n + k, id d)\n";
    let m = mono(src, "main").unwrap();
    fn lets(e: &tail_fcl::ast::Expr, out: &mut Vec<String>) {
        use tail_fcl::ast::ExprKind::*;
        match &e.kind {
            Let(b, body) => {
                out.push(b.name.clone());
                lets(&b.value, out);
                lets(body, out)
            }
            Pair(a, b) | App(a, b) | BinOp(_, a, b) => {
                lets(a, out);
                lets(b, out)
            }
            Lam(_, _, b) | Neg(b) => lets(b, out),
            _ => {}
        }
    }
    let mut names = Vec::new();
    lets(&m.decls[m.entry].body, &mut names);
    names.sort();
    assert_eq!(names, ["id@0", "id@1", "k"]);
}

#[test]
fn unresolved_type_variable_is_located() {
    // `fn y => y` is applied to nothing that fixes its type
    let src = "sig main : int -> int\nfun main n = (fn x => n + 1) (fn y => y)\n";
    let c = check_source(src);
    let d = match c {
        Ok(c) => monomorphize(&c, "main").unwrap_err(),
        Err(d) => panic!("{d}"),
    };
    assert!(d.message.contains("unresolved type variable"), "{d}");
    assert_eq!(d.pos.line, 2);
    assert!(d.message.contains("'t"), "{d}");
}

#[test]
fn level_above_grid_is_located() {
    let src = "sig up : forall <l>. [int] -> Program<1+l> [int]<1+l>\n\
               fun up<l> a = splitUp 2 a |> map (fn c => return<l> (push<l> c)) |> concat<l> 2\n\
               sig wrap : forall <l>. [int] -> int\n\
               fun wrap<l> a = let p = up<l> a in length a\n\
               sig main : [int] -> int\n\
               fun main a = wrap<block> a + wrap<grid> a\n";
    let c = check_source(src);
    let d = match c {
        Ok(c) => monomorphize(&c, "main").unwrap_err(),
        Err(d) => panic!("{}", d.render("t.fcl", src)),
    };
    assert!(
        d.message.contains("level above grid") && d.message.contains("1+grid"),
        "{d}"
    );
    assert_eq!((d.pos.line, d.pos.col), (4, 25), "{d}");
}

#[test]
fn polymorphic_entry_and_missing_entry() {
    let src = "fun f x = x\n";
    let d = mono(src, "f").unwrap_err();
    assert!(d.message.contains("polymorphic"), "{d}");
    assert_eq!((d.pos.line, d.pos.col), (1, 5));
    let d = mono(src, "g").unwrap_err();
    assert!(
        d.message.contains("no entry point `g`") && d.message.contains('f'),
        "{d}"
    );
}
