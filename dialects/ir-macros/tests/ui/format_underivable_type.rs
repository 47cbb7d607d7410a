#![allow(unused_imports)]
use tail_ir::constraints::*;
use tail_ir::{dialect, op};

#[dialect(name = "ui")]
pub struct UiDialect;

// `cond` is `i1` (derivable), `x` is any type and not in the format.
#[op(dialect = UiDialect, name = "bad", format = "$cond `,` $x attr-dict")]
pub struct BadOp {
    #[operand]
    cond: I1,
    #[operand]
    x: AnyType,
}

fn main() {}
