//! Printing, formatting and file input (apltail's I/O primitives). Printing ops return their
//! argument; they write to standard output (`MemWrite`).
//!
//! ```mlir
//! %a = tail.prArrI %v : !tail.array<i32, 1>
//! %s = tail.formatD %d : (f64) -> !tail.array<!tail.char, 1>
//! ```

use tail_ir::constraints::*;
use tail_ir::Context;
use tail_ir_macros::op;

use crate::ops::util::*;
use crate::types::{array_like, quoted, ArrayLike, Char, CharType, ComplexF64};
use crate::TailDialect;

macro_rules! pr_scl {
    ($($name:ident $mn:tt $c:ident $doc:tt;)*) => {$(
        #[doc = $doc]
        #[doc = ""]
        #[doc = concat!("```mlir\n%r = tail.", $mn, " %x : …\n```")]
        #[op(dialect = TailDialect, name = $mn, traits(MemWrite, SameOperandsAndResultType),
             format = "$input attr-dict `:` type($result)")]
        pub struct $name {
            /// The scalar to print.
            #[operand]
            input: $c,
            #[result]
            result: $c,
        }
    )*};
}

pr_scl! {
    PrSclIOp "prSclI" I32 "Prints an int scalar and returns it.";
    PrSclBOp "prSclB" I1 "Prints a bool scalar and returns it.";
    PrSclDOp "prSclD" F64 "Prints a double scalar and returns it.";
    PrSclCOp "prSclC" Char "Prints a char scalar and returns it.";
    PrSclXOp "prSclX" ComplexF64 "Prints a complex scalar and returns it.";
}

macro_rules! pr_arr {
    ($($name:ident $mn:tt $check:ident $want:tt $doc:tt;)*) => {$(
        #[doc = $doc]
        #[doc = ""]
        #[doc = concat!("```mlir\n%r = tail.", $mn, " %a : !tail.array<", $want, ", 1>\n```")]
        #[op(dialect = TailDialect, name = $mn, traits(MemWrite, SameOperandsAndResultType),
             format = "$input attr-dict `:` type($result)", verify)]
        pub struct $name {
            /// The array to print.
            #[operand]
            input: ArrayLike,
            #[result]
            result: ArrayLike,
        }
        impl $name {
            fn verify(self, ctx: &Context) -> VResult {
                let t = ctx.value_type(self.input(ctx));
                let (e, _) = array_like(ctx, t).expect("checked by the constraint");
                if $check(ctx, e) {
                    Ok(())
                } else {
                    Err(err(ctx, self.op(), format!("expects the element type to be '{}', but got {}", $want, quoted(ctx, e))))
                }
            }
        }
    )*};
}

fn is_f64(ctx: &Context, t: tail_ir::Type) -> bool {
    matches!(
        ctx.type_kind(t),
        tail_ir::TypeKind::Float(tail_ir::FloatKind::F64)
    )
}
fn is_char(ctx: &Context, t: tail_ir::Type) -> bool {
    CharType::from_type(ctx, t).is_some()
}
fn is_cplx(ctx: &Context, t: tail_ir::Type) -> bool {
    matches!(ctx.type_kind(t), tail_ir::TypeKind::Complex(_))
}
use crate::types::{is_bool, is_int};

pr_arr! {
    PrArrIOp "prArrI" is_int "i32" "Prints an int array and returns it.";
    PrArrBOp "prArrB" is_bool "i1" "Prints a bool array and returns it.";
    PrArrDOp "prArrD" is_f64 "f64" "Prints a double array and returns it.";
    PrArrCOp "prArrC" is_char "!tail.char" "Prints a char array (as text) and returns it.";
    PrArrXOp "prArrX" is_cplx "complex<f64>" "Prints a complex array and returns it.";
}

macro_rules! char_vec_op {
    ($($name:ident $mn:tt $c:ident $check:ident $want:tt $traits:ident $doc:tt;)*) => {$(
        #[doc = $doc]
        #[doc = ""]
        #[doc = concat!("```mlir\n%r = tail.", $mn, " %x : (…) -> !tail.array<", $want, ", 1>\n```")]
        #[op(dialect = TailDialect, name = $mn, traits($traits),
             format = "$input attr-dict `:` functional-type(operands, results)", verify)]
        pub struct $name {
            /// The argument.
            #[operand]
            input: $c,
            #[result]
            result: ArrayLike,
        }
        impl $name {
            fn verify(self, ctx: &Context) -> VResult {
                let op = self.op();
                let it = ctx.value_type(self.input(ctx));
                if !is_int(ctx, it) && !is_f64(ctx, it) {
                    let (e, r) = arr(ctx, op, "operand", self.input(ctx))?;
                    if !is_char(ctx, e) || r.as_const() != Some(1) {
                        return Err(err(ctx, op, format!("expects a char vector operand, but got {}", quoted(ctx, it))));
                    }
                }
                let (e, r) = arr(ctx, op, "result", self.result(ctx))?;
                if !$check(ctx, e) {
                    return Err(err(ctx, op, format!("expects the result element type to be '{}', but got {}", $want, quoted(ctx, e))));
                }
                shape_rel(ctx, op, "rank", "result", &r, "vector", &crate::types::Shape::constant(1), 0)
            }
        }
    )*};
}

char_vec_op! {
    FormatIOp "formatI" I32 is_char "!tail.char" Pure "Formats an int as a char vector (APL `⍕`).";
    FormatDOp "formatD" F64 is_char "!tail.char" Pure "Formats a double as a char vector (APL `⍕`).";
    ReadFileOp "readFile" ArrayLike is_char "!tail.char" MemRead "Reads the file named by a char vector (`⎕ReadFile`).";
    ReadIntVecFileOp "readIntVecFile" ArrayLike is_int "i32" MemRead "Reads whitespace-separated ints from a file (`⎕ReadIntVecFile`).";
    ReadDoubleVecFileOp "readDoubleVecFile" ArrayLike is_f64 "f64" MemRead "Reads whitespace-separated doubles from a file (`⎕ReadDoubleVecFile`).";
}
