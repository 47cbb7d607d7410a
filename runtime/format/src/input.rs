//! File input behind the primitives `readFile` (a file's text as a char vector),
//! `readIntVecFile` and `readDoubleVecFile` (whitespace-separated numbers, APL's high minus
//! `¯` accepted for `-`). The error messages name the file, and a number that does not parse
//! with its line and column (from 1, in characters) in the file:
//! `cannot read file 'x.txt': No such file or directory (os error 2)`,
//! `bad integer '1x' in 'x.txt' (line 2, column 5): invalid digit found in string`,
//! `bad double 'y' in 'x.txt' (line 1, column 5): invalid float literal`.

/// The whole file at `path` as UTF-8 text.
pub fn read_text(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read file '{path}': {e}"))
}

/// The whitespace-separated numbers of `text` (read from the file `path`, named in the error)
/// parsed by `parse`; `what` names the kind in the error.
fn parse_vec<T, E: std::fmt::Display>(
    path: &str,
    text: &str,
    what: &str,
    parse: impl Fn(&str) -> Result<T, E>,
) -> Result<Vec<T>, String> {
    let mut out = Vec::new();
    for (line_no, line) in text.lines().enumerate() {
        let mut rest = line;
        let mut col = 1;
        while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
            col += rest[..start].chars().count();
            let word = &rest[start..];
            let end = word.find(char::is_whitespace).unwrap_or(word.len());
            let w = &word[..end];
            match parse(&w.replace('¯', "-")) {
                Ok(v) => out.push(v),
                Err(e) => {
                    let l = line_no + 1;
                    return Err(format!(
                        "bad {what} '{w}' in '{path}' (line {l}, column {col}): {e}"
                    ));
                }
            }
            col += w.chars().count();
            rest = &word[end..];
        }
    }
    Ok(out)
}

/// The whitespace-separated `i32`s of `text` (read from the file `path`, named in the error).
pub fn parse_int_vec(path: &str, text: &str) -> Result<Vec<i32>, String> {
    parse_vec(path, text, "integer", str::parse::<i32>)
}

/// The whitespace-separated `f64`s of `text` (read from the file `path`, named in the error).
pub fn parse_double_vec(path: &str, text: &str) -> Result<Vec<f64>, String> {
    parse_vec(path, text, "double", str::parse::<f64>)
}

/// `readIntVecFile`: [`read_text`] then [`parse_int_vec`].
pub fn read_int_vec_file(path: &str) -> Result<Vec<i32>, String> {
    parse_int_vec(path, &read_text(path)?)
}

/// `readDoubleVecFile`: [`read_text`] then [`parse_double_vec`].
pub fn read_double_vec_file(path: &str) -> Result<Vec<f64>, String> {
    parse_double_vec(path, &read_text(path)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsing() {
        assert_eq!(parse_int_vec("f", " 1 ¯2\n-3\t4 "), Ok(vec![1, -2, -3, 4]));
        assert_eq!(parse_int_vec("f", ""), Ok(vec![]));
        assert_eq!(
            parse_int_vec("f", "1 x"),
            Err("bad integer 'x' in 'f' (line 1, column 3): invalid digit found in string".into())
        );
        assert_eq!(
            parse_int_vec("f", "1\n\t¯2  ⍝9 3"),
            Err("bad integer '⍝9' in 'f' (line 2, column 6): invalid digit found in string".into())
        );
        assert_eq!(
            parse_int_vec("f", "2147483648"),
            Err(
                "bad integer '2147483648' in 'f' (line 1, column 1): number too large to fit in \
                 target type"
                    .into()
            )
        );
        assert_eq!(
            parse_double_vec("f", "1.5 ¯2e3 4"),
            Ok(vec![1.5, -2000.0, 4.0])
        );
        assert_eq!(
            parse_double_vec("f", "1.5 y"),
            Err("bad double 'y' in 'f' (line 1, column 5): invalid float literal".into())
        );
        let e = read_text("/nonexistent/tail-format-test").unwrap_err();
        assert!(
            e.starts_with("cannot read file '/nonexistent/tail-format-test': "),
            "{e}"
        );
    }
}
