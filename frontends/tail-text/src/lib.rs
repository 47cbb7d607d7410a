//! `tail-text`: imports programs in apltail's printed TAIL syntax into the `tail` dialect
//! ([`import`]), and prints `tail`-dialect programs back in that syntax ([`export()`]; the form
//! of the text is described in [`mod@export`]: one `let` per value, lambdas for regions,
//! `if … then … else …`, tuples, coercions as typed `let`s).
//!
//! ```text
//! let v1:[int]2 = reshape{[int],[1,2]}([3,2],iotaV(5)) in
//! i2d(reduce(muli,1,reduce(addi,0,v1)))
//! ```
//!
//! becomes a `builtin.module` holding `func.func @main() -> f64` whose body computes the
//! program and returns its value (apltail's programs end with a `[double]0`).
//!
//! * **Syntax** ([`syntax`]): `let x:τ = e in e`, `fn x:τ => e`, `op{[κ,…],[r,…]}(e,…)` with
//!   optional instance lists (ignored, except for `zilde`'s element type), `[e,…]`, `(e,…)`,
//!   `Prj(i,e)` (components counted from 0, as apltail does), ints (`-1`, `~1`), doubles (`2.0`, `-50.0`, `1E10`, `2.5E~3`), complex
//!   (`3.0j6.4`), `tt`/`ff`, chars (`'c'`), `inf`/`-inf`, variables; types `[κ]r`, `<κ>n`,
//!   `S(κ,n)`, `SV(κ,n)`, `(τ * …)`; nestable `(* … *)` comments.
//! * **Types.** `[κ]0` is the base type (`i32`, `f64`, `i1`, `!tail.char`, `complex<f64>`),
//!   `[κ]r` is `!tail.array<κ, r>`, `<κ>n` is `!tail.vec<κ, n>`, `S`/`SV` are `!tail.s`/`!tail.sv`,
//!   tuples are builtin `tuple<…>`. Result types are inferred from the type schemes; a `let`
//!   annotation is checked against the inferred type, and TAIL's subtyping becomes explicit
//!   coercion ops (`tail.vec_to_array`, `tail.sv_to_vec`, `tail.s_to_scalar`). A mismatch is a
//!   located error.
//! * **Literals** are `tail.const` (`i32`, `f64`, `i1`), `tail.const_char`, `tail.injx` of two
//!   doubles (complex), and `tail.lit` (`!tail.vec<κ, n>`) for vectors of literals. Where a
//!   primitive needs a static value (`iotaV`, `takeV`, `dropV`, `idxS`, `b2iV`) or a `let` is
//!   declared `S(κ,n)`/`SV(κ,n)`, a literal becomes `tail.sconst` (rules (3.13)–(3.16)).
//! * **Functions.** `fn x:τ => e` (curried for binary functions) and primitive names
//!   (eta-expanded, `reduce(addi,0,v)`) become the region of the higher-order op, ending in
//!   `tail.yield`. `power` over a tuple state iterates the components: the region takes and
//!   yields them, and the lambda's parameter is bound to their `tail.tuple`.
//! * **Defaults.** apltail's 2-argument `reshape(s,a)`, `take(n,a)`, `first(a)` and
//!   `replicate(c,a)` get the default element of the element type (`0`, `0.0`, `ff`, `' '`).
//! * **apltail's typing.** `transp` of a vector of known length or of a singleton keeps its
//!   type (`tail.transp` accepts them, Fig. 3.6); `negi` of an `S(int,n)` is `tail.negi` to
//!   `S(int,-n)`; `b2i` of an `S(bool,n)` is `b2iV` (apltail's own renaming of shape ops);
//!   as an extension, `addi`/`subi`/`muli` of static counts are computed where a primitive
//!   needs an `S(int,n)` (apltail would type them `int`); `mod(a,b)` is
//!   `resi(b,a)`; nullary primitives may be written bare (`zilde`, `pi`); `HUGE_VAL` is
//!   infinity.
//! * **Conditionals.** `if c then e1 else e2` becomes `tail.if` (one region per branch); the
//!   branch types are joined as apltail's type checker joins them (`S(int,1)` and `S(int,2)`
//!   give `int`, `<κ>n` and `<κ>m` give `[κ]1`, tuples component-wise).
//! * **Robustness.** Malformed input never panics: expression nesting is limited (1000), `let`
//!   chains are handled iteratively, and lowering runs on a thread with a large stack.
//!
//! The module is verified before it is returned, so an inference gap shows up as a located
//! verifier error rather than as ill-typed IR.

pub mod export;
mod lower;
pub mod syntax;

pub use export::export;

use std::sync::Arc;

use tail_builtin::builtin::ModuleOp;
use tail_builtin::func::FuncOp;
use tail_ir::{Builder, Context, Diagnostic, OpId};

use crate::syntax::{Expr, ExprKind, Pos};

/// Imports the TAIL program `text` (named `file` in locations and diagnostics) as a
/// `builtin.module` holding `func.func @main() -> f64`.
///
/// Errors (syntax, unknown primitives, wrong arity, unbound variables, type mismatches) are
/// returned as diagnostics located in `text`; render them with `ctx.render_diagnostic`.
pub fn import(ctx: &mut Context, file: &str, text: &str) -> Result<OpId, Diagnostic> {
    // Lowering recurses over the expression nesting (bounded by the parser), with large debug
    // frames; run it on a thread with a generous stack so that the depth limit, not the
    // caller's stack, decides what is accepted.
    let cell = std::sync::Mutex::new(ctx);
    let run = || {
        let mut guard = cell.lock().unwrap_or_else(|p| p.into_inner());
        import_here(&mut guard, file, text)
    };
    std::thread::scope(|s| {
        match std::thread::Builder::new()
            .name("tail-text-import".to_string())
            .stack_size(IMPORT_STACK)
            .spawn_scoped(s, run)
        {
            Ok(h) => match h.join() {
                Ok(r) => r,
                Err(p) => std::panic::resume_unwind(p),
            },
            Err(_) => run(),
        }
    })
}

/// Stack size of the import thread (reserved, not committed, by the OS).
const IMPORT_STACK: usize = 256 << 20;

fn import_here(ctx: &mut Context, file: &str, text: &str) -> Result<OpId, Diagnostic> {
    tail_builtin::link();
    tail_dialect::link();
    ctx.add_source(file, Arc::from(text));
    let ast = match syntax::parse_program(text) {
        Ok(e) => e,
        Err(e) => {
            let loc = ctx.file_loc(file, e.pos.line, e.pos.col);
            return Err(Diagnostic::error(loc, e.msg));
        }
    };
    let loc = ctx.file_loc(file, 1, 1);
    let module = ModuleOp::create_empty(ctx, None, loc);
    let body = module.body_block(ctx);
    let f64t = ctx.f64_type();
    let fty = ctx.function_type(Vec::new(), vec![f64t]);
    let entry = {
        let mut b = Builder::at_end(ctx, body, loc);
        FuncOp::create(&mut b, "main", fty).1
    };
    let mut l = lower::Lowerer::new(ctx, file, entry);
    let v = l.expr(&ast, Some(f64t))?;
    let last = result_pos(&ast);
    let v = l.finish(v, last)?;
    l.ret(v, last);
    tail_ir::verify(ctx, module.op())?;
    Ok(module.op())
}

/// The position of the expression that produces the program's value (the innermost `let`
/// body).
fn result_pos(e: &Expr) -> Pos {
    let mut e = e;
    while let ExprKind::Let(_, _, _, body) = &e.kind {
        e = body;
    }
    e.pos
}

#[cfg(test)]
mod tests;
