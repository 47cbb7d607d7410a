#![allow(unused_imports)]
use tail_ir::{dialect, type_def, Type};

#[dialect(name = "ui")]
pub struct UiDialect;

#[type_def(dialect = UiDialect, mnemonic = "vec", format = "`<` $elem `>`")]
pub struct VecType {
    elem: Type,
    len: i64,
}

fn main() {}
