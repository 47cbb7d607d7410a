//! The level of the region an op sits in, and the level rules of the verifier.
//!
//! FCL decides where code runs through its types: `Program⟨l⟩ τ` runs at a location of level
//! `l` (`loc ▷ l`, Dybdal 2017 Fig. 5.8), `bind` sequences programs of one level (Fig. 5.4),
//! only `interleave` (and `concat`, built on it) turns programs at `l` into a program at `1+l`,
//! and the host runs `Program⟨grid⟩` (Corollary 1). With programs as regions (see the crate
//! docs) the same rules become structural, read off the nearest enclosing `hpar` region:
//!
//! | region | kind |
//! | --- | --- |
//! | `hpar.program<l>` body, `concat<l>`/`interleave<l>` body, `power<l>`/`while<l>` body | program at `l` |
//! | `generate`, `map`, `seqfor`, `reduce`, `scan` functions, `while` condition, `interleave` placement | pure function (inherits the level around it) |
//! | any other op's region (`scf.for`, `scf.if`, …) | transparent |
//! | `func.func`, `gpu.func`, `builtin.module`, … (no `hpar` region above) | host |
//!
//! Rules ([`check_action`], [`check_value_level`], [`check_program_placement`]):
//!
//! 1. A program action at level `l` (`force<l>`, `reduce<l>`, `scan<l>`, `power<l>`,
//!    `while<l>`, and `concat<l>`/`interleave<l>`, which are actions at the raised level)
//!    must sit in a program region of level exactly `l` (`bind` needs one level), never in a
//!    pure function and never at the host level.
//! 2. `hpar.program<l>` is `do<l>`: inside a program region of level `l`, or at the host
//!    level when `l` is `grid`.
//! 3. A value at level `l` (a push array `push<l>`, `seqfor`'s thread-level push array) may be
//!    built only where the enclosing level is at least `l`: no grid-level op inside a
//!    thread-level region.

use tail_ir::verifier::op_error;
use tail_ir::{Context, Diagnostic, OpId};

use crate::types::{level_of_attr, Level};

/// The kind of region an op sits in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Outside any `hpar` region.
    Host,
    /// A program region at a level.
    Program(Level),
    /// A pure function region of `op`, inside a region of the given level (or on the host).
    Pure {
        /// The op owning the function region.
        owner: OpId,
        /// The level around it.
        level: Option<Level>,
    },
}

impl Scope {
    /// The level code in this scope runs at, if any.
    pub fn level(self) -> Option<Level> {
        match self {
            Scope::Host => None,
            Scope::Program(l) => Some(l),
            Scope::Pure { level, .. } => level,
        }
    }
}

/// The level attribute of an `hpar` op.
pub fn op_level(ctx: &Context, op: OpId) -> Option<Level> {
    ctx.attr(op, "level").and_then(|a| level_of_attr(ctx, a))
}

/// What region `index` of `op` is: `Some(true)` a program region, `Some(false)` a pure
/// function, `None` not an `hpar` region.
fn region_role(ctx: &Context, op: OpId, index: usize) -> Option<bool> {
    let name = ctx.op_name_str(op);
    let name = name.strip_prefix("hpar.")?;
    match (name, index) {
        ("program", 0) | ("concat", 0) | ("interleave", 0) | ("power", 0) | ("while", 1) => {
            Some(true)
        }
        ("generate", _)
        | ("map", _)
        | ("seqfor", _)
        | ("reduce", _)
        | ("scan", _)
        | ("interleave", 1)
        | ("while", 0) => Some(false),
        _ => None,
    }
}

/// The scope `op` sits in.
pub fn scope_of(ctx: &Context, op: OpId) -> Scope {
    let mut pure_owner: Option<OpId> = None;
    let mut cur = op;
    while let Some(region) = ctx.op_parent_region(cur) {
        let Some(parent) = ctx.region_parent_op(region) else {
            break;
        };
        let index = ctx.region_index(region).unwrap_or(0);
        match region_role(ctx, parent, index) {
            Some(true) => {
                let Some(l) = op_level(ctx, parent) else {
                    break;
                };
                return match pure_owner {
                    Some(owner) => Scope::Pure {
                        owner,
                        level: Some(l),
                    },
                    None => Scope::Program(l),
                };
            }
            Some(false) => {
                pure_owner.get_or_insert(parent);
            }
            None => {}
        }
        cur = parent;
    }
    match pure_owner {
        Some(owner) => Scope::Pure { owner, level: None },
        None => Scope::Host,
    }
}

/// Rule 1: `op` is a program action at level `l`.
pub fn check_action(ctx: &Context, op: OpId, l: Level) -> Result<(), Diagnostic> {
    match scope_of(ctx, op) {
        Scope::Program(m) if m == l => Ok(()),
        Scope::Program(m) => Err(op_error(
            ctx,
            op,
            format!("runs at level '{l}' but is nested in a '{m}'-level program region"),
        )),
        Scope::Pure { owner, .. } => Err(op_error(
            ctx,
            op,
            format!(
                "is a '{l}'-level program action and cannot appear in the function region of '{}'",
                ctx.op_name_str(owner)
            ),
        )),
        Scope::Host => Err(op_error(
            ctx,
            op,
            format!("requires an enclosing '{l}'-level program region"),
        )),
    }
}

/// Rule 2: `hpar.program<l>`.
pub fn check_program_placement(ctx: &Context, op: OpId, l: Level) -> Result<(), Diagnostic> {
    match scope_of(ctx, op) {
        Scope::Host if l == Level::Grid => Ok(()),
        Scope::Host => Err(op_error(
            ctx,
            op,
            format!("the host runs only 'grid'-level programs, but this program is at level '{l}'"),
        )),
        _ => check_action(ctx, op, l),
    }
}

/// Rule 3: `op` builds a value at level `l`.
pub fn check_value_level(ctx: &Context, op: OpId, l: Level) -> Result<(), Diagnostic> {
    match scope_of(ctx, op).level() {
        Some(m) if l > m => Err(op_error(
            ctx,
            op,
            format!("builds a '{l}'-level value inside a '{m}'-level region"),
        )),
        _ => Ok(()),
    }
}
