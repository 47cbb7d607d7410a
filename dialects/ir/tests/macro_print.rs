//! `#[op]`, `#[type_def]`, `#[attr_def]`, `#[dialect]`: registration, printing with declarative
//! formats, accessors, builders, segment sizes, folding hooks.

mod macro_dialect;

use macro_dialect::*;
use tail_ir::printer::PrintOptions;
use tail_ir::{
    Attribute, BlockId, Builder, Context, FoldResult, InsertPoint, Op, OpId, Type, Value,
};

#[test]
fn registration_is_visible() {
    let ctx = Context::new();
    let reg = ctx.registry();
    let d = reg.dialect("test").expect("test dialect registered");
    assert_eq!(d.summary, "The test dialect.");
    assert!(d.materialize_constant.is_some());
    let names: Vec<&str> = reg
        .ops()
        .iter()
        .map(|o| o.name)
        .filter(|n| n.starts_with("test."))
        .collect();
    for n in [
        "test.addi",
        "test.attrs",
        "test.br",
        "test.cmpi",
        "test.cond_br",
        "test.constant",
        "test.custom",
        "test.func",
        "test.multi_res",
        "test.region_op",
        "test.seg",
        "test.switch",
        "test.yield",
    ] {
        assert!(names.contains(&n), "{n} missing from {names:?}");
    }
    assert!(reg.type_def("test", "array").is_some());
    assert!(reg.type_def("test", "token").is_some());
    assert!(reg.type_def("test", "pair").is_some());
    assert!(reg.attr_def("test", "level").is_some());
    assert_eq!(AddIOp::NAME, "test.addi");
    assert_eq!(<AddIOp as Op>::NAME, "test.addi");
    assert_eq!(<TestDialect as tail_ir::DialectDef>::NAME, "test");

    let sym = ctx.lookup_symbol("test.addi").unwrap();
    let info = reg.op(sym).unwrap();
    assert_eq!(info.dialect, "test");
    assert_eq!(info.summary, "Integer addition.");
    use tail_ir::OpTraits as T;
    assert_eq!(
        info.traits,
        T::PURE | T::COMMUTATIVE | T::SAME_OPERANDS_AND_RESULT_TYPE
    );
    assert!(info.verify.is_some() && info.print.is_some() && info.parse.is_some());
    assert!(info.fold.is_some() && info.canonicalize.is_some());
    let func = reg.op(ctx.lookup_symbol("test.func").unwrap()).unwrap();
    assert_eq!(func.default_dialect, "test");
    assert!(func.fold.is_none() && func.canonicalize.is_none());
    let multi = reg
        .op(ctx.lookup_symbol("test.multi_res").unwrap())
        .unwrap();
    assert!(
        multi.print.is_none() && multi.parse.is_none(),
        "no format: generic form"
    );
}

/// Builds `test.func @f` with a body whose entry block has arguments of `arg_types`.
fn func(ctx: &mut Context, name: &str, arg_types: &[Type], results: &[Type]) -> (FuncOp, BlockId) {
    let loc = ctx.unknown_loc();
    let fty = ctx.function_type(arg_types.to_vec(), results.to_vec());
    let name = ctx.string_attr(name);
    let ftya = ctx.type_attr(fty);
    let mut b = Builder::new(ctx, InsertPoint::Detached, loc);
    let f = FuncOp::build(&mut b, name, ftya, None);
    let body = f.body(ctx);
    let entry = ctx.append_new_block(body, arg_types);
    (f, entry)
}

fn print(ctx: &Context, op: impl Into<OpId>) -> String {
    ctx.print_op_to_string(op.into(), PrintOptions::default())
}

fn args(ctx: &Context, b: BlockId) -> Vec<Value> {
    ctx.block_args(b).to_vec()
}

#[test]
fn prints_declarative_formats() {
    let mut ctx = Context::new();
    let loc = ctx.unknown_loc();
    let (i32t, index, i1, f32t, i64t) = (
        ctx.int_type(32),
        ctx.index_type(),
        ctx.i1_type(),
        ctx.f32_type(),
        ctx.int_type(64),
    );
    let (f, entry) = func(&mut ctx, "f", &[i32t, i32t, index, i1], &[i32t]);
    let a = args(&ctx, entry);
    let body = f.body(&ctx);
    let bb1 = ctx.append_new_block(body, &[]);
    let bb2 = ctx.append_new_block(body, &[i32t]);

    let mut b = Builder::at_end(&mut ctx, entry, loc);
    let c42 = b.int_attr(i32t, 42);
    let c = ConstantOp::build(&mut b, c42);
    let cv = c.result(&b);
    let s = AddIOp::build(&mut b, cv, a[0]);
    let slt = b.int_attr(i64t, 2);
    CmpIOp::build(&mut b, a[0], a[1], slt);
    SegOp::build(&mut b, &[a[0], a[1]], &[a[2]], Some(a[3]), vec![i32t]);
    SegOp::build(&mut b, &[a[0]], &[], None, vec![]);
    let r = RegionOp::build(&mut b, a[0], None);
    let r2 = RegionOp::build(&mut b, a[1], None);
    let five = b.int_attr(i64t, 5);
    let dims = b.dense_i64_array_attr(vec![1, 2]);
    let note = b.string_attr("hi");
    let t = b.bool_attr(true);
    AttrsOp::build(&mut b, five, dims, Some(t), Some(note));
    AttrsOp::build(&mut b, five, dims, None, None);
    CustomOp::build(&mut b, a[0], i32t);
    MultiResOp::build(&mut b, a[0], Some(i32t), vec![f32t], i64t);
    SwitchOp::build(&mut b, a[2], 2);
    CondBrOp::build(&mut b, a[3], &[bb1, bb1]);

    // Region bodies: an add, then the implicit terminator (elided when printing).
    let rb = r.body(&ctx);
    let rentry = ctx.append_new_block(rb, &[]);
    let mut b = Builder::at_end(&mut ctx, rentry, loc);
    let sv = s.result(&b);
    AddIOp::build(&mut b, sv, sv);
    YieldOp::build(&mut b, &[]);
    let unit = ctx.unit_attr();
    r2.set_flag(&mut ctx, unit);
    let foo = ctx.unit_attr();
    ctx.set_attr(r2.op(), "foo", foo);
    let rb2 = r2.body(&ctx);
    let rentry2 = ctx.append_new_block(rb2, &[]);
    let mut b = Builder::at_end(&mut ctx, rentry2, loc);
    YieldOp::build(&mut b, &[a[1]]);

    let mut b = Builder::at_end(&mut ctx, bb1, loc);
    BrOp::build(&mut b, &[a[0]], bb2);
    let mut b = Builder::at_end(&mut ctx, bb2, loc);
    let x = b.block_arg(bb2, 0);
    YieldOp::build(&mut b, &[x]);

    let expected = r#"test.func @f : (i32, i32, index, i1) -> i32 {
^bb0(%arg0: i32, %arg1: i32, %arg2: index, %arg3: i1):
  %0 = constant 42 : i32
  %1 = addi %0, %arg0 : i32
  %2 = cmpi slt, %arg0, %arg1 : i32
  %3 = seg %arg0, %arg1[%arg2] opt %arg3 : (i32, i32, index, i1) -> i32
  seg %arg0 : (i32) -> ()
  region_op %arg0 : i32 {
    %4 = test.addi %1, %1 : i32
  }
  region_op %arg1 unit attributes {foo} : i32 {
    test.yield %arg1 : i32
  }
  attrs 5, [1, 2] note "hi" {flag = true}
  attrs 5, [1, 2]
  %5 = custom %arg0 <<
  %6:3 = "test.multi_res"(%arg0) {resultSegmentSizes = array<i32: 1, 1, 1>} : (i32) -> (i32, f32, i64)
  "test.switch"(%arg2) ({
  }, {
  }, {
  }) : (index) -> ()
  cond_br %arg3, ^bb1, ^bb1
^bb1:
  br ^bb2(%arg0 : i32)
^bb2(%7: i32):
  yield %7 : i32
}
"#;
    assert_eq!(print(&ctx, f), expected);

    // Generic form of a format op.
    let text = ctx.print_op_to_string(
        s.op(),
        PrintOptions {
            generic: true,
            ..Default::default()
        },
    );
    assert!(text.starts_with("%0 = \"test.addi\"("), "{text}");
}

#[test]
fn accessors_and_segments() {
    let mut ctx = Context::new();
    let loc = ctx.unknown_loc();
    let (i32t, index, i1, f32t) = (
        ctx.int_type(32),
        ctx.index_type(),
        ctx.i1_type(),
        ctx.f32_type(),
    );
    let (_f, entry) = func(&mut ctx, "g", &[i32t, i32t, index, index, i1], &[]);
    let a = args(&ctx, entry);
    let mut b = Builder::at_end(&mut ctx, entry, loc);
    let seg = SegOp::build(
        &mut b,
        &[a[0], a[1]],
        &[a[2], a[3]],
        Some(a[4]),
        vec![i32t, f32t],
    );
    assert_eq!(seg.a(&b), vec![a[0], a[1]]);
    assert_eq!(seg.idx(&b), vec![a[2], a[3]]);
    assert_eq!(seg.c(&b), Some(a[4]));
    assert_eq!(seg.res(&b).len(), 2);
    let sizes = b.attr(seg.op(), "operandSegmentSizes").unwrap();
    assert_eq!(b.attr_to_string(sizes), "array<i32: 2, 2, 1>");
    let seg2 = SegOp::build(&mut b, &[], &[a[2]], None, vec![]);
    assert_eq!(seg2.a(&b), vec![]);
    assert_eq!(seg2.idx(&b), vec![a[2]]);
    assert_eq!(seg2.c(&b), None);

    let m = MultiResOp::build(&mut b, a[0], None, vec![f32t, f32t], i32t);
    assert_eq!(m.first(&b), None);
    assert_eq!(m.rest(&b).len(), 2);
    assert_eq!(b.value_type(m.last(&b)), i32t);
    assert_eq!(m.x(&b), a[0]);

    let sw = SwitchOp::build(&mut b, a[2], 3);
    assert_eq!(sw.cases(&b).len(), 3);
    assert_eq!(b.regions(sw.op()).len(), 4);
    assert_eq!(sw.default_region(&b), b.region(sw.op(), 0));
    assert_eq!(sw.value(&b), a[2]);

    // Result type derived from the operands (SameOperandsAndResultType) and inferred.
    let add = AddIOp::build(&mut b, a[0], a[1]);
    assert_eq!(b.value_type(add.result(&b)), i32t);
    let cmp_pred = b.int_attr(i32t, 0);
    let cmp = CmpIOp::build(&mut b, a[0], a[1], cmp_pred);
    assert_eq!(b.value_type(cmp.result(&b)), i1);
    assert_eq!(cmp.predicate(&b), cmp_pred);

    // Attribute accessors, setters, defaults.
    let i64t = ctx_i64(&mut b);
    let five = b.int_attr(i64t, 5);
    let dims = b.dense_i64_array_attr(vec![3]);
    let at = AttrsOp::build(&mut b, five, dims, None, None);
    assert_eq!(at.flag(&b), None);
    let dflt = at.flag_or_default(&mut b);
    assert_eq!(b.attr_to_string(dflt), "false");
    let t = b.bool_attr(true);
    at.set_flag(&mut b, t);
    assert_eq!(at.flag(&b), Some(t));
    assert!(at.remove_flag(&mut b));
    assert_eq!(at.note(&b), None);
    assert_eq!(at.count(&b), five);

    // Typed handles.
    let any: OpId = add.into();
    assert_eq!(AddIOp::from_op(&b, any), Some(add));
    assert_eq!(CmpIOp::from_op(&b, any), None);
    assert_eq!(AddIOp::spec().operands.len(), 2);
}

fn ctx_i64(ctx: &mut Context) -> Type {
    ctx.int_type(64)
}

#[test]
fn dialect_types_and_attributes() {
    let mut ctx = Context::new();
    let (i32t, f32t) = (ctx.int_type(32), ctx.f32_type());
    let arr = ArrayType::get(&mut ctx, i32t, 2);
    assert_eq!(ctx.type_to_string(arr), "!test.array<i32, 2>");
    assert_eq!(ArrayType::get(&mut ctx, i32t, 2), arr, "uniqued");
    assert_eq!(
        ArrayType::from_type(&ctx, arr),
        Some(&ArrayType {
            elem: i32t,
            rank: 2
        })
    );
    assert_eq!(ArrayType::from_type(&ctx, i32t), None);
    let nested = ArrayType::get(&mut ctx, arr, 1);
    assert_eq!(
        ctx.type_to_string(nested),
        "!test.array<!test.array<i32, 2>, 1>"
    );
    let tok = TokenType::get(&mut ctx);
    assert_eq!(ctx.type_to_string(tok), "!test.token");
    let pair = PairType::get(&mut ctx, i32t, f32t);
    assert_eq!(ctx.type_to_string(pair), "!test.pair<i32 x f32>");
    let lvl = LevelAttr::get(&mut ctx, "block".into(), vec![1, 2]);
    assert_eq!(ctx.attr_to_string(lvl), "#test.level<\"block\", 1, 2>");
    assert_eq!(LevelAttr::from_attr(&ctx, lvl).unwrap().dims, vec![1, 2]);
    assert_eq!(ArrayType::MNEMONIC, "array");
    assert!(is_array(&ctx, arr));
}

#[test]
fn fold_hooks_and_materialization() {
    let mut ctx = Context::new();
    let loc = ctx.unknown_loc();
    let i32t = ctx.int_type(32);
    let (_f, entry) = func(&mut ctx, "h", &[i32t, i32t], &[]);
    let a = args(&ctx, entry);
    let mut b = Builder::at_end(&mut ctx, entry, loc);
    let add = AddIOp::build(&mut b, a[0], a[1]);
    let fold = b.op_def(add.op()).unwrap().fold.unwrap();
    let (two, three) = (b.int_attr(i32t, 2), b.int_attr(i32t, 3));
    let r = fold(&mut b, add.op(), &[Some(two), Some(three)]).unwrap();
    let five = b.int_attr(i32t, 5);
    assert_eq!(r.as_slice(), &[FoldResult::Attr(five)]);
    assert!(fold(&mut b, add.op(), &[Some(two), None]).is_none());

    let mat = b
        .registry()
        .dialect("test")
        .unwrap()
        .materialize_constant
        .unwrap();
    let c = mat(&mut b, five, i32t, loc).unwrap();
    let c = ConstantOp::from_op(&b, c).unwrap();
    assert_eq!(c.value(&b), five);
    let cfold = b.op_def(c.op()).unwrap().fold.unwrap();
    assert_eq!(
        cfold(&mut b, c.op(), &[]).unwrap().as_slice(),
        &[FoldResult::Attr(five)]
    );
    let _: Option<Attribute> = None;
}
