//! Checking emitted diagnostics against `expected-*` comments (`--verify-diagnostics`).
//!
//! The comment syntax is MLIR's:
//!
//! ```mlir
//! // expected-error@+1 {{requires the same type}}
//! %0 = arith.addi %a, %b : i32
//! %1 = "test.op"() : () -> i32 // expected-warning {{deprecated}}
//! // expected-note@-2 {{prior use here}}
//! ```
//!
//! The designator is `@+N`, `@-N`, `@above` (the closest line before that is not itself an
//! expectation), `@below` (likewise after) or absent (the comment's own line). The text between `{{` and `}}` must occur in the message.
//! Every diagnostic (and each attached note) must match exactly one expectation, and every
//! expectation must be matched; mismatches are reported as diagnostics of their own.

use crate::diagnostic::{Diagnostic, Severity};
use crate::Context;

/// One `expected-*` comment.
#[derive(Clone, Debug, PartialEq)]
pub struct Expectation {
    /// Expected severity.
    pub severity: Severity,
    /// Line (1-based) the diagnostic must be reported on.
    pub line: u32,
    /// Line (1-based) and column of the comment itself, for reporting.
    pub comment_line: u32,
    /// Column (1-based) of the comment.
    pub comment_col: u32,
    /// Text that must occur in the message.
    pub text: String,
}

/// Reads every `expected-*` comment in `text`. Malformed designators are reported as errors
/// (with line and column).
pub fn parse_expectations(text: &str) -> Result<Vec<Expectation>, (u32, u32, String)> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let is_expectation = |l: &str| l.contains("expected-");
    for (idx, line) in lines.iter().copied().enumerate() {
        let line_no = idx as u32 + 1;
        let mut rest = line;
        let mut offset = 0usize;
        while let Some(pos) = rest.find("expected-") {
            let start = offset + pos;
            let after = &line[start + "expected-".len()..];
            let kinds = [
                ("error", Severity::Error),
                ("warning", Severity::Warning),
                ("note", Severity::Note),
                ("remark", Severity::Remark),
            ];
            let Some((kw, severity)) = kinds.iter().find(|(k, _)| after.starts_with(k)).copied()
            else {
                offset = start + 1;
                rest = &line[offset..];
                continue;
            };
            let col = line[..start].chars().count() as u32 + 1;
            // Like MLIR, only `expected-<kind>[@designator] {{` is an expectation; prose that
            // merely mentions `expected-error@below` is not.
            let rest_after_kind = &after[kw.len()..];
            let desig_end = rest_after_kind
                .strip_prefix('@')
                .map(|d| {
                    1 + d
                        .find(|c: char| c.is_whitespace() || c == '{')
                        .unwrap_or(d.len())
                })
                .unwrap_or(0);
            if !rest_after_kind[desig_end..].trim_start().starts_with("{{") {
                offset = start + 1;
                rest = &line[offset..];
                continue;
            }
            let mut tail = rest_after_kind;
            let mut target = line_no;
            if let Some(d) = tail.strip_prefix('@') {
                let end = d
                    .find(|c: char| c.is_whitespace() || c == '{')
                    .unwrap_or(d.len());
                let desig = &d[..end];
                target = match desig {
                    // The closest preceding / following line that is not an expectation.
                    "above" => (0..idx)
                        .rev()
                        .find(|&i| !is_expectation(lines[i]))
                        .map(|i| i as u32 + 1)
                        .ok_or_else(|| {
                            (line_no, col, "'@above' has no line above it".to_string())
                        })?,
                    "below" => (idx + 1..lines.len())
                        .find(|&i| !is_expectation(lines[i]))
                        .map(|i| i as u32 + 1)
                        .ok_or_else(|| {
                            (line_no, col, "'@below' has no line below it".to_string())
                        })?,
                    _ => {
                        let (sign, num) = desig.split_at(desig.len().min(1));
                        let n: u32 = num.parse().map_err(|_| {
                            (
                                line_no,
                                col,
                                format!("invalid designator '@{desig}' in expected-{kw}"),
                            )
                        })?;
                        match sign {
                            "+" => line_no + n,
                            "-" => line_no.checked_sub(n).filter(|&l| l >= 1).ok_or_else(|| {
                                (
                                    line_no,
                                    col,
                                    format!("'@{desig}' points before the start of the file"),
                                )
                            })?,
                            _ => {
                                return Err((
                                    line_no,
                                    col,
                                    format!("invalid designator '@{desig}' in expected-{kw}"),
                                ))
                            }
                        }
                    }
                };
                tail = &d[end..];
            }
            let Some(body) = tail.trim_start().strip_prefix("{{") else {
                return Err((line_no, col, format!("expected '{{{{' after expected-{kw}")));
            };
            let Some(close) = body.find("}}") else {
                return Err((
                    line_no,
                    col,
                    format!("expected '}}}}' to end expected-{kw} text"),
                ));
            };
            out.push(Expectation {
                severity,
                line: target,
                comment_line: line_no,
                comment_col: col,
                text: body[..close].to_string(),
            });
            let consumed = line.len() - body.len() + close + 2;
            offset = consumed;
            rest = &line[offset..];
        }
    }
    Ok(out)
}

/// Matches `diags` (with their notes) against the expectations found in `text` of `file`.
/// Returns the problems: unexpected diagnostics and unmet expectations, each as an error.
pub fn verify_expected(
    ctx: &mut Context,
    file: &str,
    text: &str,
    diags: &[Diagnostic],
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    let expectations = match parse_expectations(text) {
        Ok(e) => e,
        Err((line, col, msg)) => {
            let loc = ctx.file_loc(file, line, col);
            return vec![Diagnostic::error(loc, msg)];
        }
    };
    let mut matched = vec![false; expectations.len()];
    let mut flat: Vec<&Diagnostic> = Vec::new();
    for d in diags {
        flat.push(d);
        for n in &d.notes {
            flat.push(n);
        }
    }
    for d in flat {
        let line = ctx
            .file_line_col(d.loc)
            .filter(|(f, _, _)| *f == file)
            .map(|(_, l, _)| l);
        let found = expectations.iter().enumerate().position(|(i, e)| {
            !matched[i]
                && e.severity == d.severity
                && Some(e.line) == line
                && d.message.contains(&e.text)
        });
        match found {
            Some(i) => matched[i] = true,
            None => {
                let mut p = d.clone();
                p.severity = Severity::Error;
                p.message = format!("unexpected {}: {}", d.severity, d.message);
                p.notes.clear();
                problems.push(p);
            }
        }
    }
    for (e, m) in expectations.iter().zip(&matched) {
        if !m {
            let loc = ctx.file_loc(file, e.comment_line, e.comment_col);
            problems.push(Diagnostic::error(
                loc,
                format!("expected {} \"{}\" was not produced", e.severity, e.text),
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn designators() {
        let text = "a\n// expected-error@+1 {{boom}}\nx // expected-warning {{w}} expected-note@above {{n}}\n// expected-remark@-3 {{r}}\n// expected-error@below {{b}}\n// expected-error@above {{c}}\ny\n";
        let e = parse_expectations(text).unwrap();
        assert_eq!(e.len(), 6);
        assert_eq!(
            (e[0].severity, e[0].line, e[0].text.as_str()),
            (Severity::Error, 3, "boom")
        );
        assert_eq!((e[1].severity, e[1].line), (Severity::Warning, 3));
        assert_eq!((e[2].severity, e[2].line), (Severity::Note, 1));
        assert_eq!((e[3].severity, e[3].line), (Severity::Remark, 1));
        assert_eq!(e[4].line, 7);
        assert_eq!(e[5].line, 1);
    }

    #[test]
    fn bad_designator_is_located() {
        let err = parse_expectations("\n  // expected-error@x1 {{a}}").unwrap_err();
        assert_eq!((err.0, err.1), (2, 6));
        assert!(parse_expectations("// expected-error@-5 {{a}}").is_err());
        assert!(parse_expectations("// expected-error {{a").is_err());
        // Prose mentioning an expectation without `{{` is not one.
        assert_eq!(
            parse_expectations("// `expected-error@below` / `@above` refer to").unwrap(),
            vec![]
        );
    }

    #[test]
    fn matching() {
        let mut ctx = Context::new();
        let text = "op\n// expected-error@-1 {{bad op}}\nother // expected-error {{never}}\n";
        let l1 = ctx.file_loc("t.mlir", 1, 1);
        let l3 = ctx.file_loc("t.mlir", 3, 1);
        let diags = vec![
            Diagnostic::error(l1, "'x' op is a bad op here"),
            Diagnostic::warning(l3, "surprise"),
        ];
        let problems = verify_expected(&mut ctx, "t.mlir", text, &diags);
        let msgs: Vec<_> = problems.iter().map(|p| p.message.clone()).collect();
        assert_eq!(
            msgs,
            vec![
                "unexpected warning: surprise".to_string(),
                "expected error \"never\" was not produced".to_string()
            ]
        );
    }
}
