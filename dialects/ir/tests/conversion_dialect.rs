//! Dialect conversion tests: type conversion of block arguments, operand remapping,
//! materialization casts and their cleanup, legality rules, partial vs full conversion.

#[path = "rewrite_common/mod.rs"]
mod common;

use common::*;
use tail_ir::conversion::*;
use tail_ir::verifier::verify;
use tail_ir::*;

/// i32 -> i64, everything else unchanged.
fn i32_to_i64() -> TypeConverter {
    let mut tc = TypeConverter::with_identity_fallback();
    tc.add_type_conversion(|ctx, t| (ctx.int_width(t) == Some(32)).then(|| ctx.int_type(64)));
    tc
}

/// Converts the block argument types of `test.func` and its `function_type`.
struct FuncSignature;
impl ConversionPattern for FuncSignature {
    fn root(&self) -> Option<&'static str> {
        Some("test.func")
    }
    fn match_and_rewrite(&self, op: OpId, _: &[Value], rw: &mut ConversionRewriter<'_>) -> bool {
        let r = rw.region(op, 0);
        let tc = rw.type_converter();
        if tc.is_legal_region(rw.ctx, r) {
            return false;
        }
        let fty = rw
            .attr(op, "function_type")
            .and_then(|a| rw.attr_as_type(a));
        let new_fty = match fty {
            Some(t) => match tc.convert_function_type(rw.ctx, t) {
                Some((nt, _)) => Some(nt),
                None => return false,
            },
            None => None,
        };
        if !rw.convert_region_types(r) {
            return false;
        }
        if let Some(nt) = new_fty {
            let a = rw.type_attr(nt);
            rw.modify_op_in_place(op, |ctx| ctx.set_attr(op, "function_type", a));
        }
        true
    }
}

/// `test.add : i32` -> `test.add64 : i64` on the converted operands.
struct AddToAdd64;
impl ConversionPattern for AddToAdd64 {
    fn root(&self) -> Option<&'static str> {
        Some("test.add")
    }
    fn match_and_rewrite(
        &self,
        op: OpId,
        operands: &[Value],
        rw: &mut ConversionRewriter<'_>,
    ) -> bool {
        let old_ty = rw.value_type(rw.result(op, 0));
        let Some(ty) = rw.convert_type(old_ty) else {
            return false;
        };
        if operands.iter().any(|&v| rw.value_type(v) != ty) {
            return false;
        }
        let mut st = rw.state("test.add64");
        st.operands = operands.to_vec();
        st.result_types = vec![ty];
        rw.replace_op_with_new(op, st);
        true
    }
}

fn target() -> ConversionTarget {
    let mut t = ConversionTarget::new();
    t.add_legal_dialect("test")
        .add_illegal_op("test.add")
        .add_legal_op(UNREALIZED_CAST)
        .add_dynamically_legal_op("test.func", |ctx, op| {
            let r = ctx.region(op, 0);
            ctx.region_blocks(r).iter().all(|&b| {
                ctx.block_args(b)
                    .iter()
                    .all(|&a| ctx.int_width(ctx.value_type(a)) != Some(32))
            })
        });
    t
}

fn patterns() -> ConversionPatternSet {
    let mut p = ConversionPatternSet::new();
    p.add(FuncSignature);
    p.add(AddToAdd64);
    p
}

/// `func @f(%a: i32, %b: i32) { %0 = add %a, %b; %1 = add %0, %a; store %1; ret }`
fn sample(ctx: &mut Context) -> (OpId, OpId, BlockId) {
    ctx.allow_unregistered = true; // `builtin.unrealized_conversion_cast` is registered elsewhere
    let i32t = ctx.int_type(32);
    let (m, mb) = module(ctx);
    let (f, e) = func(ctx, mb, "f", &[i32t, i32t]);
    let fty = ctx.function_type(vec![i32t, i32t], vec![]);
    let fty = ctx.type_attr(fty);
    ctx.set_attr(f, "function_type", fty);
    let (a, b) = (ctx.block_arg(e, 0), ctx.block_arg(e, 1));
    let s0 = push(ctx, e, "test.add", &[a, b], &[i32t]);
    let s0 = ctx.result(s0, 0);
    let s1 = push(ctx, e, "test.add", &[s0, a], &[i32t]);
    let s1 = ctx.result(s1, 0);
    push(ctx, e, "test.store", &[s1], &[]);
    push(ctx, e, "test.ret", &[], &[]);
    (m, f, e)
}

#[test]
fn add_i32_to_add64_i64_with_block_argument_conversion() {
    let mut ctx = Context::new();
    let (m, f, e) = sample(&mut ctx);
    let mut t = target();
    t.add_legal_op("test.module");
    apply_full_conversion(&mut ctx, m, &t, &patterns(), &i32_to_i64()).unwrap();
    verify(&ctx, m).unwrap();
    let text = print(&ctx, f);
    let expected = r#""test.func"() ({
^bb0(%arg0: i64, %arg1: i64):
  %0 = "test.add64"(%arg0, %arg1) : (i64, i64) -> i64
  %1 = "test.add64"(%0, %arg0) : (i64, i64) -> i64
  %2 = "builtin.unrealized_conversion_cast"(%1) : (i64) -> i32
  "test.store"(%2) : (i32) -> ()
  "test.ret"() : () -> ()
}) {function_type = (i64, i64) -> (), sym_name = "f"} : () -> ()
"#;
    assert_eq!(text, expected);
    assert_eq!(names(&ctx, e).len(), 5);
}

#[test]
fn store_converted_too_leaves_no_casts() {
    // Converting the store as well (dynamically legal on i64 only) removes every cast.
    struct StoreOperands;
    impl ConversionPattern for StoreOperands {
        fn root(&self) -> Option<&'static str> {
            Some("test.store")
        }
        fn match_and_rewrite(
            &self,
            op: OpId,
            operands: &[Value],
            rw: &mut ConversionRewriter<'_>,
        ) -> bool {
            let ops = operands.to_vec();
            rw.modify_op_in_place(op, |ctx| ctx.set_operands(op, &ops));
            true
        }
    }
    let mut ctx = Context::new();
    let (m, f, _) = sample(&mut ctx);
    let mut t = target();
    t.add_legal_op("test.module")
        .add_dynamically_legal_op("test.store", |ctx, op| {
            ctx.operands(op)
                .all(|v| ctx.int_width(ctx.value_type(v)) == Some(64))
        });
    let mut p = patterns();
    p.add(StoreOperands);
    apply_full_conversion(&mut ctx, m, &t, &p, &i32_to_i64()).unwrap();
    let text = print(&ctx, f);
    assert!(!text.contains("unrealized_conversion_cast"), "{text}");
    assert!(text.contains("\"test.store\"(%1) : (i64) -> ()"), "{text}");
    verify(&ctx, m).unwrap();
}

#[test]
fn full_conversion_fails_on_unknown_and_illegal_ops() {
    // `test.module` has unknown legality: a full conversion rejects it.
    let mut ctx = Context::new();
    let (m, _, _) = sample(&mut ctx);
    let l = loc(&mut ctx, 1);
    ctx.set_op_loc(m, l);
    let mut t = ConversionTarget::new();
    t.add_legal_op("test.func").add_legal_op("test.add64");
    let e = apply_full_conversion(&mut ctx, m, &t, &ConversionPatternSet::new(), &i32_to_i64())
        .unwrap_err();
    assert_eq!(e.message, "failed to legalize operation 'test.module'");
    assert_eq!(e.loc, l);

    // No pattern for an illegal op.
    let mut ctx = Context::new();
    let (m, _, e) = sample(&mut ctx);
    let first_add = ctx.block_op_vec(e)[0];
    let la = loc(&mut ctx, 3);
    ctx.set_op_loc(first_add, la);
    let mut t = target();
    t.add_legal_op("test.module");
    let err = apply_full_conversion(
        &mut ctx,
        m,
        &t,
        &ConversionPatternSet::new(),
        &TypeConverter::new(),
    )
    .unwrap_err();
    assert_eq!(err.message, "failed to legalize operation 'test.func'");
    let mut t = target();
    t.add_legal_op("test.module").add_legal_op("test.func");
    let err = apply_full_conversion(
        &mut ctx,
        m,
        &t,
        &ConversionPatternSet::new(),
        &TypeConverter::new(),
    )
    .unwrap_err();
    assert_eq!(err.message, "failed to legalize operation 'test.add'");
    assert_eq!(err.loc, la);
}

#[test]
fn partial_conversion_tolerates_unknown_ops_only() {
    // test.module is unknown: fine for a partial conversion.
    let mut ctx = Context::new();
    let (m, _, e) = sample(&mut ctx);
    apply_partial_conversion(&mut ctx, m, &target(), &patterns(), &i32_to_i64()).unwrap();
    assert_eq!(
        names(&ctx, e),
        vec![
            "test.add64",
            "test.add64",
            UNREALIZED_CAST,
            "test.store",
            "test.ret"
        ]
    );

    // An explicitly illegal op that no pattern handles is an error.
    let mut ctx = Context::new();
    let (m, _, _) = sample(&mut ctx);
    let mut p = ConversionPatternSet::new();
    p.add(FuncSignature);
    let err = apply_partial_conversion(&mut ctx, m, &target(), &p, &i32_to_i64()).unwrap_err();
    assert_eq!(
        err.message,
        "failed to legalize operation 'test.add' that was explicitly marked illegal"
    );

    // Dynamically illegal counts as explicitly illegal too.
    let mut ctx = Context::new();
    let (m, _, _) = sample(&mut ctx);
    let mut p = ConversionPatternSet::new();
    p.add(AddToAdd64);
    let err = apply_partial_conversion(&mut ctx, m, &target(), &p, &i32_to_i64()).unwrap_err();
    assert_eq!(
        err.message,
        "failed to legalize operation 'test.func' that was explicitly marked illegal"
    );
}

#[test]
fn legality_precedence_and_unknown_callback() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    ctx.allow_unregistered = true;
    let (m, mb) = module(&mut ctx);
    let add = push(&mut ctx, mb, "test.pure", &[], &[i32t]);
    let other = push(&mut ctx, mb, "foo.op", &[], &[]);
    let mut t = ConversionTarget::new();
    assert_eq!(t.legality(&ctx, add), None);
    t.add_illegal_dialect("test");
    assert_eq!(t.legality(&ctx, add), Some(false));
    assert!(t.is_illegal(&ctx, add));
    t.add_legal_op("test.pure");
    assert_eq!(t.legality(&ctx, add), Some(true));
    assert_eq!(t.legality(&ctx, other), None);
    assert!(!t.is_illegal(&ctx, other));
    t.mark_unknown_ops_dynamically_legal(|ctx, op| ctx.op_name_str(op).starts_with("foo."));
    assert_eq!(t.legality(&ctx, other), Some(true));
    assert_eq!(
        t.legality(&ctx, m),
        Some(false),
        "test.module: illegal through its dialect"
    );
    assert!(t.is_illegal(&ctx, m));
    let bar = push(&mut ctx, mb, "bar.op", &[], &[]);
    assert_eq!(
        t.legality(&ctx, bar),
        Some(false),
        "rejected by the unknown-op callback"
    );
    assert!(
        !t.is_illegal(&ctx, bar),
        "unknown ops are never explicitly illegal"
    );
}

#[test]
fn recursively_legal_ops_are_skipped() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    push(&mut ctx, e, "test.add", &[x, x], &[i32t]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    let mut t = ConversionTarget::new();
    t.add_legal_op("test.module")
        .add_illegal_op("test.add")
        .add_legal_op("test.func");
    t.mark_op_recursively_legal("test.func");
    apply_full_conversion(&mut ctx, m, &t, &patterns(), &i32_to_i64()).unwrap();
    assert_eq!(names(&ctx, e), vec!["test.add", "test.ret"]);
}

#[test]
fn created_ops_are_legalized_recursively() {
    // test.mul x, x -> test.add x, x (illegal) -> test.add64.
    struct MulToAdd;
    impl ConversionPattern for MulToAdd {
        fn root(&self) -> Option<&'static str> {
            Some("test.mul")
        }
        fn match_and_rewrite(
            &self,
            op: OpId,
            _: &[Value],
            rw: &mut ConversionRewriter<'_>,
        ) -> bool {
            let (a, b) = (rw.operand(op, 0), rw.operand(op, 1));
            let ty = rw.value_type(rw.result(op, 0));
            let mut st = rw.state("test.add");
            st.operands = vec![a, b];
            st.result_types = vec![ty];
            rw.replace_op_with_new(op, st);
            true
        }
    }
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    let r = push(&mut ctx, e, "test.mul", &[x, x], &[i32t]);
    let r = ctx.result(r, 0);
    push(&mut ctx, e, "test.store", &[r], &[]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    let mut t = target();
    t.add_legal_op("test.module").add_illegal_op("test.mul");
    let mut p = patterns();
    p.add(MulToAdd);
    apply_full_conversion(&mut ctx, m, &t, &p, &i32_to_i64()).unwrap();
    assert_eq!(
        names(&ctx, e),
        vec!["test.add64", UNREALIZED_CAST, "test.store", "test.ret"]
    );
    verify(&ctx, m).unwrap();
}

#[test]
fn a_pattern_is_not_reapplied_to_its_own_output() {
    // Rewrites test.add into another test.add: without the recursion guard this would loop.
    struct Churn;
    impl ConversionPattern for Churn {
        fn root(&self) -> Option<&'static str> {
            Some("test.add")
        }
        fn match_and_rewrite(
            &self,
            op: OpId,
            _: &[Value],
            rw: &mut ConversionRewriter<'_>,
        ) -> bool {
            let (a, b) = (rw.operand(op, 0), rw.operand(op, 1));
            let ty = rw.value_type(rw.result(op, 0));
            let mut st = rw.state("test.add");
            st.operands = vec![a, b];
            st.result_types = vec![ty];
            rw.replace_op_with_new(op, st);
            true
        }
    }
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    push(&mut ctx, e, "test.add", &[x, x], &[i32t]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    let mut t = ConversionTarget::new();
    t.add_legal_dialect("test").add_illegal_op("test.add");
    let mut p = ConversionPatternSet::new();
    p.add(Churn);
    let err = apply_full_conversion(&mut ctx, m, &t, &p, &TypeConverter::new()).unwrap_err();
    assert_eq!(err.message, "failed to legalize operation 'test.add'");
    assert_eq!(names(&ctx, e), vec!["test.add", "test.ret"]);
}

#[test]
fn folding_legalizes_constant_expressions() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[]);
    let c1 = constant(&mut ctx, e, 2, i32t);
    let c2 = constant(&mut ctx, e, 3, i32t);
    let s = push(&mut ctx, e, "test.add", &[c1, c2], &[i32t]);
    let s = ctx.result(s, 0);
    push(&mut ctx, e, "test.store", &[s], &[]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    let mut t = ConversionTarget::new();
    t.add_legal_dialect("test").add_illegal_op("test.add");
    apply_full_conversion(
        &mut ctx,
        m,
        &t,
        &ConversionPatternSet::new(),
        &TypeConverter::new(),
    )
    .unwrap();
    let store = ctx.block_op_vec(e)[3];
    let k = ctx.defining_op(ctx.operand(store, 0)).unwrap();
    assert_eq!(ctx.attr_to_string(ctx.attr(k, "value").unwrap()), "5 : i32");
}

#[test]
fn one_to_many_block_argument_conversion_with_custom_materialization() {
    // i128 -> (i64, i64); the source materialization is a `test.pure` op taking both halves.
    let mut ctx = Context::new();
    let i128t = ctx.int_type(128);
    let (m, mb) = module(&mut ctx);
    let (f, e) = func(&mut ctx, mb, "f", &[i128t]);
    let x = ctx.block_arg(e, 0);
    push(&mut ctx, e, "test.store", &[x], &[]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    let mut tc = TypeConverter::with_identity_fallback();
    tc.add_conversion(|ctx, t| {
        (ctx.int_width(t) == Some(128)).then(|| {
            let h = ctx.int_type(64);
            vec![h, h]
        })
    });
    tc.add_source_materialization(|b, ty, inputs, _| {
        let mut st = b.state("test.pure");
        st.operands = inputs.to_vec();
        st.result_types = vec![ty];
        let op = b.insert(st);
        Some(b.result(op, 0))
    });
    struct Sig;
    impl ConversionPattern for Sig {
        fn root(&self) -> Option<&'static str> {
            Some("test.func")
        }
        fn match_and_rewrite(
            &self,
            op: OpId,
            _: &[Value],
            rw: &mut ConversionRewriter<'_>,
        ) -> bool {
            let r = rw.region(op, 0);
            let entry = rw.entry_block(r).unwrap();
            let Some(conv) = rw.type_converter().convert_block_signature(rw.ctx, entry) else {
                return false;
            };
            rw.apply_signature_conversion(entry, &conv);
            true
        }
    }
    let mut t = ConversionTarget::new();
    t.add_legal_dialect("test")
        .add_dynamically_legal_op("test.func", |ctx, op| {
            let e = ctx.entry_block(ctx.region(op, 0)).unwrap();
            ctx.block_args(e).len() == 2
        });
    let mut p = ConversionPatternSet::new();
    p.add(Sig);
    apply_full_conversion(&mut ctx, m, &t, &p, &tc).unwrap();
    let text = print(&ctx, f);
    let expected = r#""test.func"() ({
^bb0(%arg0: i64, %arg1: i64):
  %0 = "test.pure"(%arg0, %arg1) : (i64, i64) -> i128
  "test.store"(%0) : (i128) -> ()
  "test.ret"() : () -> ()
}) {sym_name = "f"} : () -> ()
"#;
    assert_eq!(text, expected);
}

#[test]
fn signature_conversion_mappings() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let i64t = ctx.int_type(64);
    let mut conv = SignatureConversion::new(3);
    conv.add_inputs(0, &[i64t]);
    conv.add_inputs(2, &[i64t, i64t]);
    conv.append_inputs(&[i32t]);
    assert_eq!(conv.converted_types(), &[i64t, i64t, i64t, i32t]);
    assert_eq!(
        conv.input_mapping(0),
        Some(InputMapping::Types { start: 0, len: 1 })
    );
    assert_eq!(conv.input_mapping(1), None);
    assert_eq!(
        conv.input_mapping(2),
        Some(InputMapping::Types { start: 1, len: 2 })
    );
    let tc = i32_to_i64();
    let f = ctx.function_type(vec![i32t, i64t], vec![i32t]);
    let (nf, sc) = tc.convert_function_type(&mut ctx, f).unwrap();
    assert_eq!(ctx.type_to_string(nf), "(i64, i64) -> i64");
    assert_eq!(sc.converted_types(), &[i64t, i64t]);
    assert!(!tc.is_signature_legal(&mut ctx, f));
    assert!(tc.is_signature_legal(&mut ctx, nf));
    // Without a fallback, unhandled types do not convert.
    let strict = {
        let mut t = TypeConverter::new();
        t.add_type_conversion(|ctx, t| (ctx.int_width(t) == Some(32)).then(|| ctx.int_type(64)));
        t
    };
    let f32t = ctx.f32_type();
    assert_eq!(strict.convert_type(&mut ctx, f32t), None);
    assert_eq!(strict.convert_type(&mut ctx, i32t), Some(i64t));
}

#[test]
fn later_conversions_take_precedence() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let mut tc = TypeConverter::new();
    tc.add_type_conversion(|ctx, _| Some(ctx.int_type(8)));
    tc.add_type_conversion(|ctx, t| (ctx.int_width(t) == Some(32)).then(|| ctx.int_type(16)));
    let i16t = ctx.int_type(16);
    let i8t = ctx.int_type(8);
    let f32t = ctx.f32_type();
    assert_eq!(tc.convert_type(&mut ctx, i32t), Some(i16t));
    assert_eq!(tc.convert_type(&mut ctx, f32t), Some(i8t));
}
