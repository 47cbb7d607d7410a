//! The interpreter on the `soac` dialect: one test per op family and the composed views, with
//! values worked out by hand (never taken from the interpreter), and the runtime errors.
//! Arrays are built from `soac.iota` (0-based) and maps; results are rendered as
//! `[2,3](…)` for a 2×3 array (extents, then the elements in row-major order), scalars bare,
//! tuples in parentheses.

mod common;

use tail_interp::format::fmt_scalar;
use tail_interp::{run_module, Value};
use tail_ir::Context;

/// Renders a value: `[extents](elements)`, a scalar, or `(a,b)`.
fn render(v: &Value) -> String {
    match v {
        Value::Scalar(s) => fmt_scalar(*s),
        Value::Array(a) => {
            let a = a.borrow();
            let dims: Vec<String> = a.shape.iter().map(|d| d.to_string()).collect();
            let elems: Vec<String> = a.data.iter().map(|&x| fmt_scalar(x)).collect();
            format!("[{}]({})", dims.join(","), elems.join(","))
        }
        Value::Tuple(vs) => {
            let parts: Vec<String> = vs.iter().map(render).collect();
            format!("({})", parts.join(","))
        }
        Value::Pull(_) | Value::Push(_) => panic!("soac programs give no hpar arrays"),
    }
}

/// Parses, verifies and runs `func.func @main() -> ty { body }`; the result value as printed,
/// or the runtime error message.
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
        .map(|v| render(&v))
        .map_err(|d| {
            // Runtime errors carry the location of the failing op.
            assert!(
                ctx.render_diagnostic(&d).starts_with("t.mlir:"),
                "unlocated error: {}",
                ctx.render_diagnostic(&d)
            );
            d.message.clone()
        })
}

fn ok(ty: &str, body: &str) -> String {
    run(ty, body).unwrap_or_else(|e| panic!("unexpected runtime error: {e}"))
}

fn fails(ty: &str, body: &str) -> String {
    match run(ty, body) {
        Ok(v) => panic!("expected a runtime error, got {v}"),
        Err(e) => e,
    }
}

/// `%c<v> = arith.constant v : index` for each `v`.
fn idx(vs: &[i64]) -> String {
    vs.iter()
        .map(|v| {
            let name = if *v < 0 {
                format!("m{}", -v)
            } else {
                v.to_string()
            };
            format!("%c{name} = arith.constant {v} : index\n")
        })
        .collect()
}

/// `%m = [[0,1,2],[3,4,5]] : tensor<2x3xi32>`.
const M23: &str = "%i6 = soac.iota : tensor<6xi32>\n\
                   %m = soac.reshape %i6 : tensor<6xi32> -> tensor<2x3xi32>\n";

// ----- map -----------------------------------------------------------------------------------

#[test]
fn map_over_2d_is_a_map_nest() {
    // 10·x + 1 on [[0,1,2],[3,4,5]].
    let b = format!(
        "{M23}%k = arith.constant 10 : i32\n%one = arith.constant 1 : i32\n\
         %r = soac.map %m : tensor<2x3xi32> -> tensor<2x3xi32> {{\n\
         ^bb0(%row: tensor<3xi32>):\n\
           %s = soac.map %row : tensor<3xi32> -> tensor<3xi32> {{\n\
           ^bb0(%x: i32):\n\
             %t = arith.muli %x, %k : i32\n\
             %u = arith.addi %t, %one : i32\n\
             soac.yield %u : i32\n\
           }}\n\
           soac.yield %s : tensor<3xi32>\n\
         }}\n\
         return %r : tensor<2x3xi32>"
    );
    assert_eq!(ok("tensor<2x3xi32>", &b), "[2,3](1,11,21,31,41,51)");
}

#[test]
fn map_zips_inputs_and_yields_several_results() {
    // x + y and x < y over [0,1,2,3] and [3,2,1,0].
    let b = "%c3 = arith.constant 3 : i32\n\
             %a = soac.iota : tensor<4xi32>\n\
             %b = soac.map %a : tensor<4xi32> -> tensor<4xi32> {\n\
             ^bb0(%x: i32):\n  %y = arith.subi %c3, %x : i32\n  soac.yield %y : i32\n}\n\
             %s, %l = soac.map %a, %b : tensor<4xi32>, tensor<4xi32> -> (tensor<4xi32>, tensor<4xi1>) {\n\
             ^bb0(%x: i32, %y: i32):\n\
               %p = arith.addi %x, %y : i32\n\
               %q = arith.cmpi slt, %x, %y : i32\n\
               soac.yield %p, %q : i32, i1\n\
             }\n\
             return %s, %l : tensor<4xi32>, tensor<4xi1>";
    assert_eq!(
        ok("(tensor<4xi32>, tensor<4xi1>)", b),
        "([4](3,3,3,3),[4](1,1,0,0))"
    );
}

#[test]
fn map_over_an_empty_array() {
    let b = format!(
        "{}%a = soac.iota %c0 : tensor<?xi32>\n\
         %r = soac.map %a : tensor<?xi32> -> tensor<?xf64> {{\n\
         ^bb0(%x: i32):\n  %d = arith.sitofp %x : i32 to f64\n  soac.yield %d : f64\n}}\n\
         return %r : tensor<?xf64>",
        idx(&[0])
    );
    assert_eq!(ok("tensor<?xf64>", &b), "[0]()");
}

// ----- reduce, scan, redomap, scanomap --------------------------------------------------------

/// A combining lambda `+` on `i32` whose value names end in `tag` (lambdas are not isolated,
/// so names must be unique in the function).
fn add_i32(tag: &str) -> String {
    format!(
        "^bb0(%acc{tag}: i32, %x{tag}: i32):\n  %sum{tag} = arith.addi %acc{tag}, %x{tag} : i32\n  soac.yield %sum{tag} : i32\n"
    )
}

#[test]
fn reduce_sums_and_gives_the_neutral_element_on_empty_input() {
    let b = format!(
        "{}%z = arith.constant 0 : i32\n%seven = arith.constant 7 : i32\n\
         %a = soac.iota %c5 : tensor<?xi32>\n\
         %e = soac.iota %c0 : tensor<?xi32>\n\
         %s = soac.reduce %a init(%z) comm : tensor<?xi32> -> i32 {{\n{}}}\n\
         %t = soac.reduce %e init(%seven) comm : tensor<?xi32> -> i32 {{\n{}}}\n\
         return %s, %t : i32, i32",
        idx(&[5, 0]),
        add_i32("_1"),
        add_i32("_2")
    );
    // 0+1+2+3+4 = 10; the empty sum is the neutral element given, 7.
    assert_eq!(ok("(i32, i32)", &b), "(10,7)");
}

#[test]
fn reduce_is_a_left_fold_from_the_neutral_element() {
    // With a non-associative operator the order shows: ((100 - 0) - 1) - 2 = 97.
    let b = "%h = arith.constant 100 : i32\n\
             %a = soac.iota : tensor<3xi32>\n\
             %s = soac.reduce %a init(%h) : tensor<3xi32> -> i32 {\n\
             ^bb0(%x: i32, %y: i32):\n  %d = arith.subi %x, %y : i32\n  soac.yield %d : i32\n}\n\
             return %s : i32";
    assert_eq!(ok("i32", b), "97");
}

#[test]
fn reduce_of_rows_reduces_columnwise() {
    // Column sums of [[0,1,2],[3,4,5]]: [3,5,7].
    let b = format!(
        "{M23}%z = arith.constant 0 : i32\n\
         %zr = soac.replicate %z : i32 -> tensor<3xi32>\n\
         %s = soac.reduce %m init(%zr) : tensor<2x3xi32> -> tensor<3xi32> {{\n\
         ^bb0(%a: tensor<3xi32>, %b: tensor<3xi32>):\n\
           %c = soac.map %a, %b : tensor<3xi32>, tensor<3xi32> -> tensor<3xi32> {{\n{}}}\n\
           soac.yield %c : tensor<3xi32>\n\
         }}\n\
         return %s : tensor<3xi32>",
        add_i32("_3")
    );
    assert_eq!(ok("tensor<3xi32>", &b), "[3](3,5,7)");
}

#[test]
fn scan_is_inclusive() {
    let b = format!(
        "%z = arith.constant 0 : i32\n%a = soac.iota : tensor<5xi32>\n\
         %s = soac.scan %a init(%z) : tensor<5xi32> -> tensor<5xi32> {{\n{}}}\n\
         return %s : tensor<5xi32>",
        add_i32("_4")
    );
    assert_eq!(ok("tensor<5xi32>", &b), "[5](0,1,3,6,10)");
}

#[test]
fn redomap_is_a_dot_product_with_mapped_out_values() {
    // [0,1,2,3]·[0,1,2,3] = 0+1+4+9 = 14; the products are mapped out.
    let b = format!(
        "%z = arith.constant 0 : i32\n%a = soac.iota : tensor<4xi32>\n\
         %d, %p = soac.redomap %a, %a init(%z) comm : tensor<4xi32>, tensor<4xi32> -> (i32, tensor<4xi32>)\n\
         reduce {{\n{}}} map {{\n\
         ^bb0(%x: i32, %y: i32):\n  %m = arith.muli %x, %y : i32\n  soac.yield %m, %m : i32, i32\n}}\n\
         return %d, %p : i32, tensor<4xi32>",
        add_i32("_5")
    );
    assert_eq!(ok("(i32, tensor<4xi32>)", &b), "(14,[4](0,1,4,9))");
}

#[test]
fn scanomap_scans_the_mapped_values() {
    // Prefix sums of the squares of [0,1,2,3]: [0,1,5,14].
    let b = format!(
        "%z = arith.constant 0 : i32\n%a = soac.iota : tensor<4xi32>\n\
         %s = soac.scanomap %a init(%z) : tensor<4xi32> -> tensor<4xi32>\n\
         scan {{\n{}}} map {{\n\
         ^bb0(%x: i32):\n  %m = arith.muli %x, %x : i32\n  soac.yield %m : i32\n}}\n\
         return %s : tensor<4xi32>",
        add_i32("_6")
    );
    assert_eq!(ok("tensor<4xi32>", &b), "[4](0,1,5,14)");
}

// ----- filter, scatter ---------------------------------------------------------------------

#[test]
fn filter_keeps_rows_of_every_input() {
    // The even numbers of [0..6] and their doubles (as doubles).
    let b = "%two = arith.constant 2 : i32\n%z = arith.constant 0 : i32\n\
             %a = soac.iota : tensor<7xi32>\n\
             %d = soac.map %a : tensor<7xi32> -> tensor<7xf64> {\n\
             ^bb0(%x: i32):\n  %y = arith.addi %x, %x : i32\n  %f = arith.sitofp %y : i32 to f64\n  soac.yield %f : f64\n}\n\
             %e, %g = soac.filter %a, %d : tensor<7xi32>, tensor<7xf64> -> (tensor<?xi32>, tensor<?xf64>) {\n\
             ^bb0(%x: i32, %y: f64):\n\
               %r = arith.remsi %x, %two : i32\n\
               %p = arith.cmpi eq, %r, %z : i32\n\
               soac.yield %p : i1\n\
             }\n\
             return %e, %g : tensor<?xi32>, tensor<?xf64>";
    assert_eq!(
        ok("(tensor<?xi32>, tensor<?xf64>)", b),
        "([4](0,2,4,6),[4](0.0,4.0,8.0,12.0))"
    );
}

#[test]
fn filter_can_keep_nothing() {
    let b = "%f = arith.constant false\n%a = soac.iota : tensor<3xi32>\n\
             %e = soac.filter %a : tensor<3xi32> -> tensor<?xi32> {\n\
             ^bb0(%x: i32):\n  soac.yield %f : i1\n}\n\
             return %e : tensor<?xi32>";
    assert_eq!(ok("tensor<?xi32>", b), "[0]()");
}

#[test]
fn scatter_writes_in_bounds_indices_and_ignores_the_rest() {
    // Indices 4 - 4i = [4, 0, -4, -8], values 10(i+1) = [10, 20, 30, 40] into five zeros.
    let b = "%four = arith.constant 4 : i32\n%ten = arith.constant 10 : i32\n%z = arith.constant 0 : i32\n\
             %a = soac.iota : tensor<4xi32>\n\
             %is, %vs = soac.map %a : tensor<4xi32> -> (tensor<4xi32>, tensor<4xi32>) {\n\
             ^bb0(%x: i32):\n\
               %p = arith.muli %x, %four : i32\n  %j = arith.subi %four, %p : i32\n\
               %q = arith.addi %x, %x : i32\n  %r = arith.addi %x, %q : i32\n\
               %s = arith.muli %x, %ten : i32\n  %v = arith.addi %s, %ten : i32\n\
               soac.yield %j, %v : i32, i32\n\
             }\n\
             %d = soac.replicate %z : i32 -> tensor<5xi32>\n\
             %r = soac.scatter %vs into %d[%is] : tensor<4xi32>, tensor<4xi32> -> tensor<5xi32>\n\
             return %r : tensor<5xi32>";
    assert_eq!(ok("tensor<5xi32>", b), "[5](20,0,0,0,10)");
}

// ----- creation ----------------------------------------------------------------------------

#[test]
fn iota_replicate_concat() {
    let b = format!(
        "{}%x = arith.constant 2.5 : f64\n\
         %a = soac.iota %c3 : tensor<?xi32>\n\
         %r = soac.replicate %x times %c2 : f64 -> tensor<?xf64>\n\
         %b = soac.iota : tensor<2xi32>\n\
         %c = soac.concat %a, %b along 0 : tensor<?xi32>, tensor<2xi32> -> tensor<?xi32>\n\
         return %r, %c : tensor<?xf64>, tensor<?xi32>",
        idx(&[3, 2])
    );
    assert_eq!(
        ok("(tensor<?xf64>, tensor<?xi32>)", &b),
        "([2](2.5,2.5),[5](0,1,2,0,1))"
    );
}

#[test]
fn concat_along_the_inner_axis() {
    // [[0,1,2],[3,4,5]] joined with [[7],[7]] along axis 1.
    let b = format!(
        "{M23}%s = arith.constant 7 : i32\n\
         %r = soac.replicate %s : i32 -> tensor<1xi32>\n\
         %col = soac.replicate %r : tensor<1xi32> -> tensor<2x1xi32>\n\
         %c = soac.concat %m, %col along 1 : tensor<2x3xi32>, tensor<2x1xi32> -> tensor<2x4xi32>\n\
         return %c : tensor<2x4xi32>"
    );
    assert_eq!(ok("tensor<2x4xi32>", &b), "[2,4](0,1,2,7,3,4,5,7)");
}

// ----- indexing and views ------------------------------------------------------------------

#[test]
fn index_and_dim() {
    let b = format!(
        "{M23}{}%e = soac.index %m[%c1, %c2] : tensor<2x3xi32> -> i32\n\
         %row = soac.index %m[%c1] : tensor<2x3xi32> -> tensor<3xi32>\n\
         %d = soac.dim %m, 1 : tensor<2x3xi32>\n\
         return %e, %row, %d : i32, tensor<3xi32>, index",
        idx(&[1, 2])
    );
    assert_eq!(ok("(i32, tensor<3xi32>, index)", &b), "(5,[3](3,4,5),3)");
}

#[test]
fn transpose_of_reshape() {
    // reshape [0..5] to 2×3, transpose: [[0,3],[1,4],[2,5]].
    let b = format!(
        "{M23}%t = soac.transpose %m [1, 0] : tensor<2x3xi32> -> tensor<3x2xi32>\n\
         return %t : tensor<3x2xi32>"
    );
    assert_eq!(ok("tensor<3x2xi32>", &b), "[3,2](0,3,1,4,2,5)");
}

#[test]
fn reshape_of_transpose_reads_the_transposed_order() {
    // transpose to [[0,3],[1,4],[2,5]], then flatten: 0,3,1,4,2,5.
    let b = format!(
        "{M23}%t = soac.transpose %m [1, 0] : tensor<2x3xi32> -> tensor<3x2xi32>\n\
         %f = soac.reshape %t : tensor<3x2xi32> -> tensor<6xi32>\n\
         return %f : tensor<6xi32>"
    );
    assert_eq!(ok("tensor<6xi32>", &b), "[6](0,3,1,4,2,5)");
}

#[test]
fn rotate_every_axis() {
    // r[i,j] = m[(i+1) mod 2, (j+1) mod 3]: [[4,5,3],[1,2,0]].
    let b = format!(
        "{M23}{}%r = soac.rotate %m[%c1, %c1] : tensor<2x3xi32>\n\
         return %r : tensor<2x3xi32>",
        idx(&[1])
    );
    assert_eq!(ok("tensor<2x3xi32>", &b), "[2,3](4,5,3,1,2,0)");
}

#[test]
fn rotate_by_a_negative_offset_rotates_right() {
    // r[i] = x[(i - 1) mod 5]: [4,0,1,2,3].
    let b = format!(
        "{}%a = soac.iota : tensor<5xi32>\n%r = soac.rotate %a[%cm1] : tensor<5xi32>\n\
         return %r : tensor<5xi32>",
        idx(&[-1])
    );
    assert_eq!(ok("tensor<5xi32>", &b), "[5](4,0,1,2,3)");
}

#[test]
fn slice_with_negative_stride_reverses() {
    // x[4 : 5 : -1] of [0..4] is [4,3,2,1,0]; m[0:2:1, 1:2:1] is [[1,2],[4,5]].
    let b = format!(
        "{M23}{}%a = soac.iota : tensor<5xi32>\n\
         %r = soac.slice %a[%c4] [%c5] [%cm1] : tensor<5xi32> -> tensor<5xi32>\n\
         %s = soac.slice %m[%c0, %c1] [%c2, %c2] [%c1, %c1] : tensor<2x3xi32> -> tensor<2x2xi32>\n\
         return %r, %s : tensor<5xi32>, tensor<2x2xi32>",
        idx(&[4, 5, -1, 0, 1, 2])
    );
    assert_eq!(
        ok("(tensor<5xi32>, tensor<2x2xi32>)", &b),
        "([5](4,3,2,1,0),[2,2](1,2,4,5))"
    );
}

#[test]
fn cyclic_reshape_repeats_the_source() {
    let b = "%a = soac.iota : tensor<3xi32>\n\
             %r = soac.reshape %a cyclic : tensor<3xi32> -> tensor<2x4xi32>\n\
             return %r : tensor<2x4xi32>";
    assert_eq!(ok("tensor<2x4xi32>", b), "[2,4](0,1,2,0,1,2,0,1)");
}

// ----- loop, update ------------------------------------------------------------------------

#[test]
fn loop_with_array_state() {
    // Doubling [0,1,2] four times gives [0,16,32]; the iteration numbers sum to 0+1+2+3 = 6.
    let b = format!(
        "{}%a = soac.iota : tensor<3xi32>\n\
         %r, %s = soac.loop %it < %c4 iter_args(%x = %a, %acc = %c0) -> (tensor<3xi32>, index) {{\n\
           %d = soac.map %x : tensor<3xi32> -> tensor<3xi32> {{\n\
           ^bb0(%e: i32):\n  %f = arith.addi %e, %e : i32\n  soac.yield %f : i32\n}}\n\
           %t = arith.addi %acc, %it : index\n\
           soac.yield %d, %t : tensor<3xi32>, index\n\
         }}\n\
         return %r, %s : tensor<3xi32>, index",
        idx(&[4, 0])
    );
    assert_eq!(ok("(tensor<3xi32>, index)", &b), "([3](0,16,32),6)");
}

#[test]
fn loop_with_zero_trips_returns_its_inits() {
    let b = format!(
        "{}%a = soac.iota : tensor<2xi32>\n\
         %r = soac.loop %it < %cm1 iter_args(%x = %a) -> (tensor<2xi32>) {{\n\
           %z = soac.iota : tensor<2xi32>\n  soac.yield %z : tensor<2xi32>\n\
         }}\n\
         return %r : tensor<2xi32>",
        idx(&[-1])
    );
    assert_eq!(ok("tensor<2xi32>", &b), "[2](0,1)");
}

#[test]
fn update_an_element_and_a_row() {
    // [[0,1,2],[3,4,5]] with m[0,2] := 99, then row 1 := [9,9,9].
    let b = format!(
        "{M23}{}%v = arith.constant 99 : i32\n%n = arith.constant 9 : i32\n\
         %u = soac.update %v into %m[%c0, %c2] : i32 -> tensor<2x3xi32>\n\
         %row = soac.replicate %n : i32 -> tensor<3xi32>\n\
         %w = soac.update %row into %u[%c1] : tensor<3xi32> -> tensor<2x3xi32>\n\
         return %w : tensor<2x3xi32>",
        idx(&[0, 1, 2])
    );
    assert_eq!(ok("tensor<2x3xi32>", &b), "[2,3](0,1,99,9,9,9)");
}

#[test]
fn update_does_not_change_other_values_of_the_source() {
    // The map reads %a before the update consumes it: [0,1,2] + 1 = [1,2,3].
    let b = format!(
        "{}%one = arith.constant 1 : i32\n%v = arith.constant 7 : i32\n\
         %a = soac.iota : tensor<3xi32>\n\
         %b = soac.map %a : tensor<3xi32> -> tensor<3xi32> {{\n\
         ^bb0(%x: i32):\n  %y = arith.addi %x, %one : i32\n  soac.yield %y : i32\n}}\n\
         %u = soac.update %v into %a[%c0] : i32 -> tensor<3xi32>\n\
         return %b, %u : tensor<3xi32>, tensor<3xi32>",
        idx(&[0])
    );
    assert_eq!(
        ok("(tensor<3xi32>, tensor<3xi32>)", &b),
        "([3](1,2,3),[3](7,1,2))"
    );
}

// ----- runtime errors ----------------------------------------------------------------------

#[test]
fn index_out_of_bounds_is_an_error() {
    let b = format!(
        "{}%a = soac.iota : tensor<3xi32>\n%e = soac.index %a[%c5] : tensor<3xi32> -> i32\n\
         return %e : i32",
        idx(&[5])
    );
    assert_eq!(
        fails("i32", &b),
        "'soac.index' op index 5 is out of bounds for axis 0 of extent 3"
    );
}

#[test]
fn update_out_of_bounds_is_an_error() {
    let b = format!(
        "{}%v = arith.constant 1 : i32\n%a = soac.iota : tensor<3xi32>\n\
         %u = soac.update %v into %a[%cm1] : i32 -> tensor<3xi32>\n\
         return %u : tensor<3xi32>",
        idx(&[-1])
    );
    assert_eq!(
        fails("tensor<3xi32>", &b),
        "'soac.update' op index -1 is out of bounds for axis 0 of extent 3"
    );
}

#[test]
fn map_extent_mismatch_is_an_error() {
    let b = format!(
        "{}%a = soac.iota %c3 : tensor<?xi32>\n%b = soac.iota %c4 : tensor<?xi32>\n\
         %r = soac.map %a, %b : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32> {{\n{}}}\n\
         return %r : tensor<?xi32>",
        idx(&[3, 4]),
        add_i32("_7")
    );
    assert_eq!(
        fails("tensor<?xi32>", &b),
        "'soac.map' op extent mismatch: input #0 has 3 rows but input #1 has 4"
    );
}

#[test]
fn ragged_map_results_are_an_error() {
    // Row i of the result would be iota(i): rows of different lengths.
    let b = format!(
        "{}%a = soac.iota %c2 : tensor<?xi32>\n\
         %r = soac.map %a : tensor<?xi32> -> tensor<?x?xi32> {{\n\
         ^bb0(%x: i32):\n  %n = arith.index_cast %x : i32 to index\n\
           %row = soac.iota %n : tensor<?xi32>\n  soac.yield %row : tensor<?xi32>\n}}\n\
         return %r : tensor<?x?xi32>",
        idx(&[2])
    );
    assert_eq!(
        fails("tensor<?x?xi32>", &b),
        "'soac.map' op extent mismatch: row #1 has shape [1] but row #0 has shape [0]"
    );
}

#[test]
fn a_dynamic_extent_contradicting_the_type_is_an_error() {
    // A reshape whose result type says 4 columns, of 6 elements into 2 rows.
    let b = format!(
        "{}%a = soac.iota %c6 : tensor<?xi32>\n\
         %r = soac.reshape %a to(%c2) : tensor<?xi32> -> tensor<?x4xi32>\n\
         return %r : tensor<?x4xi32>",
        idx(&[6, 2])
    );
    assert_eq!(
        fails("tensor<?x4xi32>", &b),
        "'soac.reshape' op cannot reshape 6 elements (shape [6]) into shape [2,4]"
    );
}

#[test]
fn slice_out_of_bounds_is_an_error() {
    let b = format!(
        "{}%a = soac.iota : tensor<5xi32>\n\
         %r = soac.slice %a[%c3] [%c3] [%c1] : tensor<5xi32> -> tensor<3xi32>\n\
         return %r : tensor<3xi32>",
        idx(&[3, 1])
    );
    assert_eq!(
        fails("tensor<3xi32>", &b),
        "'soac.slice' op slice 3:3:1 is out of bounds for axis 0 of extent 5"
    );
}

#[test]
fn cyclic_reshape_of_an_empty_array_is_an_error() {
    let b = format!(
        "{}%a = soac.iota %c0 : tensor<?xi32>\n\
         %r = soac.reshape %a cyclic : tensor<?xi32> -> tensor<2xi32>\n\
         return %r : tensor<2xi32>",
        idx(&[0])
    );
    assert_eq!(
        fails("tensor<2xi32>", &b),
        "'soac.reshape' op cannot cyclically extend an empty array to shape [2]"
    );
}

#[test]
fn a_static_result_extent_is_checked_at_run_time() {
    // The filter keeps 2 rows, but its consumer's slice claims a static 3 from a dynamic size.
    let b = format!(
        "{}%t = arith.constant true\n%a = soac.iota : tensor<2xi32>\n\
         %f = soac.filter %a : tensor<2xi32> -> tensor<?xi32> {{\n\
         ^bb0(%x: i32):\n  soac.yield %t : i1\n}}\n\
         %n = soac.dim %f, 0 : tensor<?xi32>\n\
         %r = soac.slice %f[%c0] [%n] [%c1] : tensor<?xi32> -> tensor<3xi32>\n\
         return %r : tensor<3xi32>",
        idx(&[0, 1])
    );
    assert_eq!(
        fails("tensor<3xi32>", &b),
        "'soac.slice' op result #0 has shape [2], which contradicts its type 'tensor<3xi32>'"
    );
}

#[test]
fn a_huge_slice_is_an_error_not_an_overflow() {
    let b = format!(
        "{}%a = soac.iota : tensor<5xi32>\n\
         %big = arith.constant 9223372036854775807 : index\n\
         %r = soac.slice %a[%c1] [%c3] [%big] : tensor<5xi32> -> tensor<3xi32>\n\
         return %r : tensor<3xi32>",
        idx(&[1, 3])
    );
    assert_eq!(
        fails("tensor<3xi32>", &b),
        "'soac.slice' op slice 1:3:9223372036854775807 is out of bounds for axis 0 of extent 5"
    );
}
