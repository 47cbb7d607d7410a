//! The ops of the `hpar` dialect: FCL's built-ins (Dybdal 2017, Fig. 5.4), with the
//! `Program⟨l⟩` monad as regions (see the crate docs and [`crate::scope`]).
//!
//! | FCL | op | kind |
//! | --- | --- | --- |
//! | `generate n f`, `index a i`, `length a`, `map f a`, `splitAt k a` | `generate`, `index`, `length`, `map`, `split_at` | pure |
//! | `push⟨l⟩ a` | `push<l>` | pure, value at `l` |
//! | (which write of a scatter wins) | `last_write<l>` | pure, value at `l` |
//! | `seqfor a n f` | `seqfor` | pure, value at `thread` |
//! | `force⟨l⟩ p` | `force<l>` | action at `l` |
//! | `concat⟨l⟩ n ps`, `interleave⟨l⟩ n f ps` | `concat<l>`, `interleave<l>` | action at the level above `l` |
//! | `power⟨l⟩`/`poweri⟨l⟩`, `while⟨l⟩` | `power<l>`, `while<l>` | action at `l` |
//! | `do⟨l⟩ { … }`, `return⟨l⟩` | `program<l>`, `return` | |
//! | (segmented) reduction and scan by the group at `l` | `reduce<l>`, `scan<l>` | action at `l` |
//!
//! `hpar.yield` ends pure function regions. Every region takes its arguments as entry-block
//! arguments; lambdas may use values defined outside (they are not isolated).

use tail_ir::constraints::*;
use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::verifier::op_error;
use tail_ir::{Context, Diagnostic, OpId, OperationState, RegionId, Type, Value};
use tail_ir_macros::op;

use crate::scope::{check_action, check_program_placement, check_value_level};
use crate::types::{
    array_elem, is_base, level_of_attr, pull_parts, push_parts, AnyHParArray, AnyPull, AnyPush,
    Level, LevelKw,
};
use crate::HParDialect;

type VResult<T = ()> = Result<T, Diagnostic>;

/// An expected type, described without interning (verifiers hold a `&Context`).
#[derive(Copy, Clone)]
enum Want {
    /// Exactly this type.
    Ty(Type),
    /// `index`.
    Index,
    /// `i1`.
    I1,
}

impl Want {
    fn matches(self, ctx: &Context, t: Type) -> bool {
        match self {
            Want::Ty(w) => w == t,
            Want::Index => matches!(ctx.type_kind(t), tail_ir::TypeKind::Index),
            Want::I1 => ctx.int_width(t) == Some(1),
        }
    }
    fn show(self, ctx: &Context) -> String {
        match self {
            Want::Ty(w) => quoted(ctx, w),
            Want::Index => "'index'".into(),
            Want::I1 => "'i1'".into(),
        }
    }
}

fn quoted(ctx: &Context, ty: Type) -> String {
    format!("'{}'", ctx.type_to_string(ty))
}

fn level_attr(ctx: &Context, op: OpId) -> Level {
    ctx.attr(op, "level")
        .and_then(|a| level_of_attr(ctx, a))
        .expect("checked by the generated verifier")
}

/// Checks that region `region` of `op` (called `what`) has one block taking `args` and ending
/// in `terminator`; returns the terminator's operands.
fn check_region(
    ctx: &Context,
    op: OpId,
    region: RegionId,
    what: &str,
    args: &[Want],
    terminator: &str,
) -> VResult<Vec<Value>> {
    let Some(block) = ctx.entry_block(region) else {
        return Err(op_error(
            ctx,
            op,
            format!("expects a non-empty {what} region"),
        ));
    };
    let bargs = ctx.block_args(block);
    if bargs.len() != args.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects the {what} region to take {} arguments, but it takes {}",
                args.len(),
                bargs.len()
            ),
        ));
    }
    for (i, (&a, &t)) in bargs.iter().zip(args).enumerate() {
        if !t.matches(ctx, ctx.value_type(a)) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects {what} region argument #{i} to have type {}, but got {}",
                    t.show(ctx),
                    quoted(ctx, ctx.value_type(a))
                ),
            ));
        }
    }
    match ctx.last_op(block).filter(|&t| ctx.op_is(t, terminator)) {
        Some(t) => Ok(ctx.operand_vec(t)),
        None => Err(op_error(
            ctx,
            op,
            format!("expects the {what} region to end with '{terminator}'"),
        )),
    }
}

/// Checks that the values `vs` (returned by the `what` region) have the types `tys`.
fn check_returned(ctx: &Context, op: OpId, what: &str, vs: &[Value], tys: &[Want]) -> VResult {
    if vs.len() != tys.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects the {what} region to return {} values, but it returns {}",
                tys.len(),
                vs.len()
            ),
        ));
    }
    for (i, (&v, &t)) in vs.iter().zip(tys).enumerate() {
        if !t.matches(ctx, ctx.value_type(v)) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects the {what} region to return {} as value #{i}, but got {}",
                    t.show(ctx),
                    quoted(ctx, ctx.value_type(v))
                ),
            ));
        }
    }
    Ok(())
}

/// The `(element, level)` of push array `v`, its element checked to be a base type (rule
/// 5.11) since types can be built programmatically without the parser's check.
fn push_of(ctx: &Context, op: OpId, what: &str, v: Value) -> VResult<(Type, Level)> {
    let ty = ctx.value_type(v);
    let Some((elem, l)) = push_parts(ctx, ty) else {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects {what} to be a push array, but got {}",
                quoted(ctx, ty)
            ),
        ));
    };
    if !is_base(ctx, elem) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects {what} to be a push array of a base type, but got {}",
                quoted(ctx, ty)
            ),
        ));
    }
    Ok((elem, l))
}

// ----- terminators -------------------------------------------------------------------------------

/// Ends a pure function region (an index function, a mapped function, a `seqfor` step, a
/// `while` condition, a reduction operator, an `interleave` placement) with its values.
///
/// ```mlir
/// hpar.yield %x : f32
/// ```
#[op(dialect = HParDialect, name = "yield", traits(Pure, Terminator, ReturnLike),
     parents("hpar.generate", "hpar.map", "hpar.seqfor", "hpar.while", "hpar.reduce",
             "hpar.scan", "hpar.interleave"),
     format = "attr-dict ($values^ `:` type($values))?")]
pub struct YieldOp {
    /// The values.
    #[operand(variadic)]
    values: AnyType,
}

/// Ends a program region with its result (FCL's `return⟨l⟩`).
///
/// ```mlir
/// hpar.return %p : !hpar.push<f32, block>
/// ```
#[op(dialect = HParDialect, name = "return", traits(Pure, Terminator, ReturnLike),
     parents("hpar.program", "hpar.concat", "hpar.interleave", "hpar.power", "hpar.while"),
     format = "attr-dict ($values^ `:` type($values))?")]
pub struct ReturnOp {
    /// The program's results.
    #[operand(variadic)]
    values: AnyType,
}

// ----- pull arrays -------------------------------------------------------------------------------

/// `generate n f`: the pull array of length `n` whose element `i` is `f i`. With several
/// results, `f` yields a tuple and result `k` is the array of its components `k` (a pull array
/// of tuples as a tuple of pull arrays sharing one index function).
///
/// ```mlir
/// %a = hpar.generate %n : !hpar.pull<f32> {
/// ^bb0(%i: index):
///   %x = memref.load %m[%i] : memref<?xf32>
///   hpar.yield %x : f32
/// }
/// ```
#[op(dialect = HParDialect, name = "generate", traits(RecursiveMemoryEffects, SingleBlock),
     format = "$length attr-dict `:` type($results) $body", verify)]
pub struct GenerateOp {
    /// The length.
    #[operand]
    length: Index,
    /// The array, or one array per component of the index function's tuple.
    #[result(variadic)]
    results: AnyPull,
    /// The index function `(index) -> (elem…)`.
    #[region(single_block)]
    body: Region,
}

impl GenerateOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let results = self.results(ctx);
        if results.is_empty() {
            return Err(op_error(ctx, op, "expects at least one result"));
        }
        let mut elems = Vec::new();
        for &r in results.iter() {
            let (elem, level) = pull_parts(ctx, ctx.value_type(r)).expect("pull");
            if let Some(l) = level {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "builds a delayed array, but its type says it is materialised at level '{l}'"
                    ),
                ));
            }
            elems.push(Want::Ty(elem));
        }
        let index = Want::Index;
        let vs = check_region(
            ctx,
            op,
            self.body(ctx),
            "index function",
            &[index],
            "hpar.yield",
        )?;
        check_returned(ctx, op, "index function", &vs, &elems)
    }
}

/// `index a i`: element `i` of a pull array.
///
/// ```mlir
/// %x = hpar.index %a[%i] : !hpar.pull<f32>
/// ```
#[op(dialect = HParDialect, name = "index", traits(Pure),
     format = "$array `[` $position `]` attr-dict `:` type($array)")]
pub struct IndexOp {
    /// The array.
    #[operand]
    array: AnyPull,
    /// The position.
    #[operand]
    position: Index,
    /// The element.
    #[result(type_from = array, via = array_elem)]
    result: AnyType,
}

/// `length a` (and FCL's `lengthPush`): the length of a pull or push array.
///
/// ```mlir
/// %n = hpar.length %a : !hpar.pull<f32>
/// ```
#[op(dialect = HParDialect, name = "length", traits(Pure),
     format = "$array attr-dict `:` type($array)")]
pub struct LengthOp {
    /// The array.
    #[operand]
    array: AnyHParArray,
    /// Its length.
    #[result]
    result: Index,
}

/// `map f a`: the pull array `generate (length a) (f ∘ index a)`, or, over a push array, FCL's
/// `mapPush`, which applies `f` as the elements are written (Fig. 5.12, rule 5.68).
///
/// ```mlir
/// %b = hpar.map %a : !hpar.pull<f32> -> !hpar.pull<f64> {
/// ^bb0(%x: f32):
///   %y = arith.extf %x : f32 to f64
///   hpar.yield %y : f64
/// }
/// ```
#[op(dialect = HParDialect, name = "map", traits(RecursiveMemoryEffects, SingleBlock),
     format = "$input attr-dict `:` type($input) `->` type($result) $body", verify)]
pub struct MapOp {
    /// The array mapped over.
    #[operand]
    input: AnyHParArray,
    /// The mapped array.
    #[result]
    result: AnyHParArray,
    /// The function `(elem) -> elem'`.
    #[region(single_block)]
    body: Region,
}

impl MapOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let (it, rt) = (
            ctx.value_type(self.input(ctx)),
            ctx.value_type(self.result(ctx)),
        );
        let (in_elem, out_elem) = match (pull_parts(ctx, it), pull_parts(ctx, rt)) {
            (Some((a, _)), Some((b, None))) => (a, b),
            (Some(_), Some((_, Some(l)))) => {
                return Err(op_error(
                    ctx,
                    op,
                    format!("maps to a delayed array, but its result type says it is materialised at level '{l}'"),
                ))
            }
            (None, None) => {
                let (a, l) = push_of(ctx, op, "the input", self.input(ctx))?;
                let (b, m) = push_of(ctx, op, "the result", self.result(ctx))?;
                if l != m {
                    return Err(op_error(
                        ctx,
                        op,
                        format!("expects the result to be written at the input's level '{l}', but it is at '{m}'"),
                    ));
                }
                (a, b)
            }
            _ => {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "maps a pull array to a pull array or a push array to a push array, but got {} -> {}",
                        quoted(ctx, it),
                        quoted(ctx, rt)
                    ),
                ))
            }
        };
        let vs = check_region(
            ctx,
            op,
            self.body(ctx),
            "mapped function",
            &[Want::Ty(in_elem)],
            "hpar.yield",
        )?;
        check_returned(ctx, op, "mapped function", &vs, &[Want::Ty(out_elem)])
    }
}

/// `splitAt k a`: the first `k` elements and the rest, as two pull arrays of `a`'s type.
///
/// ```mlir
/// %lo, %hi = hpar.split_at %a, %k : !hpar.pull<f32>
/// ```
#[op(dialect = HParDialect, name = "split_at", traits(Pure),
     format = "$array `,` $position attr-dict `:` type($array)")]
pub struct SplitAtOp {
    /// The array.
    #[operand]
    array: AnyPull,
    /// Where to split.
    #[operand]
    position: Index,
    /// Elements `[0, k)`.
    #[result(type_from = array)]
    low: AnyPull,
    /// Elements `[k, length)`.
    #[result(type_from = array)]
    high: AnyPull,
}

// ----- push arrays -------------------------------------------------------------------------------

/// `push⟨l⟩ a`: gives a pull array of base elements the iteration scheme of level `l` (a
/// parallel loop over the threads of a block, the blocks of a grid, …).
///
/// ```mlir
/// %p = hpar.push<block> %a : !hpar.pull<f32> -> !hpar.push<f32, block>
/// ```
#[op(dialect = HParDialect, name = "push", traits(Pure),
     format = "`<` $level `>` $input attr-dict `:` type($input) `->` type($result)", verify)]
pub struct PushOp {
    /// The level.
    #[attr]
    level: LevelKw,
    /// The pull array.
    #[operand]
    input: AnyPull,
    /// The push array.
    #[result]
    result: AnyPush,
}

impl PushOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let l = level_attr(ctx, op);
        let (elem, _) = pull_parts(ctx, ctx.value_type(self.input(ctx))).expect("pull");
        if !is_base(ctx, elem) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects a pull array of a base type (push arrays hold base types only), but got elements of type {}",
                    quoted(ctx, elem)
                ),
            ));
        }
        let (relem, rl) = push_of(ctx, op, "the result", self.result(ctx))?;
        if relem != elem || rl != l {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects result type '!hpar.push<{}, {l}>', but got {}",
                    ctx.type_to_string(elem),
                    quoted(ctx, ctx.value_type(self.result(ctx)))
                ),
            ));
        }
        check_value_level(ctx, op, l)
    }
}

/// `last_write⟨l⟩ is m`: the push array of `m` positions whose element `p` is the largest `j`
/// with `is[j] = p`, or `-1` where no index is `p`; indices outside `[0, m)` are ignored. It
/// says which of the writes of a scatter to `m` positions wins where an index repeats (the
/// last one, deterministically), so the scatter itself is a gather over the destination.
///
/// ```mlir
/// %w = hpar.last_write<grid> %is, %m : !hpar.pull<i32> -> !hpar.push<i32, grid>
/// ```
#[op(dialect = HParDialect, name = "last_write", traits(Pure),
     format = "`<` $level `>` $indices `,` $length attr-dict `:` type($indices) `->` type($result)",
     verify)]
pub struct LastWriteOp {
    /// The level.
    #[attr]
    level: LevelKw,
    /// The positions written, in order (`i32`).
    #[operand]
    indices: AnyPull,
    /// The number of positions.
    #[operand]
    length: Index,
    /// The winning write of every position (`i32`, `-1` for none).
    #[result]
    result: AnyPush,
}

impl LastWriteOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let l = level_attr(ctx, op);
        let (elem, _) = pull_parts(ctx, ctx.value_type(self.indices(ctx))).expect("pull");
        if ctx.int_width(elem) != Some(32) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects the indices to be a pull array of 'i32', but got elements of type {}",
                    quoted(ctx, elem)
                ),
            ));
        }
        let (relem, rl) = push_of(ctx, op, "the result", self.result(ctx))?;
        if relem != elem || rl != l {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects result type '!hpar.push<i32, {l}>', but got {}",
                    quoted(ctx, ctx.value_type(self.result(ctx)))
                ),
            ));
        }
        check_value_level(ctx, op, l)
    }
}

/// `seqfor a n f`: a thread-level sequential loop. Starting from the contents of the
/// thread-level push array `a`, iteration `i < n` runs the step with `i` and the current
/// contents (as a thread-private pull array) and writes the value it yields at the position it
/// yields (FCL's `seqfor`, Fig. 5.3: left folds and scans).
///
/// ```mlir
/// %s = hpar.seqfor %init, %n : !hpar.push<f32, thread> {
/// ^bb0(%i: index, %acc: !hpar.pull<f32, thread>):
///   ...
///   hpar.yield %pos, %v : index, f32
/// }
/// ```
#[op(dialect = HParDialect, name = "seqfor", traits(RecursiveMemoryEffects, SingleBlock),
     format = "$init `,` $count attr-dict `:` type($init) $body", verify)]
pub struct SeqForOp {
    /// The initial contents.
    #[operand]
    init: AnyPush,
    /// The number of iterations.
    #[operand]
    count: Index,
    /// The final contents.
    #[result(type_from = init)]
    result: AnyPush,
    /// The step `(index, !hpar.pull<τ, thread>) -> (index, τ)`.
    #[region(single_block)]
    body: Region,
}

impl SeqForOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let (elem, l) = push_of(ctx, op, "the initial array", self.init(ctx))?;
        if l != Level::Thread {
            return Err(op_error(
                ctx,
                op,
                format!("expects a 'thread'-level push array, but got one at level '{l}'"),
            ));
        }
        check_value_level(ctx, op, Level::Thread)?;
        let index = Want::Index;
        let acc_level = Some(Level::Thread);
        // Verifiers cannot intern types: look the accumulator's type up among the block
        // arguments and compare structurally.
        let block = ctx
            .entry_block(self.body(ctx))
            .ok_or_else(|| op_error(ctx, op, "expects a non-empty step region"))?;
        let bargs = ctx.block_args(block);
        let acc_ty = bargs.get(1).map(|&a| ctx.value_type(a));
        let acc_ok = acc_ty
            .and_then(|t| pull_parts(ctx, t))
            .is_some_and(|(e, lv)| e == elem && lv == acc_level);
        if bargs.len() != 2 || !acc_ok || !index.matches(ctx, ctx.value_type(bargs[0])) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects the step region to take (index, '!hpar.pull<{}, thread>')",
                    ctx.type_to_string(elem)
                ),
            ));
        }
        let args = [index, Want::Ty(acc_ty.expect("checked"))];
        let vs = check_region(ctx, op, self.body(ctx), "step", &args, "hpar.yield")?;
        check_returned(ctx, op, "step", &vs, &[index, Want::Ty(elem)])
    }
}

// ----- programs ----------------------------------------------------------------------------------

/// `do⟨l⟩ { … }`: a program at level `l`. Its ops run in order at level `l` (FCL's `bind`);
/// `hpar.return` gives its results. On the host only `grid` programs run.
///
/// ```mlir
/// %r = hpar.program<grid> -> !hpar.pull<f32, grid> {
///   %m = hpar.force<grid> %p : !hpar.push<f32, grid> -> !hpar.pull<f32, grid>
///   hpar.return %m : !hpar.pull<f32, grid>
/// }
/// ```
#[op(dialect = HParDialect, name = "program", traits(RecursiveMemoryEffects, SingleBlock),
     custom_assembly, verify)]
pub struct ProgramOp {
    /// The level.
    #[attr]
    level: LevelKw,
    /// The program's results.
    #[result(variadic)]
    results: AnyType,
    /// The program.
    #[region(single_block)]
    body: Region,
}

impl ProgramOp {
    /// `<l> [-> types] { body } [attr-dict]` (written by hand: the declarative format cannot
    /// leave a variadic result group empty when its optional group is absent).
    fn print(self, p: &mut Printer<'_>) -> std::fmt::Result {
        use std::fmt::Write as _;
        if !tail_builtin::util::printable(p, Self::spec(), self.op())? {
            return Ok(());
        }
        let ctx = p.ctx;
        let op = self.op();
        write!(p, "<{}>", level_attr(ctx, op))?;
        let tys: Vec<Type> = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
        if !tys.is_empty() {
            p.write_str(" -> ")?;
            p.print_result_types(&tys)?;
        }
        p.write_char(' ')?;
        p.print_region(self.body(ctx), false, true)?;
        p.print_optional_attr_dict(op, &["level"])
    }

    fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        p.parse_punct("<")?;
        let l = Level::parse(p)?;
        p.parse_punct(">")?;
        let a = crate::types::LevelAttr::get(p.ctx, l);
        state.add_attr(p.ctx, "level", a);
        state.result_types = p.parse_optional_arrow_type_list()?;
        let r = p.ctx.create_region();
        p.parse_region(r, &[])?;
        state.regions.push(r);
        p.parse_optional_attr_dict(&mut state.attrs)
    }

    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        check_program_placement(ctx, op, level_attr(ctx, op))?;
        let vs = check_region(ctx, op, self.body(ctx), "program", &[], "hpar.return")?;
        let tys: Vec<Want> = self
            .results(ctx)
            .iter()
            .map(|&r| Want::Ty(ctx.value_type(r)))
            .collect();
        check_returned(ctx, op, "program", &vs, &tys)
    }
}

/// `force⟨l⟩ p`: runs push array `p` at level `l` and materialises it: in global memory for
/// `grid` (a kernel boundary), in shared memory for `block` and `warp`, in private memory for
/// `thread`. The result is a pull array materialised at `l`.
///
/// ```mlir
/// %m = hpar.force<block> %p : !hpar.push<f32, block> -> !hpar.pull<f32, block>
/// ```
#[op(dialect = HParDialect, name = "force", traits(MemAlloc, MemWrite),
     format = "`<` $level `>` $input attr-dict `:` type($input) `->` type($result)", verify)]
pub struct ForceOp {
    /// The level.
    #[attr]
    level: LevelKw,
    /// The push array.
    #[operand]
    input: AnyPush,
    /// The materialised array.
    #[result]
    result: AnyPull,
}

impl ForceOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let l = level_attr(ctx, op);
        let (elem, pl) = push_of(ctx, op, "the input", self.input(ctx))?;
        if pl != l {
            return Err(op_error(
                ctx,
                op,
                format!("forces at level '{l}' a push array written at level '{pl}'"),
            ));
        }
        let rt = ctx.value_type(self.result(ctx));
        if pull_parts(ctx, rt) != Some((elem, Some(l))) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects result type '!hpar.pull<{}, {l}>', but got {}",
                    ctx.type_to_string(elem),
                    quoted(ctx, rt)
                ),
            ));
        }
        check_action(ctx, op, l)
    }
}

/// Checks `concat`/`interleave`: the body is a program at `l` taking the sub-program's index
/// and returning a push array at `l`; the result is a push array of the same elements one level
/// up, and the op is an action at that level.
fn verify_raise(ctx: &Context, op: OpId, body: RegionId, results: &[Value]) -> VResult {
    let l = level_attr(ctx, op);
    let index = Want::Index;
    let vs = check_region(ctx, op, body, "body", &[index], "hpar.return")?;
    if results.is_empty() || vs.len() != results.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects the body region to return {} values, but it returns {}",
                results.len().max(1),
                vs.len()
            ),
        ));
    }
    let mut up = l;
    for (&result, &v) in results.iter().zip(&vs) {
        let (elem, u) = push_of(ctx, op, "the result", result)?;
        up = u;
        if !l.raises_to(up) {
            return Err(op_error(
                ctx,
                op,
                format!("raises level '{l}' to '{up}', but it must raise exactly one level"),
            ));
        }
        let (e, bl) = push_of(ctx, op, "the body's result", v)?;
        if e != elem || bl != l {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects the body region to return '!hpar.push<{}, {l}>', but got {}",
                    ctx.type_to_string(elem),
                    quoted(ctx, ctx.value_type(v))
                ),
            ));
        }
    }
    check_action(ctx, op, up)
}

/// `concat⟨l⟩ n ps`: runs `count` programs at level `l` in parallel (sub-program `i` is the
/// body with argument `i`), each returning a push array of `chunk` elements, and writes them
/// one after the other: a push array one level up (Dybdal 2017 §5.2.1; `concat` is
/// `interleave` with placement `(i, j) ↦ i·chunk + j`). With several results, each
/// sub-program returns one push array per result, written in the same run (several arrays
/// written by one kernel or one block); `chunk` is then one length for all of them or one
/// per result.
///
/// ```mlir
/// %p = hpar.concat<block> %nblocks, %chunk : !hpar.push<f32, grid> {
/// ^bb0(%b: index):
///   ...
///   hpar.return %q : !hpar.push<f32, block>
/// }
/// ```
#[op(dialect = HParDialect, name = "concat", traits(RecursiveMemoryEffects, SingleBlock),
     format = "`<` $level `>` $count `,` $chunks attr-dict `:` type($results) $body", verify)]
pub struct ConcatOp {
    /// The level of the sub-programs.
    #[attr]
    level: LevelKw,
    /// The number of sub-programs.
    #[operand]
    count: Index,
    /// The length of each sub-program's push arrays (one for all results, or one per result).
    #[operand(variadic)]
    chunks: Index,
    /// The combined push arrays, one level up (one per array the body returns).
    #[result(variadic)]
    results: AnyPush,
    /// Sub-program `(index)` at level `l`.
    #[region(single_block)]
    body: Region,
}

impl ConcatOp {
    fn verify(self, ctx: &Context) -> VResult {
        let rs = self.results(ctx).to_vec();
        check_chunks(ctx, self.op(), self.chunks(ctx).len(), rs.len())?;
        verify_raise(ctx, self.op(), self.body(ctx), &rs)
    }
}

/// Checks that `concat`/`interleave` has one chunk length for all results or one per result.
fn check_chunks(ctx: &Context, op: OpId, chunks: usize, results: usize) -> VResult {
    if chunks == 1 || chunks == results {
        return Ok(());
    }
    Err(op_error(
        ctx,
        op,
        format!("expects one chunk length or one per result ({results}), but got {chunks}"),
    ))
}

/// `interleave⟨l⟩ n f ps`: like `concat`, but element `j` of sub-program `i` goes to position
/// `place(i, j)` (Dybdal 2017 Fig. 5.4; the permutation is applied as the elements are written,
/// none is stored). The only other way, with `concat`, that values move up a level. With
/// several results (one chunk length for all or one per result), the placement yields one
/// position per result.
///
/// ```mlir
/// %p = hpar.interleave<thread> %n, %c1 : !hpar.push<f32, block> {
/// ^bb0(%t: index):
///   ...
///   hpar.return %q : !hpar.push<f32, thread>
/// } place {
/// ^bb0(%i: index, %j: index):
///   hpar.yield %i : index
/// }
/// ```
#[op(dialect = HParDialect, name = "interleave", traits(RecursiveMemoryEffects, SingleBlock),
     format = "`<` $level `>` $count `,` $chunks attr-dict `:` type($results) $body `place` $place",
     verify)]
pub struct InterleaveOp {
    /// The level of the sub-programs.
    #[attr]
    level: LevelKw,
    /// The number of sub-programs.
    #[operand]
    count: Index,
    /// The length of each sub-program's push arrays (one for all results, or one per result).
    #[operand(variadic)]
    chunks: Index,
    /// The combined push arrays, one level up.
    #[result(variadic)]
    results: AnyPush,
    /// Sub-program `(index)` at level `l`.
    #[region(single_block)]
    body: Region,
    /// The placement `(sub-program, element) -> position`.
    #[region(single_block)]
    place: Region,
}

impl InterleaveOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let rs = self.results(ctx).to_vec();
        check_chunks(ctx, op, self.chunks(ctx).len(), rs.len())?;
        verify_raise(ctx, op, self.body(ctx), &rs)?;
        let index = Want::Index;
        let vs = check_region(
            ctx,
            op,
            self.place(ctx),
            "placement",
            &[index, index],
            "hpar.yield",
        )?;
        check_returned(ctx, op, "placement", &vs, &vec![index; rs.len()])
    }
}

/// Checks the loop body shared by `power` and `while`: a program at `l` from the current
/// array (materialised at `l`) to the next array (a push array at `l`), plus the op's operands
/// and result. Returns the materialised array type.
fn verify_loop(
    ctx: &Context,
    op: OpId,
    init: Value,
    result: Value,
    body: RegionId,
    leading: &[Want],
) -> VResult<Type> {
    let l = level_attr(ctx, op);
    let (elem, il) = push_of(ctx, op, "the initial array", init)?;
    if il != l {
        return Err(op_error(
            ctx,
            op,
            format!("iterates at level '{l}' but the initial array is written at level '{il}'"),
        ));
    }
    let rt = ctx.value_type(result);
    if pull_parts(ctx, rt) != Some((elem, Some(l))) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects result type '!hpar.pull<{}, {l}>', but got {}",
                ctx.type_to_string(elem),
                quoted(ctx, rt)
            ),
        ));
    }
    let mut args = leading.to_vec();
    args.push(Want::Ty(rt));
    let vs = check_region(ctx, op, body, "body", &args, "hpar.return")?;
    check_returned(ctx, op, "body", &vs, &[Want::Ty(ctx.value_type(init))])?;
    check_action(ctx, op, l)?;
    Ok(rt)
}

/// `power⟨l⟩ n f p` (with FCL's `poweri`): forces the initial push array at level `l`, then
/// `n` times runs the body on the iteration number and the current array and forces the push
/// array it returns into the same buffer (steps must not enlarge the array).
///
/// ```mlir
/// %r = hpar.power<block> %n, %init : !hpar.push<f32, block> -> !hpar.pull<f32, block> {
/// ^bb0(%i: index, %cur: !hpar.pull<f32, block>):
///   ...
///   hpar.return %next : !hpar.push<f32, block>
/// }
/// ```
#[op(dialect = HParDialect, name = "power", traits(RecursiveMemoryEffects, SingleBlock),
     format = "`<` $level `>` $count `,` $init attr-dict `:` type($init) `->` type($result) $body",
     verify)]
pub struct PowerOp {
    /// The level.
    #[attr]
    level: LevelKw,
    /// The number of iterations.
    #[operand]
    count: Index,
    /// The initial array.
    #[operand]
    init: AnyPush,
    /// The final array, materialised at `l`.
    #[result]
    result: AnyPull,
    /// The step `(index, !hpar.pull<τ, l>) -> !hpar.push<τ, l>`, a program at `l`.
    #[region(single_block)]
    body: Region,
}

impl PowerOp {
    fn verify(self, ctx: &Context) -> VResult {
        let index = Want::Index;
        verify_loop(
            ctx,
            self.op(),
            self.init(ctx),
            self.result(ctx),
            self.body(ctx),
            &[index],
        )
        .map(|_| ())
    }
}

/// `while⟨l⟩ c f p`: forces the initial push array at level `l`; while the condition holds of
/// the current array, runs the body on it and forces the push array it returns into the same
/// buffer.
///
/// ```mlir
/// %r = hpar.while<block> %init : !hpar.push<f32, block> -> !hpar.pull<f32, block> cond {
/// ^bb0(%cur: !hpar.pull<f32, block>):
///   ...
///   hpar.yield %c : i1
/// } do {
/// ^bb0(%cur: !hpar.pull<f32, block>):
///   ...
///   hpar.return %next : !hpar.push<f32, block>
/// }
/// ```
#[op(dialect = HParDialect, name = "while", traits(RecursiveMemoryEffects, SingleBlock),
     format = "`<` $level `>` $init attr-dict `:` type($init) `->` type($result) `cond` $cond `do` $body",
     verify)]
pub struct WhileOp {
    /// The level.
    #[attr]
    level: LevelKw,
    /// The initial array.
    #[operand]
    init: AnyPush,
    /// The final array, materialised at `l`.
    #[result]
    result: AnyPull,
    /// The condition `(!hpar.pull<τ, l>) -> i1`, a pure function.
    #[region(single_block)]
    cond: Region,
    /// The step `(!hpar.pull<τ, l>) -> !hpar.push<τ, l>`, a program at `l`.
    #[region(single_block)]
    body: Region,
}

impl WhileOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let cur = verify_loop(
            ctx,
            op,
            self.init(ctx),
            self.result(ctx),
            self.body(ctx),
            &[],
        )?;
        let vs = check_region(
            ctx,
            op,
            self.cond(ctx),
            "condition",
            &[Want::Ty(cur)],
            "hpar.yield",
        )?;
        let i1 = Want::I1;
        check_returned(ctx, op, "condition", &vs, &[i1])
    }
}

// ----- reduce, scan --------------------------------------------------------------------------------

/// Checks `reduce`/`scan`: the input is a pull array of base elements τ (one reduction) or of
/// pull arrays of τ (segmented: one per segment); the neutral element and operator are over τ.
/// Returns `(τ, segmented)`.
fn verify_combine(
    ctx: &Context,
    op: OpId,
    input: Value,
    init: Value,
    body: RegionId,
) -> VResult<(Type, bool)> {
    let l = level_attr(ctx, op);
    let it = ctx.value_type(input);
    let (e, _) = pull_parts(ctx, it).expect("pull");
    let (elem, segmented) = match pull_parts(ctx, e) {
        Some((inner, _)) => (inner, true),
        None => (e, false),
    };
    if !is_base(ctx, elem) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects a pull array of a base type or of pull arrays of a base type, but got {}",
                quoted(ctx, it)
            ),
        ));
    }
    if ctx.value_type(init) != elem {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects the neutral element to have the element type {}, but got {}",
                quoted(ctx, elem),
                quoted(ctx, ctx.value_type(init))
            ),
        ));
    }
    let e = Want::Ty(elem);
    let vs = check_region(ctx, op, body, "operator", &[e, e], "hpar.yield")?;
    check_returned(ctx, op, "operator", &vs, &[e])?;
    check_action(ctx, op, l)?;
    Ok((elem, segmented))
}

/// A reduction by the group of threads at level `l` with an associative operator and its
/// neutral element: over `!hpar.pull<τ>` it gives one `τ`; over `!hpar.pull<!hpar.pull<τ>>`
/// (segmented) one result per segment, as a push array at `l`. At `block` a lowering emits a
/// tree reduction in shared memory, at `warp` shuffles, at `thread` a sequential loop, at
/// `grid` two kernels. With `k` input arrays (of equal length, not segmented) and `k`
/// neutral elements it reduces tuples: the operator is `(τ1…τk, τ1…τk) -> (τ1…τk)` (the
/// accumulated tuple, then the next one) and there are `k` results.
///
/// ```mlir
/// %s = hpar.reduce<block> %a init(%zero : f32) : !hpar.pull<f32> -> f32 {
/// ^bb0(%x: f32, %y: f32):
///   %z = arith.addf %x, %y : f32
///   hpar.yield %z : f32
/// }
/// ```
#[op(dialect = HParDialect, name = "reduce", traits(RecursiveMemoryEffects, SingleBlock),
     format = "`<` $level `>` $inputs `init` `(` $init `:` type($init) `)` attr-dict `:` type($inputs) `->` type($results) $body",
     verify)]
pub struct ReduceOp {
    /// The level of the cooperating group.
    #[attr]
    level: LevelKw,
    /// The array (or the segments), or one array per component of the tuples.
    #[operand(variadic)]
    inputs: AnyPull,
    /// The neutral element (one per component).
    #[operand(variadic)]
    init: AnyType,
    /// The reduction, or one per segment; one per component for tuples.
    #[result(variadic)]
    results: AnyType,
    /// The operator `(τ, τ) -> τ`, or `(τ1…τk, τ1…τk) -> (τ1…τk)`.
    #[region(single_block)]
    body: Region,
}

impl ReduceOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let (inputs, inits, results) = (self.inputs(ctx), self.init(ctx), self.results(ctx));
        let k = inputs.len();
        if k == 0 || inits.len() != k || results.len() != k {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects as many neutral elements and results as input arrays (at least one), but got {k} inputs, {} neutral elements and {} results",
                    inits.len(),
                    results.len()
                ),
            ));
        }
        if k > 1 {
            return verify_tuple_reduce(ctx, op, &inputs, &inits, &results, self.body(ctx));
        }
        let (elem, segmented) = verify_combine(ctx, op, inputs[0], inits[0], self.body(ctx))?;
        let rt = ctx.value_type(results[0]);
        let l = level_attr(ctx, op);
        let ok = if segmented {
            push_parts(ctx, rt) == Some((elem, l))
        } else {
            rt == elem
        };
        if !ok {
            let want = if segmented {
                format!("'!hpar.push<{}, {l}>'", ctx.type_to_string(elem))
            } else {
                quoted(ctx, elem)
            };
            return Err(op_error(
                ctx,
                op,
                format!("expects result type {want}, but got {}", quoted(ctx, rt)),
            ));
        }
        Ok(())
    }
}

/// Checks a reduction of tuples: input `i` is a pull array of base elements `τi` (not
/// segmented), neutral element and result `i` are `τi`, the operator is
/// `(τ1…τk, τ1…τk) -> (τ1…τk)`.
fn verify_tuple_reduce(
    ctx: &Context,
    op: OpId,
    inputs: &[Value],
    inits: &[Value],
    results: &[Value],
    body: RegionId,
) -> VResult {
    let mut elems = Vec::new();
    for (i, ((&a, &ne), &r)) in inputs.iter().zip(inits).zip(results).enumerate() {
        let it = ctx.value_type(a);
        let (e, _) = pull_parts(ctx, it).expect("pull");
        if !is_base(ctx, e) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects input #{i} of a reduction of tuples to be a pull array of a base type, but got {}",
                    quoted(ctx, it)
                ),
            ));
        }
        for (what, v) in [("neutral element", ne), ("result", r)] {
            if ctx.value_type(v) != e {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "expects {what} #{i} to have the element type {}, but got {}",
                        quoted(ctx, e),
                        quoted(ctx, ctx.value_type(v))
                    ),
                ));
            }
        }
        elems.push(Want::Ty(e));
    }
    let args: Vec<Want> = elems.iter().chain(&elems).copied().collect();
    let vs = check_region(ctx, op, body, "operator", &args, "hpar.yield")?;
    check_returned(ctx, op, "operator", &vs, &elems)?;
    check_action(ctx, op, level_attr(ctx, op))
}

/// An inclusive scan by the group of threads at level `l`: over `!hpar.pull<τ>` the prefix
/// combinations as a push array at `l`; over segments, each segment scanned, one after the
/// other.
///
/// ```mlir
/// %s = hpar.scan<block> %a init(%zero : i32) : !hpar.pull<i32> -> !hpar.push<i32, block> {
/// ^bb0(%x: i32, %y: i32):
///   %z = arith.addi %x, %y : i32
///   hpar.yield %z : i32
/// }
/// ```
#[op(dialect = HParDialect, name = "scan", traits(RecursiveMemoryEffects, SingleBlock),
     format = "`<` $level `>` $input `init` `(` $init `:` type($init) `)` attr-dict `:` type($input) `->` type($result) $body",
     verify)]
pub struct ScanOp {
    /// The level of the cooperating group.
    #[attr]
    level: LevelKw,
    /// The array (or the segments).
    #[operand]
    input: AnyPull,
    /// The neutral element.
    #[operand]
    init: AnyType,
    /// The prefix combinations.
    #[result]
    result: AnyPush,
    /// The operator `(τ, τ) -> τ`.
    #[region(single_block)]
    body: Region,
}

impl ScanOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let (elem, _) = verify_combine(ctx, op, self.input(ctx), self.init(ctx), self.body(ctx))?;
        let l = level_attr(ctx, op);
        let rt = ctx.value_type(self.result(ctx));
        if push_parts(ctx, rt) != Some((elem, l)) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects result type '!hpar.push<{}, {l}>', but got {}",
                    ctx.type_to_string(elem),
                    quoted(ctx, rt)
                ),
            ));
        }
        Ok(())
    }
}
