//! Pass instrumentation: verification after each pass, IR printing around passes, the
//! execution time report and the pass statistics report, in MLIR's output formats
//! (`PassInstrumentation`, `IRPrinterInstrumentation`, `PassTiming`, `PassStatistics`).

use std::cell::RefCell;
use std::fmt::Write as _;
use std::io;
use std::rc::Rc;
use std::time::{Duration, Instant};

use super::manager::{OpPassManager, PassEntry};
use super::Pass;
use crate::context::{Context, OpId};
use crate::diagnostic::Diagnostic;
use crate::printer::PrintOptions;

/// A verifier run after each pass ([`crate::verifier::verify`] by default).
pub type VerifierFn = fn(&Context, OpId) -> Result<(), Diagnostic>;

/// What a [`PassManager`](super::PassManager) does around each pass. The fields mirror
/// `mlir-opt`'s flags.
#[derive(Clone, Debug)]
pub struct PassManagerConfig {
    /// `--verify-each` (default on): run [`verifier`](Self::verifier) on the op after every
    /// pass that changed it; a failure stops the pipeline.
    pub verify_each: bool,
    /// The verifier used by `verify_each` ([`crate::verifier::verify`] by default); `None`
    /// skips verification.
    pub verifier: Option<VerifierFn>,
    /// `--mlir-print-ir-before-all`.
    pub print_ir_before_all: bool,
    /// `--mlir-print-ir-after-all`.
    pub print_ir_after_all: bool,
    /// `--mlir-print-ir-after-change`: like after-all, but only when the pass changed the IR
    /// (as seen by [`Context::change_count`]). Combined with `print_ir_after_all` or
    /// `print_ir_after` it filters those.
    pub print_ir_after_change: bool,
    /// `--mlir-print-ir-after-failure`: print the IR after a pass (or its verification) fails.
    pub print_ir_after_failure: bool,
    /// `--mlir-print-ir-before=<pass-arg>`: print before these passes (pipeline arguments).
    pub print_ir_before: Vec<String>,
    /// `--mlir-print-ir-after=<pass-arg>`: print after these passes (pipeline arguments).
    pub print_ir_after: Vec<String>,
    /// `--mlir-print-ir-module-scope`: print the top-level op instead of the op the pass ran on.
    pub print_module_scope: bool,
    /// How printed IR looks (generic form, locations).
    pub print_options: PrintOptions,
    /// `--mlir-timing`: collect wall time per pass ([`PassManager::timing_report`](super::PassManager::timing_report)).
    pub timing: bool,
}

impl Default for PassManagerConfig {
    fn default() -> Self {
        PassManagerConfig {
            verify_each: true,
            verifier: Some(crate::verifier::verify),
            print_ir_before_all: false,
            print_ir_after_all: false,
            print_ir_after_change: false,
            print_ir_after_failure: false,
            print_ir_before: Vec::new(),
            print_ir_after: Vec::new(),
            print_module_scope: false,
            print_options: PrintOptions::default(),
            timing: false,
        }
    }
}

impl PassManagerConfig {
    pub(crate) fn prints_before(&self, pass: &dyn Pass) -> bool {
        self.print_ir_before_all
            || self
                .print_ir_before
                .iter()
                .any(|a| a == pass.info().argument)
    }

    pub(crate) fn prints_after(&self, pass: &dyn Pass, changed: bool) -> bool {
        let selected = self.print_ir_after_all
            || self
                .print_ir_after
                .iter()
                .any(|a| a == pass.info().argument);
        if self.print_ir_after_change {
            // Alone, after-change means "after every pass that changed something".
            let alone = !self.print_ir_after_all && self.print_ir_after.is_empty();
            changed && (selected || alone)
        } else {
            selected
        }
    }

    /// Whether any IR printing is requested.
    pub fn prints_ir(&self) -> bool {
        self.print_ir_before_all
            || self.print_ir_after_all
            || self.print_ir_after_change
            || self.print_ir_after_failure
            || !self.print_ir_before.is_empty()
            || !self.print_ir_after.is_empty()
    }
}

/// A cloneable in-memory writer: give one clone to
/// [`PassManager::set_ir_output`](super::PassManager::set_ir_output) and read the other.
#[derive(Clone, Default, Debug)]
pub struct CaptureBuffer(Rc<RefCell<Vec<u8>>>);

impl CaptureBuffer {
    /// An empty buffer.
    pub fn new() -> Self {
        Self::default()
    }
    /// Everything written so far, as text.
    pub fn contents(&self) -> String {
        String::from_utf8_lossy(&self.0.borrow()).into_owned()
    }
    /// Empties the buffer.
    pub fn clear(&self) {
        self.0.borrow_mut().clear();
    }
}

impl io::Write for CaptureBuffer {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The IR dump for `op`: MLIR's banner (`// -----// IR Dump After CSE (cse) //----- //`)
/// followed by the printed op and a blank line. `banner` is `Before`, `After` or
/// `After … Failed`-style text built by the caller.
pub(crate) fn ir_dump(ctx: &Context, op: OpId, title: &str, config: &PassManagerConfig) -> String {
    let mut out = String::new();
    out.push_str("// -----// IR Dump ");
    out.push_str(title);
    if config.print_module_scope {
        let _ = write!(out, " ('{}' operation", ctx.op_name_str(op));
        if let Some(name) = ctx.attr(op, "sym_name").and_then(|a| ctx.attr_as_str(a)) {
            let _ = write!(out, ": @{name}");
        }
        out.push_str(") //----- //\n");
        let mut top = op;
        while let Some(p) = ctx.op_parent_op(top) {
            top = p;
        }
        out.push_str(&ctx.print_op_to_string(top, config.print_options));
    } else {
        out.push_str(" //----- //\n");
        out.push_str(&ctx.print_op_to_string(op, config.print_options));
    }
    out.push('\n');
    out
}

// ----- timing ----------------------------------------------------------------------------------

struct TimingNode {
    name: String,
    elapsed: Duration,
    children: Vec<usize>,
}

/// A tree of timers: nested pass managers, passes and analyses. Timers with the same name
/// under the same parent accumulate (every `func.func` run adds to one `CSE` timer).
pub(crate) struct Timing {
    nodes: Vec<TimingNode>,
    stack: Vec<(usize, Instant)>,
    total: Duration,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            nodes: vec![TimingNode {
                name: String::new(),
                elapsed: Duration::ZERO,
                children: Vec::new(),
            }],
            stack: Vec::new(),
            total: Duration::ZERO,
        }
    }
}

impl Timing {
    /// Starts timer `name` nested in the current one.
    pub(crate) fn enter(&mut self, name: String) {
        let parent = self.stack.last().map(|s| s.0).unwrap_or(0);
        let existing = self.nodes[parent]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].name == name);
        let id = existing.unwrap_or_else(|| {
            self.nodes.push(TimingNode {
                name,
                elapsed: Duration::ZERO,
                children: Vec::new(),
            });
            let id = self.nodes.len() - 1;
            self.nodes[parent].children.push(id);
            id
        });
        self.stack.push((id, Instant::now()));
    }

    /// Stops the current timer.
    pub(crate) fn exit(&mut self) {
        if let Some((id, start)) = self.stack.pop() {
            self.nodes[id].elapsed += start.elapsed();
        }
    }

    /// Adds to the total execution time.
    pub(crate) fn add_total(&mut self, d: Duration) {
        self.total += d;
    }

    /// MLIR's execution time report (wall time only).
    pub(crate) fn report(&self) -> String {
        let total = self.total.as_secs_f64();
        let mut out = String::new();
        report_header(&mut out, "... Execution time report ...");
        let _ = writeln!(out, "  Total Execution Time: {total:.4} seconds\n");
        out.push_str("  ----Wall Time----  ----Name----\n");
        let line = |out: &mut String, secs: f64, indent: usize, name: &str| {
            let pct = if total > 0.0 {
                100.0 * secs / total
            } else {
                0.0
            };
            let _ = writeln!(out, "  {secs:8.4} ({pct:5.1}%)  {:indent$}{name}", "");
        };
        let mut stack: Vec<(usize, usize)> = self.nodes[0]
            .children
            .iter()
            .rev()
            .map(|&c| (c, 0))
            .collect();
        while let Some((id, indent)) = stack.pop() {
            let n = &self.nodes[id];
            line(&mut out, n.elapsed.as_secs_f64(), indent, &n.name);
            stack.extend(n.children.iter().rev().map(|&c| (c, indent + 2)));
        }
        let accounted: f64 = self.nodes[0]
            .children
            .iter()
            .map(|&c| self.nodes[c].elapsed.as_secs_f64())
            .sum();
        line(&mut out, (total - accounted).max(0.0), 0, "Rest");
        let _ = writeln!(out, "  {total:8.4} ({:5.1}%)  Total", 100.0);
        out
    }
}

/// The `===---…---===` banner around a report title, centred in 80 columns.
fn report_header(out: &mut String, title: &str) {
    let rule = format!("==={}===\n", "-".repeat(73));
    out.push_str(&rule);
    let pad = 80usize.saturating_sub(title.len()) / 2;
    let _ = writeln!(out, "{:pad$}{title}", "");
    out.push_str(&rule);
}

// ----- statistics ------------------------------------------------------------------------------

/// MLIR's pass statistics report (pipeline view): nested pass managers as
/// `'func.func' Pipeline`, each pass by display name, its statistics as
/// `(S) <value> <name> - <description>` sorted by name and aligned.
pub(crate) fn statistics_report(pm: &OpPassManager) -> String {
    let mut out = String::new();
    report_header(&mut out, "... Pass statistics report ...");
    statistics_of(pm, 0, &mut out);
    out
}

fn statistics_of(pm: &OpPassManager, indent: usize, out: &mut String) {
    for entry in pm.entries() {
        match entry {
            PassEntry::Pass(p) => {
                let _ = writeln!(out, "{:indent$}{}", "", p.info().name);
                let mut stats = p.statistics();
                stats.sort_by_key(|s| s.name);
                let name_w = stats.iter().map(|s| s.name.len()).max().unwrap_or(0);
                let value_w = stats
                    .iter()
                    .map(|s| s.value.to_string().len())
                    .max()
                    .unwrap_or(0);
                for s in stats {
                    let _ = writeln!(
                        out,
                        "{:w$}(S) {:>value_w$} {:<name_w$} - {}",
                        "",
                        s.value,
                        s.name,
                        s.description,
                        w = indent + 2
                    );
                }
            }
            PassEntry::Nested(n) => {
                let _ = writeln!(out, "{:indent$}'{}' Pipeline", "", n.anchor());
                statistics_of(n, indent + 2, out);
            }
        }
    }
}
