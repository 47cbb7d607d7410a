//! The lit test suite: one libtest trial per test file under `test/`.
//!
//! Run with `cargo test -p tail-lit --test lit -- <path substring>` to select
//! a subset. Tools (`tail-opt`, ...) must be built first:
//! `cargo build --workspace --bins`.

use std::path::Path;
use std::sync::Arc;

use libtest_mimic::{Arguments, Completion, Failed, Trial};
use tail_lit::{discover, run, Config, Outcome};

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cfg = Arc::new(Config::from_env());

    let trials: Vec<Trial> = discover(root)
        .into_iter()
        .map(|test| {
            let ignored = test
                .directives
                .as_ref()
                .is_ok_and(|d| cfg.unsupported_reason(d).is_some());
            let cfg = Arc::clone(&cfg);
            Trial::ignorable_test(test.name.clone(), move || match run(&test, &cfg) {
                Outcome::Pass | Outcome::XFail => Ok(Completion::Completed),
                Outcome::Unsupported(reason) => Ok(Completion::ignored_with(reason)),
                Outcome::Fail(msg) => Err(Failed::from(msg)),
                Outcome::XPass => Err(Failed::from(format!(
                    "{}: test is marked XFAIL but unexpectedly passed",
                    test.path.display()
                ))),
            })
            .with_ignored_flag(ignored)
        })
        .collect();

    let conclusion = libtest_mimic::run(&args, trials);
    if conclusion.has_failed() {
        eprintln!(
            "lit: temporaries kept in {} (tools dir: {})",
            cfg.tmp_root.display(),
            cfg.tools_dir.display()
        );
    } else {
        let _ = std::fs::remove_dir_all(&cfg.tmp_root);
    }
    conclusion.exit();
}
