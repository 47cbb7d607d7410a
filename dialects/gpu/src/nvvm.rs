//! The `nvvm` dialect, as far as tail uses it: `nvvm.exit`, which ends the executing GPU
//! thread (PTX `exit`). `convert-hpar-to-gpu`'s device definition of the index check records
//! a failed check and ends the thread with it, before the out-of-bounds access; the kernel's
//! other threads go on (a barrier no longer waits for an exited thread). Upstream's
//! `convert-nvvm-to-llvm` lowers it to `llvm.nvvm.exit`.

use tail_ir::verifier::op_error;
use tail_ir::{Context, Diagnostic};
use tail_ir_macros::{dialect, op};

/// NVIDIA's GPU dialect (only `nvvm.exit`).
#[dialect(name = "nvvm", summary = "NVIDIA GPU operations (nvvm.exit)")]
pub struct NvvmDialect;

/// `nvvm.exit`: ends the executing thread.
///
/// ```mlir
/// nvvm.exit
/// ```
#[op(dialect = NvvmDialect, name = "exit", format = "attr-dict", verify)]
pub struct ExitOp {}

impl ExitOp {
    fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        match ctx
            .op_parent_op(op)
            .and_then(|p| ctx.ancestor_named(p, "gpu.module"))
        {
            Some(_) => Ok(()),
            None => Err(op_error(ctx, op, "expects to be nested in a 'gpu.module'")),
        }
    }
}
