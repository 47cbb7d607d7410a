#![allow(unused_imports)]
use tail_ir::constraints::*;
use tail_ir::{dialect, op};

#[dialect(name = "ui")]
pub struct UiDialect;

#[op(dialect = UiDialect, name = "bad")]
pub struct BadOp {
    no_role: AnyType,
    #[operand]
    #[result]
    two_roles: AnyType,
    #[operand(many)]
    unknown_option: AnyType,
    #[region]
    constrained_region: AnyType,
    #[successor]
    constrained_successor: I32,
}

fn main() {}
