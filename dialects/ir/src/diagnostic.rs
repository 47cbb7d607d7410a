//! Diagnostics with source locations, rendered MLIR-style with the source line and a caret.
//!
//! ```text
//! t.mlir:3:8: error: 'arith.addi' op requires the same type for all operands and results
//!   %0 = arith.addi %a, %b : i32
//!        ^
//! ```

use std::fmt;
use std::sync::Arc;

use crate::intern::Symbol;
use crate::location::{LocKind, Location};
use crate::Context;

/// How serious a diagnostic is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Additional information attached to another diagnostic.
    Note,
    /// A remark.
    Remark,
    /// A warning: compilation goes on.
    Warning,
    /// An error: the input is rejected.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Note => "note",
            Severity::Remark => "remark",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// A message about the input, tied to a location, with optional attached notes.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// Severity.
    pub severity: Severity,
    /// Where.
    pub loc: Location,
    /// What.
    pub message: String,
    /// Attached notes (each with severity [`Severity::Note`]).
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    /// An error at `loc`.
    pub fn error(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            loc,
            message: message.into(),
            notes: Vec::new(),
        }
    }
    /// A warning at `loc`.
    pub fn warning(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            loc,
            message: message.into(),
            notes: Vec::new(),
        }
    }
    /// A remark at `loc`.
    pub fn remark(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Remark,
            loc,
            message: message.into(),
            notes: Vec::new(),
        }
    }
    /// Attaches a note at `loc`.
    pub fn with_note(mut self, loc: Location, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic {
            severity: Severity::Note,
            loc,
            message: message.into(),
            notes: Vec::new(),
        });
        self
    }
}

/// Source texts known to the context, so diagnostics can quote the offending line.
#[derive(Default)]
pub struct SourceManager {
    files: Vec<(Symbol, Arc<str>)>,
}

impl SourceManager {
    /// Registers (or replaces) the text of `file`.
    pub fn add(&mut self, file: Symbol, text: Arc<str>) {
        if let Some(slot) = self.files.iter_mut().find(|(f, _)| *f == file) {
            slot.1 = text;
        } else {
            self.files.push((file, text));
        }
    }
    /// The text of `file`, if known.
    pub fn get(&self, file: Symbol) -> Option<&Arc<str>> {
        self.files.iter().find(|(f, _)| *f == file).map(|(_, t)| t)
    }
}

impl Context {
    /// Records a diagnostic. Tools print or check the recorded diagnostics
    /// ([`Context::take_diagnostics`]).
    pub fn emit(&mut self, diag: Diagnostic) {
        if diag.severity == Severity::Error {
            self.error_count += 1;
        }
        self.diagnostics.push(diag);
    }

    /// Removes and returns every recorded diagnostic.
    pub fn take_diagnostics(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.diagnostics)
    }

    /// Number of errors emitted since the context was created.
    pub fn error_count(&self) -> usize {
        self.error_count
    }

    /// Registers source text for `file` so diagnostics can quote it.
    pub fn add_source(&mut self, file: &str, text: Arc<str>) {
        let sym = self.intern(file);
        self.sources.add(sym, text);
    }

    /// The innermost file/line/column of a location, if it has one.
    pub fn file_line_col(&self, loc: Location) -> Option<(&str, u32, u32)> {
        match self.loc_kind(loc) {
            LocKind::FileLineCol { file, line, col } => Some((self.str(*file), *line, *col)),
            LocKind::Name { child: Some(c), .. } => self.file_line_col(*c),
            LocKind::CallSite { callee, .. } => self.file_line_col(*callee),
            LocKind::Fused(ls) => ls.iter().find_map(|l| self.file_line_col(*l)),
            _ => None,
        }
    }

    /// Renders a diagnostic (and its notes) as `file:line:col: severity: message`, followed by
    /// the source line and a caret when the source text is known.
    pub fn render_diagnostic(&self, diag: &Diagnostic) -> String {
        let mut out = String::new();
        self.render_one(diag, &mut out);
        for note in &diag.notes {
            self.render_one(note, &mut out);
        }
        out
    }

    fn render_one(&self, diag: &Diagnostic, out: &mut String) {
        use std::fmt::Write;
        match self.file_line_col(diag.loc) {
            Some((file, line, col)) => {
                let _ = writeln!(
                    out,
                    "{file}:{line}:{col}: {}: {}",
                    diag.severity, diag.message
                );
                let file_sym = self.interner.lookup(file);
                if let Some(text) = file_sym.and_then(|f| self.sources.get(f)) {
                    if let Some(excerpt) = tail_format::source_excerpt(text, line, col) {
                        out.push_str(&excerpt);
                    }
                }
            }
            None => {
                let _ = writeln!(out, "<unknown>:0:0: {}: {}", diag.severity, diag.message);
            }
        }
    }
}
