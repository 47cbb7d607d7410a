//! Parse errors: MLIR's wording, at the offending token's line and column.

use tail_ir::parser::{parse_attr_str, parse_source, parse_type_str, split_input_file};
use tail_ir::Context;

/// Parses `src` and returns `line:col: message` of the error.
fn error_of(src: &str, allow_unregistered: bool) -> String {
    let mut ctx = Context::new();
    ctx.allow_unregistered = allow_unregistered;
    match parse_source(&mut ctx, "e.mlir", src) {
        Ok(_) => panic!("expected an error for:\n{src}"),
        Err(d) => {
            let (file, line, col) = ctx.file_line_col(d.loc).expect("error has a file location");
            assert_eq!(file, "e.mlir");
            format!("{line}:{col}: {}", d.message)
        }
    }
}

fn err(src: &str) -> String {
    error_of(src, true)
}

#[test]
fn lexer_errors() {
    assert_eq!(
        err(r#""test.op"() {a = "abc} : () -> ()"#),
        "1:34: expected '\"' in string literal"
    );
    assert_eq!(
        err("\"test.op\"() {a = \"abc\n} : () -> ()"),
        "1:22: expected '\"' in string literal"
    );
    assert_eq!(
        err(r#""test.op"() {a = "\q"} : () -> ()"#),
        "1:18: unknown escape in string literal"
    );
    assert_eq!(
        err("\"test.op\"() : () -> () $"),
        "1:24: unexpected character"
    );
    assert_eq!(err("// é comment\n  é"), "2:3: unexpected character");
    assert_eq!(
        err("%0 = \"test.op\"(%) : () -> ()"),
        "1:16: invalid SSA name"
    );
    assert_eq!(
        err("\"test.op\"() {a = @1} : () -> ()"),
        "1:19: @ identifier expected to start with letter or '_'"
    );
    assert_eq!(
        err("\"test.op\"() {a = \"é\u{e9}x"),
        "1:22: expected '\"' in string literal"
    );
}

#[test]
fn operation_errors() {
    assert_eq!(err("123"), "1:1: expected operation name in quotes");
    assert_eq!(err("test.foo"), "1:1: custom op 'test.foo' is unknown");
    assert_eq!(err("  module {}"), "1:3: custom op 'module' is unknown");
    assert_eq!(
        err("\"test.op\"(%x, ) : () -> ()"),
        "1:14: expected SSA operand"
    );
    assert_eq!(
        err("\"test.op\"(%0 : () -> ()"),
        "1:13: expected ')' to end operand list"
    );
    assert_eq!(
        err("\"test.op\"() ^bb : () -> ()"),
        "1:12: expected ':' followed by operation type"
    );
    assert_eq!(
        err("\"test.op\"()"),
        "1:11: expected ':' followed by operation type"
    );
    assert_eq!(err("\"test.op\"() : i32"), "1:15: expected function type");
    assert_eq!(
        err("\"test.op\"() : (i32) -> ()"),
        "1:15: expected 0 operand types but had 1"
    );
    assert_eq!(
        err("%a = \"test.op\"() : () -> i32\n\"test.op\"(%a, %a) : (i32) -> ()"),
        "2:21: expected 2 operand types but had 1"
    );
    assert_eq!(
        err("%a, %b = \"test.op\"() : () -> i32"),
        "1:1: operation defines 1 results but was provided 2 to bind"
    );
    assert_eq!(
        err("%x:0 = \"test.op\"() : () -> ()"),
        "1:4: expected named operation to have at least 1 result"
    );
    assert_eq!(
        err("%x \"test.op\"() : () -> ()"),
        "1:3: expected '=' after SSA name"
    );
    assert_eq!(
        err("\"\"() : () -> ()"),
        "1:1: empty operation name is invalid"
    );
    assert_eq!(
        err("\"test.op\"() : () -> () loc(foo)"),
        "1:28: expected location instance"
    );
    assert_eq!(
        err("\"test.op\"() : () -> () loc(\"a\":x)"),
        "1:32: expected integer line number in FileLineColRange"
    );
    assert_eq!(
        err("\"test.op\"() : () -> () loc(fused[\"a\":1:2, \"b\":1:2)"),
        "1:50: expected ']' in fused location"
    );
    assert_eq!(
        err("\"test.op\"() : () -> () loc(callsite(\"a\" \"b\"))"),
        "1:40: expected 'at' in callsite location"
    );
    assert_eq!(
        err("\"test.op\"() : () -> () loc(#nope)"),
        "1:28: operation location alias was never defined"
    );
}

#[test]
fn unregistered_ops_need_the_flag() {
    assert_eq!(
        error_of("\"foo.op\"() : () -> ()", false),
        "1:1: operation being parsed with an unregistered dialect. If this is intended, please use \
         -allow-unregistered-dialect with the MLIR tool used"
    );
    let m = error_of(
        "\"builtin.module\"() ({ \"foo.op\"() {a = !foo.bar} : () -> () }) : () -> ()",
        false,
    );
    assert!(
        m.starts_with("1:1: operation being parsed with an unregistered dialect"),
        "{m}"
    );
}

#[test]
fn unregistered_dialect_types_and_attrs_need_the_flag() {
    let mut ctx = Context::new();
    let e = parse_type_str(&mut ctx, "!foo.bar<1>").unwrap_err();
    assert!(
        e.message
            .starts_with("`!foo.bar<1>` type created with unregistered dialect"),
        "{}",
        e.message
    );
    let e = parse_attr_str(&mut ctx, "#foo.bar").unwrap_err();
    assert!(
        e.message
            .starts_with("#foo.bar attribute created with unregistered dialect"),
        "{}",
        e.message
    );
}

#[test]
fn ssa_errors() {
    assert_eq!(
        err("%0 = \"test.op\"(%1) : (i32) -> i32"),
        "1:16: use of undeclared SSA value name"
    );
    assert_eq!(
        err("%0 = \"test.op\"() : () -> f32\n%0 = \"test.op\"() : () -> f32"),
        "2:1: redefinition of SSA value '%0'"
    );
    assert_eq!(
        err("%0 = \"test.op\"() : () -> f32\n\"test.use\"(%0) : (i32) -> ()"),
        "2:12: use of value '%0' expects different type than prior uses: 'i32' vs 'f32'"
    );
    assert_eq!(
        err("\"test.use\"(%0) : (i32) -> ()\n\"test.use\"(%0) : (f32) -> ()\n%0 = \"test.op\"() : () -> f32"),
        "2:12: use of value '%0' expects different type than prior uses: 'f32' vs 'i32'"
    );
    assert_eq!(
        err("\"test.use\"(%0) : (i32) -> ()\n%0 = \"test.op\"() : () -> f32"),
        "2:1: definition of SSA value '%0#0' has type 'f32'"
    );
    // A value defined in a region is not visible after it.
    assert_eq!(
        err("\"test.r\"() ({\n^bb0(%a: i32):\n  \"test.x\"(%a) : (i32) -> ()\n}) : () -> ()\n\"test.y\"(%a) : (i32) -> ()"),
        "5:10: use of undeclared SSA value name"
    );
    // Shadowing an outer name inside a non-isolated region is a redefinition.
    assert_eq!(
        err("%a = \"test.op\"() : () -> i32\n\"test.r\"() ({\n  %a = \"test.op\"() : () -> i32\n}) : () -> ()"),
        "3:3: redefinition of SSA value '%a'"
    );
    assert_eq!(
        err("\"test.use\"(%a#x) : (i32) -> ()"),
        "1:14: invalid SSA value result number"
    );
    assert_eq!(
        err("\"test.use\"(%a#4294967295) : (i32) -> ()"),
        "1:14: invalid SSA value result number"
    );
    assert_eq!(
        err("\"test.r\"() ({\n^bb0(%a#1: i32):\n}) : () -> ()"),
        "2:8: result number not allowed in argument list"
    );
}

#[test]
fn block_errors() {
    assert_eq!(
        err("\"test.op\"() [^bb1] : () -> ()"),
        "1:14: reference to an undefined block"
    );
    assert_eq!(
        err("\"test.r\"() ({\n^bb0:\n  \"test.br\"() : () -> ()\n^bb0:\n  \"test.br\"() : () -> ()\n}) : () -> ()"),
        "4:1: redefinition of block '^bb0'"
    );
    assert_eq!(
        err("\"test.r\"() ({\n^bb0\n}) : () -> ()"),
        "2:5: expected ':' after block name"
    );
    assert_eq!(
        err("\"test.r\"() ({\n^bb0(%a i32):\n}) : () -> ()"),
        "2:8: expected ':' and type for SSA operand"
    );
    assert_eq!(
        err("\"test.r\"() ({\n  \"test.x\"() : () -> ()\n"),
        "2:24: expected operation name in quotes"
    );
    assert_eq!(
        err("\"test.r\"() ({}, ) : () -> ()"),
        "1:16: expected '{' to begin a region"
    );
}

#[test]
fn type_errors() {
    assert_eq!(
        err("\"test.op\"() : () -> foo"),
        "1:20: expected non-function type"
    );
    assert_eq!(
        err("\"test.op\"() : () -> (i32, fo)"),
        "1:26: expected non-function type"
    );
    assert_eq!(
        err("\"test.op\"() {a = tensor<4xtensor<i8>>} : () -> ()"),
        "1:27: invalid tensor element type"
    );
    assert_eq!(
        err("\"test.op\"() {a = tensor<4x?>} : () -> ()"),
        "1:28: expected 'x' in dimension list"
    );
    assert_eq!(
        err("\"test.op\"() {a = tensor<4 f32>} : () -> ()"),
        "1:26: expected 'x' in dimension list"
    );
    assert_eq!(
        err("\"test.op\"() {a = vector<0xf32>} : () -> ()"),
        "1:18: vector types must have positive constant sizes but got 0"
    );
    assert_eq!(
        err("\"test.op\"() {a = vector<?xf32>} : () -> ()"),
        "1:25: expected static shape"
    );
    assert_eq!(
        err("\"test.op\"() {a = i99999999} : () -> ()"),
        "1:18: integer bitwidth is limited to 16777215 bits"
    );
    assert_eq!(
        err("\"test.op\"() {a = !foo.bar<x} : () -> ()"),
        "1:26: unbalanced '<' character in pretty dialect name"
    );
    assert_eq!(
        err("\"test.op\"() {a = !foo.bar<(x]>} : () -> ()"),
        "1:26: unbalanced '(' character in pretty dialect name"
    );
    assert_eq!(
        err("\"test.op\"() {a = !undefined} : () -> ()"),
        "1:18: undefined symbol alias id 'undefined'"
    );
    assert_eq!(
        err("\"test.op\"() {a = memref<4xf32, 1, 2>} : () -> ()"),
        "1:35: multiple memory spaces specified in memref type"
    );
    assert_eq!(
        err("\"test.op\"() {a = complex<tensor<f32>>} : () -> ()"),
        "1:26: invalid element type for complex"
    );
    assert_eq!(
        err("\"test.op\"() {a = tuple<i32} : () -> ()"),
        "1:27: expected '>' in tuple type"
    );
    assert_eq!(err("\"test.op\"() : (i32 -> ()"), "1:19: expected ')'");
    assert_eq!(
        err("\"test.op\"() : (i32) ()"),
        "1:20: expected '->' in function type"
    );
    assert_eq!(
        err("!a = i32\n!a = i64"),
        "2:1: redefinition of type alias id 'a'"
    );
    assert_eq!(
        err("!a.b = i32"),
        "1:1: type names with a '.' are reserved for dialect-defined names"
    );
    assert_eq!(err("!a i32"), "1:3: expected '=' in type alias definition");
}

#[test]
fn attribute_errors() {
    assert_eq!(
        err("\"test.op\"() {a = 1 : () -> ()"),
        "1:18: integer literal not valid for specified type"
    );
    assert_eq!(
        err("\"test.op\"() {a = 1 b} : () -> ()"),
        "1:19: expected '}' in attribute dictionary"
    );
    assert_eq!(
        err("\"test.op\"() {a = 1, a = 2} : () -> ()"),
        "1:21: duplicate key 'a' in dictionary attribute"
    );
    assert_eq!(
        err("\"test.op\"() {a = [1, 2} : () -> ()"),
        "1:23: expected ',' or ']'"
    );
    assert_eq!(
        err("\"test.op\"() {a = @a::b} : () -> ()"),
        "1:22: expected nested symbol reference identifier"
    );
    assert_eq!(
        err("\"test.op\"() {a = -0 : i32} : () -> ()"),
        "1:19: integer constant out of range for attribute"
    );
    assert_eq!(
        err("\"test.op\"() {a = 300 : i8} : () -> ()"),
        "1:18: integer constant out of range for attribute"
    );
    assert_eq!(
        err("\"test.op\"() {a = 128 : si8} : () -> ()"),
        "1:18: integer constant out of range for attribute"
    );
    assert_eq!(
        err("\"test.op\"() {a = -1 : ui8} : () -> ()"),
        "1:19: negative integer literal not valid for unsigned integer type"
    );
    assert_eq!(
        err("\"test.op\"() {a = 1.5 : i32} : () -> ()"),
        "1:18: floating point value not valid for specified type"
    );
    assert_eq!(
        err("\"test.op\"() {a = 1 : f32} : () -> ()"),
        "1:18: unexpected decimal integer literal for a floating point value"
    );
    assert_eq!(
        err("\"test.op\"() {a = 0x1FF : f16} : () -> ()"
            .replace("0x1FF", "0x1FFFF")
            .as_str()),
        "1:18: hexadecimal float constant out of range for type"
    );
    assert_eq!(
        err("\"test.op\"() {a = - x} : () -> ()"),
        "1:19: expected constant integer or floating point value"
    );
    assert_eq!(
        err("\"test.op\"() {a = } : () -> ()"),
        "1:17: expected attribute value"
    );
    assert_eq!(
        err("\"test.op\"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()"),
        "1:36: tensor literal is invalid; ranks are not consistent between elements"
    );
    assert_eq!(
        err("\"test.op\"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()"),
        "1:18: inferred shape of elements literal ([2]) does not match type ([3])"
    );
    assert_eq!(
        err("\"test.op\"() {a = dense<[true, false]> : tensor<2xi32>} : () -> ()"),
        "1:25: expected i1 type for 'true' or 'false' values"
    );
    assert_eq!(
        err("\"test.op\"() {a = dense<[1.5]> : tensor<1xi32>} : () -> ()"),
        "1:25: expected integer elements, but parsed floating-point"
    );
    assert_eq!(
        err("\"test.op\"() {a = dense<[x]> : tensor<1xf32>} : () -> ()"),
        "1:25: expected element literal of primitive type"
    );
    assert_eq!(
        err("\"test.op\"() {a = dense<> : tensor<1xf32>} : () -> ()"),
        "1:18: parsed zero elements, but type ('tensor<1xf32>') expected at least 1"
    );
    assert_eq!(
        err("\"test.op\"() {a = dense<1> : i32} : () -> ()"),
        "1:18: elements literal must be a shaped type"
    );
    assert_eq!(
        err("\"test.op\"() {a = dense<1> : tensor<?xi32>} : () -> ()"),
        "1:18: elements literal type must have static shape"
    );
    assert_eq!(
        err("\"test.op\"() {a = array<i32: 1.5>} : () -> ()"),
        "1:29: expected integer literal"
    );
    assert_eq!(
        err("\"test.op\"() {a = array<i7: 1>} : () -> ()"),
        "1:24: element type bitwidth must be a multiple of 8"
    );
    assert_eq!(
        err("\"test.op\"() {a = array<tensor<i32>: 1>} : () -> ()"),
        "1:24: expected integer or float type, got: 'tensor<i32>'"
    );
    assert_eq!(
        err("\"test.op\"() {a = #undefined} : () -> ()"),
        "1:18: undefined symbol alias id 'undefined'"
    );
    assert_eq!(
        err("#a = 1\n#a = 2"),
        "2:1: redefinition of attribute alias id 'a'"
    );
    assert_eq!(
        err("#a.b = 1"),
        "1:1: attribute names with a '.' are reserved for dialect-defined names"
    );
    assert_eq!(
        err("\"test.op\"() {\"\" = 1} : () -> ()"),
        "1:14: expected valid attribute name"
    );
    assert_eq!(
        err("\"test.op\"() {1 = 1} : () -> ()"),
        "1:14: expected attribute name"
    );
}

#[test]
fn string_helpers_reject_trailing_input() {
    let mut ctx = Context::new();
    let e = parse_type_str(&mut ctx, "i32 i64").unwrap_err();
    assert_eq!(e.message, "found trailing characters: 'i64'");
    assert!(parse_attr_str(&mut ctx, "1 : i32").is_ok());
    let e = parse_attr_str(&mut ctx, "").unwrap_err();
    assert_eq!(e.message, "expected attribute value");
}

#[test]
fn rendered_diagnostic_quotes_the_line() {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let d = parse_source(
        &mut ctx,
        "r.mlir",
        "\"test.op\"() : () -> ()\n  %0 = \"test.op\"(%1) : (i32) -> i32\n",
    )
    .unwrap_err();
    let r = ctx.render_diagnostic(&d);
    assert_eq!(r, "r.mlir:2:18: error: use of undeclared SSA value name\n  %0 = \"test.op\"(%1) : (i32) -> i32\n                 ^\n");
}

#[test]
fn nesting_is_bounded() {
    let deep_attr = format!(
        "\"test.op\"() {{a = {}1{}}} : () -> ()",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let m = err(&deep_attr);
    assert!(m.contains("nesting deeper than"), "{m}");
    let deep_type = format!(
        "\"test.op\"() : () -> {}i32{}",
        "tuple<".repeat(50_000),
        ">".repeat(50_000)
    );
    assert!(err(&deep_type).contains("nesting deeper than"));
    let deep_region = format!(
        "{}{}",
        "\"test.r\"() ({".repeat(10_000),
        "}) : () -> ()".repeat(10_000)
    );
    assert!(err(&deep_region).contains("nesting deeper than"));
}

#[test]
fn split_input_file_keeps_line_numbers() {
    let text = "a\n// -----\nb\nc\n  // ----- trailing\nd";
    let chunks = split_input_file(text);
    assert_eq!(chunks.len(), 3);
    assert_eq!(chunks[0], "a\n");
    assert_eq!(chunks[1], "\n\nb\nc\n");
    assert_eq!(chunks[2], "\n\n\n\n\nd");
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let src = "\"test.op\"() : () -> ()\n// -----\n\n%0 = \"test.op\"(%9) : (i32) -> i32\n";
    let chunks = split_input_file(src);
    assert!(parse_source(&mut ctx, "s.mlir", &chunks[0]).is_ok());
    let d = parse_source(&mut ctx, "s.mlir", &chunks[1]).unwrap_err();
    assert_eq!(ctx.file_line_col(d.loc), Some(("s.mlir", 4, 16)));
}
