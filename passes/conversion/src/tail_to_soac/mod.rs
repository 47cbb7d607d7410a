//! `convert-tail-to-soac`: lowers the `tail` dialect to the `soac` dialect (with scalar code in
//! `arith`/`math` and control flow in `scf`), instantiating TAIL's rank-polymorphic primitives
//! at their static ranks.
//!
//! # Sources
//! The translation of each TAIL primitive into a nest of maps around one SOAC or view follows
//! FHPC'16 (Elsman, Henriksen, Serup: *APL on GPUs — A TAIL from the Past, Scribbled in
//! Futhark*, §4); the structural primitives become the index-space views of Dybdal's thesis
//! (§3.4, hybrid flat/shaped index functions), so `transp`, `transp2`, `reshape`, `rav`,
//! `take`, `drop`, `rotate` and `reverse` cost no copies.
//!
//! # Anchor
//! The pass runs on `builtin.module`: it changes function signatures (`!tail.array<i32, 2>`
//! becomes `tensor<?x?xi32>`, a tuple becomes several values), so every `func.func`, every
//! `func.call` and every `func.return` must be rewritten together, which a `func.func`-anchored
//! pass could not do without seeing its callers.
//!
//! # Algorithm
//! A direct translation rather than the pattern-based dialect conversion: each function body
//! is rebuilt into a fresh block, op by op in program order, with a map from every old value
//! to its new values (one, or several for a tuple). Regions of TAIL's higher-order ops are
//! *inlined* into the lambdas of the SOACs that replace them, with their arguments bound to
//! the lambda's rows, so a lambda body is translated by the same code as a function body.
//! When a function is done its old body is erased; on the first error the pass stops and
//! reports it at the op that could not be lowered.
//!
//! ## Types
//! * A base type stays (`i32`, `f64`, `i1`, `!tail.char`, `complex<f64>`); so do `S(κ,n)` and
//!   `[κ]^0`, which are scalars.
//! * `!tail.array<κ, r>` with a constant `r ≥ 1` is `tensor<?x…xκ>` with `r` dynamic extents;
//!   `!tail.vec<κ, n>` is `tensor<nxκ>` (`tensor<?xκ>` when `n` is a shape variable);
//!   `SV(κ,n)` is `tensor<1xκ>`. A rank that is a shape variable cannot be instantiated and is
//!   reported.
//! * `tuple<…>` is flattened into its components' values (in function signatures too).
//!
//! Every lowered value is coerced to exactly the converted type of the TAIL value it
//! replaces (a static/dynamic mismatch becomes a `soac.reshape`, a view), so block arguments,
//! `scf.yield`, `soac.yield` and `func.return` always agree with the declared types.
//!
//! ## Scalars
//! Integer, double and boolean primitives become `arith`/`math` ops with the reference
//! interpreter's semantics (`runtime/interp/src/eval.rs`): `divi` is `arith.floordivsi`;
//! `resi`/`resd` are APL's residue (`b mod a` with the sign of the divisor `a`, and `b` when
//! `a = 0`) computed with a zero-safe `remsi`/`remf`, a sign fix-up and `select`s; shift
//! counts are masked to 5 bits (Rust's `wrapping_shl` on `i32`); `floor`/`ceil` are
//! `math.floor`/`math.ceil`, clamped to the 32-bit integers (`maxnumf`/`minnumf`, NaN made 0
//! by a `select` on `cmpf ord`: the interpreter's saturating conversion, where `fptosi` alone
//! would be undefined), then `fptosi`; `neqd` is the unordered `une` (true on NaN).
//! Operations on characters and complex numbers (`ltc`, `addx`, `magnx`, `const_char`, …)
//! have no `arith` counterpart and stay `tail` ops on their (unchanged) scalar types, as do
//! `nowi` and `roll` (their state is the program's clock and random stream).
//!
//! ## Arrays
//! * `each`/`eachV`/`zipWith`: a map nest of depth `r` whose innermost lambda is the TAIL
//!   function; `zipWith` maps over both inputs, after `func.call @tail_rt_check_extents` of
//!   the two shapes on every axis not known to agree (at the zip, so that no later rewrite
//!   can lose the mismatch: a take pushed through the map, the map left unused).
//! * `reduce` (last axis): a map nest of depth `r-1` around the reduction of one row. TAIL's
//!   `reduce` is a *right* fold `f(x0, f(x1, … f(x_{n-1}, ne)))`; `soac.reduce` is a left fold
//!   with an associative operator. When the function is a single known associative and
//!   commutative primitive (`addi muli maxi mini andi ori xori andb orb xorb eqb addd muld
//!   maxd mind`, the interpreter's list less the complex ones) it becomes `soac.reduce … comm`
//!   with the operator's identity as neutral element, the program's neutral element being
//!   combined afterwards unless it is that identity; for `addd`/`muld` the row is reversed (a
//!   view) and the lambda takes `(acc, x) ↦ f(x, acc)`, which reproduces the right fold's
//!   rounding exactly. Any other function becomes a `soac.loop` that folds from the end.
//! * `scan` (last axis): a map nest around `soac.scan` for the known associative primitives,
//!   and otherwise a map over the positions `i` of a `soac.loop` computing the right fold of
//!   the prefix `x0 … xi` (the interpreter's definition, quadratic as it is).
//! * Views: `transp`/`transp2` → `soac.transpose` (`transp2`'s axis vector must be a literal);
//!   `rotate`/`vrotate`/… → `soac.rotate`; `reverse`/`vreverse` → `soac.slice` with stride −1;
//!   `drop` and in-range `take` → `soac.slice`; `reshape`/`reshape0` → `soac.reshape cyclic`
//!   (an empty source with a default element gives a `soac.replicate` of the default, chosen
//!   by `scf.if`; a reshape to rank 0, `⍬⍴a`, is `a`'s first element like `first`; each
//!   extent after `func.call @tail_rt_check_count`, which `soac-simplify` drops for
//!   constants); `rav` → `soac.reshape`.
//! * Over-take: an `scf.if` between the slice and a `soac.concat` with a replicated default.
//! * `cat`/`cons`/`snoc` → `soac.concat` (the cell is a 1-row `soac.replicate`), after
//!   `func.call @tail_rt_check_extents(ea, eb, -2, line, col)` for each other axis whose
//!   extents are not static and equal (`tail_format::what::CATENATION`); `iota` →
//!   `soac.iota` and a map adding 1, after `func.call @tail_rt_check_count(n, line, col)` when
//!   the count is not a constant ≥ 0 (the interpreter and the runtime library end the program
//!   on a negative count, as the `tail` level does); `shape` → `soac.dim`s (each not known
//!   to fit in an `i32` after `func.call @tail_rt_check_extent32(d, line, col)`);
//!   `lit`/`vector` → one-element replicates joined by `soac.concat`.
//! * `compress` → `soac.filter` on the last axis (transposed to the front, a view);
//!   `replicate` (counts, negative ones meaning default fill) → the segment construction of
//!   FHPC'16: an exclusive `soac.scan` of the counts, a `soac.scatter` of segment starts and a
//!   max-`soac.scan` that gives each output position its source index, then a map; first
//!   `func.call @tail_rt_check_extents(items, counts, -1, line, col)`
//!   (`tail_format::what::REPLICATE_COUNTS`) unless both are static and equal.
//! * `idx`/`idxS` → `soac.transpose` bringing the (literal) axis to the front, then
//!   `soac.index`; `idxassign` → `soac.update`, after which every TAIL value that aliases the
//!   updated array (the array and its identity coercions) is rebound to the new array. This
//!   is only sound when the array lives in the block of the assignment; otherwise the pass
//!   reports it. `mem` forces a real copy (a map over the flattened array) so that a later
//!   update never writes into storage another value still uses.
//! * `gradeUp`/`gradeDown` in host code: a stable bottom-up merge sort of the positions by
//!   their keys, O(n log² n) work: `⌈log₂ n⌉` passes (a `soac.loop` carrying the
//!   permutation and the keys in its order), each a `soac.map` over the output positions in
//!   which every position finds its element by bisecting the merge path of its pair of runs
//!   (a `soac.loop` of two `i32`s). No scatter: its fresh destination would be merged by
//!   `cse` with the one of another grade of the same array. Inside a parallel SOAC's lambda,
//!   where a loop cannot carry an array, a counting sort instead: the rank of element `i` is
//!   the number of elements before it in the stable order (a map of `soac.reduce`s), and
//!   position `r` of the result gathers `i+1` from the element of rank `r` (a map of
//!   `soac.reduce`s over `select`s); quadratic work, no loop.
//!   With the option `radix-grade` (set by the CPU backend's pipeline), a grade of booleans,
//!   ints or doubles in host code is instead a least-significant-digit radix sort, one bit a
//!   pass, as many passes as the bit length of the keys' range (a `soac.loop` carrying the
//!   permutation and the keys; per pass a scan of the 0-bits, and two
//!   `soac.scatter {permutation}`s into fresh arrays filled with different constants, so
//!   that `cse` keeps them apart), O(n · bits) work; characters keep the merge sort.
//! * `power`/`powerScl` → `soac.loop` (over several values for power over tuples);
//!   `condScl` and `tail.if` → `scf.if`; `first` → `scf.if` on emptiness and `soac.index`.
//!
//! ## Kept ops
//! Printing (`prArr*`, `prScl*`), formatting (`formatI`, `formatD`), file input (`readFile`,
//! `readIntVecFile`, `readDoubleVecFile`) and `bench` have no `soac` form: they stay `tail` ops,
//! their array operands and results bridged by `builtin.unrealized_conversion_cast` between
//! the tensor and the original TAIL type (`bench`, on a scalar state, needs no cast; its body
//! is lowered). Any other `tail` op that has no lowering is an error located at the op.
#![allow(clippy::too_many_arguments)]

mod core;
mod ops;

use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{Context, OpId};

/// Lower the `tail` dialect to `soac` (SOACs and views over tensors, with `arith`, `math` and
/// `scf` for scalar code and control flow).
#[pass(
    argument = "convert-tail-to-soac",
    summary = "Lower the tail dialect to soac",
    anchor = "builtin.module",
    name = "ConvertTailToSoac"
)]
pub struct ConvertTailToSoac {
    #[option(
        name = "radix-grade",
        default = false,
        description = "Lower the grades of booleans, ints and doubles in host code to radix sorts (one bit a pass; the CPU backend's form) instead of merge sorts"
    )]
    radix_grade: bool,
    #[statistic(name = "num-lowered", description = "Number of tail ops lowered")]
    num_lowered: Statistic,
    #[statistic(
        name = "num-kept",
        description = "Number of tail ops kept (I/O, timing)"
    )]
    num_kept: Statistic,
}

impl PassRun for ConvertTailToSoac {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        let stats = core::convert_module(ctx, op, self.radix_grade)?;
        self.num_lowered.add(stats.lowered);
        self.num_kept.add(stats.kept);
        Ok(())
    }
}

/// Counts of what a conversion did.
#[derive(Default, Debug, Clone, Copy)]
pub struct ConversionStats {
    /// `tail` ops replaced by `soac`/`arith`/`math`/`scf` code.
    pub lowered: u64,
    /// `tail` ops kept as they are (I/O, timing, character and complex scalar ops).
    pub kept: u64,
}

/// Converts every `func.func` directly inside `module` (see the module documentation).
pub fn convert_module(
    ctx: &mut Context,
    module: OpId,
) -> Result<ConversionStats, tail_ir::Diagnostic> {
    core::convert_module(ctx, module, false)
}
