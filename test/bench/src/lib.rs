//! Inputs for the IR benchmarks.
#![deny(missing_docs)]

use std::fmt::Write;

/// A module in MLIR's generic form with `num_ops` operations in total: functions of 1,000 ops
/// each, every function a chain of `arith` ops on two `i32` arguments ending in `func.return`.
/// Both `tail-opt` and upstream `mlir-opt` accept the text.
pub fn generic_module(num_ops: usize) -> String {
    const PER_FUNC: usize = 1000;
    const OPS: [&str; 4] = ["arith.addi", "arith.muli", "arith.subi", "arith.xori"];
    let funcs = num_ops.div_ceil(PER_FUNC).max(1);
    let mut s = String::with_capacity(num_ops * 60);
    s.push_str("\"builtin.module\"() ({\n");
    for f in 0..funcs {
        s.push_str("  \"func.func\"() ({\n  ^bb0(%arg0: i32, %arg1: i32):\n");
        let mut prev = "%arg0".to_string();
        for i in 0..PER_FUNC - 1 {
            let _ = writeln!(
                s,
                "    %{i} = \"{}\"({prev}, %arg1) : (i32, i32) -> i32",
                OPS[i % OPS.len()]
            );
            prev = format!("%{i}");
        }
        let _ = writeln!(s, "    \"func.return\"({prev}) : (i32) -> ()");
        let _ = writeln!(
            s,
            "  }}) {{function_type = (i32, i32) -> i32, sym_name = \"f{f}\"}} : () -> ()"
        );
    }
    s.push_str("}) : () -> ()\n");
    s
}

/// Parses, verifies and prints `text` in the generic form; returns the printed length.
pub fn parse_verify_print(text: &str) -> Result<usize, String> {
    tail_builtin::link();
    let mut ctx = tail_ir::Context::new();
    let module = tail_ir::parser::parse_source(&mut ctx, "bench.mlir", text)
        .map_err(|d| ctx.render_diagnostic(&d))?;
    tail_ir::verifier::verify(&ctx, module).map_err(|d| ctx.render_diagnostic(&d))?;
    let out = ctx.print_op_to_string(
        module,
        tail_ir::printer::PrintOptions {
            generic: true,
            debug_info: false,
        },
    );
    Ok(out.len())
}

#[cfg(test)]
mod tests {
    #[test]
    fn small_module_round_trips() {
        let text = super::generic_module(2000);
        assert_eq!(text.matches("arith.").count(), 2 * 999);
        let n = super::parse_verify_print(&text).expect("parses");
        assert!(n > 0);
    }
}
