//! Pass options: the value types a pass option may have, the `{key=value ...}` option-string
//! syntax of pipelines and its printer.
//!
//! The syntax follows MLIR's `PassOptions::parseFromString`: options are separated by
//! whitespace; a value runs to the next whitespace outside quotes (`"…"`, `'…'`) and braces
//! (`{…}`); a value that is entirely one quoted or braced string has the outer delimiters
//! removed (`{a="x y"}` sets `a` to `x y`). A key without `=` is a flag (`{top-down}` sets a
//! `bool` option to `true`). Lists are comma separated: `{names=a,b,c}`.

use std::fmt::Write;

/// A type usable as a pass option: parsed from and printed to pipeline syntax.
pub trait PassOptionValue: Sized {
    /// The type name shown by `--list-passes` and stored in [`PassOptionInfo`](super::PassOptionInfo).
    const TYPE_NAME: &'static str;
    /// Parses a value; the error says what was expected (`expected an unsigned integer`).
    fn parse_option(text: &str) -> Result<Self, String>;
    /// Appends the pipeline-syntax form of the value (quoted where needed so it parses back).
    fn print_option(&self, out: &mut String);
    /// Whether the option is left out when printing (empty lists, as in MLIR).
    fn omit_when_printing(&self) -> bool {
        false
    }
}

impl PassOptionValue for bool {
    const TYPE_NAME: &'static str = "bool";
    fn parse_option(text: &str) -> Result<Self, String> {
        match text.trim() {
            "" | "true" | "TRUE" | "True" | "1" => Ok(true),
            "false" | "FALSE" | "False" | "0" => Ok(false),
            _ => Err("expected 'true' or 'false'".to_string()),
        }
    }
    fn print_option(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

macro_rules! int_option {
    ($($t:ty => $what:literal),* $(,)?) => {$(
        impl PassOptionValue for $t {
            const TYPE_NAME: &'static str = stringify!($t);
            fn parse_option(text: &str) -> Result<Self, String> {
                use std::num::IntErrorKind;
                let t = text.trim();
                let t = t.strip_prefix('+').unwrap_or(t);
                t.parse::<$t>().map_err(|e| match e.kind() {
                    IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => {
                        format!("value out of range for '{}'", stringify!($t))
                    }
                    _ => format!("expected {}", $what),
                })
            }
            fn print_option(&self, out: &mut String) {
                let _ = write!(out, "{}", self);
            }
        }
    )*};
}

int_option! {
    i8 => "an integer", i16 => "an integer", i32 => "an integer", i64 => "an integer",
    isize => "an integer",
    u8 => "an unsigned integer", u16 => "an unsigned integer", u32 => "an unsigned integer",
    u64 => "an unsigned integer", usize => "an unsigned integer",
}

macro_rules! float_option {
    ($($t:ty),*) => {$(
        impl PassOptionValue for $t {
            const TYPE_NAME: &'static str = stringify!($t);
            fn parse_option(text: &str) -> Result<Self, String> {
                text.trim().parse::<$t>().map_err(|_| "expected a floating-point number".to_string())
            }
            fn print_option(&self, out: &mut String) {
                let _ = write!(out, "{:?}", self);
            }
        }
    )*};
}

float_option!(f32, f64);

impl PassOptionValue for String {
    const TYPE_NAME: &'static str = "String";
    fn parse_option(text: &str) -> Result<Self, String> {
        Ok(text.to_string())
    }
    fn print_option(&self, out: &mut String) {
        print_quoted_if_needed(out, self, false);
    }
}

impl<T: PassOptionValue> PassOptionValue for Vec<T> {
    const TYPE_NAME: &'static str = "Vec";
    fn parse_option(text: &str) -> Result<Self, String> {
        let mut out = Vec::new();
        if text.trim().is_empty() {
            return Ok(out);
        }
        for elem in split_list(text) {
            out.push(T::parse_option(strip_delimiters(elem.trim()))?);
        }
        Ok(out)
    }
    fn print_option(&self, out: &mut String) {
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let mut s = String::new();
            v.print_option(&mut s);
            // Elements containing a top-level comma must be quoted to survive the split.
            if split_list(&s).len() > 1 {
                print_quoted_if_needed(out, &s, true);
            } else {
                out.push_str(&s);
            }
        }
    }
    fn omit_when_printing(&self) -> bool {
        self.is_empty()
    }
}

/// Appends `s`, quoted when it would not parse back as one value.
fn print_quoted_if_needed(out: &mut String, s: &str, force: bool) {
    let needs = force
        || s.chars()
            .any(|c| c.is_whitespace() || matches!(c, '{' | '}' | '"' | '\'' | '(' | ')'));
    if !needs {
        out.push_str(s);
    } else if !s.contains('"') {
        let _ = write!(out, "\"{s}\"");
    } else if !s.contains('\'') {
        let _ = write!(out, "'{s}'");
    } else {
        let _ = write!(out, "{{{s}}}");
    }
}

/// Splits a list value on commas outside quotes and braces.
fn split_list(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let bytes = text.as_bytes();
    let (mut depth, mut start, mut i) = (0usize, 0usize, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            q @ (b'"' | b'\'') => {
                if let Some(end) = text[i + 1..].find(q as char) {
                    i += end + 1;
                }
            }
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(&text[start..]);
    parts
}

/// Removes one pair of outer `"…"`, `'…'` or `{…}` delimiters when they enclose the whole text.
fn strip_delimiters(s: &str) -> &str {
    let b = s.as_bytes();
    if b.len() >= 2 {
        let closes = match b[0] {
            q @ (b'"' | b'\'') => s[1..].find(q as char) == Some(s.len() - 2),
            b'{' => matching_brace(s, 0) == Some(s.len() - 1),
            _ => false,
        };
        if closes {
            return &s[1..s.len() - 1];
        }
    }
    s
}

/// The index of the `}` matching the `{` at `open`, skipping quoted strings.
fn matching_brace(s: &str, open: usize) -> Option<usize> {
    let b = s.as_bytes();
    let (mut depth, mut i) = (0usize, open);
    while i < b.len() {
        match b[i] {
            q @ (b'"' | b'\'') => match s[i + 1..].find(q as char) {
                Some(end) => i += end + 1,
                None => return None,
            },
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

/// One `key=value` (or bare `key`) of an option string, with byte offsets into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionAssignment {
    /// The option name.
    pub key: String,
    /// Byte offset of the key.
    pub key_offset: usize,
    /// The value with outer quotes/braces removed; `None` for a bare flag.
    pub value: Option<String>,
    /// Byte offset of the value (of the key for a bare flag).
    pub value_offset: usize,
}

/// Splits the text between the braces of `{k=v k2=v2}` into assignments. Errors carry the
/// byte offset of the problem and a message.
pub fn parse_options_string(text: &str) -> Result<Vec<OptionAssignment>, (usize, String)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0usize;
    loop {
        while i < b.len() && (b[i] as char).is_ascii_whitespace() {
            i += 1;
        }
        if i >= b.len() {
            return Ok(out);
        }
        let key_start = i;
        while i < b.len() && b[i] != b'=' && !(b[i] as char).is_ascii_whitespace() {
            i += 1;
        }
        let key = &text[key_start..i];
        if key.is_empty() {
            return Err((key_start, "expected option name before '='".to_string()));
        }
        if i < b.len() && b[i] == b'=' {
            i += 1;
            let value_start = i;
            while i < b.len() && !(b[i] as char).is_ascii_whitespace() {
                match b[i] {
                    q @ (b'"' | b'\'') => match text[i + 1..].find(q as char) {
                        Some(end) => i += end + 1,
                        None => {
                            return Err((
                                i,
                                format!("missing closing {} in value of option '{key}'", q as char),
                            ));
                        }
                    },
                    b'{' => match matching_brace(text, i) {
                        Some(end) => i = end,
                        None => {
                            return Err((
                                i,
                                format!("missing closing '}}' in value of option '{key}'"),
                            ))
                        }
                    },
                    _ => {}
                }
                i += 1;
            }
            let raw = &text[value_start..i];
            out.push(OptionAssignment {
                key: key.to_string(),
                key_offset: key_start,
                value: Some(strip_delimiters(raw).to_string()),
                value_offset: value_start,
            });
        } else {
            out.push(OptionAssignment {
                key: key.to_string(),
                key_offset: key_start,
                value: None,
                value_offset: key_start,
            });
        }
    }
}

/// Appends ` name=value` (space separated after the first) unless the value is omitted.
pub fn write_option<T: PassOptionValue>(out: &mut String, name: &str, value: &T) {
    if value.omit_when_printing() {
        return;
    }
    if !out.is_empty() {
        out.push(' ');
    }
    out.push_str(name);
    out.push('=');
    value.print_option(out);
}

/// Builds an options string `{a=1 b=2}` (used by generated code).
#[derive(Default)]
pub struct OptionsWriter {
    body: String,
}

impl OptionsWriter {
    /// An empty writer.
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds an option (call in name order).
    pub fn option<T: PassOptionValue>(&mut self, name: &str, value: &T) {
        write_option(&mut self.body, name, value);
    }
    /// `{…}`, or the empty string when no option was printed.
    pub fn finish(self) -> String {
        if self.body.is_empty() {
            String::new()
        } else {
            format!("{{{}}}", self.body)
        }
    }
}

/// Parses `value` for option `option`, producing the standard message on error.
pub fn parse_option_for<T: PassOptionValue>(option: &str, value: &str) -> Result<T, String> {
    T::parse_option(value).map_err(|e| bad_option_value(option, value, &e))
}

/// `invalid argument 'abc' to option 'max-iterations': expected an unsigned integer`.
pub fn bad_option_value(option: &str, value: &str, expected: &str) -> String {
    format!("invalid argument '{value}' to option '{option}': {expected}")
}

/// `no such option 'x' for pass 'canonicalize'`.
pub fn no_such_option(pass: &str, option: &str) -> String {
    format!("no such option '{option}' for pass '{pass}'")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_options() {
        let a = parse_options_string(" a=1  b=\"x y\" c={p q} flag d=x,'y z'").unwrap();
        let kv: Vec<_> = a
            .iter()
            .map(|o| (o.key.as_str(), o.value.as_deref()))
            .collect();
        assert_eq!(
            kv,
            vec![
                ("a", Some("1")),
                ("b", Some("x y")),
                ("c", Some("p q")),
                ("flag", None),
                ("d", Some("x,'y z'"))
            ]
        );
        assert_eq!(a[1].value_offset, 8);
        assert!(parse_options_string("a=\"x").is_err());
        assert!(parse_options_string("=3").is_err());
    }

    #[test]
    fn lists_round_trip() {
        let v = Vec::<String>::parse_option("a, 'b c' ,d").unwrap();
        assert_eq!(v, vec!["a", "b c", "d"]);
        let mut s = String::new();
        v.print_option(&mut s);
        assert_eq!(s, "a,\"b c\",d");
        assert_eq!(Vec::<String>::parse_option(&s).unwrap(), v);
        let w = Vec::<String>::parse_option("\"x,y\",z").unwrap();
        assert_eq!(w, vec!["x,y", "z"]);
        let mut s = String::new();
        w.print_option(&mut s);
        assert_eq!(Vec::<String>::parse_option(&s).unwrap(), w);
    }

    #[test]
    fn scalars() {
        assert_eq!(usize::parse_option("12"), Ok(12));
        assert!(usize::parse_option("-1").is_err());
        assert_eq!(i64::parse_option("-1"), Ok(-1));
        assert_eq!(
            u8::parse_option("300"),
            Err("value out of range for 'u8'".to_string())
        );
        assert_eq!(bool::parse_option(""), Ok(true));
        assert_eq!(f64::parse_option("0.5"), Ok(0.5));
        let mut s = String::new();
        1.0f64.print_option(&mut s);
        assert_eq!(s, "1.0");
    }
}
