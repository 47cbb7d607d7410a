#![allow(unused_imports)]
use tail_ir::constraints::*;
use tail_ir::{dialect, op};

#[dialect(name = "ui")]
pub struct UiDialect;

#[op(dialect = UiDialect, name = "bad", format = "$lhs attr-dict `:` type($lhs)")]
pub struct BadOp {
    #[operand]
    lhs: AnyType,
    #[operand]
    rhs: AnyType,
}

fn main() {}
