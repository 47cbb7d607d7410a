//! Building IR with the typed helpers and checking the printed form and the verifier.

mod common;

use common::{context, print, verify_error};
use tail_builtin::arith::{self, CmpIPredicate};
use tail_builtin::builtin::ModuleOp;
use tail_builtin::func::{CallOp, FuncOp, ReturnOp};
use tail_builtin::memref::{AllocOp, LoadOp, StoreOp};
use tail_builtin::scf::{ForOp, IfOp, ParallelOp, ReduceOp, WhileOp, YieldOp};
use tail_ir::{Builder, InsertPoint};

#[test]
fn build_loop_nest_with_memrefs() {
    let mut ctx = context();
    let loc = ctx.unknown_loc();
    let module = ModuleOp::create_empty(&mut ctx, None, loc);
    let mb = module.body_block(&ctx);
    let f32t = ctx.f32_type();
    let idx = ctx.index_type();
    let mty = ctx.memref_type(vec![tail_ir::DYNAMIC], f32t);
    let fty = ctx.function_type(vec![idx], vec![f32t]);
    let mut b = Builder::at_end(&mut ctx, mb, loc);
    let (_f, entry) = FuncOp::create(&mut b, "sum", fty);
    b.set_insertion_point(InsertPoint::BlockEnd(entry));
    let n = b.block_arg(entry, 0);
    let m = AllocOp::create(&mut b, mty, &[n]);
    let c0 = arith::build_constant_index(&mut b, 0);
    let c1 = arith::build_constant_index(&mut b, 1);
    let zero = arith::build_constant_float(&mut b, f32t, 0.0);
    let (fill, fill_body) = ForOp::create(&mut b, c0, n, c1, &[]);
    b.set_insertion_point(InsertPoint::Before(b.last_op(fill_body).unwrap()));
    let iv = fill.induction_var(&b);
    StoreOp::create(&mut b, zero, m, &[iv]);
    b.set_insertion_point(InsertPoint::BlockEnd(entry));
    let (sum, body) = ForOp::create(&mut b, c0, n, c1, &[zero]);
    b.set_insertion_point(InsertPoint::BlockEnd(body));
    let iv = sum.induction_var(&b);
    let acc = sum.region_iter_args(&b)[0];
    let x = LoadOp::create(&mut b, m, &[iv]);
    let next = arith::build_binary(&mut b, "arith.addf", acc, x);
    YieldOp::create(&mut b, &[next]);
    b.set_insertion_point(InsertPoint::BlockEnd(entry));
    let r = b.result(sum.op(), 0);
    ReturnOp::create(&mut b, &[r]);
    let m_op = module.op();
    tail_ir::verifier::verify(&ctx, m_op).unwrap_or_else(|d| panic!("{}", d.message));
    assert_eq!(
        print(&ctx, m_op),
        "module {
  func.func @sum(%arg0: index) -> f32 {
    %0 = memref.alloc(%arg0) : memref<?xf32>
    %1 = arith.constant 0 : index
    %2 = arith.constant 1 : index
    %3 = arith.constant 0.000000e+00 : f32
    scf.for %arg1 = %1 to %arg0 step %2 {
      memref.store %3, %0[%arg1] : memref<?xf32>
    }
    %4 = scf.for %arg2 = %1 to %arg0 step %2 iter_args(%arg3 = %3) -> (f32) {
      %5 = memref.load %0[%arg2] : memref<?xf32>
      %6 = arith.addf %arg3, %5 : f32
      scf.yield %6 : f32
    }
    return %4 : f32
  }
}
"
    );
}

#[test]
fn build_if_while_parallel_and_call() {
    let mut ctx = context();
    let loc = ctx.unknown_loc();
    let module = ModuleOp::create_empty(&mut ctx, Some("m"), loc);
    let mb = module.body_block(&ctx);
    let i32t = ctx.int_type(32);
    let f32t = ctx.f32_type();
    let fty = ctx.function_type(vec![i32t], vec![i32t]);
    let mut b = Builder::at_end(&mut ctx, mb, loc);
    let (_, entry) = FuncOp::create(&mut b, "f", fty);
    b.set_insertion_point(InsertPoint::BlockEnd(entry));
    let a = b.block_arg(entry, 0);
    let ten = arith::build_constant_int(&mut b, i32t, 10);
    let c = arith::build_cmpi(&mut b, CmpIPredicate::Slt, a, ten);
    let (iff, then_b, else_b) = IfOp::create(&mut b, c, &[i32t], true);
    b.set_insertion_point(InsertPoint::BlockEnd(then_b));
    YieldOp::create(&mut b, &[a]);
    b.set_insertion_point(InsertPoint::BlockEnd(else_b.unwrap()));
    YieldOp::create(&mut b, &[ten]);
    b.set_insertion_point(InsertPoint::BlockEnd(entry));
    let v = b.result(iff.op(), 0);
    let (w, before, after) = WhileOp::create(&mut b, &[v], &[i32t]);
    b.set_insertion_point(InsertPoint::BlockEnd(before));
    let x = b.block_arg(before, 0);
    let cond = arith::build_cmpi(&mut b, CmpIPredicate::Slt, x, ten);
    tail_builtin::scf::ConditionOp::create(&mut b, cond, &[x]);
    b.set_insertion_point(InsertPoint::BlockEnd(after));
    let y = b.block_arg(after, 0);
    let call = CallOp::create(&mut b, "f", &[y], &[i32t]);
    let r = b.result(call.op(), 0);
    YieldOp::create(&mut b, &[r]);
    b.set_insertion_point(InsertPoint::BlockEnd(entry));
    let c0 = arith::build_constant_index(&mut b, 0);
    let c4 = arith::build_constant_index(&mut b, 4);
    let c1 = arith::build_constant_index(&mut b, 1);
    let zero = arith::build_constant_float(&mut b, f32t, 0.0);
    let (par, pbody) = ParallelOp::create(&mut b, &[c0], &[c4], &[c1], &[zero]);
    b.set_insertion_point(InsertPoint::BlockEnd(pbody));
    let (_, blocks) = ReduceOp::create(&mut b, &[zero]);
    b.set_insertion_point(InsertPoint::BlockEnd(blocks[0]));
    let (l, rr) = (b.block_arg(blocks[0], 0), b.block_arg(blocks[0], 1));
    let s = arith::build_binary(&mut b, "arith.addf", l, rr);
    let mut st = b.state("scf.reduce.return");
    st.operands.push(s);
    b.insert(st);
    let _ = par;
    b.set_insertion_point(InsertPoint::BlockEnd(entry));
    let wr = b.result(w.op(), 0);
    ReturnOp::create(&mut b, &[wr]);
    tail_ir::verifier::verify(&ctx, module.op()).unwrap_or_else(|d| panic!("{}", d.message));
    let text = print(&ctx, module.op());
    let expected = "module @m {
  func.func @f(%arg0: i32) -> i32 {
    %0 = arith.constant 10 : i32
    %1 = arith.cmpi slt, %arg0, %0 : i32
    %2 = scf.if %1 -> (i32) {
      scf.yield %arg0 : i32
    } else {
      scf.yield %0 : i32
    }
    %3 = scf.while (%arg1 = %2) : (i32) -> i32 {
      %4 = arith.cmpi slt, %arg1, %0 : i32
      scf.condition(%4) %arg1 : i32
    } do {
    ^bb0(%arg2: i32):
      %5 = func.call @f(%arg2) : (i32) -> i32
      scf.yield %5 : i32
    }
    %6 = arith.constant 0 : index
    %7 = arith.constant 4 : index
    %8 = arith.constant 1 : index
    %9 = arith.constant 0.000000e+00 : f32
    %10 = scf.parallel (%arg3) = (%6) to (%7) step (%8) init (%9) -> f32 {
      scf.reduce(%9 : f32) {
      ^bb0(%arg4: f32, %arg5: f32):
        %11 = arith.addf %arg4, %arg5 : f32
        scf.reduce.return %11 : f32
      }
    }
    return %3 : i32
  }
}
";
    assert_eq!(text, expected);
}

#[test]
fn func_verifier_messages() {
    assert_eq!(
        verify_error("func.func @f(%a: i32) -> (i32, i32) {\n  return %a : i32\n}"),
        "'func.return' op has 1 operands, but enclosing function (@f) returns 2"
    );
    assert_eq!(
        verify_error("func.func @g(%a: i64) -> i32 {\n  return %a : i64\n}"),
        "type of return operand 0 ('i64') doesn't match function result type ('i32') in function @g"
    );
    assert_eq!(
        verify_error("func.func @h(%a: i32) -> i32 {\n  %0 = func.call @nope(%a) : (i32) -> i32\n  return %0 : i32\n}"),
        "'func.call' op 'nope' does not reference a valid function"
    );
    assert_eq!(
        verify_error("func.func @d(i32)"),
        "'func.func' op symbol declaration cannot have public visibility"
    );
}

#[test]
fn arith_verifier_messages() {
    assert_eq!(
        verify_error(
            "func.func @f(%a: f32) -> f32 {\n  %0 = arith.addi %a, %a : f32\n  return %0 : f32\n}"
        ),
        "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"
    );
    assert_eq!(
        verify_error(
            "func.func @f(%a: i32) -> i8 {\n  %0 = arith.extsi %a : i32 to i8\n  return %0 : i8\n}"
        ),
        "'arith.extsi' op operand type 'i32' and result type 'i8' are cast incompatible"
    );
}

#[test]
fn materializer_builds_arith_constants() {
    let mut ctx = context();
    let loc = ctx.unknown_loc();
    let module = ModuleOp::create_empty(&mut ctx, None, loc);
    let mb = module.body_block(&ctx);
    let i1 = ctx.i1_type();
    let f32t = ctx.f32_type();
    let t = ctx.bool_attr(true);
    let half = ctx.float_attr(f32t, 0.5);
    let s = ctx.string_attr("x");
    let mut b = Builder::at_end(&mut ctx, mb, loc);
    assert!(arith::arith_materialize(&mut b, t, i1, loc).is_some());
    assert!(arith::arith_materialize(&mut b, half, f32t, loc).is_some());
    assert!(
        arith::arith_materialize(&mut b, half, i1, loc).is_none(),
        "type mismatch must not materialize"
    );
    assert!(arith::arith_materialize(&mut b, s, i1, loc).is_none());
    assert_eq!(
        print(&ctx, module.op()),
        "module {\n  %0 = arith.constant true\n  %1 = arith.constant 5.000000e-01 : f32\n}\n"
    );
}
