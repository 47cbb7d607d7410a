//! End-to-end tests of the transformation passes on IR parsed from MLIR text, with the real
//! `builtin`/`func`/`arith`/`scf`/`memref` dialects of `tail-builtin`.

use tail_ir::parser::parse_source;
use tail_ir::pass::{registered_passes, registered_pipelines, PassManager};
use tail_ir::printer::PrintOptions;
use tail_ir::{verify, Context};

// Functions without results end in the generic `"func.return"() : () -> ()` rather than a
// bare `return`, so these tests do not depend on the custom parser of `func.return`.

/// Parses `src`, runs `pipeline` on the module and returns the printed result.
fn run_with(src: &str, pipeline: &str, allow_unregistered: bool) -> Result<String, String> {
    tail_builtin::link();
    tail_transforms::link();
    let mut ctx = Context::new();
    ctx.allow_unregistered = allow_unregistered;
    let module = parse_source(&mut ctx, "t.mlir", src).map_err(|d| ctx.render_diagnostic(&d))?;
    verify(&ctx, module)
        .map_err(|d| format!("input does not verify: {}", ctx.render_diagnostic(&d)))?;
    let mut pm = PassManager::parse(pipeline).map_err(|e| e.render())?;
    if let Err(e) = pm.run(&mut ctx, module) {
        let diags: Vec<String> = ctx
            .take_diagnostics()
            .iter()
            .map(|d| ctx.render_diagnostic(d))
            .collect();
        return Err(format!("{e}\n{}", diags.join("\n")));
    }
    Ok(ctx.print_op_to_string(module, PrintOptions::default()))
}

fn run(src: &str, pipeline: &str) -> String {
    match run_with(src, pipeline, false) {
        Ok(s) => s,
        Err(e) => panic!("pipeline `{pipeline}` failed:\n{e}"),
    }
}

fn run_unregistered(src: &str, pipeline: &str) -> String {
    match run_with(src, pipeline, true) {
        Ok(s) => s,
        Err(e) => panic!("pipeline `{pipeline}` failed:\n{e}"),
    }
}

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

#[test]
fn all_passes_are_registered() {
    tail_transforms::link();
    let args: Vec<&str> = registered_passes()
        .iter()
        .map(|r| r.info.argument)
        .collect();
    for a in tail_transforms::PASS_ARGUMENTS {
        assert!(args.contains(&a), "pass `{a}` is not registered: {args:?}");
    }
    let names: Vec<&str> = registered_passes().iter().map(|r| r.info.name).collect();
    for n in ["Canonicalizer", "CSE", "DCE", "SymbolDCE", "Inliner"] {
        assert!(names.contains(&n), "display name `{n}` missing: {names:?}");
    }
    assert!(registered_pipelines()
        .iter()
        .any(|p| p.argument == "simplify"));
    let pm = PassManager::parse(
        "builtin.module(func.func(canonicalize{max-iterations=3 region-simplify=disabled},cse,dce),symbol-dce,inline{default-pipeline=cse max-iterations=2})",
    )
    .unwrap();
    let text = pm.to_string();
    assert!(text.contains("max-iterations=3"), "{text}");
    assert!(
        text.contains("inline{default-pipeline=cse max-iterations=2}"),
        "{text}"
    );
}

// ----- canonicalize ---------------------------------------------------------------------------------

#[test]
fn canonicalize_folds_constants() {
    let out = run(
        r#"func.func @f() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = arith.muli %0, %c2 : i32
  return %1 : i32
}"#,
        "builtin.module(func.func(canonicalize))",
    );
    assert!(out.contains("arith.constant 6 : i32"), "{out}");
    assert!(!out.contains("arith.addi"), "{out}");
    assert!(!out.contains("arith.muli"), "{out}");
    assert_eq!(count(&out, "arith.constant"), 1, "{out}");
}

#[test]
fn canonicalize_moves_constants_right() {
    let out = run(
        r#"func.func @f(%x: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c5, %x : i32
  return %0 : i32
}"#,
        "builtin.module(func.func(canonicalize))",
    );
    assert!(out.contains("%0 = arith.constant 5 : i32"), "{out}");
    assert!(out.contains("arith.addi %arg0, %0 : i32"), "{out}");
}

#[test]
fn canonicalize_and_cse_acceptance() {
    let src = r#"module {
  func.func @poly(%x: i32) -> i32 {
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c6 = arith.muli %c2, %c3 : i32
    %a = arith.muli %x, %x : i32
    %b = arith.muli %x, %x : i32
    %s = arith.addi %a, %b : i32
    %t = arith.addi %s, %c6 : i32
    %zero = arith.constant 0 : i32
    %r = arith.addi %t, %zero : i32
    return %r : i32
  }
}"#;
    let out = run(src, "builtin.module(func.func(canonicalize,cse))");
    assert_eq!(count(&out, "arith.muli"), 1, "{out}");
    assert_eq!(count(&out, "arith.addi"), 2, "{out}");
    assert!(out.contains("arith.constant 6 : i32"), "{out}");
    assert!(!out.contains("arith.constant 0"), "{out}");
    assert!(!out.contains("arith.constant 2"), "{out}");
}

#[test]
fn canonicalize_options_parse_and_test_convergence() {
    let src = r#"func.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  return %0 : i32
}"#;
    let out = run(src, "builtin.module(func.func(canonicalize{top-down=false max-num-rewrites=5 test-convergence=true}))");
    assert!(
        !out.contains("arith.addi"),
        "folding is not a rewrite: {out}"
    );
    let out = run(
        src,
        "builtin.module(func.func(canonicalize{region-simplify=aggressive}))",
    );
    assert!(!out.contains("arith.addi"), "{out}");
    let err = run_with(
        src,
        "builtin.module(func.func(canonicalize{region-simplify=bogus}))",
        false,
    )
    .unwrap_err();
    assert!(err.contains("region-simplify"), "{err}");
}

#[test]
fn canonicalize_disable_patterns() {
    // addi(addi(x, 1), 2) -> addi(x, 3) is a pattern; disabling every pattern keeps the chain.
    let src = r#"func.func @f(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %x, %c1 : i32
  %1 = arith.addi %0, %c2 : i32
  return %1 : i32
}"#;
    let out = run(src, "builtin.module(func.func(canonicalize))");
    assert_eq!(count(&out, "arith.addi"), 1, "{out}");
    assert!(out.contains("arith.constant 3 : i32"), "{out}");
    let out = run(
        src,
        "builtin.module(func.func(canonicalize{enable-patterns=MoveConstantsRight}))",
    );
    assert_eq!(count(&out, "arith.addi"), 2, "{out}");
}

#[test]
fn canonicalize_erases_unreachable_blocks() {
    let src = r#"func.func @f(%x: i32) -> i32 {
  "test.br"() [^bb2] : () -> ()
^bb1:
  %0 = arith.addi %x, %x : i32
  "test.br"() [^bb2] : () -> ()
^bb2:
  return %x : i32
}"#;
    let out = run_unregistered(src, "builtin.module(func.func(canonicalize))");
    assert!(!out.contains("arith.addi"), "{out}");
    assert_eq!(count(&out, "test.br"), 1, "{out}");
    let out = run_unregistered(
        src,
        "builtin.module(func.func(canonicalize{region-simplify=disabled}))",
    );
    assert_eq!(count(&out, "test.br"), 2, "{out}");
}

// ----- cse ----------------------------------------------------------------------------------------

#[test]
fn cse_removes_duplicates_and_normalizes_commutative_operands() {
    let out = run(
        r#"func.func @f(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.subi %a, %b : i32
  %3 = arith.subi %b, %a : i32
  %4 = arith.subi %a, %b : i32
  return %0, %1, %2, %4 : i32, i32, i32, i32
}"#,
        "builtin.module(func.func(cse))",
    );
    assert_eq!(count(&out, "arith.addi"), 1, "{out}");
    // %3 is dead and erased, %4 is CSE'd with %2.
    assert_eq!(count(&out, "arith.subi"), 1, "{out}");
    assert!(out.contains("return %0, %0, %1, %1"), "{out}");
}

#[test]
fn cse_nested_regions_see_outer_scope() {
    let out = run(
        r#"func.func @f(%c: i1, %a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  %1 = scf.if %c -> (i32) {
    %2 = arith.muli %a, %a : i32
    scf.yield %2 : i32
  } else {
    %3 = arith.addi %a, %a : i32
    scf.yield %3 : i32
  }
  %4 = arith.addi %a, %a : i32
  %5 = arith.addi %0, %1 : i32
  %6 = arith.addi %5, %4 : i32
  return %6 : i32
}"#,
        "builtin.module(func.func(cse))",
    );
    // The muli in the then-branch is replaced by the outer one; the addi in the else-branch
    // does not dominate the one after the scf.if, so both stay.
    assert_eq!(count(&out, "arith.muli"), 1, "{out}");
    assert_eq!(count(&out, "arith.addi %arg1, %arg1"), 2, "{out}");
}

#[test]
fn cse_does_not_cross_isolated_functions() {
    let out = run(
        r#"module {
  func.func @f(%a: i32) -> i32 {
    %c = arith.constant 7 : i32
    return %c : i32
  }
  func.func @g(%a: i32) -> i32 {
    %c = arith.constant 7 : i32
    return %c : i32
  }
}"#,
        "builtin.module(cse)",
    );
    assert_eq!(count(&out, "arith.constant 7"), 2, "{out}");
}

#[test]
fn cse_memory_reads() {
    let out = run(
        r#"func.func @f(%m: memref<4xi32>, %i: index, %v: i32) -> (i32, i32, i32, i32) {
  %0 = memref.load %m[%i] : memref<4xi32>
  %1 = memref.load %m[%i] : memref<4xi32>
  memref.store %v, %m[%i] : memref<4xi32>
  %2 = memref.load %m[%i] : memref<4xi32>
  %3 = memref.load %m[%i] : memref<4xi32>
  return %0, %1, %2, %3 : i32, i32, i32, i32
}"#,
        "builtin.module(func.func(cse))",
    );
    assert_eq!(count(&out, "memref.load"), 2, "{out}");
    assert!(out.contains("return %0, %0, %1, %1"), "{out}");
}

#[test]
fn cse_erases_dead_ops() {
    let out = run(
        r#"func.func @f(%a: i32) {
  %0 = arith.addi %a, %a : i32
  %m = memref.alloc() : memref<4xi32>
  "func.return"() : () -> ()
}"#,
        "builtin.module(func.func(cse))",
    );
    assert!(!out.contains("arith.addi"), "{out}");
    assert!(!out.contains("memref.alloc"), "{out}");
}

#[test]
fn cse_pure_region_ops() {
    let out = run(
        r#"func.func @f(%c: i1, %a: i32) -> (i32, i32) {
  %0 = scf.if %c -> (i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %c -> (i32) {
    %y = arith.addi %a, %a : i32
    scf.yield %y : i32
  } else {
    scf.yield %a : i32
  }
  return %0, %1 : i32, i32
}"#,
        "builtin.module(func.func(cse))",
    );
    assert_eq!(count(&out, "scf.if"), 1, "{out}");
}

// ----- dce ----------------------------------------------------------------------------------------

#[test]
fn dce_removes_dead_chains_but_keeps_side_effects() {
    let out = run(
        r#"func.func @f(%a: i32, %m: memref<4xi32>, %i: index) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.subi %1, %a : i32
  %buf = memref.alloc() : memref<4xi32>
  memref.store %a, %m[%i] : memref<4xi32>
  %l = memref.load %m[%i] : memref<4xi32>
  %k = arith.addi %a, %a : i32
  return %k : i32
}"#,
        "builtin.module(func.func(dce))",
    );
    assert!(!out.contains("arith.muli"), "{out}");
    assert!(!out.contains("arith.subi"), "{out}");
    assert!(!out.contains("memref.alloc"), "{out}");
    assert!(!out.contains("memref.load"), "{out}");
    assert!(out.contains("memref.store"), "{out}");
    assert_eq!(count(&out, "arith.addi"), 1, "{out}");
}

#[test]
fn dce_removes_dead_region_ops_and_unreachable_blocks() {
    let out = run_unregistered(
        r#"func.func @f(%c: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  "test.br"() [^bb2] : () -> ()
^bb1:
  %y = arith.muli %a, %a : i32
  "test.use"(%y) : (i32) -> ()
  "test.br"() [^bb2] : () -> ()
^bb2:
  "test.effect"() : () -> ()
  return %a : i32
}"#,
        "builtin.module(func.func(dce))",
    );
    assert!(!out.contains("scf.if"), "{out}");
    assert!(!out.contains("arith.muli"), "{out}");
    assert!(!out.contains("test.use"), "{out}");
    assert!(
        out.contains("test.effect"),
        "unregistered ops are kept: {out}"
    );
}

// ----- symbol-dce ---------------------------------------------------------------------------------

#[test]
fn symbol_dce_erases_unreferenced_private_symbols() {
    let out = run(
        r#"module {
  func.func @public(%a: i32) -> i32 {
    %0 = func.call @live(%a) : (i32) -> i32
    return %0 : i32
  }
  func.func private @live(%a: i32) -> i32 {
    %0 = func.call @live_transitively(%a) : (i32) -> i32
    return %0 : i32
  }
  func.func private @live_transitively(%a: i32) -> i32 {
    return %a : i32
  }
  func.func private @dead(%a: i32) -> i32 {
    %0 = func.call @dead_too(%a) : (i32) -> i32
    return %0 : i32
  }
  func.func private @dead_too(%a: i32) -> i32 {
    return %a : i32
  }
  func.func private @dead_decl(i32) -> i32
}"#,
        "builtin.module(symbol-dce)",
    );
    assert!(out.contains("@public"), "{out}");
    assert!(out.contains("func.func private @live("), "{out}");
    assert!(out.contains("@live_transitively"), "{out}");
    assert!(!out.contains("@dead"), "{out}");
}

#[test]
fn symbol_dce_nested_references() {
    let out = run_unregistered(
        r#"module {
  module @inner {
    func.func private @dead_nested()
    func.func nested @used_from_outside() {
      "test.use"() {uses = [@private_inner]} : () -> ()
      "func.return"() : () -> ()
    }
    func.func private @private_inner()
  }
  "test.user"() {ref = @inner::@used_from_outside} : () -> ()
  func.func private @dead_outer()
}"#,
        "builtin.module(symbol-dce)",
    );
    assert!(out.contains("@used_from_outside"), "{out}");
    assert!(out.contains("@private_inner"), "{out}");
    assert!(!out.contains("@dead_nested"), "{out}");
    assert!(!out.contains("@dead_outer"), "{out}");
}

#[test]
fn symbol_dce_requires_a_symbol_table() {
    let err = run_with(
        "func.func @f() {\n  \"func.return\"() : () -> ()\n}",
        "builtin.module(func.func(symbol-dce))",
        false,
    )
    .unwrap_err();
    assert!(err.contains("does not define a symbol table"), "{err}");
}

// ----- inline -------------------------------------------------------------------------------------

#[test]
fn inline_single_block_callee_and_erase_it() {
    let out = run(
        r#"module {
  func.func @caller(%a: i32) -> i32 {
    %0 = func.call @add1(%a) : (i32) -> i32
    %1 = func.call @add1(%0) : (i32) -> i32
    return %1 : i32
  }
  func.func private @add1(%x: i32) -> i32 {
    %c1 = arith.constant 1 : i32
    %0 = arith.addi %x, %c1 : i32
    return %0 : i32
  }
}"#,
        "builtin.module(inline)",
    );
    assert!(!out.contains("call @"), "{out}");
    assert!(!out.contains("@add1"), "{out}");
    // The default pipeline (canonicalize) folded the two increments into one.
    assert!(out.contains("arith.constant 2 : i32"), "{out}");
    assert_eq!(count(&out, "arith.addi"), 1, "{out}");
}

#[test]
fn inline_bottom_up_and_keep_public_callees() {
    let out = run(
        r#"module {
  func.func @a(%x: i32) -> i32 {
    %0 = func.call @b(%x) : (i32) -> i32
    return %0 : i32
  }
  func.func @b(%x: i32) -> i32 {
    %0 = func.call @c(%x) : (i32) -> i32
    %1 = arith.muli %0, %0 : i32
    return %1 : i32
  }
  func.func private @c(%x: i32) -> i32 {
    %0 = arith.addi %x, %x : i32
    return %0 : i32
  }
}"#,
        "builtin.module(inline{default-pipeline=})",
    );
    assert!(!out.contains("call @"), "{out}");
    assert!(out.contains("func.func @b"), "{out}");
    assert!(!out.contains("@c"), "{out}");
    assert_eq!(count(&out, "arith.addi"), 2, "{out}");
}

#[test]
fn inline_skips_recursion_and_declarations() {
    let out = run(
        r#"module {
  func.func @main(%x: i32) -> i32 {
    %0 = func.call @rec(%x) : (i32) -> i32
    %1 = func.call @ext(%0) : (i32) -> i32
    %2 = func.call @ping(%1) : (i32) -> i32
    return %2 : i32
  }
  func.func private @rec(%x: i32) -> i32 {
    %0 = func.call @rec(%x) : (i32) -> i32
    return %0 : i32
  }
  func.func private @ping(%x: i32) -> i32 {
    %0 = func.call @pong(%x) : (i32) -> i32
    return %0 : i32
  }
  func.func private @pong(%x: i32) -> i32 {
    %0 = func.call @ping(%x) : (i32) -> i32
    return %0 : i32
  }
  func.func private @ext(i32) -> i32
}"#,
        "builtin.module(inline)",
    );
    assert!(out.contains("call @rec(%arg0)"), "{out}");
    assert!(out.contains("call @ext"), "{out}");
    assert!(out.contains("call @ping"), "{out}");
    assert!(out.contains("func.func private @pong"), "{out}");
}

#[test]
fn inline_calls_in_nested_regions() {
    let out = run(
        r#"module {
  func.func @caller(%c: i1, %a: i32) -> i32 {
    %0 = scf.if %c -> (i32) {
      %1 = func.call @double(%a) : (i32) -> i32
      scf.yield %1 : i32
    } else {
      scf.yield %a : i32
    }
    return %0 : i32
  }
  func.func private @double(%x: i32) -> i32 {
    %0 = arith.addi %x, %x : i32
    return %0 : i32
  }
}"#,
        "builtin.module(inline)",
    );
    assert!(!out.contains("call @"), "{out}");
    assert!(!out.contains("@double"), "{out}");
    assert_eq!(count(&out, "arith.addi %arg1, %arg1"), 1, "{out}");
}

#[test]
fn cse_in_graph_region() {
    let out = run_unregistered(
        r#"module {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  "test.use"(%0, %1) : (i32, i32) -> ()
}"#,
        "builtin.module(cse)",
    );
    assert_eq!(count(&out, "arith.constant 1"), 1, "{out}");
    assert!(out.contains("\"test.use\"(%0, %0)"), "{out}");
}

#[test]
fn named_simplify_pipeline() {
    let out = run(
        r#"func.func @f(%x: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.muli %0, %x : i32
  %2 = arith.muli %x, %x : i32
  return %1, %2 : i32, i32
}"#,
        "builtin.module(func.func(simplify))",
    );
    assert_eq!(count(&out, "arith.muli"), 1, "{out}");
    assert!(!out.contains("arith.addi"), "{out}");
}

#[test]
fn dce_keeps_block_arguments() {
    // Dead block arguments need successor-operand information to be removed; they are kept.
    let out = run_unregistered(
        r#"func.func @f(%a: i32) -> i32 {
  "test.br"(%a) [^bb1] : (i32) -> ()
^bb1(%unused: i32):
  return %a : i32
}"#,
        "builtin.module(func.func(dce,canonicalize))",
    );
    assert!(out.contains("^bb1(%0: i32):"), "{out}");
}
