//! Source locations, attached to every operation and used by diagnostics.
//!
//! The printed forms follow MLIR: `loc(unknown)`, `loc("file.mlir":3:7)`, `loc("name")`,
//! `loc("name"("file":1:2))`, `loc(callsite(callee at caller))`, `loc(fused[a, b])`.

use crate::intern::Symbol;

crate::entity_id! {
    /// A uniqued source location.
    pub struct Location, "loc";
}

/// The structure of a location.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LocKind {
    /// No source information.
    Unknown,
    /// A position in a file; line and column are 1-based.
    FileLineCol {
        /// File name.
        file: Symbol,
        /// Line (1-based).
        line: u32,
        /// Column (1-based, in characters).
        col: u32,
    },
    /// A named location, optionally wrapping a child.
    Name {
        /// The name.
        name: Symbol,
        /// The wrapped location.
        child: Option<Location>,
    },
    /// A call site: `callee` inlined at `caller`.
    CallSite {
        /// Location of the callee code.
        callee: Location,
        /// Location of the call.
        caller: Location,
    },
    /// Several locations fused into one.
    Fused(Vec<Location>),
}
