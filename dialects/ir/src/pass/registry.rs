//! Link-time registration of passes and named pipelines (MLIR's `PassRegistration` and
//! `PassPipelineRegistration`), collected with [`inventory`]: every pass crate linked into a
//! binary is available to the pipeline parser and `--list-passes` without explicit calls.

use super::{Pass, PassInfo};

/// A registered pass: its description and a constructor producing it with default options.
/// Submitted by the `#[pass]` macro.
pub struct PassRegistration {
    /// The pass description (argument, summary, options, ...).
    pub info: &'static PassInfo,
    /// Creates an instance with default options.
    pub create: fn() -> Box<dyn Pass>,
}

impl PassRegistration {
    /// The pipeline argument, e.g. `canonicalize`.
    pub fn argument(&self) -> &'static str {
        self.info.argument
    }
    /// One-line summary.
    pub fn summary(&self) -> &'static str {
        self.info.summary
    }
}

impl std::fmt::Debug for PassRegistration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PassRegistration")
            .field("argument", &self.info.argument)
            .finish_non_exhaustive()
    }
}

inventory::collect!(PassRegistration);

/// A named pipeline: `argument` stands for the pipeline text, a comma-separated element list
/// (`func.func(cse,canonicalize),symbol-dce`) that expands in place into the pass manager
/// referencing it. Submit one with [`pass_pipeline!`](crate::pass_pipeline).
#[derive(Debug)]
pub struct PipelineRegistration {
    /// The name used in pipelines.
    pub argument: &'static str,
    /// One-line summary.
    pub summary: &'static str,
    /// The pipeline text.
    pub pipeline: &'static str,
}

inventory::collect!(PipelineRegistration);

/// Every registered pass, sorted by argument.
pub fn registered_passes() -> Vec<&'static PassRegistration> {
    let mut v: Vec<_> = inventory::iter::<PassRegistration>.into_iter().collect();
    v.sort_by_key(|r| r.info.argument);
    v.dedup_by_key(|r| r.info.argument);
    v
}

/// Every registered named pipeline, sorted by argument.
pub fn registered_pipelines() -> Vec<&'static PipelineRegistration> {
    let mut v: Vec<_> = inventory::iter::<PipelineRegistration>
        .into_iter()
        .collect();
    v.sort_by_key(|r| r.argument);
    v.dedup_by_key(|r| r.argument);
    v
}

/// The pass registered as `argument`.
pub fn lookup_pass(argument: &str) -> Option<&'static PassRegistration> {
    inventory::iter::<PassRegistration>
        .into_iter()
        .find(|r| r.info.argument == argument)
}

/// The named pipeline registered as `argument`.
pub fn lookup_pipeline(argument: &str) -> Option<&'static PipelineRegistration> {
    inventory::iter::<PipelineRegistration>
        .into_iter()
        .find(|r| r.argument == argument)
}

/// The `--list-passes` text: every registered pass with its summary and options, then every
/// named pipeline, sorted by argument.
///
/// ```text
/// Passes:
///   canonicalize - Canonicalize operations
///     max-iterations=<usize> (default: 10) - Iteration limit
/// Pass pipelines:
///   tail-simplify - Canonicalize and clean up
/// ```
pub fn list_passes_text() -> String {
    use std::fmt::Write;
    let mut out = String::from("Passes:\n");
    for r in registered_passes() {
        let info = r.info;
        let _ = writeln!(out, "  {} - {}", info.argument, info.summary);
        for o in info.options {
            let _ = write!(out, "    {}=<{}>", o.name, o.type_name);
            if !o.default.is_empty() {
                let _ = write!(out, " (default: {})", o.default);
            }
            if !o.description.is_empty() {
                let _ = write!(out, " - {}", o.description);
            }
            out.push('\n');
        }
    }
    out.push_str("Pass pipelines:\n");
    for p in registered_pipelines() {
        let _ = writeln!(out, "  {} - {}", p.argument, p.summary);
    }
    out
}
