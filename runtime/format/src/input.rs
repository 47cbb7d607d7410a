//! File input behind the primitives `readFile` (a file's text as a char vector),
//! `readIntVecFile` and `readDoubleVecFile` (whitespace-separated numbers, APL's high minus
//! `¯` accepted for `-`). The error messages name the file:
//! `cannot read file 'x.txt': No such file or directory (os error 2)`,
//! `bad integer in 'x.txt': invalid digit found in string`,
//! `bad double in 'x.txt': invalid float literal`.

/// The whole file at `path` as UTF-8 text.
pub fn read_text(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read file '{path}': {e}"))
}

/// The whitespace-separated `i32`s of `text` (read from the file `path`, named in the error).
pub fn parse_int_vec(path: &str, text: &str) -> Result<Vec<i32>, String> {
    text.split_whitespace()
        .map(|w| w.replace('¯', "-").parse::<i32>())
        .collect::<Result<_, _>>()
        .map_err(|e| format!("bad integer in '{path}': {e}"))
}

/// The whitespace-separated `f64`s of `text` (read from the file `path`, named in the error).
pub fn parse_double_vec(path: &str, text: &str) -> Result<Vec<f64>, String> {
    text.split_whitespace()
        .map(|w| w.replace('¯', "-").parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|e| format!("bad double in '{path}': {e}"))
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
            Err("bad integer in 'f': invalid digit found in string".into())
        );
        assert_eq!(
            parse_double_vec("f", "1.5 ¯2e3 4"),
            Ok(vec![1.5, -2000.0, 4.0])
        );
        assert_eq!(
            parse_double_vec("f", "1.5 y"),
            Err("bad double in 'f': invalid float literal".into())
        );
        let e = read_text("/nonexistent/tail-format-test").unwrap_err();
        assert!(
            e.starts_with("cannot read file '/nonexistent/tail-format-test': "),
            "{e}"
        );
    }
}
