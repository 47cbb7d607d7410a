//! Running pass managers: nesting on op names, analysis caching, failure handling,
//! verify-each, IR printing, timing and statistics reports.

mod pass_common;

use pass_common::*;
use tail_ir::pass::{
    Analysis, AnalysisManager, CaptureBuffer, OpPassManager, PassManager, PipelineErrorKind,
    PreservedAnalyses,
};
use tail_ir::printer::PrintOptions;
use tail_ir::{Context, Diagnostic, OpId};

fn pm(text: &str) -> PassManager {
    PassManager::parse(text).unwrap_or_else(|e| panic!("{}", e.render()))
}

fn run(
    text: &str,
    names: &[&str],
) -> (
    Context,
    Result<(), tail_ir::pass::PipelineError>,
    Vec<String>,
) {
    let mut ctx = Context::new();
    let (m, _) = build_module(&mut ctx, names);
    take_log();
    let mut p = pm(text);
    let r = p.run(&mut ctx, m);
    (ctx, r, take_log())
}

#[test]
fn nested_pass_managers_run_on_matching_children() {
    let (_, r, log) = run(
        "builtin.module(test-log,func.func(test-log,test-func-log),test-module-log)",
        &["a", "b"],
    );
    r.unwrap();
    assert_eq!(
        log,
        [
            "test-log:builtin.module",
            "test-log:func.func@a",
            "test-func-log:func.func@a",
            "test-log:func.func@b",
            "test-func-log:func.func@b",
            "test-module-log:builtin.module",
        ]
    );
}

#[test]
fn any_matches_every_direct_child() {
    let (_, r, log) = run("builtin.module(any(test-log))", &["a", "b"]);
    r.unwrap();
    assert_eq!(
        log,
        [
            "test-log:func.func@a",
            "test-log:test.global",
            "test-log:func.func@b"
        ]
    );
    // An anchored pass in an `any` pass manager restricts it to matching ops.
    let (_, r, log) = run("builtin.module(any(test-log,test-func-log))", &["a"]);
    r.unwrap();
    assert_eq!(log, ["test-log:func.func@a", "test-func-log:func.func@a"]);
}

#[test]
fn nested_managers_see_only_immediate_children() {
    let mut ctx = Context::new();
    let (outer, _) = build_module(&mut ctx, &["top"]);
    let (inner, _) = build_module(&mut ctx, &["deep"]);
    let body = ctx.entry_block(ctx.region(outer, 0)).unwrap();
    ctx.insert_op(inner, tail_ir::InsertPoint::BlockEnd(body));
    take_log();
    pm("builtin.module(func.func(test-log))")
        .run(&mut ctx, outer)
        .unwrap();
    assert_eq!(take_log(), ["test-log:func.func@top"]);
    pm("builtin.module(builtin.module(func.func(test-log)))")
        .run(&mut ctx, outer)
        .unwrap();
    assert_eq!(take_log(), ["test-log:func.func@deep"]);
}

#[test]
fn wrong_root_op_is_an_error() {
    let mut ctx = Context::new();
    let (_, funcs) = build_module(&mut ctx, &["f"]);
    let err = pm("builtin.module(test-log)")
        .run(&mut ctx, funcs[0])
        .unwrap_err();
    assert_eq!(err.kind, PipelineErrorKind::AnchorMismatch);
    let diags = ctx.take_diagnostics();
    assert_eq!(
        diags[0].message,
        "can't run 'builtin.module' pass manager on 'func.func' op"
    );
    // An op-agnostic root runs anywhere.
    take_log();
    pm("any(test-log)").run(&mut ctx, funcs[0]).unwrap();
    assert_eq!(take_log(), ["test-log:func.func@f"]);
}

#[test]
fn programmatic_construction() {
    let mut p = PassManager::new("builtin.module");
    p.nest("func.func").add_pass(TestFuncLog::create_pass());
    p.add_pass(Box::new(TestTouch {
        value: 5,
        ..Default::default()
    }));
    assert_eq!(
        p.to_string(),
        "builtin.module(func.func(test-func-log),test-touch{value=5})"
    );
    let err = p.try_add_pass(TestFuncLog::create_pass()).unwrap_err();
    assert!(
        err.starts_with("Can't add pass 'TestFuncLog' restricted to 'func.func'"),
        "{err}"
    );
    let mut ctx = Context::new();
    let (m, _) = build_module(&mut ctx, &["x"]);
    take_log();
    p.run(&mut ctx, m).unwrap();
    assert_eq!(
        take_log(),
        ["test-func-log:func.func@x", "test-touch:builtin.module"]
    );
    let a = ctx.attr(m, "touched").unwrap();
    assert_eq!(ctx.attr_as_int(a), Some(5));
}

#[test]
#[should_panic(expected = "did you intend to nest?")]
fn add_pass_panics_on_programming_error() {
    let mut p = OpPassManager::new("builtin.module");
    p.add_pass(TestFuncLog::create_pass());
}

#[test]
fn failing_pass_stops_the_pipeline() {
    let (mut ctx, r, log) = run(
        "builtin.module(func.func(test-log,test-fail,test-log),test-log)",
        &["a", "b"],
    );
    let err = r.unwrap_err();
    assert_eq!(err.kind, PipelineErrorKind::PassFailed);
    assert_eq!(err.pass, Some("test-fail"));
    assert_eq!(log, ["test-log:func.func@a", "test-fail:func.func@a"]);
    let diags = ctx.take_diagnostics();
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].message, "test-fail failed here");
    assert_eq!(err.to_string(), "pass 'test-fail' failed");

    // A diagnostic emitted by the pass itself is not duplicated.
    let (mut ctx, r, _) = run("builtin.module(test-fail{emit})", &[]);
    assert!(r.is_err());
    assert_eq!(ctx.take_diagnostics().len(), 1);

    // A pass failing silently still yields an error.
    let (mut ctx, r, _) = run("builtin.module(test-fail{silent})", &[]);
    assert!(r.is_err());
    let diags = ctx.take_diagnostics();
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].message, "pass 'test-fail' failed");
}

fn reject_touched(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    for o in ctx.walk_preorder(op) {
        if ctx.attr(o, "touched").is_some() {
            return Err(Diagnostic::error(
                ctx.op_loc(o),
                format!("'{}' op is touched", ctx.op_name_str(o)),
            ));
        }
    }
    Ok(())
}

#[test]
fn verify_each_stops_after_invalid_ir() {
    let mut ctx = Context::new();
    let (m, _) = build_module(&mut ctx, &["a", "b"]);
    take_log();
    let mut p = pm("builtin.module(func.func(test-log,test-touch,test-log))");
    p.config.verifier = Some(reject_touched);
    let out = CaptureBuffer::new();
    p.set_ir_output(Box::new(out.clone()));
    p.config.print_ir_after_failure = true;
    let err = p.run(&mut ctx, m).unwrap_err();
    assert_eq!(err.kind, PipelineErrorKind::VerificationFailed);
    assert_eq!(err.pass, Some("test-touch"));
    assert_eq!(
        take_log(),
        ["test-log:func.func@a", "test-touch:func.func@a"]
    );
    assert_eq!(
        ctx.take_diagnostics()[0].message,
        "'func.func' op is touched"
    );
    assert!(out
        .contents()
        .starts_with("// -----// IR Dump After TestTouch Failed (test-touch) //----- //\n"));

    // With verify-each off the pipeline completes.
    let mut ctx = Context::new();
    let (m, _) = build_module(&mut ctx, &["a"]);
    let mut p = pm("builtin.module(func.func(test-touch))");
    p.config.verifier = Some(reject_touched);
    p.config.verify_each = false;
    p.run(&mut ctx, m).unwrap();
}

#[test]
fn ir_printing_after_all_and_after_change() {
    let mut ctx = Context::new();
    let (m, funcs) = build_module(&mut ctx, &["a"]);
    let f_text = ctx.print_op_to_string(funcs[0], PrintOptions::default());
    let mut p = pm("builtin.module(func.func(test-log,test-touch,test-touch))");
    let out = CaptureBuffer::new();
    p.set_ir_output(Box::new(out.clone()));
    p.config.print_ir_after_all = true;
    p.run(&mut ctx, m).unwrap();
    let touched = ctx.print_op_to_string(funcs[0], PrintOptions::default());
    assert_ne!(f_text, touched);
    assert_eq!(
        out.contents(),
        format!(
            "// -----// IR Dump After TestLog (test-log) //----- //\n{f_text}\n\
             // -----// IR Dump After TestTouch (test-touch) //----- //\n{touched}\n\
             // -----// IR Dump After TestTouch (test-touch) //----- //\n{touched}\n"
        )
    );

    // After-change: only the pass that changed something is printed.
    let mut ctx = Context::new();
    let (m, _) = build_module(&mut ctx, &["a"]);
    let mut p = pm("builtin.module(func.func(test-log,test-touch,test-touch))");
    let out = CaptureBuffer::new();
    p.set_ir_output(Box::new(out.clone()));
    p.config.print_ir_after_change = true;
    p.run(&mut ctx, m).unwrap();
    let text = out.contents();
    assert_eq!(text.matches("// -----// IR Dump").count(), 1, "{text}");
    assert!(text.starts_with("// -----// IR Dump After TestTouch (test-touch) //----- //\n"));

    // Before-all, and module scope.
    let mut ctx = Context::new();
    let (m, _) = build_module(&mut ctx, &["a"]);
    let module_text = ctx.print_op_to_string(m, PrintOptions::default());
    let mut p = pm("builtin.module(func.func(test-log))");
    let out = CaptureBuffer::new();
    p.set_ir_output(Box::new(out.clone()));
    p.config.print_ir_before_all = true;
    p.config.print_module_scope = true;
    p.run(&mut ctx, m).unwrap();
    assert_eq!(
        out.contents(),
        format!("// -----// IR Dump Before TestLog (test-log) ('func.func' operation: @a) //----- //\n{module_text}\n")
    );

    // Selected passes only.
    let mut ctx = Context::new();
    let (m, _) = build_module(&mut ctx, &["a"]);
    let mut p = pm("builtin.module(func.func(test-log,test-touch),test-log)");
    let out = CaptureBuffer::new();
    p.set_ir_output(Box::new(out.clone()));
    p.config.print_ir_after = vec!["test-log".into()];
    p.run(&mut ctx, m).unwrap();
    let text = out.contents();
    assert_eq!(
        text.matches("// -----// IR Dump After TestLog (test-log) //----- //")
            .count(),
        2,
        "{text}"
    );
    assert!(!text.contains("TestTouch"));
}

#[test]
fn analyses_are_cached_until_invalidated() {
    let c0 = analysis_count();
    // Same pass twice, preserving: computed once.
    let (_, r, log) = run(
        "builtin.module(test-analysis{preserve},test-analysis{preserve})",
        &["a"],
    );
    r.unwrap();
    assert_eq!(analysis_count() - c0, 1);
    assert_eq!(log.len(), 2);

    // Not preserved: recomputed by the next pass.
    let c0 = analysis_count();
    let (_, r, _) = run(
        "builtin.module(test-analysis,test-analysis,test-analysis{preserve-all},test-analysis)",
        &["a"],
    );
    r.unwrap();
    assert_eq!(analysis_count() - c0, 3);

    // A pass that does not use the analysis but changes nothing and preserves all keeps it.
    let c0 = analysis_count();
    let (_, r, _) = run(
        "builtin.module(test-analysis{preserve},test-log,test-analysis)",
        &["a"],
    );
    r.unwrap();
    assert_eq!(analysis_count() - c0, 1);

    // A pass that preserves nothing invalidates it.
    let c0 = analysis_count();
    let (_, r, _) = run(
        "builtin.module(test-analysis{preserve},test-touch,test-analysis)",
        &["a"],
    );
    r.unwrap();
    assert_eq!(analysis_count() - c0, 2);
}

#[test]
fn child_analyses_are_shared_and_invalidated() {
    // The module pass computes the analysis of each child; the nested function passes reuse it.
    let c0 = analysis_count();
    let (_, r, _) = run(
        "builtin.module(test-analysis{children preserve},func.func(test-analysis{preserve}))",
        &["a", "b"],
    );
    r.unwrap();
    // module + 3 children (a, test.global, b); the function passes hit the cache.
    assert_eq!(analysis_count() - c0, 4);

    // A module pass preserving nothing drops the children's caches.
    let c0 = analysis_count();
    let (_, r, _) = run(
        "builtin.module(test-analysis{children preserve},test-touch,func.func(test-analysis))",
        &["a", "b"],
    );
    r.unwrap();
    assert_eq!(analysis_count() - c0, 4 + 2);

    // A nested pass changing a function invalidates the module's analysis but not the other
    // function's.
    let c0 = analysis_count();
    let (_, r, _) = run(
        "builtin.module(test-analysis{children preserve},func.func(test-touch),test-analysis{preserve},func.func(test-analysis))",
        &["a", "b"],
    );
    r.unwrap();
    // initial 4; after the touches the module's and each function's analysis are recomputed.
    assert_eq!(analysis_count() - c0, 4 + 1 + 2);

    // Nested passes that preserve all keep the parent's analysis.
    let c0 = analysis_count();
    let (_, r, _) = run(
        "builtin.module(test-analysis{preserve},func.func(test-log),test-analysis)",
        &["a", "b"],
    );
    r.unwrap();
    assert_eq!(analysis_count() - c0, 1);
}

#[test]
fn analysis_manager_api() {
    let mut ctx = Context::new();
    let (m, funcs) = build_module(&mut ctx, &["a"]);
    let body_op = ctx
        .first_op(ctx.entry_block(ctx.region(funcs[0], 0)).unwrap())
        .unwrap();
    let mut am = AnalysisManager::new(m);
    assert!(am.get_cached_analysis::<CountingAnalysis>().is_none());
    let a = am.get_analysis::<CountingAnalysis>(&ctx);
    assert_eq!(a.num_ops, 5); // module, func, test.op, func.return, test.global
    let deep = am
        .get_child_analysis::<CountingAnalysis>(&ctx, body_op)
        .unwrap();
    assert_eq!(deep.num_ops, 1);
    assert!(am
        .get_cached_child_analysis::<CountingAnalysis>(&ctx, body_op)
        .is_some());
    assert!(AnalysisManager::new(funcs[0])
        .get_child_analysis::<CountingAnalysis>(&ctx, m)
        .is_none());
    am.get_analysis::<OtherAnalysis>(&ctx);
    assert_eq!(am.num_cached(), 2);

    let mut pa = PreservedAnalyses::none();
    pa.preserve::<OtherAnalysis>();
    am.invalidate(&pa);
    assert_eq!(am.num_cached(), 1);
    assert!(am.get_cached_analysis::<OtherAnalysis>().is_some());
    assert!(am
        .get_cached_child_analysis::<CountingAnalysis>(&ctx, body_op)
        .is_none());
    assert_eq!(am.num_child_caches(), 1);
    am.invalidate(&PreservedAnalyses::all());
    assert_eq!(am.num_cached(), 1);
    am.invalidate(&PreservedAnalyses::none());
    assert_eq!((am.num_cached(), am.num_child_caches()), (0, 0));

    let mut x = PreservedAnalyses::none();
    x.preserve::<CountingAnalysis>();
    x.preserve::<OtherAnalysis>();
    assert!(PreservedAnalyses::all()
        .intersect(&x)
        .is_preserved::<OtherAnalysis>());
    assert!(x.intersect(&pa).is_preserved::<OtherAnalysis>());
    assert!(!x.intersect(&pa).is_preserved::<CountingAnalysis>());
    assert!(x.intersect(&PreservedAnalyses::none()).is_none());
}

/// An analysis that survives invalidation unless `OtherAnalysis` is dropped too.
struct Sticky;
impl Analysis for Sticky {
    fn new(_: &Context, _: OpId) -> Self {
        Sticky
    }
    fn is_invalidated(&self, pa: &PreservedAnalyses) -> bool {
        !pa.is_preserved::<OtherAnalysis>()
    }
}

#[test]
fn custom_invalidation() {
    let mut ctx = Context::new();
    let (m, _) = build_module(&mut ctx, &[]);
    let mut am = AnalysisManager::new(m);
    am.get_analysis::<Sticky>(&ctx);
    let mut pa = PreservedAnalyses::none();
    pa.preserve::<OtherAnalysis>();
    am.invalidate(&pa);
    assert!(am.get_cached_analysis::<Sticky>().is_some());
    am.invalidate(&PreservedAnalyses::none());
    assert!(am.get_cached_analysis::<Sticky>().is_none());
}

#[test]
fn statistics_report() {
    let mut ctx = Context::new();
    let (m, _) = build_module(&mut ctx, &["a", "b"]);
    let mut p = pm("builtin.module(func.func(test-log,test-touch),test-touch,test-fail{silent=false emit=false})");
    let _ = p.run(&mut ctx, m);
    assert_eq!(
        p.statistics_report(),
        "===-------------------------------------------------------------------------===\n\
         \x20                        ... Pass statistics report ...\n\
         ===-------------------------------------------------------------------------===\n\
         'func.func' Pipeline\n\
         \x20 TestLog\n\
         \x20   (S) 2 visited - Number of ops visited\n\
         \x20 TestTouch\n\
         \x20   (S) 2 num-touched - \n\
         TestTouch\n\
         \x20 (S) 1 num-touched - \n\
         TestFail\n"
    );
}

#[test]
fn timing_report() {
    let mut ctx = Context::new();
    let (m, _) = build_module(&mut ctx, &["a", "b"]);
    let mut p = pm("builtin.module(func.func(test-analysis,test-log),test-touch)");
    assert!(p.timing_report().is_none());
    p.config.timing = true;
    p.run(&mut ctx, m).unwrap();
    let report = p.timing_report().unwrap();
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines[0], format!("==={}===", "-".repeat(73)));
    assert_eq!(
        lines[1],
        "                         ... Execution time report ..."
    );
    assert!(
        lines[3].starts_with("  Total Execution Time: ") && lines[3].ends_with(" seconds"),
        "{report}"
    );
    assert_eq!(lines[4], "");
    assert_eq!(lines[5], "  ----Wall Time----  ----Name----");
    let names: Vec<&str> = lines[6..].iter().map(|l| &l[19..]).collect();
    assert_eq!(
        names,
        [
            "  'func.func' Pipeline",
            "    TestAnalysis",
            "      (A) CountingAnalysis",
            "    TestLog",
            "  TestTouch",
            "  Rest",
            "  Total",
        ],
        "{report}"
    );
    assert!(lines.last().unwrap().contains("(100.0%)  Total"));
    for l in &lines[6..] {
        assert_eq!(&l[..2], "  ");
        assert!(l[2..10].trim().parse::<f64>().is_ok(), "{l}");
        assert_eq!(&l[10..12], " (");
    }
}

#[test]
fn default_verifier_runs_after_changes() {
    let mut ctx = Context::new();
    let (m, _) = build_module(&mut ctx, &["a"]);
    // Unchanged IR is not re-verified.
    ctx.allow_unregistered = false;
    pm("builtin.module(test-log)").run(&mut ctx, m).unwrap();
    // A change triggers verification, which rejects the unregistered ops.
    let err = pm("builtin.module(test-touch)")
        .run(&mut ctx, m)
        .unwrap_err();
    assert_eq!(err.kind, PipelineErrorKind::VerificationFailed);
    assert_eq!(ctx.take_diagnostics().len(), 1);
    ctx.allow_unregistered = true;
    let mut p = pm("builtin.module(func.func(test-touch))");
    assert!(p.config.verifier.is_some() && p.config.verify_each);
    p.run(&mut ctx, m).unwrap();
}
