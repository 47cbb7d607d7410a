//! Located diagnostics of the FCL frontend.
//!
//! Every error carries the 1-based `line:col` of the construct that broke a rule, a message
//! naming that rule (a kinding or typing rule of Dybdal 2017 Fig. 5.6, or a syntax rule of
//! §5.3), and renders with the source line and a caret.

use std::fmt;

/// A 1-based source position (columns count characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub col: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// A located error.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// Where the error is.
    pub pos: Pos,
    /// What rule was broken, in words.
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic at `pos`.
    pub fn new(pos: Pos, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            pos,
            message: message.into(),
        }
    }

    /// Renders `file:line:col: error: message`, the source line and a caret under the column.
    pub fn render(&self, file: &str, src: &str) -> String {
        let line = src
            .lines()
            .nth(self.pos.line.saturating_sub(1) as usize)
            .unwrap_or("");
        let pad: String = line
            .chars()
            .take(self.pos.col.saturating_sub(1) as usize)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        format!(
            "{file}:{}: error: {}\n  {line}\n  {pad}^",
            self.pos, self.message
        )
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.message)
    }
}

impl std::error::Error for Diagnostic {}
