//! Verifier tests: structural rules, traits and MLIR's diagnostic wording.

#[path = "rewrite_common/mod.rs"]
mod common;

use common::*;
use tail_ir::verifier::{verify, verify_all};
use tail_ir::*;

fn err(ctx: &Context, op: OpId) -> String {
    verify(ctx, op)
        .expect_err("expected a verifier error")
        .message
}

#[test]
fn valid_function_verifies() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[i32t]);
    let a = ctx.block_arg(entry, 0);
    let c = constant(&mut ctx, entry, 1, i32t);
    let s = push(&mut ctx, entry, "test.add", &[a, c], &[i32t]);
    let r = ctx.result(s, 0);
    push(&mut ctx, entry, "test.ret", &[r], &[]);
    assert_eq!(verify(&ctx, m), Ok(()));
    assert!(verify_all(&ctx, m).is_empty());
}

#[test]
fn op_error_prefixes_the_op_name() {
    let mut ctx = Context::new();
    let op = make(&mut ctx, "test.pure", &[], &[], &[], Vec::new(), &[]);
    let d = op_error(&ctx, op, "is broken");
    assert_eq!(d.message, "'test.pure' op is broken");
    assert_eq!(d.severity, Severity::Error);
}

#[test]
fn missing_terminator() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    constant(&mut ctx, entry, 1, i32t);
    let msg = err(&ctx, m);
    assert!(
        msg.starts_with("block with no terminator, has %0 = \"test.constant\"()"),
        "{msg}"
    );
}

#[test]
fn empty_block_needs_terminator() {
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    func(&mut ctx, mb, "f", &[]);
    assert_eq!(err(&ctx, m), "empty block: expect at least a terminator");
}

#[test]
fn unregistered_parent_needs_no_terminator() {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    let (_, inner) = region_op(&mut ctx, entry, "foo.region", &[], &[], &[]);
    constant(&mut ctx, inner, 1, i32t);
    push(&mut ctx, entry, "test.ret", &[], &[]);
    assert_eq!(verify(&ctx, m), Ok(()));
}

#[test]
fn terminator_must_be_last() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    push(&mut ctx, entry, "test.ret", &[], &[]);
    constant(&mut ctx, entry, 1, i32t);
    push(&mut ctx, entry, "test.ret", &[], &[]);
    assert_eq!(
        err(&ctx, m),
        "'test.ret' op must be the last operation in the parent block"
    );
}

#[test]
fn successors_only_on_terminators_and_within_region() {
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (f, entry) = func(&mut ctx, mb, "f", &[]);
    let r = ctx.region(f, 0);
    let bb1 = ctx.append_new_block(r, &[]);
    let op = make(&mut ctx, "test.pure", &[], &[], &[], Vec::new(), &[bb1]);
    ctx.insert_op(op, InsertPoint::BlockEnd(entry));
    branch(&mut ctx, entry, "test.br", &[], &[bb1]);
    push(&mut ctx, bb1, "test.ret", &[], &[]);
    // Block checks run before the ops of the block are verified (MLIR's order).
    assert_eq!(
        err(&ctx, m),
        "operation with block successors must terminate its parent block"
    );

    // As the last op of a block that needs no terminator, the op's own trait check fires.
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    let (u, g) = region_op(&mut ctx, entry, "foo.region", &[], &[], &[]);
    let ur = ctx.region(u, 0);
    let g1 = ctx.append_new_block(ur, &[]);
    let op = make(&mut ctx, "test.pure", &[], &[], &[], Vec::new(), &[g1]);
    ctx.insert_op(op, InsertPoint::BlockEnd(g));
    push(&mut ctx, entry, "test.ret", &[], &[]);
    assert_eq!(
        err(&ctx, m),
        "'test.pure' op requires 0 successors but found 1"
    );

    // A branch into another function's region.
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (_, e1) = func(&mut ctx, mb, "f", &[]);
    let (_, e2) = func(&mut ctx, mb, "g", &[]);
    push(&mut ctx, e2, "test.ret", &[], &[]);
    branch(&mut ctx, e1, "test.br", &[], &[e2]);
    assert_eq!(
        err(&ctx, m),
        "'test.br' op branching to block of a different region"
    );
}

#[test]
fn entry_block_may_not_have_predecessors() {
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    branch(&mut ctx, entry, "test.br", &[], &[entry]);
    assert_eq!(
        err(&ctx, m),
        "entry block of region may not have predecessors"
    );
}

#[test]
fn has_parent_wording() {
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    push(&mut ctx, entry, "test.yield", &[], &[]);
    assert_eq!(
        err(&ctx, m),
        "'test.yield' op expects parent op 'test.exec'"
    );

    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    push(&mut ctx, entry, "test.loop_yield", &[], &[]);
    assert_eq!(
        err(&ctx, m),
        "'test.loop_yield' op expects parent op to be one of 'test.exec, test.loop, test.if'"
    );

    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    let (_, inner) = region_op(&mut ctx, entry, "test.exec", &[], &[], &[]);
    push(&mut ctx, inner, "test.yield", &[], &[]);
    push(&mut ctx, entry, "test.ret", &[], &[]);
    assert_eq!(verify(&ctx, m), Ok(()));
}

#[test]
fn same_type_traits() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let i64t = ctx.int_type(64);
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[i32t, i64t]);
    let (a, b) = (ctx.block_arg(entry, 0), ctx.block_arg(entry, 1));
    push(&mut ctx, entry, "test.add", &[a, b], &[i32t]);
    push(&mut ctx, entry, "test.ret", &[], &[]);
    assert_eq!(
        err(&ctx, m),
        "'test.add' op requires the same type for all operands and results"
    );

    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let i64t = ctx.int_type(64);
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[i32t, i64t]);
    let (a, b) = (ctx.block_arg(entry, 0), ctx.block_arg(entry, 1));
    push(&mut ctx, entry, "test.same_operands", &[a, b], &[]);
    push(&mut ctx, entry, "test.ret", &[], &[]);
    assert_eq!(
        err(&ctx, m),
        "'test.same_operands' op requires all operands to have the same type"
    );
}

#[test]
fn same_operands_and_result_type_accepts_compatible_shapes() {
    let mut ctx = Context::new();
    let f32t = ctx.f32_type();
    let dynamic = ctx.tensor_type(vec![DYNAMIC, 4], f32t);
    let fixed = ctx.tensor_type(vec![2, 4], f32t);
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[dynamic, fixed]);
    let (a, b) = (ctx.block_arg(entry, 0), ctx.block_arg(entry, 1));
    push(&mut ctx, entry, "test.add", &[a, b], &[fixed]);
    push(&mut ctx, entry, "test.ret", &[], &[]);
    assert_eq!(verify(&ctx, m), Ok(()));
}

#[test]
fn single_block_symbol_and_custom_verifier() {
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    let (exec, inner) = region_op(&mut ctx, entry, "test.exec", &[], &[], &[]);
    push(&mut ctx, inner, "test.yield", &[], &[]);
    let r = ctx.region(exec, 0);
    let b2 = ctx.append_new_block(r, &[]);
    push(&mut ctx, b2, "test.yield", &[], &[]);
    push(&mut ctx, entry, "test.ret", &[], &[]);
    assert_eq!(
        err(&ctx, m),
        "'test.exec' op expects region #0 to have 0 or 1 blocks"
    );

    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let r = ctx.create_region();
    let e = ctx.append_new_block(r, &[]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    let f = make(&mut ctx, "test.func", &[], &[], &[], vec![r], &[]);
    ctx.insert_op(f, InsertPoint::BlockEnd(mb));
    assert_eq!(
        err(&ctx, m),
        "'test.func' op requires string attribute 'sym_name'"
    );

    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (f, e) = func(&mut ctx, mb, "f", &[]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    let v = ctx.string_attr("secret");
    ctx.set_attr(f, "sym_visibility", v);
    assert_eq!(
        err(&ctx, m),
        "'test.func' op visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"secret\""
    );

    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let u = ctx.unit_attr();
    push_attrs(&mut ctx, mb, "test.checked", &[], &[], &[("bad", u)]);
    assert_eq!(err(&ctx, m), "'test.checked' op custom verifier failed");
}

#[test]
fn symbol_redefinition_has_note() {
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (f1, e1) = func(&mut ctx, mb, "f", &[]);
    push(&mut ctx, e1, "test.ret", &[], &[]);
    let (f2, e2) = func(&mut ctx, mb, "f", &[]);
    push(&mut ctx, e2, "test.ret", &[], &[]);
    let l1 = loc(&mut ctx, 1);
    let l2 = loc(&mut ctx, 2);
    ctx.set_op_loc(f1, l1);
    ctx.set_op_loc(f2, l2);
    let d = verify(&ctx, m).unwrap_err();
    assert_eq!(d.message, "redefinition of symbol named 'f'");
    assert_eq!(d.loc, l2);
    assert_eq!(d.notes.len(), 1);
    assert_eq!(d.notes[0].message, "see existing symbol definition here");
    assert_eq!(d.notes[0].loc, l1);
}

#[test]
fn isolated_from_above_violation() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (f, outer) = func(&mut ctx, mb, "outer", &[i32t]);
    let x = ctx.block_arg(outer, 0);
    // A nested isolated function using the outer argument.
    let (inner_f, inner) = func(&mut ctx, outer, "inner", &[]);
    let use_op = push(&mut ctx, inner, "test.add", &[x, x], &[i32t]);
    push(&mut ctx, inner, "test.ret", &[], &[]);
    push(&mut ctx, outer, "test.ret", &[], &[]);
    let lu = loc(&mut ctx, 7);
    let lf = loc(&mut ctx, 5);
    ctx.set_op_loc(use_op, lu);
    ctx.set_op_loc(inner_f, lf);
    let _ = f;
    // The nested function is also a misplaced symbol; the isolation error is reported too.
    let diags = verify_all(&ctx, m);
    let d = diags
        .iter()
        .find(|d| d.message.contains("using value defined outside the region"))
        .expect("isolation violation reported");
    assert_eq!(
        d.message,
        "'test.add' op using value defined outside the region"
    );
    assert_eq!(d.loc, lu);
    assert_eq!(
        d.notes[0].message,
        "required by region isolation constraints"
    );
    assert_eq!(d.notes[0].loc, lf);
}

#[test]
fn unregistered_ops() {
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    push(&mut ctx, mb, "foo.bar", &[], &[]);
    assert_eq!(
        err(&ctx, m),
        "'foo.bar' op created with unregistered dialect. If this is intended, please call \
         allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt \
         tool used"
    );
    // An unknown op of a registered dialect.
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    push(&mut ctx, mb, "test.unknown_thing", &[], &[]);
    assert_eq!(
        err(&ctx, m),
        "unregistered operation 'test.unknown_thing' found in dialect ('test') that does not allow unknown operations"
    );
    // Registered dialects never allow unknown ops, even with unregistered dialects allowed.
    ctx.allow_unregistered = true;
    assert_eq!(
        err(&ctx, m),
        "unregistered operation 'test.unknown_thing' found in dialect ('test') that does not allow unknown operations"
    );
}

#[test]
fn erased_operand_is_reported() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    let c = constant(&mut ctx, entry, 1, i32t);
    let user = make(&mut ctx, "test.add", &[c, c], &[i32t], &[], Vec::new(), &[]);
    // Erase the constant while a detached op still uses it, then insert the user.
    let cop = ctx.defining_op(c).unwrap();
    ctx.insert_op(user, InsertPoint::BlockEnd(entry));
    push(&mut ctx, entry, "test.ret", &[], &[]);
    let p = ctx.create_placeholder(i32t);
    ctx.replace_all_uses_with(c, p);
    ctx.erase_op(cop);
    assert_eq!(
        err(&ctx, m),
        "'test.add' op operand #0 is an unresolved forward reference"
    );
}

#[test]
fn verify_all_collects_every_error() {
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (_, e1) = func(&mut ctx, mb, "f", &[]);
    push(&mut ctx, e1, "test.yield", &[], &[]);
    let (_, e2) = func(&mut ctx, mb, "g", &[]);
    let _ = e2;
    let u = ctx.unit_attr();
    push_attrs(&mut ctx, mb, "test.checked", &[], &[], &[("bad", u)]);
    let msgs: Vec<String> = verify_all(&ctx, m).into_iter().map(|d| d.message).collect();
    assert_eq!(
        msgs,
        vec![
            "'test.checked' op custom verifier failed".to_string(),
            "'test.yield' op expects parent op 'test.exec'".to_string(),
            "empty block: expect at least a terminator".to_string(),
        ]
    );
    // The first-error variant reports the first of them.
    assert_eq!(err(&ctx, m), "'test.checked' op custom verifier failed");
}

#[test]
fn graph_region_allows_any_order() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    let (_, g) = region_op(&mut ctx, entry, "test.graph", &[], &[], &[]);
    // %1 = add %0, %0 ; %0 = constant — use before def is fine in a graph region.
    let user = push(&mut ctx, g, "test.add", &[], &[i32t]);
    let c = constant(&mut ctx, g, 3, i32t);
    ctx.push_operand(user, c);
    ctx.push_operand(user, c);
    push(&mut ctx, entry, "test.ret", &[], &[]);
    assert_eq!(verify(&ctx, m), Ok(()));

    // The same in an SSA region fails.
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    let user = push(&mut ctx, entry, "test.add", &[], &[i32t]);
    let c = constant(&mut ctx, entry, 3, i32t);
    ctx.push_operand(user, c);
    ctx.push_operand(user, c);
    push(&mut ctx, entry, "test.ret", &[], &[]);
    let d = verify(&ctx, m).unwrap_err();
    assert_eq!(
        d.message,
        "'test.add' op operand #0 does not dominate this use"
    );
    assert_eq!(
        d.notes[0].message,
        "operand defined here (op in the same block)"
    );

    // Graph regions of registered ops hold at most one block.
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    let (gop, _) = region_op(&mut ctx, entry, "test.graph", &[], &[], &[]);
    let r = ctx.region(gop, 0);
    ctx.append_new_block(r, &[]);
    push(&mut ctx, entry, "test.ret", &[], &[]);
    assert_eq!(
        err(&ctx, m),
        "'test.graph' op expects graph region #0 to have 0 or 1 blocks"
    );
}

#[test]
fn module_body_is_a_graph_region() {
    // builtin.module-like ops (SymbolTable + NoTerminator) are graph regions.
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let user = push(&mut ctx, mb, "test.add", &[], &[i32t]);
    let c = constant(&mut ctx, mb, 3, i32t);
    ctx.push_operand(user, c);
    ctx.push_operand(user, c);
    assert_eq!(verify(&ctx, m), Ok(()));
}
