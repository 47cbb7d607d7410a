//! Symbol table tests: lookup, nested references, uses in nested attributes, visibility,
//! renaming and uniquing.

#[path = "rewrite_common/mod.rs"]
mod common;

use common::*;
use tail_ir::symbol::*;
use tail_ir::*;

fn call(ctx: &mut Context, block: BlockId, callee: Attribute) -> OpId {
    push_attrs(ctx, block, "test.call", &[], &[], &[("callee", callee)])
}

#[test]
fn lookup_and_nearest() {
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (f, fe) = func(&mut ctx, mb, "f", &[]);
    let (g, ge) = func(&mut ctx, mb, "g", &[]);
    let callee = ctx.symbol_ref_attr("f");
    let c = call(&mut ctx, ge, callee);
    push(&mut ctx, ge, "test.ret", &[], &[]);
    push(&mut ctx, fe, "test.ret", &[], &[]);
    assert_eq!(symbol_name(&ctx, f), Some("f"));
    assert_eq!(lookup_symbol_in(&ctx, m, "f"), Some(f));
    assert_eq!(lookup_symbol_in(&ctx, m, "g"), Some(g));
    assert_eq!(lookup_symbol_in(&ctx, m, "h"), None);
    assert_eq!(nearest_symbol_table(&ctx, c), Some(m));
    assert_eq!(nearest_symbol_table(&ctx, m), Some(m));
    assert_eq!(lookup_nearest_symbol_from(&ctx, c, "f"), Some(f));
    assert_eq!(lookup_nearest_symbol_ref_from(&ctx, c, callee), Some(f));
    assert!(is_symbol(&ctx, f));
    assert!(is_symbol_table(&ctx, m));
}

#[test]
fn nested_references() {
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    // module { module @inner { func @f } }
    let r = ctx.create_region();
    let ib = ctx.append_new_block(r, &[]);
    let name = ctx.string_attr("inner");
    let inner = make(
        &mut ctx,
        "test.module",
        &[],
        &[],
        &[("sym_name", name)],
        vec![r],
        &[],
    );
    ctx.insert_op(inner, InsertPoint::BlockEnd(mb));
    let (f, fe) = func(&mut ctx, ib, "f", &[]);
    push(&mut ctx, fe, "test.ret", &[], &[]);
    let root = ctx.intern("inner");
    let leaf = ctx.intern("f");
    let nested = ctx.intern_attr(AttrKind::SymbolRef {
        root,
        nested: vec![leaf],
    });
    assert_eq!(lookup_symbol_ref_in(&ctx, m, nested), Some(f));
    // From inside the nested module, `@f` resolves in the nested table only.
    assert_eq!(
        lookup_nearest_symbol_from(&ctx, fe_op(&ctx, fe), "f"),
        Some(f)
    );
    assert_eq!(lookup_symbol_in(&ctx, m, "f"), None);
}

fn fe_op(ctx: &Context, b: BlockId) -> OpId {
    ctx.first_op(b).unwrap()
}

#[test]
fn uses_in_arrays_and_dictionaries() {
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (_, fe) = func(&mut ctx, mb, "f", &[]);
    push(&mut ctx, fe, "test.ret", &[], &[]);
    let (_, ge) = func(&mut ctx, mb, "g", &[]);
    let f_ref = ctx.symbol_ref_attr("f");
    let g_ref = ctx.symbol_ref_attr("g");
    let one = ctx.int_type(32);
    let one = ctx.int_attr(one, 1);
    let arr = ctx.array_attr(vec![one, f_ref]);
    let key = ctx.intern("target");
    let dict = ctx.dictionary_attr(vec![NamedAttr {
        name: key,
        value: g_ref,
    }]);
    let user = push_attrs(
        &mut ctx,
        ge,
        "test.pure",
        &[],
        &[],
        &[("refs", arr), ("meta", dict)],
    );
    push(&mut ctx, ge, "test.ret", &[], &[]);
    let uses = symbol_uses(&ctx, m);
    let names: Vec<&str> = uses.iter().map(|u| ctx.str(u.root)).collect();
    // Attributes are sorted by name: `meta` before `refs`.
    assert_eq!(names, vec!["g", "f"]);
    assert!(uses.iter().all(|u| u.user == user));
    assert_eq!(symbol_uses_of(&ctx, "f", m).len(), 1);
    assert!(symbol_known_use_empty(&ctx, "h", m));

    // Renaming rewrites the nested references.
    let (f, _) = (lookup_symbol_in(&ctx, m, "f").unwrap(), ());
    assert!(rename_symbol(&mut ctx, f, "f2"));
    assert_eq!(symbol_name(&ctx, f), Some("f2"));
    let refs = ctx.attr(user, "refs").unwrap();
    assert_eq!(ctx.attr_to_string(refs), "[1 : i32, @f2]");
    assert_eq!(symbol_uses_of(&ctx, "f", m).len(), 0);
    assert_eq!(symbol_uses_of(&ctx, "f2", m).len(), 1);
}

#[test]
fn uses_do_not_enter_nested_symbol_tables() {
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let r = ctx.create_region();
    let ib = ctx.append_new_block(r, &[]);
    let name = ctx.string_attr("inner");
    let inner = make(
        &mut ctx,
        "test.module",
        &[],
        &[],
        &[("sym_name", name)],
        vec![r],
        &[],
    );
    ctx.insert_op(inner, InsertPoint::BlockEnd(mb));
    let f_ref = ctx.symbol_ref_attr("f");
    call(&mut ctx, ib, f_ref);
    call(&mut ctx, mb, f_ref);
    assert_eq!(symbol_uses(&ctx, m).len(), 1);
    assert_eq!(symbol_uses(&ctx, inner).len(), 1);
}

#[test]
fn visibility() {
    let mut ctx = Context::new();
    let (_, mb) = module(&mut ctx);
    let (f, _) = func(&mut ctx, mb, "f", &[]);
    assert_eq!(sym_visibility(&ctx, f), Visibility::Public);
    assert!(is_public(&ctx, f) && is_symbol_visible(&ctx, f) && !can_discard_on_use_empty(&ctx, f));
    set_sym_visibility(&mut ctx, f, Visibility::Private);
    assert_eq!(
        ctx.attr(f, "sym_visibility")
            .and_then(|a| ctx.attr_as_str(a)),
        Some("private")
    );
    assert!(
        is_private(&ctx, f) && !is_symbol_visible(&ctx, f) && can_discard_on_use_empty(&ctx, f)
    );
    set_sym_visibility(&mut ctx, f, Visibility::Nested);
    assert_eq!(sym_visibility(&ctx, f), Visibility::Nested);
    assert!(is_symbol_visible(&ctx, f));
    set_sym_visibility(&mut ctx, f, Visibility::Public);
    assert!(ctx.attr(f, "sym_visibility").is_none());
}

#[test]
fn symbol_table_insert_uniques_names() {
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (f, _) = func(&mut ctx, mb, "f", &[]);
    let mut table = SymbolTable::new(&ctx, m);
    assert_eq!(table.lookup("f"), Some(f));
    // A detached new `f` gets renamed `f_0`, then `f_1`.
    let r = ctx.create_region();
    let n = ctx.string_attr("f");
    let g = make(
        &mut ctx,
        "test.func",
        &[],
        &[],
        &[("sym_name", n)],
        vec![r],
        &[],
    );
    assert_eq!(table.insert(&mut ctx, g, None), "f_0");
    assert_eq!(ctx.op_parent_block(g), Some(mb));
    let r = ctx.create_region();
    let h = make(
        &mut ctx,
        "test.func",
        &[],
        &[],
        &[("sym_name", n)],
        vec![r],
        &[],
    );
    assert_eq!(table.insert(&mut ctx, h, None), "f_1");
    assert_eq!(table.lookup("f_1"), Some(h));
    assert_eq!(lookup_symbol_in(&ctx, m, "f_1"), Some(h));
    table.erase(&mut ctx, h);
    assert_eq!(table.lookup("f_1"), None);
    assert!(table.rename(&mut ctx, g, "g"));
    assert_eq!(table.lookup("g"), Some(g));
    assert_eq!(table.lookup("f_0"), None);
}
