//! `tail-interp`: the reference interpreter for modules in the `tail` dialect.
//!
//! [`run_module`] runs `@main` of a module with exact APL semantics (Dybdal's thesis §3.1.3 and
//! apltail): 1-based `iota`; `reduce` along the last axis as a right fold with the neutral
//! element innermost; `scan` as the prefix reductions; cyclic `reshape` with default fill;
//! `take`/`drop` along the first axis, over-take padding with the default element, negative
//! counts from the end (negative take pads at the front); modular `rotate`; `first` of an
//! empty array is the default; `transp2` rejects non-permutations (axis `k` of the argument
//! becomes axis `p[k]`); `idxassign` updates its array in place (arrays are store locations
//! shared by their aliases, §3.1.5); `tail.if` runs only the taken region. The tail dialect's
//! module docs list where apltail's conventions are followed (`formatI`/`formatD` with `-` and
//! SML's double syntax, doubles printed the same way, `nowi` only at 0) and where the project
//! keeps APL's instead (`signi(0) = 0`).
//!
//! Besides the `tail` ops it runs `func.func`/`func.call`/`func.return`, the `arith` constant,
//! integer, float, comparison and cast ops, the `math` float functions, and `scf.for`,
//! `scf.if`, `scf.while`, `scf.parallel` (iterations in order, the first dimension fastest;
//! `scf.reduce` combined in that order), and `builtin.unrealized_conversion_cast` between a `tail` type and
//! its `soac` form (a tensor, or the components of a tuple), which `convert-tail-to-soac`
//! leaves around the ops it keeps: a conversion that checks the value against both static
//! types and copies arrays, so a tensor never shares storage with a `tail` array.
//!
//! Below `soac` it runs the kernel levels, so that kernel extraction can be checked by running
//! a program before and after it: the `hpar` dialect (delayed pull arrays, push arrays,
//! `force`, programs, `concat`/`interleave`, loops and reductions; FCL's semantics, evaluated
//! sequentially), the `memref` ops and the `gpu` dialect (host allocation, copies and
//! launches; each block's threads in lockstep phases between `gpu.barrier`s and each warp in
//! lockstep at `gpu.shuffle`, shared workgroup memory) — the reference semantics compiled
//! kernels are checked against. See the `hpar`, `memref` and `gpu` modules of the evaluator.
//!
//! Runtime errors are [`Diagnostic`]s naming the op and carrying its location:
//! `'tail.iota' op negative argument -3`.
//!
//! `prArr*`/`prScl*` print as they execute, in apltail's format ([`format_value`]).

mod eval;
pub mod format;
pub mod value;

use std::io::Write;

use tail_ir::{Context, Diagnostic, OpId};

pub use format::format_value;
pub use value::{Array, Kind, Scalar, Value};

/// Runs `@main` (which must take no arguments) of `module`, writing the output of the print
/// primitives to `out`, and returns `@main`'s result (its only result; a tuple if several;
/// the empty tuple if none).
pub fn run_module(ctx: &Context, module: OpId, out: &mut dyn Write) -> Result<Value, Diagnostic> {
    eval::Interp::new(ctx, module, out).run_main()
}

/// What `tailc run` shows for `module`: the output of the print primitives, then `@main`'s
/// value and a newline; or, on a runtime error, the output so far followed by the rendered
/// (located) diagnostic. The program-level test harnesses compare these strings between
/// compilation levels.
pub fn run_output(ctx: &Context, module: OpId) -> Result<String, String> {
    let mut out = Vec::new();
    let r = run_module(ctx, module, &mut out);
    let mut s = String::from_utf8_lossy(&out).into_owned();
    match r {
        Ok(v) => {
            s.push_str(&format_value(&v));
            s.push('\n');
            Ok(s)
        }
        Err(d) => Err(format!("{s}{}", ctx.render_diagnostic(&d))),
    }
}

/// Runs function `@name` of `module` with `args` (scalars, or arrays for `memref` parameters:
/// [`Value::from_array`]), writing the output of the print primitives to `out`; returns its
/// result like [`run_module`]. The number of arguments must match the function's.
pub fn run_function(
    ctx: &Context,
    module: OpId,
    name: &str,
    args: Vec<Value>,
    out: &mut dyn Write,
) -> Result<Value, Diagnostic> {
    eval::Interp::new(ctx, module, out).run_named(name, args)
}
