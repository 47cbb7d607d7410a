//! The files a program was read from, and the positions that run-time checks report.
//!
//! A program read from several files (apltail's `aplt prelude.apl prog.apl`) records their
//! names in order on its module as `tail.sources = ["prelude.apl", "prog.apl"]`. A run-time
//! check (`tail_rt_check_*(…, line, col)`, a GPU kernel's fault record) then passes, as its
//! line, the line and the index of the file it is in ([`tail_format::position`]); the
//! executable registers the files' texts in the same order, so that a failed check quotes
//! the right one. A module without the attribute is one file's: the line is the line.

use tail_ir::{AttrKind, Context, LocKind, OpId};

/// The name of the module attribute listing the program's files.
pub const SOURCES_ATTR: &str = "tail.sources";

/// Records `files` as the program's files, in order, on `module`.
pub fn set_sources(ctx: &mut Context, module: OpId, files: &[&str]) {
    let names = files.iter().map(|f| ctx.string_attr(f)).collect();
    let list = ctx.array_attr(names);
    ctx.set_attr(module, SOURCES_ATTR, list);
}

/// The names of the program's files recorded on the outermost op enclosing `op` (none
/// without the attribute).
pub fn sources(ctx: &Context, op: OpId) -> impl Iterator<Item = &str> {
    let mut top = op;
    while let Some(p) = ctx.op_parent_op(top) {
        top = p;
    }
    let items: &[tail_ir::Attribute] = match ctx.attr(top, SOURCES_ATTR).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(items)) => items,
        _ => &[],
    };
    items.iter().filter_map(|&i| match ctx.attr_kind(i) {
        AttrKind::String(s) => Some(s.as_str()),
        _ => None,
    })
}

/// The `(line, col)` arguments of a run-time check at `op`'s location: the line encoded with
/// the index of its file among the program's files ([`sources`]); `(0, 0)` without a file
/// location, or for a file the program does not list when it lists several.
pub fn check_position(ctx: &Context, op: OpId) -> (i64, i64) {
    let LocKind::FileLineCol { file, line, col } = ctx.loc_kind(ctx.op_loc(op)) else {
        return (0, 0);
    };
    let name = ctx.str(*file);
    let mut files = sources(ctx, op).peekable();
    let index = if files.peek().is_none() {
        Some(0)
    } else {
        files.position(|f| f == name)
    };
    match index {
        Some(k) => match tail_format::position::encode(k, i64::from(*line)) {
            0 => (0, 0),
            l => (l, i64::from(*col)),
        },
        None => (0, 0),
    }
}
