//! Runs every function of the SOAC optimizer's lit files (`test/Transforms/soac-fuse.mlir`,
//! `soac-simplify.mlir`, `soac-sharing.mlir`) in the reference interpreter before and after
//! `soac-fuse`, `soac-simplify` and the `soac-opt` pipeline, and compares the results.
//!
//! The interpreter runs `@main()`, so each function gets a generated `@main` that builds its
//! arguments and calls it: arrays from `soac.iota` mapped to a mix of positive and negative
//! values of the element type (`(7i mod 11) - 3` for `i32`, `i/2 - 1` for `f64`, `i mod 2 = 0`
//! for `i1`), reshaped to the argument type with dynamic extents set to 6; scalars are
//! constants (`index` 6 for the first, 2 for the others, `i32` 3, `f64` 1.5, `i1` true).

use std::path::PathBuf;

use tail_ir::pass::PassManager;
use tail_ir::{Context, TypeKind, DYNAMIC};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Extent used for dynamic dimensions and `index` arguments.
const N: i64 = 6;

fn setup() {
    tail_builtin::link();
    tail_soac::link();
    tail_fusion::link();
}

/// `@main` calling `@name` with generated arguments of types `inputs` (printed).
fn wrapper(
    ctx: &Context,
    name: &str,
    inputs: &[tail_ir::Type],
    results: &[tail_ir::Type],
) -> Option<String> {
    let mut body = String::new();
    let mut args = Vec::new();
    let mut arg_tys = Vec::new();
    let mut first_index = true;
    for (k, &ty) in inputs.iter().enumerate() {
        let tys = ctx.type_to_string(ty);
        match ctx.type_kind(ty) {
            TypeKind::RankedTensor { shape, elem } => {
                let elem_s = ctx.type_to_string(*elem);
                let dims: Vec<i64> = shape
                    .iter()
                    .map(|&d| if d == DYNAMIC { N } else { d })
                    .collect();
                let total: i64 = dims.iter().product();
                let map_body = match elem_s.as_str() {
                    "i32" => "%m = arith.constant 7 : i32\n %t = arith.muli %v, %m : i32\n %e = arith.constant 11 : i32\n %u = arith.remsi %t, %e : i32\n %h = arith.constant 3 : i32\n %r = arith.subi %u, %h : i32".to_string(),
                    "f64" => "%f = arith.sitofp %v : i32 to f64\n %h = arith.constant 0.5 : f64\n %g = arith.mulf %f, %h : f64\n %o = arith.constant 1.0 : f64\n %r = arith.subf %g, %o : f64".to_string(),
                    "i1" => "%two = arith.constant 2 : i32\n %m = arith.remsi %v, %two : i32\n %z = arith.constant 0 : i32\n %r = arith.cmpi eq, %m, %z : i32".to_string(),
                    _ => return None,
                };
                body.push_str(&format!(
                    "%i{k} = soac.iota : tensor<{total}xi32>\n%e{k} = soac.map %i{k} : tensor<{total}xi32> -> tensor<{total}x{elem_s}> {{\n^bb0(%v: i32):\n {map_body}\n soac.yield %r : {elem_s}\n}}\n"
                ));
                let flat = format!("tensor<{total}x{elem_s}>");
                if flat == tys {
                    args.push(format!("%e{k}"));
                } else {
                    let ndyn = shape.iter().filter(|&&d| d == DYNAMIC).count();
                    let to = if ndyn > 0 {
                        body.push_str(&format!("%n{k} = arith.constant {N} : index\n"));
                        format!(" to({})", vec![format!("%n{k}"); ndyn].join(", "))
                    } else {
                        String::new()
                    };
                    body.push_str(&format!(
                        "%a{k} = soac.reshape %e{k}{to} : {flat} -> {tys}\n"
                    ));
                    args.push(format!("%a{k}"));
                }
            }
            _ => {
                let c = match tys.as_str() {
                    // The first `index` argument is an extent, later ones are positions.
                    "index" if first_index => {
                        first_index = false;
                        format!("{N} : index")
                    }
                    "index" => "2 : index".to_string(),
                    "i32" => "3 : i32".to_string(),
                    "f64" => "1.5 : f64".to_string(),
                    "i1" => "true".to_string(),
                    _ => return None,
                };
                body.push_str(&format!("%a{k} = arith.constant {c}\n"));
                args.push(format!("%a{k}"));
            }
        }
        arg_tys.push(tys);
    }
    let res: Vec<String> = results.iter().map(|&t| ctx.type_to_string(t)).collect();
    let rs: Vec<String> = (0..results.len()).map(|i| format!("%r#{i}")).collect();
    let call = if results.is_empty() {
        format!(
            "func.call @{name}({}) : ({}) -> ()\nreturn\n",
            args.join(", "),
            arg_tys.join(", ")
        )
    } else {
        format!(
            "%r:{} = func.call @{name}({}) : ({}) -> ({})\nreturn {} : {}\n",
            results.len(),
            args.join(", "),
            arg_tys.join(", "),
            res.join(", "),
            rs.join(", "),
            res.join(", ")
        )
    };
    Some(format!(
        "func.func @main() -> ({}) {{\n{body}{call}}}\n",
        res.join(", ")
    ))
}

fn run(ctx: &Context, module: tail_ir::OpId) -> Result<String, String> {
    let mut out = Vec::new();
    tail_interp::run_module(ctx, module, &mut out)
        .map(|v| tail_interp::format_value(&v))
        .map_err(|d| ctx.render_diagnostic(&d))
}

/// Checks every function of `chunk` under `pipeline`; returns how many were checked.
fn check_chunk(chunk: &str, pipeline: &str, failures: &mut Vec<String>) -> usize {
    let mut ctx = Context::new();
    let Ok(m) = tail_ir::parser::parse_source(&mut ctx, "chunk.mlir", chunk) else {
        failures.push(format!("does not parse:\n{chunk}"));
        return 0;
    };
    let mut funcs = Vec::new();
    for op in ctx.walk_preorder(m) {
        if !ctx.op_is(op, "func.func") {
            continue;
        }
        let name = ctx
            .attr(op, "sym_name")
            .and_then(|a| ctx.attr_as_str(a))
            .unwrap_or("")
            .to_string();
        let fty = ctx
            .attr(op, "function_type")
            .and_then(|a| ctx.attr_as_type(a));
        if let Some(TypeKind::Function { inputs, results }) = fty.map(|t| ctx.type_kind(t)) {
            if let Some(w) = wrapper(&ctx, &name, inputs, results) {
                funcs.push((name, w));
            }
        }
    }
    let mut checked = 0;
    for (name, w) in funcs {
        let src = format!("{chunk}\n{w}");
        let mut ctx = Context::new();
        let m = match tail_ir::parser::parse_source(&mut ctx, "t.mlir", &src) {
            Ok(m) => m,
            Err(d) => {
                failures.push(format!(
                    "@{name}: wrapper does not parse: {}\n{w}",
                    ctx.render_diagnostic(&d)
                ));
                continue;
            }
        };
        if let Err(d) = tail_ir::verifier::verify(&ctx, m) {
            failures.push(format!(
                "@{name}: does not verify: {}",
                ctx.render_diagnostic(&d)
            ));
            continue;
        }
        let before = match run(&ctx, m) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("@{name}: fails before {pipeline}: {e}"));
                continue;
            }
        };
        let mut pm = PassManager::parse(&format!("builtin.module(func.func({pipeline}))"))
            .expect("pipeline");
        if let Err(e) = pm.run(&mut ctx, m) {
            let ds: Vec<String> = ctx
                .take_diagnostics()
                .iter()
                .map(|d| ctx.render_diagnostic(d))
                .collect();
            failures.push(format!("@{name}: {pipeline} failed: {e}\n{}", ds.join("")));
            continue;
        }
        match run(&ctx, m) {
            Ok(after) if after == before => checked += 1,
            Ok(after) => failures.push(format!(
                "@{name}: result differs after {pipeline}: {before} vs {after}\n{}",
                ctx.print_op_to_string(m, Default::default())
            )),
            Err(e) => failures.push(format!("@{name}: fails after {pipeline}: {e}")),
        }
    }
    checked
}

fn check_pipeline(pipeline: &str) {
    setup();
    let mut failures = Vec::new();
    let mut checked = 0;
    for f in ["soac-fuse.mlir", "soac-simplify.mlir", "soac-sharing.mlir"] {
        let path = repo().join("test/Transforms").join(f);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for chunk in text.split("// -----") {
            checked += check_chunk(chunk, pipeline, &mut failures);
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    // Every lit case has at least one function; a harness that checks nothing must fail.
    assert!(checked >= 20, "only {checked} functions were checked");
}

#[test]
fn soac_fuse_preserves_results() {
    check_pipeline("soac-fuse");
}

#[test]
fn soac_fuse_without_horizontal_preserves_results() {
    check_pipeline("soac-fuse{horizontal=false}");
}

#[test]
fn soac_fuse_without_recomputation_preserves_results() {
    check_pipeline("soac-fuse{max-recompute-ops=0}");
}

#[test]
fn soac_simplify_preserves_results() {
    check_pipeline("soac-simplify");
}

#[test]
fn soac_opt_pipeline_preserves_results() {
    check_pipeline("soac-opt");
}
