//! The interpreter's file-input primitives report errors with `tail_format::input`'s
//! messages, which compiled programs print through the runtime library (`tail-rt`): the same
//! text after the op name.

mod common;
use common::{fails, ok};

const S1: &str = "!tail.array<!tail.char, 1>";

/// Runs `op` on the file at `path`, expecting an error; returns the message after the op.
fn error_of(op: &str, result: &str, path: &std::path::Path) -> String {
    let codes: Vec<String> = path
        .to_str()
        .unwrap()
        .chars()
        .map(|c| (c as u32).to_string())
        .collect();
    let body = format!(
        "%p = tail.lit [{}] : {S1}\n%r = tail.{op} %p : ({S1}) -> {result}\nreturn %r : {result}",
        codes.join(", ")
    );
    let e = fails(result, &body);
    let prefix = format!("'tail.{op}' op ");
    e.strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("{e}"))
        .to_string()
}

#[test]
fn same_messages_as_the_runtime_library() {
    let dir = std::env::temp_dir();
    let missing = dir.join(format!("tail-interp-{}-missing.txt", std::process::id()));
    let _ = std::fs::remove_file(&missing);
    let bad = dir.join(format!("tail-interp-{}-bad.txt", std::process::id()));
    std::fs::write(&bad, "1 2 x3 4.5").unwrap();
    let name = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let missing_msg = tail_format::input::read_text(&name(&missing)).unwrap_err();
    for (op, result) in [
        ("readFile", S1),
        ("readIntVecFile", "!tail.array<i32, 1>"),
        ("readDoubleVecFile", "!tail.array<f64, 1>"),
    ] {
        assert_eq!(error_of(op, result, &missing), missing_msg, "{op}");
    }
    assert_eq!(
        error_of("readIntVecFile", "!tail.array<i32, 1>", &bad),
        tail_format::input::read_int_vec_file(&name(&bad)).unwrap_err()
    );
    assert_eq!(
        error_of("readDoubleVecFile", "!tail.array<f64, 1>", &bad),
        tail_format::input::read_double_vec_file(&name(&bad)).unwrap_err()
    );
    let _ = std::fs::remove_file(&bad);
}

#[test]
fn same_parse_as_the_runtime_library() {
    let p = std::env::temp_dir().join(format!("tail-interp-{}-nums.txt", std::process::id()));
    std::fs::write(&p, " 3 ¯1\n4\t-7 ").unwrap();
    let path = p.to_str().unwrap().to_string();
    let codes: Vec<String> = path.chars().map(|c| (c as u32).to_string()).collect();
    let ty = "!tail.array<i32, 1>";
    let body = format!(
        "%p = tail.lit [{}] : {S1}\n%r = tail.readIntVecFile %p : ({S1}) -> {ty}\nreturn %r : {ty}",
        codes.join(", ")
    );
    let printed = ok(ty, &body);
    let parsed = tail_format::input::read_int_vec_file(&path).unwrap();
    let _ = std::fs::remove_file(&p);
    assert_eq!(parsed, [3, -1, 4, -7]);
    assert_eq!(printed, "[4](3,-1,4,-7)");
}
