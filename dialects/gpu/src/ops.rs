//! The ops of the `gpu` dialect, with upstream's names, operands, attributes, syntax and
//! verifier messages (`mlir/lib/Dialect/GPU/IR/GPUDialect.cpp`, LLVM 22).
//!
//! ```mlir
//! module attributes {gpu.container_module} {
//!   gpu.module @kernels {
//!     gpu.func @scale(%m: memref<?xf32>) workgroup(%sh: memref<128xf32, #gpu.address_space<workgroup>>) kernel {
//!       %t = gpu.thread_id x
//!       gpu.barrier
//!       gpu.return
//!     }
//!   }
//!   func.func @host(%n: index, %m: memref<?xf32>) {
//!     %d = gpu.alloc (%n) : memref<?xf32>
//!     gpu.memcpy %d, %m : memref<?xf32>, memref<?xf32>
//!     gpu.launch_func @kernels::@scale blocks in (%n, %n, %n) threads in (%n, %n, %n) args(%d : memref<?xf32>)
//!     gpu.dealloc %d : memref<?xf32>
//!     return
//!   }
//! }
//! ```

use std::fmt::{self, Write as _};

use tail_builtin::util::{lookup_symbol_in, quoted};
use tail_ir::constraints::*;
use tail_ir::format::OPERAND_SEGMENTS;
use tail_ir::parser::{Argument, ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::verifier::op_error;
use tail_ir::{AttrKind, Context, Diagnostic, OpId, OperationState, Type, TypeKind};
use tail_ir_macros::op;

use crate::attrs::{
    memref_address_space, AddressSpace, AsyncToken, DimKw, ShuffleModeKw, ShuffleValue,
};
use crate::GpuDialect;

type VResult = Result<(), Diagnostic>;

/// The unit attribute marking kernels (upstream's `GPUDialect::getKernelFuncAttrName`).
pub const KERNEL_ATTR: &str = "gpu.kernel";
/// The module attribute that allows `gpu.launch_func` inside it.
pub const CONTAINER_MODULE_ATTR: &str = "gpu.container_module";

/// Device-only ops must be nested in a `gpu.func`.
fn check_in_gpu_func(ctx: &Context, op: OpId) -> VResult {
    match ctx
        .op_parent_op(op)
        .and_then(|p| ctx.ancestor_named(p, "gpu.func"))
    {
        Some(_) => Ok(()),
        None => Err(op_error(ctx, op, "expects to be nested in a 'gpu.func'")),
    }
}

// ----- gpu.module --------------------------------------------------------------------------------

/// A module of device code: kernels and device functions.
///
/// ```mlir
/// gpu.module @kernels {
///   gpu.func @k() kernel { gpu.return }
/// }
/// ```
#[op(dialect = GpuDialect, name = "module",
     traits(IsolatedFromAbove, SymbolTable, Symbol, NoTerminator, SingleBlock),
     custom_assembly)]
pub struct GpuModuleOp {
    /// The module's name.
    #[attr]
    sym_name: SymbolNameAttr,
    /// The device code.
    #[region(single_block)]
    body: Region,
}

impl GpuModuleOp {
    fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        if !tail_builtin::util::printable(p, Self::spec(), self.op())? {
            return Ok(());
        }
        let ctx = p.ctx;
        let op = self.op();
        let name = ctx
            .attr(op, "sym_name")
            .and_then(|a| ctx.attr_as_str(a))
            .unwrap_or("");
        p.write_char(' ')?;
        p.print_symbol_name(name)?;
        p.print_optional_attr_dict_with_keyword(op, &["sym_name"])?;
        p.write_char(' ')?;
        p.print_region(self.body(ctx), false, false)
    }

    /// `@name attributes {…} { … }`; an empty body still gets its block, as upstream's
    /// `NoTerminator` single-block regions do.
    fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        let name = p.parse_symbol_name()?;
        let a = p.ctx.string_attr(&name);
        state.add_attr(p.ctx, "sym_name", a);
        p.parse_optional_attr_dict_with_keyword(&mut state.attrs)?;
        let body = p.ctx.create_region();
        p.parse_region(body, &[])?;
        if p.ctx.region_is_empty(body) {
            p.ctx.append_new_block(body, &[]);
        }
        state.regions.push(body);
        Ok(())
    }
}

// ----- gpu.func, gpu.return ------------------------------------------------------------------------

/// A function executed on the device; `kernel` marks an entry point launched from the host.
/// Workgroup attributions are buffers in shared memory, private attributions buffers in
/// thread-private memory; both are extra entry-block arguments after the parameters.
///
/// ```mlir
/// gpu.func @k(%a: memref<?xf32>) workgroup(%s: memref<32xf32, #gpu.address_space<workgroup>>) kernel {
///   gpu.return
/// }
/// ```
#[op(dialect = GpuDialect, name = "func", traits(IsolatedFromAbove, Symbol, Callable),
     parents("gpu.module"), custom_assembly, verify)]
pub struct GpuFuncOp {
    /// The function's name.
    #[attr]
    sym_name: StringAttr,
    /// The signature (parameters only, not attributions).
    #[attr]
    function_type: FunctionTypeAttr,
    /// The number of workgroup attributions.
    #[attr(optional)]
    workgroup_attributions: I64Attr,
    /// Parameter attributes.
    #[attr(optional)]
    arg_attrs: ArrayAttr,
    /// Result attributes.
    #[attr(optional)]
    res_attrs: ArrayAttr,
    /// The body.
    #[region]
    body: Region,
}

fn signature(ctx: &Context, op: OpId) -> (Vec<Type>, Vec<Type>) {
    ctx.attr(op, "function_type")
        .and_then(|a| ctx.attr_as_type(a))
        .and_then(|t| match ctx.type_kind(t) {
            TypeKind::Function { inputs, results } => Some((inputs.clone(), results.clone())),
            _ => None,
        })
        .unwrap_or_default()
}

fn workgroup_count(ctx: &Context, op: OpId) -> usize {
    ctx.attr(op, "workgroup_attributions")
        .and_then(|a| ctx.attr_as_int(a))
        .unwrap_or(0)
        .max(0) as usize
}

impl GpuFuncOp {
    /// Whether this is a kernel.
    pub fn is_kernel(self, ctx: &Context) -> bool {
        ctx.attr(self.op(), KERNEL_ATTR).is_some()
    }

    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let (inputs, results) = signature(ctx, op);
        if self.is_kernel(ctx) && !results.is_empty() {
            return Err(op_error(
                ctx,
                op,
                "expected void return type for kernel function",
            ));
        }
        let Some(entry) = ctx.entry_block(self.body(ctx)) else {
            return Ok(());
        };
        let args = ctx.block_args(entry);
        let nw = workgroup_count(ctx, op);
        if args.len() < inputs.len() + nw {
            return Err(op_error(
                ctx,
                op,
                "expected at least as many entry block arguments as the function parameters and workgroup attributions",
            ));
        }
        for (i, (&a, &t)) in args.iter().zip(&inputs).enumerate() {
            if ctx.value_type(a) != t {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "expected body region argument #{i} to be of type {}, got {}",
                        quoted(ctx, t),
                        quoted(ctx, ctx.value_type(a))
                    ),
                ));
            }
        }
        let attributions = &args[inputs.len()..];
        for (k, &a) in attributions.iter().enumerate() {
            let (want, what) = if k < nw {
                (AddressSpace::Workgroup, "workgroup")
            } else {
                (AddressSpace::Private, "private")
            };
            let ty = ctx.value_type(a);
            if !matches!(ctx.type_kind(ty), TypeKind::MemRef { .. }) {
                return Err(op_error(ctx, op, "expected memref type in attribution"));
            }
            if memref_address_space(ctx, ty) != Some(want) {
                return Err(op_error(
                    ctx,
                    op,
                    format!("expected memory space {what} in attribution"),
                ));
            }
        }
        Ok(())
    }

    fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        if !tail_builtin::util::printable(p, Self::spec(), self.op())? {
            return Ok(());
        }
        let ctx = p.ctx;
        let op = self.op();
        let name = ctx
            .attr(op, "sym_name")
            .and_then(|a| ctx.attr_as_str(a))
            .unwrap_or("");
        p.write_char(' ')?;
        p.print_symbol_name(name)?;
        let (inputs, results) = signature(ctx, op);
        let entry = ctx.entry_block(self.body(ctx));
        let args: Vec<_> = entry
            .map(|b| ctx.block_args(b).to_vec())
            .unwrap_or_default();
        p.write_char('(')?;
        for (i, &t) in inputs.iter().enumerate() {
            if i > 0 {
                p.write_str(", ")?;
            }
            match args.get(i) {
                Some(&a) => p.print_block_arg_with_type(a)?,
                None => p.print_type(t)?,
            }
        }
        p.write_char(')')?;
        if !results.is_empty() {
            p.write_str(" -> ")?;
            p.print_result_types(&results)?;
        }
        let nw = workgroup_count(ctx, op);
        let rest = args.get(inputs.len()..).unwrap_or(&[]);
        let (wg, pr) = rest.split_at(nw.min(rest.len()));
        for (kw, list) in [("workgroup", wg), ("private", pr)] {
            if list.is_empty() {
                continue;
            }
            write!(p, " {kw}(")?;
            for (i, &a) in list.iter().enumerate() {
                if i > 0 {
                    p.write_str(", ")?;
                }
                p.print_block_arg_with_type(a)?;
            }
            p.write_char(')')?;
        }
        if self.is_kernel(ctx) {
            p.write_str(" kernel")?;
        }
        p.print_optional_attr_dict_with_keyword(
            op,
            &[
                "sym_name",
                "function_type",
                "workgroup_attributions",
                KERNEL_ATTR,
                "arg_attrs",
                "res_attrs",
            ],
        )?;
        p.write_char(' ')?;
        p.print_region(self.body(ctx), false, true)
    }

    fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        let name = p.parse_symbol_name()?;
        let a = p.ctx.string_attr(&name);
        state.add_attr(p.ctx, "sym_name", a);
        let mut args: Vec<Argument> = parse_arg_list(p)?;
        let inputs: Vec<Type> = args.iter().filter_map(|a| a.ty).collect();
        let results = p.parse_optional_arrow_type_list()?;
        let mut nw = 0;
        if p.parse_optional_keyword("workgroup") {
            let w = parse_arg_list(p)?;
            nw = w.len();
            args.extend(w);
        }
        if p.parse_optional_keyword("private") {
            args.extend(parse_arg_list(p)?);
        }
        if p.parse_optional_keyword("kernel") {
            let u = p.ctx.unit_attr();
            state.add_attr(p.ctx, KERNEL_ATTR, u);
        }
        let fty = p.ctx.function_type(inputs, results);
        let t = p.ctx.type_attr(fty);
        state.add_attr(p.ctx, "function_type", t);
        let i64t = p.ctx.int_type(64);
        let n = p.ctx.int_attr(i64t, nw as i64);
        state.add_attr(p.ctx, "workgroup_attributions", n);
        p.parse_optional_attr_dict_with_keyword(&mut state.attrs)?;
        let body = p.ctx.create_region();
        p.parse_region(body, &args)?;
        state.regions.push(body);
        Ok(())
    }
}

/// `(%a: t, %b : u)`.
fn parse_arg_list(p: &mut Parser<'_>) -> ParseResult<Vec<Argument>> {
    p.parse_punct("(")?;
    let mut out = Vec::new();
    if p.parse_optional_punct(")") {
        return Ok(out);
    }
    loop {
        out.push(p.parse_argument(true)?);
        if !p.parse_optional_punct(",") {
            break;
        }
    }
    p.parse_punct(")")?;
    Ok(out)
}

/// Returns from a `gpu.func`.
///
/// ```mlir
/// gpu.return %x : f32
/// ```
#[op(dialect = GpuDialect, name = "return", traits(Pure, Terminator, ReturnLike),
     parents("gpu.func"), format = "attr-dict ($operands^ `:` type($operands))?", verify)]
pub struct ReturnOp {
    /// The returned values.
    #[operand(variadic)]
    operands: AnyType,
}

impl ReturnOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let Some(f) = ctx.op_parent_op(op) else {
            return Ok(());
        };
        let (_, results) = signature(ctx, f);
        let vs = self.operands(ctx);
        if vs.len() != results.len() {
            return Err(op_error(
                ctx,
                op,
                format!("expected {} result operands", results.len()),
            ));
        }
        for (i, (&v, &t)) in vs.iter().zip(&results).enumerate() {
            if ctx.value_type(v) != t {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "unexpected type `{}' for operand #{i}",
                        ctx.type_to_string(ctx.value_type(v))
                    ),
                ));
            }
        }
        Ok(())
    }
}

// ----- ids ---------------------------------------------------------------------------------------

macro_rules! id_op {
    ($(#[$m:meta])* $name:ident, $mn:literal) => {
        $(#[$m])*
        #[op(dialect = GpuDialect, name = $mn, traits(Pure),
             format = "$dimension (`upper_bound` $upper_bound^)? attr-dict", verify)]
        pub struct $name {
            /// The dimension.
            #[attr]
            dimension: DimKw,
            /// An upper bound of the value, if known.
            #[attr(optional)]
            upper_bound: IndexAttr,
            /// The id or size.
            #[result]
            result: Index,
        }

        impl $name {
            fn verify(self, ctx: &Context) -> VResult {
                check_in_gpu_func(ctx, self.op())
            }
        }
    };
}

id_op!(
    /// The thread's index within its block along a dimension.
    ///
    /// ```mlir
    /// %t = gpu.thread_id x
    /// ```
    ThreadIdOp, "thread_id"
);
id_op!(
    /// The block's index within the grid along a dimension.
    ///
    /// ```mlir
    /// %b = gpu.block_id y
    /// ```
    BlockIdOp, "block_id"
);
id_op!(
    /// The number of threads per block along a dimension.
    ///
    /// ```mlir
    /// %n = gpu.block_dim x upper_bound 1024
    /// ```
    BlockDimOp, "block_dim"
);
id_op!(
    /// The number of blocks in the grid along a dimension.
    ///
    /// ```mlir
    /// %g = gpu.grid_dim z
    /// ```
    GridDimOp, "grid_dim"
);

/// The thread's index within its warp (subgroup).
///
/// ```mlir
/// %l = gpu.lane_id
/// ```
#[op(dialect = GpuDialect, name = "lane_id", traits(Pure),
     format = "(`upper_bound` $upper_bound^)? attr-dict", verify)]
pub struct LaneIdOp {
    /// An upper bound of the value, if known.
    #[attr(optional)]
    upper_bound: IndexAttr,
    /// The lane.
    #[result]
    result: Index,
}

impl LaneIdOp {
    fn verify(self, ctx: &Context) -> VResult {
        check_in_gpu_func(ctx, self.op())
    }
}

// ----- barrier, shuffle ----------------------------------------------------------------------------

/// Synchronizes the threads of a block: every thread waits until all have reached it, and
/// their writes to workgroup memory are visible afterwards.
///
/// ```mlir
/// gpu.barrier
/// ```
#[op(dialect = GpuDialect, name = "barrier", format = "attr-dict", verify)]
pub struct BarrierOp {}

impl BarrierOp {
    fn verify(self, ctx: &Context) -> VResult {
        check_in_gpu_func(ctx, self.op())
    }
}

/// Exchanges a value between the lanes of a warp: lane `l` reads `value` of lane `l ^ offset`
/// (`xor`), `l + offset` (`down`), `l - offset` (`up`) or `offset` (`idx`), among the first
/// `width` lanes; `valid` says whether that lane exists.
///
/// ```mlir
/// %r, %valid = gpu.shuffle xor %v, %offset, %width : f32
/// ```
#[op(dialect = GpuDialect, name = "shuffle", traits(Pure),
     format = "$mode $value `,` $offset `,` $width attr-dict `:` type($value)", verify)]
pub struct ShuffleOp {
    /// The indexing mode.
    #[attr]
    mode: ShuffleModeKw,
    /// The value sent.
    #[operand]
    value: ShuffleValue,
    /// The lane offset (or index, for `idx`).
    #[operand]
    offset: I32,
    /// The number of participating lanes.
    #[operand]
    width: I32,
    /// The value received.
    #[result(type_from = value)]
    shuffle_result: ShuffleValue,
    /// Whether the source lane is within `width`.
    #[result]
    valid: I1,
}

impl ShuffleOp {
    fn verify(self, ctx: &Context) -> VResult {
        check_in_gpu_func(ctx, self.op())
    }
}

// ----- host-side memory ------------------------------------------------------------------------------

pub use alloc_op::AllocOp;

/// `gpu.alloc`, in a module of its own: its unit attribute keeps upstream's camel-case name
/// `hostShared`, so that the generic form means the same to `mlir-opt`.
#[allow(non_snake_case)]
mod alloc_op {
    use super::*;

    /// Allocates device memory (one `index` per dynamic dimension); `host_shared` allocates memory
    /// visible to both host and device.
    ///
    /// ```mlir
    /// %m = gpu.alloc (%n) : memref<?xf32>
    /// ```
    #[op(dialect = GpuDialect, name = "alloc", traits(MemAlloc),
         format = "(`[` $async_dependencies^ `]`)? (`host_shared` $hostShared^)? `(` $dynamic_sizes `)` (`[` $symbol_operands^ `]`)? attr-dict `:` type($memref)",
         verify)]
    pub struct AllocOp {
        /// Tokens the allocation waits for.
        #[operand(variadic)]
        async_dependencies: AsyncToken,
        /// One size per dynamic dimension.
        #[operand(variadic)]
        dynamic_sizes: Index,
        /// Symbols of the layout map (unsupported: identity layouts only).
        #[operand(variadic)]
        symbol_operands: Index,
        /// Whether host and device share the memory (upstream's attribute name, `hostShared`).
        #[attr(optional)]
        hostShared: UnitAttr,
        /// The buffer.
        #[result]
        memref: AnyMemRef,
    }

    impl AllocOp {
        fn verify(self, ctx: &Context) -> VResult {
            let op = self.op();
            let ty = ctx.value_type(self.memref(ctx));
            let TypeKind::MemRef { shape, .. } = ctx.type_kind(ty) else {
                return Err(op_error(ctx, op, "result must be a ranked memref"));
            };
            let dynamic = shape.iter().filter(|&&d| d == tail_ir::DYNAMIC).count();
            let n = self.dynamic_sizes(ctx).len();
            if n != dynamic {
                return Err(op_error(
                    ctx,
                    op,
                    "dimension operand count does not equal memref dynamic dimension count",
                ));
            }
            if !self.symbol_operands(ctx).is_empty() {
                return Err(op_error(
                    ctx,
                    op,
                    "symbol operand count does not equal memref symbol count",
                ));
            }
            Ok(())
        }
    }
}

/// Frees device memory allocated with `gpu.alloc`.
///
/// ```mlir
/// gpu.dealloc %m : memref<?xf32>
/// ```
#[op(dialect = GpuDialect, name = "dealloc", traits(MemFree),
     format = "(`[` $async_dependencies^ `]`)? $memref attr-dict `:` type($memref)")]
pub struct DeallocOp {
    /// Tokens the deallocation waits for.
    #[operand(variadic)]
    async_dependencies: AsyncToken,
    /// The buffer.
    #[operand]
    memref: AnyMemRef,
}

/// Copies between host and device memory (or within either).
///
/// ```mlir
/// gpu.memcpy %dst, %src : memref<?xf32>, memref<?xf32>
/// ```
#[op(dialect = GpuDialect, name = "memcpy", traits(MemRead, MemWrite),
     format = "(`[` $async_dependencies^ `]`)? $dst `,` $src attr-dict `:` type($dst) `,` type($src)",
     verify)]
pub struct MemcpyOp {
    /// Tokens the copy waits for.
    #[operand(variadic)]
    async_dependencies: AsyncToken,
    /// The destination.
    #[operand]
    dst: AnyMemRef,
    /// The source.
    #[operand]
    src: AnyMemRef,
}

impl MemcpyOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let shape_elem = |t: Type| match ctx.type_kind(t) {
            TypeKind::MemRef { shape, elem, .. } => Some((shape.clone(), *elem)),
            _ => None,
        };
        let d = shape_elem(ctx.value_type(self.dst(ctx)));
        let s = shape_elem(ctx.value_type(self.src(ctx)));
        if let (Some((ds, de)), Some((ss, se))) = (d, s) {
            if de != se {
                return Err(op_error(
                    ctx,
                    op,
                    "arguments have incompatible element type",
                ));
            }
            let compatible = ds.len() == ss.len()
                && ds
                    .iter()
                    .zip(&ss)
                    .all(|(&a, &b)| a == b || a == tail_ir::DYNAMIC || b == tail_ir::DYNAMIC);
            if !compatible {
                return Err(op_error(ctx, op, "arguments have incompatible shape"));
            }
        }
        Ok(())
    }
}

// ----- gpu.launch_func -------------------------------------------------------------------------------

/// Launches a kernel on a grid of `blocks` × `threads`, with optional dynamic shared memory
/// (bytes, `i32`) and the kernel's arguments. The closest enclosing module must carry
/// `gpu.container_module`.
///
/// ```mlir
/// gpu.launch_func @kernels::@k blocks in (%gx, %c1, %c1) threads in (%bx, %c1, %c1)
///     dynamic_shared_memory_size %bytes args(%m : memref<?xf32>, %n : index)
/// ```
#[op(dialect = GpuDialect, name = "launch_func", custom_assembly, verify)]
pub struct LaunchFuncOp {
    /// Tokens the launch waits for.
    #[operand(variadic)]
    async_dependencies: AsyncToken,
    /// Blocks along x.
    #[operand]
    grid_size_x: AnySignlessIntegerOrIndex,
    /// Blocks along y.
    #[operand]
    grid_size_y: AnySignlessIntegerOrIndex,
    /// Blocks along z.
    #[operand]
    grid_size_z: AnySignlessIntegerOrIndex,
    /// Threads per block along x.
    #[operand]
    block_size_x: AnySignlessIntegerOrIndex,
    /// Threads per block along y.
    #[operand]
    block_size_y: AnySignlessIntegerOrIndex,
    /// Threads per block along z.
    #[operand]
    block_size_z: AnySignlessIntegerOrIndex,
    /// Blocks per cluster along x.
    #[operand(optional)]
    cluster_size_x: AnySignlessIntegerOrIndex,
    /// Blocks per cluster along y.
    #[operand(optional)]
    cluster_size_y: AnySignlessIntegerOrIndex,
    /// Blocks per cluster along z.
    #[operand(optional)]
    cluster_size_z: AnySignlessIntegerOrIndex,
    /// Bytes of dynamic shared memory per block.
    #[operand(optional)]
    dynamic_shared_memory_size: I32,
    /// The kernel's arguments.
    #[operand(variadic)]
    kernel_operands: AnyType,
    /// A stream to launch on (unsupported).
    #[operand(optional)]
    async_object: AnyType,
    /// The kernel, `@module::@func`.
    #[attr]
    kernel: SymbolRefAttr,
}

/// The operand segments of `gpu.launch_func`, in upstream's order.
const LAUNCH_SEGMENTS: usize = 13;

impl LaunchFuncOp {
    fn segments(ctx: &Context, op: OpId) -> Vec<usize> {
        match ctx.attr(op, OPERAND_SEGMENTS).map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::DenseArray {
                values: tail_ir::DenseValues::Ints(v),
                ..
            }) => v.iter().map(|&x| x as usize).collect(),
            _ => vec![0; LAUNCH_SEGMENTS],
        }
    }

    fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        if !tail_builtin::util::printable(p, Self::spec(), self.op())? {
            return Ok(());
        }
        let ctx = p.ctx;
        let op = self.op();
        let ops = ctx.operand_vec(op);
        let seg = Self::segments(ctx, op);
        let mut start = vec![0; seg.len()];
        for i in 1..seg.len() {
            start[i] = start[i - 1] + seg[i - 1];
        }
        let group = |i: usize| &ops[start[i]..start[i] + seg[i]];
        if !group(0).is_empty() {
            p.write_str(" [")?;
            p.print_values(group(0).iter().copied())?;
            p.write_char(']')?;
        }
        p.write_char(' ')?;
        p.print_attr(ctx.attr(op, "kernel").expect("verified"))?;
        if seg[7] == 1 {
            p.write_str(" clusters in (")?;
            p.print_values((7..10).map(|i| group(i)[0]))?;
            p.write_char(')')?;
        }
        p.write_str(" blocks in (")?;
        p.print_values((1..4).map(|i| group(i)[0]))?;
        p.write_str(") threads in (")?;
        p.print_values((4..7).map(|i| group(i)[0]))?;
        p.write_char(')')?;
        let size_ty = ctx.value_type(group(1)[0]);
        if !matches!(ctx.type_kind(size_ty), TypeKind::Index) {
            p.write_str(" : ")?;
            p.print_type(size_ty)?;
        }
        if let Some(&s) = group(10).first() {
            p.write_str(" dynamic_shared_memory_size ")?;
            p.print_value(s)?;
        }
        let args = group(11);
        if !args.is_empty() {
            p.write_str(" args(")?;
            for (i, &a) in args.iter().enumerate() {
                if i > 0 {
                    p.write_str(", ")?;
                }
                p.print_value(a)?;
                p.write_str(" : ")?;
                p.print_type(ctx.value_type(a))?;
            }
            p.write_char(')')?;
        }
        p.print_optional_attr_dict(op, &["kernel", OPERAND_SEGMENTS])
    }

    fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        let mut deps = Vec::new();
        if p.parse_optional_punct("[") {
            deps = p.parse_operand_list()?;
            p.parse_punct("]")?;
        }
        let kernel = p.parse_attribute()?;
        state.add_attr(p.ctx, "kernel", kernel);
        let triple = |p: &mut Parser<'_>| -> ParseResult<Vec<_>> {
            p.parse_keyword("in")?;
            p.parse_punct("(")?;
            let v = p.parse_operand_list()?;
            p.parse_punct(")")?;
            if v.len() != 3 {
                return Err(p.error_here("expected three sizes (x, y, z)"));
            }
            Ok(v)
        };
        let clusters = if p.parse_optional_keyword("clusters") {
            triple(p)?
        } else {
            Vec::new()
        };
        p.parse_keyword("blocks")?;
        let blocks = triple(p)?;
        p.parse_keyword("threads")?;
        let threads = triple(p)?;
        let size_ty = if p.parse_optional_punct(":") {
            p.parse_type()?
        } else {
            p.ctx.index_type()
        };
        let mut smem = None;
        if p.parse_optional_keyword("dynamic_shared_memory_size") {
            smem = Some(p.parse_operand()?);
        }
        let mut args = Vec::new();
        let mut arg_types = Vec::new();
        if p.parse_optional_keyword("args") {
            p.parse_punct("(")?;
            if !p.parse_optional_punct(")") {
                loop {
                    args.push(p.parse_operand()?);
                    p.parse_punct(":")?;
                    arg_types.push(p.parse_type()?);
                    if !p.parse_optional_punct(",") {
                        break;
                    }
                }
                p.parse_punct(")")?;
            }
        }
        p.parse_optional_attr_dict(&mut state.attrs)?;
        let loc = p.loc();
        let token = crate::attrs::AsyncTokenType::get(p.ctx);
        let vs = p.resolve_operands_same(&deps, token)?;
        state.operands.extend(vs);
        let sizes: Vec<_> = blocks.iter().chain(&threads).cloned().collect();
        let vs = p.resolve_operands_same(&sizes, size_ty)?;
        state.operands.extend(vs);
        let vs = p.resolve_operands_same(&clusters, size_ty)?;
        state.operands.extend(vs);
        if let Some(s) = &smem {
            let i32t = p.ctx.int_type(32);
            let v = p.resolve_operand(s, i32t)?;
            state.operands.push(v);
        }
        let vs = p.resolve_operands(&args, &arg_types, loc)?;
        state.operands.extend(vs);
        let c = if clusters.is_empty() { 0 } else { 1 };
        let seg = vec![
            deps.len() as i64,
            1,
            1,
            1,
            1,
            1,
            1,
            c,
            c,
            c,
            smem.is_some() as i64,
            args.len() as i64,
            0,
        ];
        let a = p.ctx.dense_i32_array_attr(seg);
        state.add_attr(p.ctx, OPERAND_SEGMENTS, a);
        Ok(())
    }

    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        if self.async_object(ctx).is_some() {
            return Err(op_error(
                ctx,
                op,
                "launches on an explicit stream ('async_object') are not supported",
            ));
        }
        let sizes = [
            self.grid_size_x(ctx),
            self.grid_size_y(ctx),
            self.grid_size_z(ctx),
            self.block_size_x(ctx),
            self.block_size_y(ctx),
            self.block_size_z(ctx),
        ];
        let t0 = ctx.value_type(sizes[0]);
        if sizes.iter().any(|&s| ctx.value_type(s) != t0) {
            return Err(op_error(
                ctx,
                op,
                "expects all grid and block sizes to have the same type",
            ));
        }
        // The closest enclosing module must be a GPU container.
        let mut module = ctx.op_parent_op(op);
        while let Some(m) = module {
            if ctx.op_is(m, "builtin.module") {
                break;
            }
            module = ctx.op_parent_op(m);
        }
        let Some(module) = module.filter(|&m| ctx.attr(m, CONTAINER_MODULE_ATTR).is_some()) else {
            return Err(op_error(
                ctx,
                op,
                "expected the closest surrounding module to have the 'gpu.container_module' attribute",
            ));
        };
        let kernel = ctx
            .attr(op, "kernel")
            .expect("checked by the generated verifier");
        let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(kernel) else {
            return Err(op_error(
                ctx,
                op,
                "expected a symbol reference to the kernel",
            ));
        };
        let (mod_name, func_name) = (ctx.str(*root), nested.first().map(|&s| ctx.str(s)));
        let Some(func_name) = func_name.filter(|_| nested.len() == 1) else {
            return Err(op_error(
                ctx,
                op,
                "expected the kernel to be referenced as '@module::@function'",
            ));
        };
        let Some(gmod) =
            lookup_symbol_in(ctx, module, mod_name).filter(|&m| ctx.op_is(m, "gpu.module"))
        else {
            return Err(op_error(
                ctx,
                op,
                format!("kernel module '{mod_name}' is undefined"),
            ));
        };
        let Some(func) =
            lookup_symbol_in(ctx, gmod, func_name).filter(|&f| ctx.op_is(f, "gpu.func"))
        else {
            return Err(op_error(
                ctx,
                op,
                format!("kernel function '@{mod_name}::@{func_name}' is undefined"),
            ));
        };
        if ctx.attr(func, KERNEL_ATTR).is_none() {
            return Err(op_error(
                ctx,
                op,
                "kernel function is missing the 'gpu.kernel' attribute",
            ));
        }
        let (inputs, _) = signature(ctx, func);
        let args = self.kernel_operands(ctx);
        if args.len() != inputs.len() {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "got {} kernel operands but expected {}",
                    args.len(),
                    inputs.len()
                ),
            ));
        }
        for (i, (&a, &t)) in args.iter().zip(&inputs).enumerate() {
            if ctx.value_type(a) != t {
                return Err(op_error(
                    ctx,
                    op,
                    format!("type of function argument {i} does not match"),
                ));
            }
        }
        Ok(())
    }
}
