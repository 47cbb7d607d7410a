//! The `cf` dialect, as far as tail's IR holds it: `cf.assert`, an assertion in device code
//! written in MLIR input. Upstream's `convert-gpu-to-nvvm` lowers it to `__assertfail` (a
//! device-side assert, which the driver reports as `CUDA_ERROR_ASSERT`); tail's own index
//! check in kernels records its failure instead (`convert-hpar-to-gpu`, `nvvm.exit`), so that
//! the runtime can name the program's position. The branch ops of upstream's `cf` are not
//! used: tail's IR is structured (`scf`) until the upstream lowerings.

use tail_ir_macros::{dialect, op};

use crate::constraints::*;

/// The control-flow dialect (only `cf.assert`).
#[dialect(name = "cf", summary = "Control flow (cf.assert)")]
pub struct CfDialect;

/// `cf.assert %ok, "message"`: ends the program with `message` when `%ok` is false.
///
/// ```mlir
/// cf.assert %ok, "index out of bounds"
/// ```
#[op(dialect = CfDialect, name = "assert", format = "$arg `,` $msg attr-dict")]
pub struct AssertOp {
    /// The condition that must hold.
    #[operand]
    arg: I1,
    /// What went wrong when it does not.
    #[attr]
    msg: StringAttr,
}
