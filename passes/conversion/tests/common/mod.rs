//! Shared by the before/after tests: run a module in the reference interpreter, apply a
//! pipeline, run it again and compare.
#![allow(dead_code)]

use tail_ir::pass::PassManager;
use tail_ir::{Context, OpId};

/// Output (prints and result) of running `module`, or the rendered runtime error.
fn run(ctx: &Context, module: OpId) -> Result<String, String> {
    tail_interp::run_output(ctx, module)
}

/// What went wrong when checking one program.
#[derive(Debug)]
pub enum Outcome {
    /// The program does not run before the conversion (a negative test); the reason.
    Skipped(String),
    /// Same output before and after.
    Same,
}

/// Runs `module` (in `ctx`), applies `pipeline`, verifies and runs it again, and compares.
pub fn check_module(ctx: &mut Context, module: OpId, pipeline: &str) -> Result<Outcome, String> {
    if let Err(d) = tail_ir::verifier::verify(ctx, module) {
        return Ok(Outcome::Skipped(ctx.render_diagnostic(&d)));
    }
    let before = match run(ctx, module) {
        Ok(s) => s,
        Err(e) => return Ok(Outcome::Skipped(e)),
    };
    let mut pm = PassManager::parse(&format!("builtin.module({pipeline})"))
        .map_err(|e| format!("bad pipeline: {e:?}"))?;
    if let Err(e) = pm.run(ctx, module) {
        let ds: Vec<String> = ctx
            .take_diagnostics()
            .iter()
            .map(|d| ctx.render_diagnostic(d))
            .collect();
        return Err(format!("{e}:\n{}", ds.join("")));
    }
    let after = run(ctx, module).map_err(|e| {
        format!(
            "the converted program fails:\n{e}\n--- converted IR ---\n{}",
            ctx.print_op_to_string(module, Default::default())
        )
    })?;
    if before != after {
        return Err(format!(
            "output differs\n--- before ---\n{before}--- after ---\n{after}--- converted IR ---\n{}",
            ctx.print_op_to_string(module, Default::default())
        ));
    }
    Ok(Outcome::Same)
}
