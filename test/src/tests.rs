use super::*;

fn parse(text: &str) -> Directives {
    parse_directives(Path::new("t.mlir"), text).expect("directives parse")
}

fn cmds(d: &Directives) -> Vec<&str> {
    d.run.iter().map(|r| r.command.as_str()).collect()
}

// ----------------------------------------------------------------- parsing

#[test]
fn parse_simple_run_lines() {
    let d = parse("// RUN: tail-opt %s | FileCheck %s\n// CHECK: foo\n//RUN:not tail-opt %s\n");
    assert_eq!(cmds(&d), ["tail-opt %s | FileCheck %s", "not tail-opt %s"]);
    assert_eq!(d.run[0].line, 1);
    assert_eq!(d.run[1].line, 3);
    assert!(d.requires.is_empty() && d.xfail.is_empty() && d.unsupported.is_empty());
}

#[test]
fn parse_continuations() {
    let d = parse(
        "// RUN: tail-opt %s \\\n\
         // RUN:   --pass-pipeline=x \\\n\
         // RUN:   | FileCheck %s\n\
         // RUN: echo second\n",
    );
    assert_eq!(
        cmds(&d),
        [
            "tail-opt %s --pass-pipeline=x | FileCheck %s",
            "echo second"
        ]
    );
    assert_eq!(d.run[0].line, 1);
    assert_eq!(d.run[1].line, 4);
}

#[test]
fn parse_unterminated_continuation_is_error() {
    let err = parse_directives(Path::new("x.mlir"), "// RUN: a \\\n// CHECK: b\n").unwrap_err();
    assert!(err.contains("x.mlir:1"), "{err}");
    let err =
        parse_directives(Path::new("x.mlir"), "// RUN: a \\\n// REQUIRES: cuda\n").unwrap_err();
    assert!(err.contains("continuation"), "{err}");
}

#[test]
fn parse_requires_unsupported_xfail_retries() {
    let d = parse(
        "// REQUIRES: mlir-opt, filecheck\n// REQUIRES: cuda\n\
         // UNSUPPORTED: ptxas\n// XFAIL: *\n// ALLOW_RETRIES: 3\n// RUN: true\n",
    );
    assert_eq!(d.requires, ["mlir-opt", "filecheck", "cuda"]);
    assert_eq!(d.unsupported, ["ptxas"]);
    assert_eq!(d.xfail, ["*"]);
    assert_eq!(d.allow_retries, 3);
    assert!(parse_directives(Path::new("x"), "// ALLOW_RETRIES: lots\n").is_err());
}

#[test]
fn parse_tail_comments() {
    let d = parse("(* RUN: tailc %s | FileCheck %s *)\n-- RUN: echo dash\n(* REQUIRES: cuda *)\n");
    assert_eq!(cmds(&d), ["tailc %s | FileCheck %s", "echo dash"]);
    assert_eq!(d.requires, ["cuda"]);
}

#[test]
fn parse_apl_and_ll_comments() {
    let d = parse("⍝ RUN: tailc %s -o %t\n  ⍝   RUN: echo ⍝ x\nx ← 1\n; RUN: llc %s\n");
    assert_eq!(cmds(&d), ["tailc %s -o %t", "echo ⍝ x", "llc %s"]);
}

#[test]
fn parse_ignores_glued_keywords() {
    let d = parse("// CHECK-RUN: nope\n// MYRUN: nope\n// NOTXFAIL: *\n// RUN: yes\n");
    assert_eq!(cmds(&d), ["yes"]);
    assert!(d.xfail.is_empty());
}

// ------------------------------------------------------------ substitution

fn subst() -> Substitutions {
    Substitutions {
        source: "/src/dir/a.mlir".into(),
        source_dir: "/src/dir".into(),
        temp: "/tmp/run/dir/a.mlir.tmp".into(),
        temp_dir: "/tmp/run/dir".into(),
    }
}

#[test]
fn substitutes_paths() {
    let s = subst();
    assert_eq!(
        s.apply("tail-opt %s -o %t && cat %t | FileCheck %s --input-file=%S/x"),
        "tail-opt /src/dir/a.mlir -o /tmp/run/dir/a.mlir.tmp && cat /tmp/run/dir/a.mlir.tmp \
         | FileCheck /src/dir/a.mlir --input-file=/src/dir/x"
    );
    assert_eq!(
        s.apply("%T %basename_t %p"),
        "/tmp/run/dir a.mlir.tmp /src/dir"
    );
}

#[test]
fn percent_percent_is_literal_and_not_reexpanded() {
    let s = subst();
    assert_eq!(s.apply("printf '%%s' x"), "printf '%s' x");
    assert_eq!(s.apply("%%t %%%s %%"), "%t %/src/dir/a.mlir %");
    // Unknown sequences are left untouched.
    assert_eq!(s.apply("printf '%d %' 5"), "printf '%d %' 5");
    assert_eq!(s.apply("100%"), "100%");
}

#[test]
fn detects_missing_workspace_tools() {
    let empty = Path::new("/nonexistent-tail-tools-dir");
    assert_eq!(
        missing_workspace_tool("tail-opt %s", empty),
        Some("tail-opt")
    );
    assert_eq!(
        missing_workspace_tool("cat %s | not tail-translate --x", empty),
        Some("tail-translate")
    );
    assert_eq!(missing_workspace_tool("(tailc %s)", empty), Some("tailc"));
    assert_eq!(
        missing_workspace_tool("cat Inputs/tail-opt-in.mlir", empty),
        None
    );
    assert_eq!(missing_workspace_tool("echo tailcx", empty), None);
}

// ------------------------------------------------------- end-to-end runner

fn selftest_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("lit-selftest")
}

fn selftest_config() -> Config {
    let mut cfg = Config::from_env();
    cfg.tools_dir = PathBuf::from("/nonexistent-tail-tools-dir");
    cfg.path_prefix[0] = cfg.tools_dir.clone();
    cfg.timeout = Duration::from_secs(30);
    cfg
}

fn find<'a>(tests: &'a [LitTest], name: &str) -> &'a LitTest {
    tests
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("fixture {name} not discovered"))
}

#[test]
fn discovery_of_selftest_fixtures() {
    let tests = discover(&selftest_root());
    let names: Vec<&str> = tests.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "continuation.fcl",
            "fail.mlir",
            "filecheck.mlir",
            "needs-tool.mlir",
            "pass.mlir",
            "requires.mlir",
            "retries.mlir",
            "sub/apl.apl",
            "sub/llvm.ll",
            "sub/tail.tail",
            "subst.mlir",
            "timeout.mlir",
            "unsupported.mlir",
            "xfail.mlir",
            "xpass.mlir",
        ]
    );
    assert!(tests.iter().all(|t| t.path.is_absolute()));
}

#[test]
fn real_suite_discovery_skips_selftest() {
    let tests = discover(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(tests.iter().all(|t| !t.name.contains("lit-selftest")));
}

#[test]
fn selftest_outcomes() {
    let cfg = selftest_config();
    let tests = discover(&selftest_root());
    let outcome = |name: &str| run(find(&tests, name), &cfg);

    for name in [
        "pass.mlir",
        "continuation.fcl",
        "subst.mlir",
        "retries.mlir",
        "sub/apl.apl",
        "sub/llvm.ll",
        "sub/tail.tail",
    ] {
        assert_eq!(outcome(name), Outcome::Pass, "{name}");
    }

    if cfg.features.contains("filecheck") {
        assert_eq!(outcome("filecheck.mlir"), Outcome::Pass);
    } else {
        assert!(matches!(outcome("filecheck.mlir"), Outcome::Unsupported(_)));
    }

    match outcome("fail.mlir") {
        Outcome::Fail(msg) => {
            assert!(msg.contains("fail.mlir:3"), "{msg}");
            assert!(msg.contains("exit code 1"), "{msg}");
            assert!(msg.contains("about-to-fail"), "{msg}");
            assert!(
                !msg.contains("never-runs > "),
                "stopped at first failure: {msg}"
            );
        }
        other => panic!("fail.mlir: {other:?}"),
    }
    let never = cfg.temp_path(find(&tests, "fail.mlir"));
    assert!(!PathBuf::from(format!("{}.never", never.display())).exists());

    assert_eq!(outcome("xfail.mlir"), Outcome::XFail);
    assert_eq!(outcome("xpass.mlir"), Outcome::XPass);
    assert!(outcome("xpass.mlir").is_failure());

    match outcome("requires.mlir") {
        Outcome::Unsupported(msg) => assert!(msg.contains("no-such-feature"), "{msg}"),
        other => panic!("requires.mlir: {other:?}"),
    }
    assert!(matches!(
        outcome("unsupported.mlir"),
        Outcome::Unsupported(_)
    ));

    match outcome("needs-tool.mlir") {
        Outcome::Fail(msg) => {
            assert!(msg.contains("tail-opt"), "{msg}");
            assert!(msg.contains("cargo build --workspace --bins"), "{msg}");
        }
        other => panic!("needs-tool.mlir: {other:?}"),
    }

    let _ = std::fs::remove_dir_all(&cfg.tmp_root);
}

#[test]
fn timeout_kills_process_group() {
    let mut cfg = selftest_config();
    cfg.timeout = Duration::from_millis(300);
    let tests = discover(&selftest_root());
    let start = Instant::now();
    let out = run(find(&tests, "timeout.mlir"), &cfg);
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    match out {
        Outcome::Fail(msg) => assert!(msg.contains("timed out"), "{msg}"),
        other => panic!("timeout.mlir: {other:?}"),
    }
    let _ = std::fs::remove_dir_all(&cfg.tmp_root);
}

#[test]
fn invalid_directives_fail() {
    let t = LitTest {
        path: PathBuf::from("/x/bad.mlir"),
        name: "bad.mlir".into(),
        directives: Err("bad".into()),
    };
    assert!(matches!(run(&t, &selftest_config()), Outcome::Fail(m) if m.contains("bad")));
}
