//! Export to TAIL text: what TAIL cannot express is a located diagnostic naming the op.

use tail_ir::Context;

/// Parses and verifies `src`, exports it and returns the rendered diagnostic.
fn export_error(src: &str) -> String {
    tail_builtin::link();
    tail_dialect::link();
    let mut ctx = Context::new();
    let m = tail_ir::parser::parse_source(&mut ctx, "t.mlir", src)
        .unwrap_or_else(|d| panic!("{}", ctx.render_diagnostic(&d)));
    tail_ir::verifier::verify(&ctx, m).unwrap_or_else(|d| panic!("{}", ctx.render_diagnostic(&d)));
    match tail_text::export(&ctx, m) {
        Ok(t) => panic!("export unexpectedly succeeded:\n{t}"),
        Err(d) => ctx.render_diagnostic(&d),
    }
}

#[test]
fn ops_of_other_dialects() {
    let e = export_error(
        "func.func @main() -> f64 {\n  %c = arith.constant 1.5 : f64\n  return %c : f64\n}\n",
    );
    assert!(
        e.starts_with(
            "t.mlir:2:3: error: 'arith.constant' has no TAIL spelling; the TAIL exporter cannot print it"
        ),
        "{e}"
    );
    assert!(e.contains("%c = arith.constant 1.5 : f64\n  ^"), "{e}");
    let e = export_error(
        "func.func @f() -> f64 {\n  %c = tail.const 1.0 : f64\n  return %c : f64\n}\n\
         func.func @main() -> f64 {\n  %r = func.call @f() : () -> f64\n  return %r : f64\n}\n",
    );
    assert!(
        e.starts_with("t.mlir:6:3: error: 'func.call' has no TAIL spelling"),
        "{e}"
    );
}

#[test]
fn ops_inside_regions() {
    let e = export_error(
        "func.func @main() -> f64 {\n  %n = tail.const 2 : i32\n  %x = tail.const 1.0 : f64\n\
         %r = tail.powerScl %n, %x : (i32, f64) -> f64 {\n  ^bb0(%y: f64):\n\
         %z = arith.addf %y, %y : f64\n    tail.yield %z : f64\n  }\n  return %r : f64\n}\n",
    );
    assert!(
        e.contains("error: 'arith.addf' has no TAIL spelling"),
        "{e}"
    );
}

#[test]
fn types_without_a_spelling() {
    let e = export_error(
        "func.func @main() -> f64 {\n  %z = tail.zilde : !tail.array<f64, ?a>\n\
         %p = tail.prArrD %z : !tail.array<f64, ?a>\n  %c = tail.const 1.0 : f64\n  return %c : f64\n}\n",
    );
    assert!(
        e.contains(
            "t.mlir:2:3: error: 'tail.zilde' has a result of type '!tail.array<f64, ?a>', which cannot be printed as TAIL: shape variables have no TAIL spelling"
        ),
        "{e}"
    );
    let e = export_error(
        "func.func @main() -> f64 {\n  %b = tail.const true\n  %c = tail.const 1.0 : f64\n\
         %i = tail.if %b -> (tuple<f64>) {\n\
           %t = tail.tuple %c : (f64) -> tuple<f64>\n    tail.yield %t : tuple<f64>\n\
         } else {\n\
           %u = tail.tuple %c : (f64) -> tuple<f64>\n    tail.yield %u : tuple<f64>\n  }\n\
         %x = tail.prj %i[0] : tuple<f64> -> f64\n\
         %p = tail.prSclD %x : f64\n  return %c : f64\n}\n",
    );
    assert!(
        e.contains("error: 'tail.tuple' with fewer than two components has no TAIL spelling"),
        "{e}"
    );
}

#[test]
fn conditionals_without_results() {
    let e = export_error(
        "func.func @main() -> f64 {\n  %b = tail.const true\n  %c = tail.const 1.0 : f64\n\
         tail.if %b {\n    %p = tail.prSclD %c : f64\n    tail.yield\n  } else {\n    tail.yield\n  }\n\
         return %c : f64\n}\n",
    );
    assert!(
        e.contains("t.mlir:4:1: error: 'tail.if' without results has no TAIL spelling"),
        "{e}"
    );
}

#[test]
fn programs_that_are_not_tail_programs() {
    let e = export_error("func.func @f() {\n  return\n}\n");
    assert!(
        e.contains("error: has no function @main to print as TAIL"),
        "{e}"
    );
    let e = export_error(
        "func.func @main() -> i32 {\n  %c = tail.const 1 : i32\n  return %c : i32\n}\n",
    );
    assert!(
        e.starts_with(
            "t.mlir:1:1: error: @main must return one f64 to be printed as TAIL (a TAIL program's value is a [double]0)"
        ),
        "{e}"
    );
    let e = export_error("func.func @main(%a: f64) -> f64 {\n  return %a : f64\n}\n");
    assert!(e.contains("error: @main must take no arguments"), "{e}");
}

#[test]
fn dead_code_is_left_out() {
    // An unused pure op (even one without a TAIL spelling) is not printed; effects are.
    tail_builtin::link();
    tail_dialect::link();
    let mut ctx = Context::new();
    let src = "func.func @main() -> f64 {\n  %u = arith.constant 3 : i32\n  %d = tail.const 2 : i32\n\
               %e = tail.addi %d, %d : i32\n  %c = tail.const 1.0 : f64\n  %p = tail.prSclD %c : f64\n\
               return %c : f64\n}\n";
    let m = tail_ir::parser::parse_source(&mut ctx, "t.mlir", src).unwrap();
    let t = tail_text::export(&ctx, m).unwrap();
    assert_eq!(
        t,
        "let v1:[double]0 = 1.0 in\nlet v2:[double]0 = prSclD(v1) in\nv1\n"
    );
}
