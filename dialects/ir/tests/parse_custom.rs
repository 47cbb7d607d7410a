//! Custom op syntax through `OpInfo::parse`, dialect types/attributes through
//! `TypeDefInfo`/`AttrDefInfo`, default dialects and `IsolatedFromAbove` scoping.

use std::fmt::{self, Write};

use tail_ir::__private::inventory;
use tail_ir::attrs::DialectAttr;
use tail_ir::parser::{parse_attr_str, parse_source, parse_type_str, ParseResult, Parser};
use tail_ir::printer::{PrintOptions, Printer};
use tail_ir::{
    AttrDefInfo, Attribute, Context, DialectType, OpId, OpInfo, OpTraits, OperationState, Type,
    TypeDefInfo, TypeKind,
};

// ----- a small dialect `tst` --------------------------------------------------------------------

const fn op(
    name: &'static str,
    traits: OpTraits,
    default_dialect: &'static str,
    parse: fn(&mut Parser<'_>, &mut OperationState) -> ParseResult<()>,
    print: Option<fn(&mut Printer<'_>, OpId) -> fmt::Result>,
) -> OpInfo {
    OpInfo {
        name,
        dialect: "tst",
        summary: "",
        traits,
        parents: &[],
        default_dialect,
        verify: None,
        print,
        parse: Some(parse),
        fold: None,
        canonicalize: None,
        consumed_operands: None,
    }
}

/// `tst.func @name(%a: t, …) -> (results) { body }`
fn parse_func(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
    let name = p.parse_symbol_name()?;
    let args = p.parse_argument_list(true)?;
    let results = p.parse_optional_arrow_type_list()?;
    p.parse_optional_attr_dict_with_keyword(&mut st.attrs)?;
    let inputs: Vec<Type> = args.iter().map(|a| a.ty.unwrap()).collect();
    let fty = p.ctx.function_type(inputs, results);
    let fty = p.ctx.type_attr(fty);
    st.add_attr(p.ctx, "function_type", fty);
    let n = p.ctx.string_attr(&name);
    st.add_attr(p.ctx, "sym_name", n);
    let r = p.ctx.create_region();
    p.parse_region(r, &args)?;
    st.regions.push(r);
    Ok(())
}

/// `tst.return %a, %b : t, u` or `tst.return`
fn parse_return(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
    let loc = p.loc();
    let ops = p.parse_operand_list()?;
    if !ops.is_empty() {
        let tys = p.parse_colon_type_list()?;
        st.operands = p.resolve_operands(&ops, &tys, loc)?;
    }
    Ok(())
}

/// `tst.add %a, %b : t`
fn parse_add(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
    let a = p.parse_operand()?;
    p.parse_punct(",")?;
    let b = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut st.attrs)?;
    let t = p.parse_colon_type()?;
    st.operands = p.resolve_operands_same(&[a, b], t)?;
    st.result_types.push(t);
    Ok(())
}

fn print_add(p: &mut Printer<'_>, op: OpId) -> fmt::Result {
    p.write_str(" ")?;
    p.print_operands(op)?;
    p.print_optional_attr_dict(op, &[])?;
    p.write_str(" : ")?;
    let t = p.ctx.value_type(p.ctx.result(op, 0));
    p.print_type(t)
}

/// `tst.const 42 : i32`
fn parse_const(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
    let v = p.parse_attribute()?;
    let t = p.ctx.attr_type(v).expect("typed");
    st.add_attr(p.ctx, "value", v);
    st.result_types.push(t);
    Ok(())
}

/// `tst.for %iv = %lb to %ub { body }` (implicit `tst.yield`)
fn parse_for(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
    let iv = p.parse_argument(false)?;
    p.parse_punct("=")?;
    let lb = p.parse_operand()?;
    p.parse_keyword("to")?;
    let ub = p.parse_operand()?;
    let index = p.ctx.index_type();
    st.operands = p.resolve_operands_same(&[lb, ub], index)?;
    let mut iv = iv;
    iv.ty = Some(index);
    let r = p.ctx.create_region();
    let loc = st.loc;
    p.parse_region(r, &[iv])?;
    p.ensure_terminator(r, "tst.yield", loc);
    st.regions.push(r);
    Ok(())
}

fn parse_nothing(_p: &mut Parser<'_>, _st: &mut OperationState) -> ParseResult<()> {
    Ok(())
}

/// `tst.br ^bb1`
fn parse_br(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
    st.successors.push(p.parse_successor()?);
    Ok(())
}

/// `tst.pair2 : t` — two results
fn parse_pair2(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
    let t = p.parse_colon_type()?;
    st.result_types = vec![t, t];
    Ok(())
}

/// `tst.if { then } else { else }` with optional else, implicit yields.
fn parse_if(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
    let loc = st.loc;
    let then = p.ctx.create_region();
    p.parse_region(then, &[])?;
    p.ensure_terminator(then, "tst.yield", loc);
    let els = p.ctx.create_region();
    if p.parse_optional_keyword("else") {
        p.parse_region(els, &[])?;
        p.ensure_terminator(els, "tst.yield", loc);
    }
    st.regions.push(then);
    st.regions.push(els);
    Ok(())
}

/// `module attributes {…} { … }` (registered here as `builtin.module`, since this test crate
/// does not link the builtin dialect)
fn parse_module(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
    if let Some(name) = p.parse_optional_symbol_name() {
        let a = p.ctx.string_attr(&name);
        st.add_attr(p.ctx, "sym_name", a);
    }
    p.parse_optional_attr_dict_with_keyword(&mut st.attrs)?;
    let r = p.ctx.create_region();
    p.parse_region(r, &[])?;
    if p.ctx.region_is_empty(r) {
        p.ctx.append_new_block(r, &[]);
    }
    st.regions.push(r);
    Ok(())
}

inventory::submit! { op("tst.func", OpTraits::ISOLATED_FROM_ABOVE.union(OpTraits::SYMBOL), "tst", parse_func, None) }
inventory::submit! { op("tst.return", OpTraits::TERMINATOR.union(OpTraits::RETURN_LIKE), "", parse_return, None) }
inventory::submit! { op("tst.add", OpTraits::PURE, "", parse_add, Some(print_add)) }
inventory::submit! { op("tst.const", OpTraits::PURE, "", parse_const, None) }
inventory::submit! { op("tst.for", OpTraits::empty(), "tst", parse_for, None) }
inventory::submit! { op("tst.yield", OpTraits::TERMINATOR, "", parse_nothing, None) }
inventory::submit! { op("tst.br", OpTraits::TERMINATOR, "", parse_br, None) }
inventory::submit! { op("tst.pair2", OpTraits::empty(), "", parse_pair2, None) }
inventory::submit! { op("tst.if", OpTraits::empty(), "tst", parse_if, None) }
inventory::submit! { op("tst.plain", OpTraits::empty(), "", parse_nothing, None) }
inventory::submit! {
    op("builtin.module", OpTraits::ISOLATED_FROM_ABOVE.union(OpTraits::NO_TERMINATOR), "", parse_module, None)
}

// A dialect type `!tst.pair<t, u>`.
#[derive(Debug, PartialEq, Eq, Hash)]
struct PairType(Type, Type);

impl DialectType for PairType {
    fn dialect(&self) -> &'static str {
        "tst"
    }
    fn mnemonic(&self) -> &'static str {
        "pair"
    }
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result {
        p.write_str("<")?;
        p.print_type(self.0)?;
        p.write_str(", ")?;
        p.print_type(self.1)?;
        p.write_str(">")
    }
}

fn parse_pair(p: &mut Parser<'_>) -> ParseResult<Type> {
    p.parse_punct("<")?;
    let a = p.parse_type()?;
    p.parse_punct(",")?;
    let b = p.parse_type()?;
    p.parse_punct(">")?;
    Ok(p.ctx.dialect_type(PairType(a, b)))
}

inventory::submit! { TypeDefInfo { dialect: "tst", mnemonic: "pair", parse: parse_pair } }

// A dialect attribute `#tst.level<3>`.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Level(i64);

impl DialectAttr for Level {
    fn dialect(&self) -> &'static str {
        "tst"
    }
    fn mnemonic(&self) -> &'static str {
        "level"
    }
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result {
        write!(p, "<{}>", self.0)
    }
}

fn parse_level(p: &mut Parser<'_>) -> ParseResult<Attribute> {
    p.parse_punct("<")?;
    let v = p.parse_integer()?;
    p.parse_punct(">")?;
    Ok(p.ctx
        .intern_attr(tail_ir::AttrKind::Dialect(Box::new(Level(v)))))
}

inventory::submit! { AttrDefInfo { dialect: "tst", mnemonic: "level", parse: parse_level } }

// ----- tests ---------------------------------------------------------------------------------------

fn parse_ok(ctx: &mut Context, src: &str) -> OpId {
    match parse_source(ctx, "c.mlir", src) {
        Ok(m) => m,
        Err(d) => panic!("{}", ctx.render_diagnostic(&d)),
    }
}

fn parse_err(src: &str) -> String {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    match parse_source(&mut ctx, "c.mlir", src) {
        Ok(_) => panic!("expected an error"),
        Err(d) => {
            let (_, l, c) = ctx.file_line_col(d.loc).unwrap();
            format!("{l}:{c}: {}", d.message)
        }
    }
}

const PROGRAM: &str = r#"
module @m attributes {tst.flag} {
  tst.func @f(%a: i32, %b: i32) -> i32 {
    %c = tst.const 2 : i32
    %s = tst.add %a, %b : i32
    %t = add %s, %c {note = "short name", lvl = #tst.level<7>} : i32
    %lo = tst.const 0 : index
    %hi = tst.const 10 : index
    tst.for %i = %lo to %hi {
      %u = add %t, %t : i32
      for %j = %lo to %i {
      }
    }
    tst.if {
      tst.plain
    } else {
    }
    %p:2 = tst.pair2 : !tst.pair<i32, !tst.pair<f32, index>>
    return %t : i32
  }
  tst.func @g() {
    tst.br ^bb1
  ^bb1:
    tst.return
  } loc("g.mlir":3:4)
}
"#;

#[test]
fn custom_forms_parse() {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let m = parse_ok(&mut ctx, PROGRAM);
    assert_eq!(ctx.op_name_str(m), "builtin.module");
    assert!(ctx.attr(m, "tst.flag").is_some());
    let body = ctx.entry_block(ctx.region(m, 0)).unwrap();
    let funcs = ctx.block_op_vec(body);
    assert_eq!(funcs.len(), 2);
    let f = funcs[0];
    assert_eq!(ctx.op_name_str(f), "tst.func");
    let entry = ctx.entry_block(ctx.region(f, 0)).unwrap();
    assert_eq!(ctx.block_args(entry).len(), 2);
    let ops = ctx.block_op_vec(entry);
    let names: Vec<&str> = ops.iter().map(|&o| ctx.op_name_str(o)).collect();
    assert_eq!(
        names,
        [
            "tst.const",
            "tst.add",
            "tst.add",
            "tst.const",
            "tst.const",
            "tst.for",
            "tst.if",
            "tst.pair2",
            "tst.return"
        ]
    );
    // `add` and `return` were resolved through the default dialect of `tst.func`.
    assert_eq!(ctx.operand(ops[1], 0), ctx.block_arg(entry, 0));
    assert_eq!(ctx.operand(ops[8], 0), ctx.result(ops[2], 0));
    // The loop body got its induction variable and an implicit terminator; the nested `for`
    // (through `tst.for`'s default dialect) too.
    let loop_body = ctx.entry_block(ctx.region(ops[5], 0)).unwrap();
    assert_eq!(ctx.block_args(loop_body).len(), 1);
    let inner: Vec<&str> = ctx
        .block_ops(loop_body)
        .map(|o| ctx.op_name_str(o))
        .collect();
    assert_eq!(inner, ["tst.add", "tst.for", "tst.yield"]);
    let nested_for = ctx.block_op_vec(loop_body)[1];
    assert_eq!(ctx.operand(nested_for, 1), ctx.block_arg(loop_body, 0));
    let nested_body = ctx.entry_block(ctx.region(nested_for, 0)).unwrap();
    assert_eq!(ctx.block_op_vec(nested_body).len(), 1);
    // `tst.if`: both regions end up with a block ending in `tst.yield`, even the empty one.
    for i in 0..2 {
        let b = ctx.entry_block(ctx.region(ops[6], i)).unwrap();
        assert_eq!(ctx.op_name_str(ctx.last_op(b).unwrap()), "tst.yield");
    }
    // Result groups with custom ops, dialect types and attributes.
    assert_eq!(ctx.num_results(ops[7]), 2);
    let pt = ctx.value_type(ctx.result(ops[7], 1));
    assert_eq!(
        ctx.type_to_string(pt),
        "!tst.pair<i32, !tst.pair<f32, index>>"
    );
    // Successors in a custom form and a trailing location.
    let g = funcs[1];
    assert_eq!(ctx.file_line_col(ctx.op_loc(g)), Some(("g.mlir", 3, 4)));
    let gr = ctx.region(g, 0);
    let bbs = ctx.region_blocks(gr).to_vec();
    assert_eq!(bbs.len(), 2);
    assert_eq!(ctx.successors(ctx.first_op(bbs[0]).unwrap()), &[bbs[1]]);
    // Op locations point at the first token (the result name when there is one).
    assert_eq!(
        ctx.file_line_col(ctx.op_loc(ops[1])),
        Some(("c.mlir", 5, 5))
    );
}

#[test]
fn custom_and_generic_round_trip() {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let m = parse_ok(&mut ctx, PROGRAM);
    let generic = ctx.print_op_to_string(
        m,
        PrintOptions {
            generic: true,
            debug_info: false,
        },
    );
    let mut ctx2 = Context::new();
    ctx2.allow_unregistered = true;
    let m2 = parse_ok(&mut ctx2, &generic);
    assert_eq!(
        ctx2.print_op_to_string(
            m2,
            PrintOptions {
                generic: true,
                debug_info: false
            }
        ),
        generic
    );
    assert!(
        generic.contains("!tst.pair<i32, !tst.pair<f32, index>>"),
        "{generic}"
    );
    assert!(generic.contains("lvl = #tst.level<7>"), "{generic}");
    // Custom printing of `tst.add` (the only op here with a printer) parses back too.
    let custom = ctx.print_op_to_string(m, PrintOptions::default());
    assert!(custom.contains("tst.add %"), "{custom}");
    let mut ctx3 = Context::new();
    ctx3.allow_unregistered = true;
    let m3 = parse_ok(&mut ctx3, &custom);
    assert_eq!(ctx3.print_op_to_string(m3, PrintOptions::default()), custom);
}

#[test]
fn dialect_types_and_attrs_use_their_parsers() {
    let mut ctx = Context::new();
    let t = parse_type_str(&mut ctx, "!tst.pair<i32, f32>").unwrap();
    assert!(matches!(ctx.type_kind(t), TypeKind::Dialect(_)));
    let t2 = parse_type_str(&mut ctx, "!tst.pair<i32,f32>").unwrap();
    assert_eq!(t, t2);
    let a = parse_attr_str(&mut ctx, "#tst.level<3>").unwrap();
    assert_eq!(ctx.attr_to_string(a), "#tst.level<3>");
    let e = parse_type_str(&mut ctx, "!tst.pair<i32>").unwrap_err();
    assert_eq!(e.message, "expected ','");
    // Unknown mnemonics of this dialect stay opaque only with allow_unregistered.
    ctx.allow_unregistered = true;
    let o = parse_type_str(&mut ctx, "!tst.other<1>").unwrap();
    assert!(matches!(ctx.type_kind(o), TypeKind::Opaque { .. }));
}

#[test]
fn isolated_from_above_hides_outer_values() {
    let src = "%x = \"test.op\"() : () -> i32\ntst.func @f() {\n  %y = tst.add %x, %x : i32\n  tst.return\n}";
    assert_eq!(parse_err(src), "3:16: use of undeclared SSA value name");
    // Function arguments may reuse outer names: the body is a new scope.
    let ok = "%a = \"test.op\"() : () -> i32\ntst.func @f(%a: i32) {\n  tst.return %a : i32\n}";
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    parse_ok(&mut ctx, ok);
    // ... but a non-isolated region's argument may not.
    let bad = "tst.func @f(%i: index) {\n  tst.for %i = %i to %i {\n  }\n  tst.return\n}";
    assert_eq!(
        parse_err(bad),
        "2:11: region entry argument '%i' is already in use"
    );
    // Non-isolated regions see outer values.
    let ok2 = "tst.func @f(%a: i32, %n: index) {\n  tst.for %i = %n to %n {\n    %b = tst.add %a, %a : i32\n  }\n  tst.return\n}";
    parse_ok(&mut ctx, ok2);
}

#[test]
fn custom_op_errors() {
    assert_eq!(
        parse_err("tst.func @f() {\n  frobnicate\n}"),
        "2:3: custom op 'frobnicate' is unknown"
    );
    assert_eq!(
        parse_err("tst.func @f() {\n  %a = tst.add %b : i32\n}"),
        "2:18: expected ','"
    );
    assert_eq!(
        parse_err("tst.func f() {}"),
        "1:10: expected valid '@'-identifier for symbol name"
    );
    assert_eq!(parse_err("tst.func @f(%a) {}"), "1:15: expected ':'");
    assert_eq!(
        parse_err("tst.func @f(%a: i32) {\n^bb0(%b: i32):\n}"),
        "2:1: invalid block name in region with named arguments"
    );
    assert_eq!(
        parse_err("%a, %b = tst.const 1 : i32"),
        "1:1: operation defines 1 results but was provided 2 to bind"
    );
    assert_eq!(
        parse_err("tst.func @f() {\n  %a = tst.const 1 : i32\n  %b = tst.add %a, %a : f32\n}"),
        "3:16: use of value '%a' expects different type than prior uses: 'f32' vs 'i32'"
    );
    assert_eq!(
        parse_err("tst.func @f() {\n  tst.br ^nowhere\n}"),
        "2:10: reference to an undefined block"
    );
    assert_eq!(
        parse_err("\"tst.add\"()[^bb1] : () -> ()"),
        "1:12: successors in non-terminator"
    );
    assert_eq!(
        parse_err("%a = tst.const 1 : i32\ntst.return %a, %a : i32"),
        "2:12: 2 operands present, but expected 1"
    );
}

#[test]
fn registered_ops_in_generic_form() {
    // Generic form of a registered isolated op: outer values are invisible inside.
    let src = "%x = \"test.op\"() : () -> i32\n\"tst.func\"() ({\n  \"test.use\"(%x) : (i32) -> ()\n}) : () -> ()";
    assert_eq!(parse_err(src), "3:14: use of undeclared SSA value name");
    // Generic regions inherit the default dialect of the enclosing custom op.
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    parse_ok(
        &mut ctx,
        "tst.func @f() {\n  \"test.wrap\"() ({\n    return\n  }) : () -> ()\n  return\n}",
    );
}
