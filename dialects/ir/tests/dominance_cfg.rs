//! Dominance tests: diamond and loop CFGs, unreachable blocks, nested regions, graph regions,
//! and the verifier's dominance diagnostics.

#[path = "rewrite_common/mod.rs"]
mod common;

use common::*;
use tail_ir::dominance::DominanceInfo;
use tail_ir::verifier::verify;
use tail_ir::*;

/// `f`: entry -> (bb1 | bb2) -> bb3 (a diamond), plus an unreachable bb4 -> bb3.
struct Diamond {
    ctx: Context,
    m: OpId,
    blocks: [BlockId; 5],
    /// One op per block (a constant at the start of each).
    consts: [OpId; 5],
    terms: [OpId; 5],
}

fn diamond() -> Diamond {
    let mut ctx = Context::new();
    let i1 = ctx.i1_type();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (f, entry) = func(&mut ctx, mb, "f", &[i1]);
    let r = ctx.region(f, 0);
    let bb1 = ctx.append_new_block(r, &[]);
    let bb2 = ctx.append_new_block(r, &[]);
    let bb3 = ctx.append_new_block(r, &[i32t]);
    let bb4 = ctx.append_new_block(r, &[]);
    let blocks = [entry, bb1, bb2, bb3, bb4];
    let mut consts = Vec::new();
    for (i, &b) in blocks.iter().enumerate() {
        let c = constant(&mut ctx, b, i as i64, i32t);
        consts.push(ctx.defining_op(c).unwrap());
    }
    let cond = ctx.block_arg(entry, 0);
    let v1 = ctx.result(consts[1], 0);
    let v2 = ctx.result(consts[2], 0);
    let v4 = ctx.result(consts[4], 0);
    let t0 = branch(&mut ctx, entry, "test.cond_br", &[cond], &[bb1, bb2]);
    let t1 = branch(&mut ctx, bb1, "test.br", &[v1], &[bb3]);
    let t2 = branch(&mut ctx, bb2, "test.br", &[v2], &[bb3]);
    let t3 = push(&mut ctx, bb3, "test.ret", &[], &[]);
    let t4 = branch(&mut ctx, bb4, "test.br", &[v4], &[bb3]);
    Diamond {
        ctx,
        m,
        blocks,
        consts: consts.try_into().unwrap(),
        terms: [t0, t1, t2, t3, t4],
    }
}

#[test]
fn diamond_block_dominance() {
    let d = diamond();
    let ctx = &d.ctx;
    let dom = DominanceInfo::new();
    let [entry, bb1, bb2, bb3, bb4] = d.blocks;
    assert!(dom.block_dominates(ctx, entry, bb1));
    assert!(dom.block_dominates(ctx, entry, bb2));
    assert!(dom.block_dominates(ctx, entry, bb3));
    assert!(!dom.block_dominates(ctx, bb1, bb3));
    assert!(!dom.block_dominates(ctx, bb2, bb3));
    assert!(!dom.block_dominates(ctx, bb1, bb2));
    assert!(dom.block_dominates(ctx, bb3, bb3));
    assert!(!dom.block_properly_dominates(ctx, bb3, bb3));
    assert_eq!(dom.immediate_dominator(ctx, bb3), Some(entry));
    assert_eq!(dom.immediate_dominator(ctx, bb1), Some(entry));
    assert_eq!(dom.immediate_dominator(ctx, entry), None);
    // Unreachable blocks: dominated by everything, dominate nothing else.
    assert!(!dom.is_reachable_from_entry(ctx, bb4));
    assert!(dom.is_reachable_from_entry(ctx, bb3));
    assert!(dom.block_dominates(ctx, bb1, bb4));
    assert!(!dom.block_dominates(ctx, bb4, bb3));
    assert_eq!(dom.immediate_dominator(ctx, bb4), None);
}

#[test]
fn diamond_op_and_value_dominance() {
    let d = diamond();
    let ctx = &d.ctx;
    let dom = DominanceInfo::new();
    let c = d.consts;
    let v0 = ctx.result(c[0], 0);
    let v1 = ctx.result(c[1], 0);
    // Same block: order decides.
    assert!(dom.dominates(ctx, c[1], d.terms[1]));
    assert!(!dom.dominates(ctx, d.terms[1], c[1]));
    assert!(dom.dominates(ctx, c[1], c[1]));
    assert!(!dom.op_properly_dominates(ctx, c[1], c[1]));
    // Across blocks.
    assert!(dom.properly_dominates(ctx, v0, d.terms[3]));
    assert!(!dom.properly_dominates(ctx, v1, d.terms[3]));
    assert!(!dom.properly_dominates(ctx, v1, d.terms[2]));
    // A value does not dominate its own definition.
    assert!(!dom.properly_dominates(ctx, v1, c[1]));
    // Block arguments dominate their whole block.
    let arg = ctx.block_arg(d.blocks[3], 0);
    assert!(dom.properly_dominates(ctx, arg, c[3]));
    assert!(!dom.properly_dominates(ctx, arg, c[1]));
    let cond = ctx.block_arg(d.blocks[0], 0);
    assert!(dom.properly_dominates(ctx, cond, d.terms[4]));
}

#[test]
fn loop_dominance() {
    // entry -> header <-> body, header -> exit
    let mut ctx = Context::new();
    let i1 = ctx.i1_type();
    let (_, mb) = module(&mut ctx);
    let (f, entry) = func(&mut ctx, mb, "f", &[i1]);
    let r = ctx.region(f, 0);
    let header = ctx.append_new_block(r, &[]);
    let body = ctx.append_new_block(r, &[]);
    let exit = ctx.append_new_block(r, &[]);
    let c = ctx.block_arg(entry, 0);
    branch(&mut ctx, entry, "test.br", &[], &[header]);
    branch(&mut ctx, header, "test.cond_br", &[c], &[body, exit]);
    branch(&mut ctx, body, "test.br", &[], &[header]);
    push(&mut ctx, exit, "test.ret", &[], &[]);
    let dom = DominanceInfo::new();
    assert!(dom.block_dominates(&ctx, header, body));
    assert!(dom.block_dominates(&ctx, header, exit));
    assert!(!dom.block_dominates(&ctx, body, header));
    assert!(!dom.block_dominates(&ctx, body, exit));
    assert_eq!(dom.immediate_dominator(&ctx, exit), Some(header));
    assert_eq!(dom.immediate_dominator(&ctx, body), Some(header));
    assert_eq!(dom.immediate_dominator(&ctx, header), Some(entry));
}

#[test]
fn irreducible_cfg_converges() {
    // entry -> a, entry -> b, a <-> b: idom(a) = idom(b) = entry.
    let mut ctx = Context::new();
    let i1 = ctx.i1_type();
    let (_, mb) = module(&mut ctx);
    let (f, entry) = func(&mut ctx, mb, "f", &[i1]);
    let r = ctx.region(f, 0);
    let a = ctx.append_new_block(r, &[]);
    let b = ctx.append_new_block(r, &[]);
    let c = ctx.block_arg(entry, 0);
    branch(&mut ctx, entry, "test.cond_br", &[c], &[a, b]);
    branch(&mut ctx, a, "test.br", &[], &[b]);
    branch(&mut ctx, b, "test.br", &[], &[a]);
    let dom = DominanceInfo::new();
    assert_eq!(dom.immediate_dominator(&ctx, a), Some(entry));
    assert_eq!(dom.immediate_dominator(&ctx, b), Some(entry));
    assert!(!dom.block_dominates(&ctx, a, b));
}

#[test]
fn nested_region_dominance() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (_, mb) = module(&mut ctx);
    let (f, entry) = func(&mut ctx, mb, "f", &[]);
    let r = ctx.region(f, 0);
    let before = constant(&mut ctx, entry, 1, i32t);
    let (exec, inner) = region_op(&mut ctx, entry, "test.exec", &[], &[i32t], &[]);
    let inner_use = push(&mut ctx, inner, "test.add", &[before, before], &[i32t]);
    let iv = ctx.result(inner_use, 0);
    let y = push(&mut ctx, inner, "test.yield", &[iv], &[]);
    let after = constant(&mut ctx, entry, 2, i32t);
    let bb1 = ctx.append_new_block(r, &[]);
    let late = push(&mut ctx, bb1, "test.pure", &[], &[]);
    let dom = DominanceInfo::new();
    let before_op = ctx.defining_op(before).unwrap();
    let after_op = ctx.defining_op(after).unwrap();
    // A value defined before the region op dominates uses inside it.
    assert!(dom.properly_dominates(&ctx, before, inner_use));
    assert!(dom.op_properly_dominates(&ctx, before_op, y));
    // A value defined after it does not.
    assert!(!dom.properly_dominates(&ctx, after, inner_use));
    // The region op dominates (encloses) its nested ops, but its results do not dominate them.
    assert!(dom.op_properly_dominates(&ctx, exec, inner_use));
    let er = ctx.result(exec, 0);
    assert!(!dom.properly_dominates(&ctx, er, inner_use));
    assert!(dom.properly_dominates(&ctx, er, ctx.defining_op(after).unwrap()));
    // Nested ops do not dominate ops outside the region.
    assert!(!dom.op_properly_dominates(&ctx, inner_use, after_op));
    // Blocks: the entry dominates the nested block; bb1 is unreachable (no branch into it).
    assert!(dom.block_properly_dominates(&ctx, entry, inner));
    assert!(!dom.block_properly_dominates(&ctx, inner, entry));
    assert!(!dom.is_reachable_from_entry(&ctx, bb1));
    let _ = late;
}

#[test]
fn graph_region_ops_dominate_each_other() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (_, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    let (_, g) = region_op(&mut ctx, entry, "test.graph", &[], &[], &[]);
    let a = push(&mut ctx, g, "test.pure", &[], &[i32t]);
    let b = push(&mut ctx, g, "test.pure", &[], &[i32t]);
    let dom = DominanceInfo::new();
    let (ra, rb) = (ctx.result(a, 0), ctx.result(b, 0));
    assert!(dom.properly_dominates(&ctx, rb, a));
    assert!(dom.properly_dominates(&ctx, ra, b));
    assert!(dom.properly_dominates(&ctx, ra, a));
}

#[test]
fn verifier_reports_non_dominating_operands() {
    // A value from bb1 used in the join block of the diamond.
    let mut d = diamond();
    let v1 = d.ctx.result(d.consts[1], 0);
    let ty = d.ctx.value_type(v1);
    let user = make(
        &mut d.ctx,
        "test.add",
        &[v1, v1],
        &[ty],
        &[],
        Vec::new(),
        &[],
    );
    d.ctx.insert_op(user, InsertPoint::Before(d.terms[3]));
    let l_use = loc(&mut d.ctx, 10);
    let l_def = loc(&mut d.ctx, 4);
    d.ctx.set_op_loc(user, l_use);
    d.ctx.set_op_loc(d.consts[1], l_def);
    let e = verify(&d.ctx, d.m).unwrap_err();
    assert_eq!(
        e.message,
        "'test.add' op operand #0 does not dominate this use"
    );
    assert_eq!(e.loc, l_use);
    assert_eq!(
        e.notes[0].message,
        "operand defined here (op in the same region)"
    );
    assert_eq!(e.notes[0].loc, l_def);
}

#[test]
fn verifier_skips_unreachable_blocks() {
    // Uses in the unreachable bb4 of values that do not dominate it are accepted (MLIR).
    let mut d = diamond();
    let v1 = d.ctx.result(d.consts[1], 0);
    let ty = d.ctx.value_type(v1);
    let user = make(
        &mut d.ctx,
        "test.add",
        &[v1, v1],
        &[ty],
        &[],
        Vec::new(),
        &[],
    );
    d.ctx.insert_op(user, InsertPoint::Before(d.terms[4]));
    assert_eq!(verify(&d.ctx, d.m), Ok(()));
    // But a value from the unreachable block used in a reachable one is rejected.
    let mut d = diamond();
    let v4 = d.ctx.result(d.consts[4], 0);
    let ty = d.ctx.value_type(v4);
    let user = make(
        &mut d.ctx,
        "test.add",
        &[v4, v4],
        &[ty],
        &[],
        Vec::new(),
        &[],
    );
    d.ctx.insert_op(user, InsertPoint::Before(d.terms[3]));
    assert_eq!(
        verify(&d.ctx, d.m).unwrap_err().message,
        "'test.add' op operand #0 does not dominate this use"
    );
}

#[test]
fn verifier_block_argument_notes() {
    // The join block's argument used in bb1.
    let mut d = diamond();
    let arg = d.ctx.block_arg(d.blocks[3], 0);
    let ty = d.ctx.value_type(arg);
    let user = make(
        &mut d.ctx,
        "test.add",
        &[arg, arg],
        &[ty],
        &[],
        Vec::new(),
        &[],
    );
    d.ctx.insert_op(user, InsertPoint::Before(d.terms[1]));
    let e = verify(&d.ctx, d.m).unwrap_err();
    assert_eq!(
        e.message,
        "'test.add' op operand #0 does not dominate this use"
    );
    assert_eq!(
        e.notes[0].message,
        "operand defined as a block argument (block #3 in the same region)"
    );
}

#[test]
fn verifier_nested_region_notes() {
    // A value defined inside a nested region used after it.
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    let (_, inner) = region_op(&mut ctx, entry, "test.exec", &[], &[], &[]);
    let c = constant(&mut ctx, inner, 1, i32t);
    push(&mut ctx, inner, "test.yield", &[], &[]);
    push(&mut ctx, entry, "test.add", &[c, c], &[i32t]);
    push(&mut ctx, entry, "test.ret", &[], &[]);
    let e = verify(&ctx, m).unwrap_err();
    assert_eq!(
        e.message,
        "'test.add' op operand #0 does not dominate this use"
    );
    assert_eq!(
        e.notes[0].message,
        "operand defined here (op in a child region)"
    );

    // A region op's own result used inside its region.
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, entry) = func(&mut ctx, mb, "f", &[]);
    let (exec, inner) = region_op(&mut ctx, entry, "test.exec", &[], &[i32t], &[]);
    let r = ctx.result(exec, 0);
    push(&mut ctx, inner, "test.yield", &[r], &[]);
    push(&mut ctx, entry, "test.ret", &[], &[]);
    let e = verify(&ctx, m).unwrap_err();
    assert_eq!(
        e.message,
        "'test.yield' op operand #0 does not dominate this use"
    );
    assert_eq!(
        e.notes[0].message,
        "operand defined here (op in a parent region)"
    );
}

#[test]
fn invalidation() {
    let mut d = diamond();
    let dom = DominanceInfo::new();
    let [entry, bb1, _, bb3, _] = d.blocks;
    assert!(!dom.block_dominates(&d.ctx, bb1, bb3));
    // Make bb3 reachable only through bb1: entry -> bb1 -> bb3.
    d.ctx.set_successors(d.terms[0], &[bb1, bb1]);
    dom.invalidate();
    assert!(dom.block_dominates(&d.ctx, bb1, bb3));
    assert_eq!(dom.immediate_dominator(&d.ctx, bb1), Some(entry));
}
