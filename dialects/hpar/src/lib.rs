//! `tail-hpar`: the `hpar` dialect, hierarchical data parallelism.
//!
//! The level between `soac` and `gpu` in `tail → soac → hpar → gpu`. It is FCL's core
//! (Dybdal, *Array abstractions for GPU programming*, PhD thesis, 2017, Chapter 5: the levels of
//! §5.3, the types and kinds of §5.3.1, the built-ins of Fig. 5.4 and the typing rules of
//! Fig. 5.6) recast as MLIR ops:
//!
//! * [`types`]: the level attribute `#hpar.level<grid|block|warp|thread>`, pull arrays
//!   `!hpar.pull<τ>` / `!hpar.pull<τ, l>` and push arrays `!hpar.push<bt, l>`;
//! * [`ops`]: the built-ins, one op each, and the `Program⟨l⟩` structure as regions;
//! * [`scope`]: the level of the region an op sits in, and the level rules of the verifier.
//!
//! ## Design decisions
//!
//! * **A warp level.** FCL has `thread = Z`, `block = 1+Z`, `grid = 1+(1+Z)`; the thesis drops
//!   Obsidian's warp level "for simplicity" and names its return as future work (§5.3, §5.5).
//!   Here the order is `thread < warp < block < grid`, and the warp level is *optional*: a block
//!   is a group of warps or directly a group of threads, so raising a level (`concat`,
//!   `interleave`) goes thread → warp, thread → block, warp → block or block → grid. A
//!   thread-to-block `concat` is FCL's; thread → warp → block is the warp-aware form a
//!   lowering emits for reductions with shuffles.
//! * **`Program⟨l⟩ τ` is a region, not a type.** FCL's programs are monadic values built with
//!   `return`/`bind` (`do<l> { … }`) and consumed by `force`, `concat`, `interleave`, `power`
//!   and `while`. In SSA form a program value is exactly a region that runs at level `l`:
//!   `hpar.program<l> { … hpar.return %v : τ }` is `do<l>`, its ops are the binds in order,
//!   and `concat`/`interleave`/`power`/`while` carry their sub-programs as regions instead of
//!   taking pull arrays of programs. The verifier then reads the level of every op off its
//!   enclosing region (see [`scope`]) instead of inferring levels in a type system, and a
//!   lowering finds each kernel body as a region. The price: a program cannot be stored in a
//!   variable and run twice, which no FCL example needs (programs are monomorphised and
//!   inlined, Fig. 5.7).
//! * **Two terminators.** `hpar.return` ends a program region (FCL's `return<l>`);
//!   `hpar.yield` ends a pure function region (the index function of `generate`, the function
//!   of `map`, the step of `seqfor`, the condition of `while`, the operator of `reduce`/`scan`,
//!   the placement of `interleave`). Program actions (`force`, `concat`, `reduce`, …) are
//!   rejected inside pure functions: a pull array's index function may be evaluated anywhere,
//!   any number of times.
//! * **Arrays are one-dimensional with a dynamic length**, as in FCL: `hpar.length` gives the
//!   length as an `index`. Multi-dimensional arrays are nested pull arrays
//!   (`!hpar.pull<!hpar.pull<f32>>`, FCL's `splitUp`) or flat arrays whose index functions do
//!   the row-major arithmetic, as FCL's transpose and matmul do; push arrays hold base types only
//!   (kinding rule 5.11), so a nested result is flattened by `concat`/`interleave`.
//! * **Materialised arrays remember where they live.** `force<l>` gives a `!hpar.pull<τ, l>`:
//!   grid → global memory (and a kernel boundary), block/warp → shared memory, thread → private
//!   memory. A delayed array (`generate`, `map`) has no level.
#![deny(missing_docs)]

pub mod ops;
pub mod scope;
pub mod types;

use tail_ir_macros::dialect;

/// The hpar dialect.
#[dialect(
    name = "hpar",
    summary = "Hierarchical data parallelism: levels, pull and push arrays, programs"
)]
pub struct HParDialect;

/// Forces this crate to be linked so its dialect registers (call it from binaries that do not
/// otherwise reference the crate).
pub fn link() {}
