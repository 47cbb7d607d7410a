//! Arrays too large to hold: every level of the interpreter reports `out of memory: …` at the
//! op that asks for one (a located error, never a panic or an abort), whether the element
//! count exceeds 64 bits or only the memory; empty arrays with huge extents stay usable.
//! The sizes are beyond the address space of a process (more than 2^48 bytes), so no test
//! depends on the machine.

mod common;

use tail_interp::{format_value, run_module};
use tail_ir::Context;

/// Parses, verifies and runs `func.func @main() -> ty { body }`: the final value, or the
/// rendered error (`t.mlir:line:col: error: …`, the source line and a caret).
fn run(ty: &str, body: &str) -> Result<String, String> {
    let src = format!(
        "func.func @main() -> {ty} {{
{body}
}}
"
    );
    let mut ctx = Context::new();
    let m = common::parse_verified(&mut ctx, &src);
    let mut out = Vec::new();
    run_module(&ctx, m, &mut out)
        .map(|v| format_value(&v))
        .map_err(|d| ctx.render_diagnostic(&d))
}

/// The first line of the error of `body`, which must fail.
fn fails(ty: &str, body: &str) -> String {
    match run(ty, body) {
        Ok(v) => panic!("expected a runtime error, got {v}"),
        Err(e) => e.lines().next().unwrap_or("").to_string(),
    }
}

fn ok(ty: &str, body: &str) -> String {
    run(ty, body).unwrap_or_else(|e| panic!("unexpected runtime error: {e}"))
}

/// `%a = tail.reshape` of 1.5 to the extents `dims`, of type `!tail.array<f64, rank>`.
fn reshape(dims: &[i64]) -> String {
    let ds: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
    let r = dims.len();
    format!(
        "  %s = tail.lit [{}] : !tail.vec<i32, {r}>\n  \
         %d = tail.const 0.0 : f64\n  \
         %x = tail.const 1.5 : f64\n  \
         %a = tail.reshape %s, %d, %x : (!tail.vec<i32, {r}>, f64, f64) -> !tail.array<f64, {r}>\n",
        ds.join(", ")
    )
}

const F0: &str = "  %z = tail.const 0.0 : f64\n  return %z : f64";

#[test]
fn tail_reshape_beyond_memory() {
    let e = fails("f64", &(reshape(&[1000000000, 1000000000]) + F0));
    assert_eq!(
        e,
        "t.mlir:5:3: error: out of memory: an array of 1000000000000000000 elements is too large"
    );
}

#[test]
fn tail_reshape_beyond_64_bits() {
    let e = fails(
        "f64",
        &(reshape(&[2000000000, 2000000000, 2000000000]) + F0),
    );
    assert_eq!(
        e,
        "t.mlir:5:3: error: out of memory: an array of 8000000000000000000000000000 elements is too large"
    );
}

#[test]
fn tail_over_take_of_huge_cells() {
    let body = reshape(&[0, 1000000000, 1000000000])
        + "  %n = tail.const 2 : i32\n  \
           %t = tail.take %n, %d, %a : (i32, f64, !tail.array<f64, 3>) -> !tail.array<f64, 3>\n"
        + F0;
    assert_eq!(
        fails("f64", &body),
        "t.mlir:7:3: error: out of memory: an array of 2000000000000000000 elements is too large"
    );
}

#[test]
fn tail_reduce_along_an_empty_axis() {
    let body = reshape(&[2000000000, 2000000000, 0])
        + "  %r = tail.reduce %d, %a : (f64, !tail.array<f64, 3>) -> !tail.array<f64, 2> {\n  \
           ^bb0(%p: f64, %q: f64):\n    \
             %y = tail.addd %p, %q : f64\n    \
             tail.yield %y : f64\n  \
           }\n"
        + F0;
    assert_eq!(
        fails("f64", &body),
        "t.mlir:6:3: error: out of memory: an array of 4000000000000000000 elements is too large"
    );
}

#[test]
fn tail_replicate_beyond_memory() {
    let body = reshape(&[1000000, 4])
        + "  %c = tail.lit [1073741824, 1073741824, 1073741824, 1073741824] : !tail.array<i32, 1>\n  \
           %r = tail.replicate %d, %c, %a : (f64, !tail.array<i32, 1>, !tail.array<f64, 2>) -> !tail.array<f64, 2>\n"
        + F0;
    assert_eq!(
        fails("f64", &body),
        "t.mlir:7:3: error: out of memory: an array of 4294967296000000 elements is too large"
    );
}

/// Structural functions on empty arrays whose other extents multiply beyond 64 bits.
#[test]
fn tail_empty_arrays_with_huge_extents() {
    let ty = "!tail.array<f64, 4>";
    let body = reshape(&[0, 2000000000, 2000000000, 2000000000])
        + &format!(
            "  %n0 = tail.const 0 : i32\n  \
             %n1 = tail.const 1 : i32\n  \
             %b = tail.transp %a : {ty}\n  \
             %c = tail.reverse %b : {ty}\n  \
             %e = tail.vreverse %c : {ty}\n  \
             %f = tail.rotate %n1, %e : (i32, {ty}) -> {ty}\n  \
             %g = tail.take %n0, %d, %f : (i32, f64, {ty}) -> {ty}\n  \
             %h = tail.drop %n1, %g : (i32, {ty}) -> {ty}\n  \
             %s2 = tail.lit [2000000000, 2000000000, 2000000000, 0] : !tail.vec<i32, 4>\n  \
             %a2 = tail.reshape %s2, %d, %x : (!tail.vec<i32, 4>, f64, f64) -> {ty}\n  \
             %i = tail.cat %a2, %a2 : ({ty}, {ty}) -> {ty}\n  \
             %j = tail.vreverse %i : {ty}\n  \
             %k = tail.transp %j : {ty}\n  \
             %sh = tail.shape %h : ({ty}) -> !tail.vec<i32, 4>\n  \
             %sk = tail.shape %k : ({ty}) -> !tail.vec<i32, 4>\n  \
             %r = tail.catV %sh, %sk : (!tail.vec<i32, 4>, !tail.vec<i32, 4>) -> !tail.vec<i32, 8>\n  \
             return %r : !tail.vec<i32, 8>"
        );
    assert_eq!(
        ok("!tail.vec<i32, 8>", &body),
        "[8](0,2000000000,2000000000,0,0,2000000000,2000000000,2000000000)"
    );
}

#[test]
fn soac_ops_beyond_memory() {
    let n = "  %n = arith.constant 4611686018427387904 : index\n";
    let e = fails(
        "tensor<?xi32>",
        &format!("{n}  %a = soac.iota %n : tensor<?xi32>\n  return %a : tensor<?xi32>"),
    );
    assert_eq!(
        e,
        "t.mlir:3:3: error: out of memory: an array of 4611686018427387904 elements is too large"
    );
    let e = fails(
        "tensor<?x?xi32>",
        &format!(
            "{n}  %v = soac.iota : tensor<4xi32>\n  \
             %a = soac.reshape %v to(%n, %n) cyclic : tensor<4xi32> -> tensor<?x?xi32>\n  \
             return %a : tensor<?x?xi32>"
        ),
    );
    assert_eq!(
        e,
        "t.mlir:4:3: error: out of memory: an array of 21267647932558653966460912964485513216 elements is too large"
    );
    let e = fails(
        "tensor<?x3xi32>",
        &format!(
            "{n}  %v = soac.iota : tensor<3xi32>\n  \
             %a = soac.replicate %v times %n : tensor<3xi32> -> tensor<?x3xi32>\n  \
             return %a : tensor<?x3xi32>"
        ),
    );
    assert_eq!(
        e,
        "t.mlir:4:3: error: out of memory: an array of 13835058055282163712 elements is too large"
    );
    // A stride of 0 repeats one element.
    let e = fails(
        "tensor<?xi32>",
        &format!(
            "{n}  %c0 = arith.constant 0 : index\n  \
             %v = soac.iota : tensor<3xi32>\n  \
             %a = soac.slice %v[%c0] [%n] [%c0] : tensor<3xi32> -> tensor<?xi32>\n  \
             return %a : tensor<?xi32>"
        ),
    );
    assert_eq!(
        e,
        "t.mlir:5:3: error: out of memory: an array of 4611686018427387904 elements is too large"
    );
}

#[test]
fn buffers_beyond_memory() {
    let n = "  %n = arith.constant 4611686018427387904 : index\n";
    for alloc in ["memref.alloc", "gpu.alloc"] {
        let e = fails(
            "f64",
            &format!("{n}  %m = {alloc}(%n) : memref<?xf64>\n{F0}"),
        );
        assert_eq!(
            e,
            "t.mlir:3:3: error: out of memory: an array of 4611686018427387904 elements is too large"
        );
    }
    let e = fails(
        "f64",
        &format!("{n}  %m = memref.alloc(%n, %n) : memref<?x?xf64>\n{F0}"),
    );
    assert_eq!(
        e,
        "t.mlir:3:3: error: out of memory: an array of 21267647932558653966460912964485513216 elements is too large"
    );
}

#[test]
fn hpar_arrays_beyond_memory() {
    let n = "  %n = arith.constant 4611686018427387904 : index\n";
    let gen = "  %a = hpar.generate %n : !hpar.pull<i32> {\n  \
               ^bb0(%i: index):\n    \
                 %x = arith.index_cast %i : index to i32\n    \
                 hpar.yield %x : i32\n  \
               }\n";
    let e = fails(
        "f64",
        &format!(
            "{n}{gen}  %p = hpar.push<grid> %a : !hpar.pull<i32> -> !hpar.push<i32, grid>\n{F0}"
        ),
    );
    assert_eq!(
        e,
        "t.mlir:8:3: error: out of memory: an array of 4611686018427387904 elements is too large"
    );
    let e = fails(
        "f64",
        &format!(
            "{n}  %c1 = arith.constant 1 : index\n{}  %w = hpar.last_write<grid> %a, %n : !hpar.pull<i32> -> !hpar.push<i32, grid>\n{F0}",
            gen.replace("%n :", "%c1 :")
        ),
    );
    assert_eq!(
        e,
        "t.mlir:9:3: error: out of memory: an array of 4611686018427387904 elements is too large"
    );
}
