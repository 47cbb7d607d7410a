//! `tail-dialect`: the `tail` dialect, TAIL (the Typed Array Intermediate Language of Elsman and
//! Dybdal, Dybdal's thesis Chapter 3) as an MLIR dialect.
//!
//! * [`types`]: TAIL's types. Base types are builtin types — `int` = `i32` (apltail's ints are
//!   32-bit), `double` = `f64`, `bool` = `i1`, `complex` = `complex<f64>` — plus
//!   `!tail.char`. The four array types are `!tail.array<κ, ρ>` (`[κ]^ρ`, rank ρ),
//!   `!tail.vec<κ, n>` (`⟨κ⟩^n`), `!tail.s<κ, n>` (`S(κ,n)`) and `!tail.sv<κ, n>` (`SV(κ,n)`);
//!   ranks and lengths are [`types::Shape`] expressions (`3`, `?a`, `?a+1`). A constant rank
//!   or length is never negative (the type parser rejects `!tail.array<i32, -1>` at the rank,
//!   op verifiers reject such types built in code); the values of `S`/`SV` may be negative.
//! * [`ops`]: one op per TAIL primitive, with verifiers implementing the type schemes of the
//!   thesis (Figs. 3.2–3.4) and of apltail.
//! * [`fold`]: constant folding, the shape-arithmetic simplifications (Fig. 3.6 → Fig. 3.7) and
//!   the dialect's constant materializer; `canon`: canonicalization patterns that build new
//!   ops (`shape(transp(x))` → `vreverseV(shape(x))`).
//! * [`source`]: the files a program was read from (`tail.sources`) and the positions
//!   run-time checks report in them.
//!
//! ## Design decisions
//!
//! * **Scalars.** A TAIL scalar value (`κ`, which the thesis identifies with `[κ]^0`) has the
//!   plain base type (`i32`, `f64`, `i1`, `!tail.char`, `complex<f64>`). Rank-polymorphic ops
//!   (`each`, `reduce`, `zipWith`, …) accept and produce either spelling where the rank is 0:
//!   `!tail.array<i32, 0>` and `i32` denote the same TAIL type. `tail.scalar_to_array` and
//!   `tail.array_to_scalar` convert between the two spellings explicitly.
//! * **Subtyping** (3.3)–(3.5) is explicit: `tail.vec_to_array`, `tail.sv_to_vec` (a copying
//!   coercion, §3.1.5) and `tail.s_to_scalar`. No op accepts a subtype implicitly.
//! * **Tuples** are the builtin `tuple<…>` type, built by `tail.tuple` and read by `tail.prj`
//!   (0-based index, as apltail's `Prj(i, e)` counts). `tail.power`
//!   iterates several values at once (its region takes and yields all of them), which is how
//!   `power` over tuples is represented without building tuples.
//! * **Shape variables.** A rank or length may be a shape variable (`?a`) plus a constant
//!   offset. Verifiers check constants exactly; where a variable is involved they only check
//!   what is decidable syntactically (`?a+1` vs `?a`) and otherwise accept: the relation is
//!   treated as "unknown, must unify" and left to a later instantiation.
//! * **Mutable arrays.** Array values denote store locations (§3.1.5). `tail.idxassign`
//!   (the thesis' `update`) writes one element of its array operand in place; `tail.mem`
//!   copies an array into a fresh location.
//! * **Conditionals.** TAIL's `if c then e1 else e2` (apltail's `Iff`) is `tail.if`: an `i1`
//!   condition and two single-block regions without arguments, each ending in `tail.yield` of
//!   values of the result types. Only the taken region runs; a constant condition is
//!   canonicalized away.
//! * **Functions as arguments** are single-block regions whose arguments are the element
//!   values and which end in `tail.yield`.
//! * **Timing** follows apltail. `tail.nowi` is apltail's `nowi : int → int` (APL `⎕NOW`):
//!   `nowi(0)` is the milliseconds since the program started, and any other argument is a
//!   runtime error (apltail's evaluator and its C back end both define it only at 0).
//!   `tail.bench` is apltail's `bench`, which its APL compiler emits for `f ⎕BENCH n` exactly
//!   where `⎕⍣` would emit `powerScl` (and `bench(f, b2i(b), x)` where it would emit
//!   `condScl`): `(α → α) → int → α → α` on a scalar state, with `powerScl`'s instance list.
//!   apltail defines no typing or evaluation rule of its own for `bench` (neither its TAIL type
//!   checker nor its evaluator nor its C back end has a case for it), so the dialect gives it
//!   `powerScl`'s value — `f` applied `n` times — and makes it effectful: like `nowi`, a
//!   `bench` is never folded, merged, hoisted or erased, so the timed iterations always run.
//!
//! ## Conventions, checked against apltail's sources
//!
//! Where the thesis leaves a convention open, the dialect (its folders, the reference
//! interpreter and the TAIL text importer and exporter) follows what apltail does; each point
//! is pinned by a test.
//!
//! * **`transp2(p, a)`**: axis `k` of `a` becomes axis `p[k]` of the result (APL's dyadic `⍉`).
//!   apltail's evaluator (`Apl.transpose2`: the result shape puts extent `k` at position
//!   `p[k]`, and the source index of a result index `j` is `(j[p[0]], j[p[1]], …)`) and its C
//!   back end (`trans2` in `laila.sml`) agree, and apltail's `tests/dtransp.out.ok` gives
//!   `⍴ 3 1 2 ⍉ 2 3 4 ⍴ ⍳24` = `3 4 2` (`test/Interp/apltail_conventions.tail`).
//! * **`formatI`/`formatD`** produce apltail's `pr_int`/`pr_double` text: a plain `-`, not
//!   APL's `¯`; doubles with MLton's `Real.toString` (12 significant digits, `E` and `~` in
//!   exponents) and `.0` appended when there is no `.` (`34.32`, `3.0`, `1E20.0`,
//!   `2.5E~07`); `HUGE_VAL` for infinity. The interpreter prints every double the same way.
//! * **Printed values** (the interpreter, apltail's `Apl.pr`): scalars `[](x)`, vectors
//!   `[n](a,b,…)`, char vectors as text; a non-empty rank-2 array as a blank line, each row as
//!   one space plus its elements right-aligned to the widest element of the whole matrix and
//!   separated by one space (char matrices: not separated), then a blank line; empty rank-2 and
//!   rank ≥ 3 arrays flat as `[2,3,4](…)` (chars unseparated). Booleans print `0`/`1`. Chars
//!   print as themselves: apltail's `pr_char` would escape ASCII the way SML's `Char.toString`
//!   does and write codes beyond ASCII in hexadecimal (`⍝` as `235D`), an artifact of its SML
//!   host that the project does not reproduce (the APL corpus expects the characters).
//! * **Tuples**: apltail never prints a tuple value (a program's value is a double); the
//!   interpreter shows one as `(a,b)` with each component printed as above. In TAIL text a
//!   tuple is `(e1,e2)`, its type `(τ1 * τ2)`, and `Prj(i, e)` counts components from 0
//!   (apltail's `Zero() = 0`, `Succ i = i + 1`, and its type checker's `i < length ts`).
//! * **`signi(0)` is `0`** (APL's `×0`), and `signd(0.0)` is `0`. Here the project knowingly
//!   departs from apltail, whose evaluator (`if i >= 0 then 1 else ~1`) and C back end
//!   (`If(lti(x,0),~1,1)`) both answer `1`: the APL corpus (`test/Frontend/APL/
//!   times-signum.apl`) takes that as a bug and expects APL's value, and the dialect agrees.
//! * **`nowi`, `bench`**: see *Timing* above.
#![deny(missing_docs)]

mod canon;
pub mod fold;
pub mod ops;
pub mod source;
pub mod types;

use tail_ir_macros::dialect;

/// The tail dialect.
#[dialect(name = "tail", summary = "TAIL, the typed array intermediate language",
          materialize_constant = fold::materialize_constant)]
pub struct TailDialect;

/// Forces this crate to be linked so its dialect registers (call it from binaries that do not
/// otherwise reference the crate).
pub fn link() {}
