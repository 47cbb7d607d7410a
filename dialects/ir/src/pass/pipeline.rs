//! The textual pass pipeline grammar (MLIR's `TextualPipeline`):
//!
//! ```text
//! pipeline          ::= op-anchor `(` element-list? `)`
//! element-list      ::= element (`,` element)*
//! element           ::= op-anchor `(` element-list? `)`        nested pass manager
//!                     | pass-or-pipeline-name options?
//! options           ::= `{` (key (`=` value)?)* `}`             see `options.rs`
//! op-anchor         ::= op name, e.g. `builtin.module`, `func.func`, or `any`
//! ```
//!
//! Whitespace around names and separators is ignored. A name refers to a named pipeline
//! ([`PipelineRegistration`](super::PipelineRegistration)) first, then to a pass, as in MLIR.
//! Errors carry the byte offset and line/column in the pipeline text and render like MLIR's:
//!
//! ```text
//! <pass-pipeline>:1:25: error: 'foo' does not refer to a registered pass or pass pipeline
//! builtin.module(func.func(foo))
//!                          ^
//! ```

use std::fmt;

use super::manager::OpPassManager;
use super::options::parse_options_string;
use super::registry::{lookup_pass, lookup_pipeline};
use super::Pass;

/// A located error in a pipeline string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineParseError {
    /// What is wrong.
    pub message: String,
    /// Byte offset of the problem in [`pipeline`](Self::pipeline).
    pub offset: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// The pipeline text.
    pub pipeline: String,
}

impl PipelineParseError {
    pub(crate) fn new(pipeline: &str, offset: usize, message: impl Into<String>) -> Self {
        let offset = offset.min(pipeline.len());
        let before = &pipeline[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
        let column = pipeline[line_start..offset].chars().count() + 1;
        PipelineParseError {
            message: message.into(),
            offset,
            line,
            column,
            pipeline: pipeline.to_string(),
        }
    }

    /// MLIR's rendering: `<pass-pipeline>:LINE:COL: error: MESSAGE`, the offending line of the
    /// pipeline and a caret under the column (ends with a newline).
    pub fn render(&self) -> String {
        let src = self.pipeline.lines().nth(self.line - 1).unwrap_or("");
        let pad: String = src
            .chars()
            .take(self.column - 1)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        format!(
            "<pass-pipeline>:{}:{}: error: {}\n{src}\n{pad}^\n",
            self.line, self.column, self.message
        )
    }
}

impl fmt::Display for PipelineParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.render().trim_end())
    }
}

impl std::error::Error for PipelineParseError {}

/// One parsed element: a pass or named pipeline with options, or a nested anchor.
#[derive(Debug)]
struct Element<'a> {
    name: &'a str,
    name_offset: usize,
    /// The text between the braces and the offset of its first byte.
    options: Option<(&'a str, usize)>,
    /// A nested pipeline: its elements.
    inner: Option<Vec<Element<'a>>>,
}

struct Scanner<'a> {
    text: &'a str,
    pos: usize,
}

type PResult<T> = Result<T, (usize, String)>;

impl<'a> Scanner<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    /// An element list, up to (not including) the `)` that closes it or the end of the text.
    fn parse_list(&mut self, depth: usize) -> PResult<Vec<Element<'a>>> {
        let mut elements = Vec::new();
        self.skip_ws();
        if depth > 0 && self.peek() == Some(b')') {
            return Ok(elements);
        }
        if depth == 0 && self.peek().is_none() {
            return Ok(elements);
        }
        loop {
            elements.push(self.parse_element(depth)?);
            self.skip_ws();
            match self.peek() {
                None if depth > 0 => {
                    return Err((self.pos, "encountered unbalanced parentheses while parsing pipeline".into()))
                }
                None => return Ok(elements),
                Some(b',') => self.pos += 1,
                Some(b')') if depth == 0 => {
                    return Err((
                        self.pos,
                        "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline".into(),
                    ))
                }
                Some(b')') => return Ok(elements),
                Some(_) => return Err((self.pos, "expected ',' after parsing pipeline".into())),
            }
        }
    }

    fn parse_element(&mut self, depth: usize) -> PResult<Element<'a>> {
        self.skip_ws();
        let start = self.pos;
        let rest = &self.text[start..];
        let len = rest.find([',', '(', ')', '{']).unwrap_or(rest.len());
        let name = rest[..len].trim_end();
        self.pos = start + len;
        if name.is_empty() {
            let what = match self.peek() {
                Some(b'(') => "expected operation name before '('",
                Some(b'{') => "expected pass name before '{'",
                _ => "expected pass, pass pipeline or operation name",
            };
            return Err((start, what.into()));
        }
        let mut element = Element {
            name,
            name_offset: start,
            options: None,
            inner: None,
        };
        if self.peek() == Some(b'{') {
            let open = self.pos;
            let close = find_options_close(self.text, open).ok_or((
                open,
                "missing closing '}' while processing pass options".to_string(),
            ))?;
            element.options = Some((&self.text[open + 1..close], open + 1));
            self.pos = close + 1;
            self.skip_ws();
        }
        if self.peek() == Some(b'(') {
            self.pos += 1;
            let inner = self.parse_list(depth + 1)?;
            // parse_list stops at the matching ')' (or fails).
            self.pos += 1;
            element.inner = Some(inner);
        }
        Ok(element)
    }
}

/// The `}` closing the options brace at `open`: braces nest, quoted strings are skipped.
fn find_options_close(text: &str, open: usize) -> Option<usize> {
    let b = text.as_bytes();
    let (mut depth, mut i) = (0usize, open);
    while i < b.len() {
        match b[i] {
            q @ (b'"' | b'\'') => {
                // An unterminated quote is reported by the option parser; treat it as text here.
                if let Some(end) = text[i + 1..].find(q as char) {
                    i += end + 1;
                }
            }
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

fn parse_elements(text: &str) -> PResult<Vec<Element<'_>>> {
    let mut s = Scanner { text, pos: 0 };
    s.parse_list(0)
}

const ANCHOR_EXPECTED: &str =
    "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'";

/// Parses a complete pipeline `op-name(...)` into a pass manager anchored at `op-name`.
pub fn parse_pass_pipeline(text: &str) -> Result<OpPassManager, PipelineParseError> {
    let err = |(off, msg): (usize, String)| PipelineParseError::new(text, off, msg);
    let mut elements = parse_elements(text).map_err(err)?;
    if elements.len() != 1 || elements[0].inner.is_none() {
        let off = match elements.get(1) {
            Some(e) => e.name_offset,
            None => elements.first().map(|e| e.name_offset).unwrap_or(0),
        };
        return Err(err((off, ANCHOR_EXPECTED.into())));
    }
    let top = elements.remove(0);
    if let Some((_, off)) = top.options {
        return Err(err((
            off - 1,
            format!("unexpected options on pass pipeline anchor '{}'", top.name),
        )));
    }
    let mut pm = OpPassManager::new(top.name);
    let mut stack = Vec::new();
    resolve(&mut pm, top.inner.unwrap_or_default(), &mut stack).map_err(err)?;
    Ok(pm)
}

/// Parses a comma-separated element list (`cse,func.func(canonicalize)`) and adds it to `pm`.
pub(crate) fn add_pipeline_elements(
    pm: &mut OpPassManager,
    text: &str,
) -> Result<(), PipelineParseError> {
    let err = |(off, msg): (usize, String)| PipelineParseError::new(text, off, msg);
    let elements = parse_elements(text).map_err(err)?;
    let mut stack = Vec::new();
    resolve(pm, elements, &mut stack).map_err(err)
}

/// Maximum nesting of named pipelines (guards against runaway expansion).
const MAX_PIPELINE_EXPANSION_DEPTH: usize = 32;

fn resolve(
    pm: &mut OpPassManager,
    elements: Vec<Element<'_>>,
    stack: &mut Vec<&'static str>,
) -> PResult<()> {
    for el in elements {
        if let Some(inner) = el.inner {
            if let Some((_, off)) = el.options {
                return Err((
                    off - 1,
                    format!("unexpected options on pass pipeline anchor '{}'", el.name),
                ));
            }
            let nested = pm.nest(el.name);
            resolve(nested, inner, stack)?;
        } else if let Some(reg) = lookup_pipeline(el.name) {
            if let Some((_, off)) = el.options {
                return Err((
                    off - 1,
                    format!("pass pipeline '{}' does not take options", el.name),
                ));
            }
            if stack.contains(&reg.argument) || stack.len() >= MAX_PIPELINE_EXPANSION_DEPTH {
                return Err((
                    el.name_offset,
                    format!("pass pipeline '{}' refers to itself", el.name),
                ));
            }
            let inner_err = |(off, msg): (usize, String)| {
                let e = PipelineParseError::new(reg.pipeline, off, msg);
                (
                    el.name_offset,
                    format!(
                        "in pass pipeline '{}' (`{}`) at column {}: {}",
                        reg.argument, reg.pipeline, e.column, e.message
                    ),
                )
            };
            let inner = parse_elements(reg.pipeline).map_err(inner_err)?;
            stack.push(reg.argument);
            let r = resolve(pm, inner, stack);
            stack.pop();
            r.map_err(inner_err)?;
        } else if let Some(reg) = lookup_pass(el.name) {
            let mut pass = (reg.create)();
            if let Some((opts, off)) = el.options {
                apply_options(pass.as_mut(), opts, off)?;
            }
            pm.try_add_pass(pass).map_err(|m| (el.name_offset, m))?;
        } else {
            return Err((
                el.name_offset,
                format!(
                    "'{}' does not refer to a registered pass or pass pipeline",
                    el.name
                ),
            ));
        }
    }
    Ok(())
}

/// Applies `{…}` option text (starting at byte `base` of the pipeline) to a pass.
fn apply_options(pass: &mut dyn Pass, text: &str, base: usize) -> PResult<()> {
    let assignments = parse_options_string(text).map_err(|(off, msg)| (base + off, msg))?;
    let info = pass.info();
    for a in assignments {
        let opt = info.option(&a.key);
        let value = match (&a.value, opt) {
            (Some(v), _) => v.clone(),
            (None, Some(o)) if o.type_name == "bool" => "true".to_string(),
            (None, Some(_)) => {
                return Err((
                    base + a.key_offset,
                    format!("missing value for option '{}'", a.key),
                ))
            }
            (None, None) => String::new(),
        };
        if let Err(msg) = pass.set_option(&a.key, &value) {
            let at = if opt.is_some() && a.value.is_some() {
                a.value_offset
            } else {
                a.key_offset
            };
            return Err((base + at, msg));
        }
    }
    Ok(())
}
