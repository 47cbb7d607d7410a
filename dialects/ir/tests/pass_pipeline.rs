//! Pipeline grammar: valid forms, printing round trips, named pipelines, located errors.

mod pass_common;

use tail_ir::pass::{
    parse_pass_pipeline, registered_passes, registered_pipelines, OpPassManager, PassManager,
};

tail_ir::pass_pipeline! {
    argument: "test-named",
    summary: "Touch functions then log the module",
    pipeline: "func.func(test-touch{value=7}), test-log",
}

tail_ir::pass_pipeline! {
    argument: "test-named-outer",
    summary: "Uses another named pipeline",
    pipeline: "test-named,test-module-log",
}

tail_ir::pass_pipeline! {
    argument: "test-named-bad",
    summary: "Refers to a pass that does not exist",
    pipeline: "test-log,nope",
}

tail_ir::pass_pipeline! {
    argument: "test-named-self",
    summary: "Refers to itself",
    pipeline: "test-log,test-named-self",
}

fn round_trip(text: &str) -> String {
    match parse_pass_pipeline(text) {
        Ok(pm) => pm.to_string(),
        Err(e) => panic!("{}", e.render()),
    }
}

#[test]
fn parses_and_prints_nested_pipelines() {
    assert_eq!(
        round_trip("builtin.module(test-log)"),
        "builtin.module(test-log)"
    );
    assert_eq!(
        round_trip("builtin.module(func.func(test-func-log,test-touch{value=4}),test-module-log)"),
        "builtin.module(func.func(test-func-log,test-touch{value=4}),test-module-log)"
    );
    assert_eq!(
        round_trip("builtin.module(any(test-log))"),
        "builtin.module(any(test-log))"
    );
    assert_eq!(round_trip("any(test-log)"), "any(test-log)");
    assert_eq!(round_trip("builtin.module()"), "builtin.module()");
    assert_eq!(
        round_trip("builtin.module(func.func())"),
        "builtin.module(func.func())"
    );
    assert_eq!(
        round_trip("builtin.module(builtin.module(func.func(test-log)))"),
        "builtin.module(builtin.module(func.func(test-log)))"
    );
}

#[test]
fn whitespace_is_tolerated() {
    assert_eq!(
        round_trip("  builtin.module ( func.func ( test-func-log , test-touch { value=3 } ) ,\n test-log )  "),
        "builtin.module(func.func(test-func-log,test-touch{value=3}),test-log)"
    );
}

#[test]
fn options_print_with_defaults_sorted() {
    // All options are printed, sorted by name, as MLIR does.
    assert_eq!(
        round_trip("builtin.module(test-analysis{preserve=true children})"),
        "builtin.module(test-analysis{children=true preserve=true preserve-all=false})"
    );
    assert_eq!(
        round_trip("builtin.module(test-touch)"),
        "builtin.module(test-touch{value=1})"
    );
    assert_eq!(
        round_trip("builtin.module(test-touch{})"),
        "builtin.module(test-touch{value=1})"
    );
    // Quoted and braced values.
    assert_eq!(
        round_trip("builtin.module(test-touch{value=\"-5\"})"),
        "builtin.module(test-touch{value=-5})"
    );
    assert_eq!(
        round_trip("builtin.module(test-touch{value={12}})"),
        "builtin.module(test-touch{value=12})"
    );
    // Later assignments win.
    assert_eq!(
        round_trip("builtin.module(test-touch{value=2 value=3})"),
        "builtin.module(test-touch{value=3})"
    );
}

#[test]
fn printed_pipeline_parses_back_identically() {
    for text in [
        "builtin.module(func.func(test-touch{value=-2},test-fail{emit=true silent=false}),any(test-log))",
        "builtin.module(test-analysis{children=false preserve=false preserve-all=true})",
    ] {
        let once = round_trip(text);
        assert_eq!(round_trip(&once), once);
        assert_eq!(once, text);
    }
}

#[test]
fn named_pipelines_expand_in_place() {
    assert_eq!(
        round_trip("builtin.module(test-named)"),
        "builtin.module(func.func(test-touch{value=7}),test-log)"
    );
    assert_eq!(
        round_trip("builtin.module(test-log,test-named-outer)"),
        "builtin.module(test-log,func.func(test-touch{value=7}),test-log,test-module-log)"
    );
}

#[test]
fn add_pipeline_appends_relative_elements() {
    let mut pm = PassManager::new("builtin.module");
    pm.add_pipeline("func.func(test-func-log), test-log")
        .unwrap();
    pm.add_pipeline("").unwrap();
    pm.nest("func.func")
        .add_pipeline("test-touch{value=9}")
        .unwrap();
    assert_eq!(
        pm.to_string(),
        "builtin.module(func.func(test-func-log),test-log,func.func(test-touch{value=9}))"
    );
}

#[test]
fn registries_are_sorted() {
    let passes: Vec<_> = registered_passes().iter().map(|r| r.argument()).collect();
    let mut sorted = passes.clone();
    sorted.sort();
    assert_eq!(passes, sorted);
    assert!(passes.contains(&"test-touch"));
    let pipes: Vec<_> = registered_pipelines().iter().map(|r| r.argument).collect();
    assert_eq!(
        pipes,
        vec![
            "test-named",
            "test-named-bad",
            "test-named-outer",
            "test-named-self"
        ]
    );
}

/// Parses `text`, expecting an error; returns (column, message, rendered).
fn error_of(text: &str) -> (usize, String, String) {
    match parse_pass_pipeline(text) {
        Ok(pm) => panic!("expected an error for {text:?}, got {pm}"),
        Err(e) => (e.column, e.message.clone(), e.render()),
    }
}

#[test]
fn unknown_pass_is_located() {
    let (col, msg, rendered) = error_of("builtin.module(func.func(foo))");
    assert_eq!(col, 26);
    assert_eq!(
        msg,
        "'foo' does not refer to a registered pass or pass pipeline"
    );
    assert_eq!(
        rendered,
        "<pass-pipeline>:1:26: error: 'foo' does not refer to a registered pass or pass pipeline\n\
         builtin.module(func.func(foo))\n\
         \x20                        ^\n"
    );
}

#[test]
fn syntax_errors_are_located() {
    let cases: &[(&str, usize, &str)] = &[
        ("builtin.module(test-log", 24, "encountered unbalanced parentheses while parsing pipeline"),
        (
            "builtin.module(test-log))",
            25,
            "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline",
        ),
        ("builtin.module(test-log{value=1)", 24, "missing closing '}' while processing pass options"),
        (
            "builtin.module(test-log test-log)",
            16,
            "'test-log test-log' does not refer to a registered pass or pass pipeline",
        ),
        ("builtin.module(func.func(test-log) test-log)", 36, "expected ',' after parsing pipeline"),
        ("builtin.module(test-log,,test-log)", 25, "expected pass, pass pipeline or operation name"),
        ("builtin.module(test-log,)", 25, "expected pass, pass pipeline or operation name"),
        ("builtin.module((test-log))", 16, "expected operation name before '('"),
        (
            "test-log",
            1,
            "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'",
        ),
        ("", 1, "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'"),
        (
            "builtin.module(test-log),func.func(test-log)",
            26,
            "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'",
        ),
        ("builtin.module{x=1}(test-log)", 15, "unexpected options on pass pipeline anchor 'builtin.module'"),
        ("builtin.module(test-named{x=1})", 26, "pass pipeline 'test-named' does not take options"),
    ];
    for &(text, col, msg) in cases {
        let (c, m, rendered) = error_of(text);
        assert_eq!((c, m.as_str()), (col, msg), "for {text:?}:\n{rendered}");
        assert!(
            rendered.starts_with(&format!("<pass-pipeline>:1:{col}: error: {msg}\n")),
            "{rendered}"
        );
    }
    let (c, m, _) = error_of("builtin.module(func.func(test-log)))");
    assert_eq!(
        (c, m.as_str()),
        (
            36,
            "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline"
        )
    );
    let mut pm = OpPassManager::new("builtin.module");
    let e = pm.add_pipeline("test-log)").unwrap_err();
    assert_eq!(e.column, 9);
    assert_eq!(
        e.message,
        "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline"
    );
}

#[test]
fn option_errors_are_located() {
    let (c, m, _) = error_of("builtin.module(test-touch{valu=3})");
    assert_eq!(
        (c, m.as_str()),
        (27, "no such option 'valu' for pass 'test-touch'")
    );
    let (c, m, _) = error_of("builtin.module(test-touch{value=abc})");
    assert_eq!(
        (c, m.as_str()),
        (
            33,
            "invalid argument 'abc' to option 'value': expected an integer"
        )
    );
    let (c, m, _) = error_of("builtin.module(test-fail{emit=maybe})");
    assert_eq!(
        (c, m.as_str()),
        (
            31,
            "invalid argument 'maybe' to option 'emit': expected 'true' or 'false'"
        )
    );
    let (c, m, _) = error_of("builtin.module(test-touch{value})");
    assert_eq!((c, m.as_str()), (27, "missing value for option 'value'"));
    let (c, m, _) = error_of("builtin.module(test-touch{value=\"3})");
    assert_eq!(c, 33);
    assert_eq!(m, "missing closing \" in value of option 'value'");
    let (c, m, _) = error_of("builtin.module(test-touch{=3})");
    assert_eq!((c, m.as_str()), (27, "expected option name before '='"));
    // Flags without a value set booleans.
    assert_eq!(
        round_trip("builtin.module(test-fail{emit})"),
        "builtin.module(test-fail{emit=true silent=false})"
    );
}

#[test]
fn anchor_mismatch_is_located() {
    let (c, m, _) = error_of("builtin.module(test-func-log)");
    assert_eq!(c, 16);
    assert_eq!(
        m,
        "Can't add pass 'TestFuncLog' restricted to 'func.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?"
    );
    // Anchored passes are allowed in op-agnostic pass managers (they filter where it runs).
    assert_eq!(
        round_trip("builtin.module(any(test-func-log))"),
        "builtin.module(any(test-func-log))"
    );
    let (c, m, _) = error_of("func.func(test-module-log)");
    assert_eq!(c, 11);
    assert!(
        m.starts_with("Can't add pass 'TestModuleLog' restricted to 'builtin.module'"),
        "{m}"
    );
}

#[test]
fn named_pipeline_errors_point_at_the_reference() {
    let (c, m, _) = error_of("builtin.module(test-log, test-named-bad)");
    assert_eq!(c, 26);
    assert_eq!(
        m,
        "in pass pipeline 'test-named-bad' (`test-log,nope`) at column 10: 'nope' does not refer to a registered pass or pass pipeline"
    );
    let (c, m, _) = error_of("builtin.module(test-named-self)");
    assert_eq!(c, 16);
    assert!(
        m.contains("pass pipeline 'test-named-self' refers to itself"),
        "{m}"
    );
}

#[test]
fn multi_line_pipelines_report_lines() {
    let e = parse_pass_pipeline("builtin.module(\n  func.func(\n    bogus))").unwrap_err();
    assert_eq!((e.line, e.column), (3, 5));
    assert_eq!(
        e.render(),
        "<pass-pipeline>:3:5: error: 'bogus' does not refer to a registered pass or pass pipeline\n    bogus))\n    ^\n"
    );
}

#[test]
fn list_passes_text_mentions_options_and_pipelines() {
    let text = tail_ir::pass::list_passes_text();
    assert!(text.starts_with("Passes:\n"), "{text}");
    assert!(
        text.contains(
            "  test-touch - Mark the op as touched\n    value=<i64> (default: 1) - Value stored in the attribute\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("Pass pipelines:\n  test-named - Touch functions then log the module\n"),
        "{text}"
    );
}

mod fuzz {
    use proptest::prelude::*;
    use tail_ir::pass::parse_pass_pipeline;

    proptest! {
        /// Arbitrary text never panics the parser; whatever parses prints back to itself.
        #[test]
        fn parser_never_panics(text in r#"[a-z.\-(){}=,"' \n\té]{0,40}"#) {
            if let Ok(pm) = parse_pass_pipeline(&text) {
                let printed = pm.to_string();
                let again = parse_pass_pipeline(&printed).expect("printed pipeline parses");
                prop_assert_eq!(again.to_string(), printed);
            } else if let Err(e) = parse_pass_pipeline(&text) {
                let _ = e.render();
                prop_assert!(e.offset <= text.len());
            }
        }

        /// Pipelines built from known pieces parse and print back unchanged.
        #[test]
        fn generated_pipelines_round_trip(
            parts in proptest::collection::vec(
                prop_oneof![
                    Just("test-log".to_string()),
                    (-50i64..50).prop_map(|v| format!("test-touch{{value={v}}}")),
                    Just("func.func(test-func-log)".to_string()),
                    Just("any(test-log,test-func-log)".to_string()),
                    Just("test-fail{emit=true silent=false}".to_string()),
                ],
                0..5,
            )
        ) {
            let text = format!("builtin.module({})", parts.join(","));
            let pm = parse_pass_pipeline(&text).expect("valid");
            prop_assert_eq!(pm.to_string(), text);
        }
    }
}
