#![allow(unused_imports)]
use tail_ir::constraints::*;
use tail_ir::{dialect, op};

#[dialect(name = "ui")]
pub struct UiDialect;

#[op(dialect = UiDialect, name = "bad", traits(Pure, Comutative))]
pub struct BadOp {
    #[operand]
    x: AnyType,
}

fn main() {}
