#![allow(unused_imports)]
use tail_ir::constraints::*;
use tail_ir::{dialect, op};

#[dialect(name = "ui")]
pub struct UiDialect;

#[op(dialect = UiDialect, name = "bad", format = "$x attr-dict `:` typeof($x)")]
pub struct BadOp {
    #[operand]
    x: AnyType,
}

fn main() {}
