//! Types, levels, kinds and the built-ins of FCL (Dybdal 2017 §5.3.1, Fig. 5.4, Fig. 5.5).
//!
//! ```text
//! l  ::= δ | Z | W | 1 + l        thread = Z, warp = W, block = 1+Z (= 1+W), grid = 1+(1+Z)
//! τ  ::= α | int | double | bool | unit | (τ, τ) | τ → τ | [τ] | [bt]⟨l⟩ | Program⟨l⟩ τ
//! κ  ::= BT ⊂ GT ⊂ TYP
//! ```
//!
//! `W` is this crate's warp level (see the crate docs): a constant beside `Z` with the one
//! equation `1+W = 1+Z`, so a group of warps is a block, as a group of threads is.

use std::fmt;

/// A level term. Bound variables are resolved by the checker; [`Level::normalize`] applies
/// `1+W = 1+Z`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A level variable (flexible or rigid, see the checker).
    Var(u32),
    /// `Z` = `thread`.
    Zero,
    /// `W` = `warp`.
    Warp,
    /// `1 + l`.
    Succ(Box<Level>),
}

impl Level {
    /// `block`.
    pub fn block() -> Level {
        Level::Succ(Box::new(Level::Zero))
    }
    /// `grid`.
    pub fn grid() -> Level {
        Level::Succ(Box::new(Level::block()))
    }
    /// Rewrites `1+W` to `1+Z` everywhere.
    pub fn normalize(self) -> Level {
        match self {
            Level::Succ(l) => match l.normalize() {
                Level::Warp => Level::Succ(Box::new(Level::Zero)),
                l => Level::Succ(Box::new(l)),
            },
            l => l,
        }
    }
}

/// Kinds, ordered by inclusion: `BT < GT < TYP` (rules 5.7, 5.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// Base types: int, double, bool and pairs of them.
    BT,
    /// Ground types: everything but functions.
    GT,
    /// All types.
    TYP,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::BT => "BT",
            Kind::GT => "GT",
            Kind::TYP => "TYP",
        })
    }
}

/// A type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// A type variable (flexible or rigid, see the checker).
    Var(u32),
    /// `int`.
    Int,
    /// `double`.
    Double,
    /// `bool`.
    Bool,
    /// `unit`.
    Unit,
    /// `(τ1, τ2)`.
    Pair(Box<Ty>, Box<Ty>),
    /// `τ1 → τ2`.
    Fun(Box<Ty>, Box<Ty>),
    /// `[τ]`.
    Pull(Box<Ty>),
    /// `[bt]⟨l⟩`.
    Push(Box<Ty>, Level),
    /// `Program⟨l⟩ τ`.
    Program(Level, Box<Ty>),
}

/// Shorthand constructors.
pub mod mk {
    use super::*;
    /// `a → b`.
    pub fn fun(a: Ty, b: Ty) -> Ty {
        Ty::Fun(Box::new(a), Box::new(b))
    }
    /// `[a]`.
    pub fn pull(a: Ty) -> Ty {
        Ty::Pull(Box::new(a))
    }
    /// `[a]⟨l⟩`.
    pub fn push(a: Ty, l: Level) -> Ty {
        Ty::Push(Box::new(a), l)
    }
    /// `Program⟨l⟩ a`.
    pub fn prog(l: Level, a: Ty) -> Ty {
        Ty::Program(l, Box::new(a))
    }
    /// `(a, b)`.
    pub fn pair(a: Ty, b: Ty) -> Ty {
        Ty::Pair(Box::new(a), Box::new(b))
    }
}

/// A built-in operation (Fig. 5.4, Fig. 5.5 and the few extra scalar functions the examples
/// use). Each maps to one `hpar` op or to a scalar op (see [`Builtin::hpar_op`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Builtin {
    Fst,
    Snd,
    Length,
    LengthPush,
    Map,
    MapPushIx,
    Generate,
    Index,
    SplitAt,
    Iota,
    Push,
    Force,
    Return,
    Bind,
    Interleave,
    InterleaveSeq,
    InterleaveWarp,
    Power,
    PowerI,
    While,
    SeqFor,
    Min,
    Max,
    I2D,
    D2I,
    Not,
}

/// All built-ins, for lookup by name.
pub const BUILTINS: &[Builtin] = {
    use Builtin::*;
    &[
        Fst,
        Snd,
        Length,
        LengthPush,
        Map,
        MapPushIx,
        Generate,
        Index,
        SplitAt,
        Iota,
        Push,
        Force,
        Return,
        Bind,
        Interleave,
        InterleaveSeq,
        InterleaveWarp,
        Power,
        PowerI,
        While,
        SeqFor,
        Min,
        Max,
        I2D,
        D2I,
        Not,
    ]
};

/// Why a type variable of a built-in must have a kind, quoted in kind errors.
pub const WHY_PUSH: &str = "push arrays hold base types only (kinding rule 5.11)";
/// See [`WHY_PUSH`].
pub const WHY_PULL: &str = "pull arrays hold ground types, not functions (kinding rule 5.10)";
/// See [`WHY_PUSH`].
pub const WHY_PROG: &str = "`Program<l> τ` holds ground types, not functions (kinding rule 5.12)";
/// See [`WHY_PUSH`].
pub const WHY_ANY: &str = "any type (kind TYP)";

impl Builtin {
    /// The FCL name.
    pub fn name(self) -> &'static str {
        use Builtin::*;
        match self {
            Fst => "fst",
            Snd => "snd",
            Length => "length",
            LengthPush => "lengthPush",
            Map => "map",
            MapPushIx => "mapPushIx",
            Generate => "generate",
            Index => "index",
            SplitAt => "splitAt",
            Iota => "iota",
            Push => "push",
            Force => "force",
            Return => "return",
            Bind => "bind",
            Interleave => "interleave",
            InterleaveSeq => "interleaveSeq",
            InterleaveWarp => "interleaveWarp",
            Power => "power",
            PowerI => "poweri",
            While => "while",
            SeqFor => "seqfor",
            Min => "min",
            Max => "max",
            I2D => "i2d",
            D2I => "d2i",
            Not => "not",
        }
    }

    /// Looks a built-in up by its FCL name.
    pub fn from_name(s: &str) -> Option<Builtin> {
        BUILTINS.iter().copied().find(|b| b.name() == s)
    }

    /// The `hpar` op (or scalar dialect op) this built-in lowers to, one to one.
    pub fn hpar_op(self) -> &'static str {
        use Builtin::*;
        match self {
            Fst | Snd => "(tuple projection: resolved by the lowering)",
            Length => "hpar.length",
            LengthPush => "hpar.length",
            Map => "hpar.map",
            MapPushIx => "hpar.map",
            Generate => "hpar.generate",
            Index => "hpar.index",
            SplitAt => "hpar.split_at",
            Iota => "hpar.generate",
            Push => "hpar.push",
            Force => "hpar.force",
            Return => "hpar.return",
            Bind => "hpar.program",
            Interleave | InterleaveSeq | InterleaveWarp => "hpar.interleave",
            Power | PowerI => "hpar.power",
            While => "hpar.while",
            SeqFor => "hpar.seqfor",
            Min => "arith.minsi",
            Max => "arith.maxsi",
            I2D => "arith.sitofp",
            D2I => "arith.fptosi",
            Not => "arith.xori",
        }
    }

    /// The number of level parameters ⟨δ⃗⟩ of the scheme.
    pub fn level_arity(self) -> usize {
        use Builtin::*;
        match self {
            LengthPush | MapPushIx | Push | Force | Return | Bind | Interleave | InterleaveSeq
            | Power | PowerI | While => 1,
            _ => 0,
        }
    }

    /// The type variables' kinds (with the reason) and the type, built from the scheme's
    /// variables `a` (types) and `l` (levels).
    pub fn scheme(self, a: &[Ty], l: &[Level]) -> Ty {
        use mk::*;
        use Builtin::*;
        let int = || Ty::Int;
        let t = |i: usize| a[i].clone();
        let d = || l[0].clone();
        let up = || Level::Succ(Box::new(l[0].clone()));
        let placement = || fun(pair(int(), int()), int());
        let step = |x: Ty| fun(pull(x.clone()), prog(d(), push(x, d())));
        match self {
            Fst => fun(pair(t(0), t(1)), t(0)),
            Snd => fun(pair(t(0), t(1)), t(1)),
            Length => fun(pull(t(0)), int()),
            LengthPush => fun(push(t(0), d()), int()),
            Map => fun(fun(t(0), t(1)), fun(pull(t(0)), pull(t(1)))),
            MapPushIx => fun(
                fun(int(), fun(t(0), t(1))),
                fun(push(t(0), d()), push(t(1), d())),
            ),
            Generate => fun(int(), fun(fun(int(), t(0)), pull(t(0)))),
            Index => fun(pull(t(0)), fun(int(), t(0))),
            SplitAt => fun(int(), fun(pull(t(0)), pair(pull(t(0)), pull(t(0))))),
            Iota => fun(int(), pull(int())),
            Push => fun(pull(t(0)), push(t(0), d())),
            Force => fun(push(t(0), d()), prog(d(), pull(t(0)))),
            Return => fun(t(0), prog(d(), t(0))),
            Bind => fun(
                prog(d(), t(0)),
                fun(fun(t(0), prog(d(), t(1))), prog(d(), t(1))),
            ),
            Interleave => fun(
                int(),
                fun(
                    placement(),
                    fun(
                        pull(prog(d(), push(t(0), d()))),
                        prog(up(), push(t(0), up())),
                    ),
                ),
            ),
            InterleaveSeq => fun(
                int(),
                fun(
                    placement(),
                    fun(pull(prog(d(), push(t(0), d()))), prog(d(), push(t(0), d()))),
                ),
            ),
            InterleaveWarp => fun(
                int(),
                fun(
                    placement(),
                    fun(
                        pull(prog(Level::Zero, push(t(0), Level::Zero))),
                        prog(Level::Warp, push(t(0), Level::Warp)),
                    ),
                ),
            ),
            Power => fun(
                int(),
                fun(
                    step(t(0)),
                    fun(prog(d(), push(t(0), d())), prog(d(), pull(t(0)))),
                ),
            ),
            PowerI => fun(
                int(),
                fun(
                    fun(int(), step(t(0))),
                    fun(prog(d(), push(t(0), d())), prog(d(), pull(t(0)))),
                ),
            ),
            While => fun(
                fun(pull(t(0)), Ty::Bool),
                fun(
                    step(t(0)),
                    fun(prog(d(), push(t(0), d())), prog(d(), pull(t(0)))),
                ),
            ),
            SeqFor => fun(
                int(),
                fun(
                    int(),
                    fun(
                        fun(fun(int(), t(0)), fun(int(), pair(int(), t(0)))),
                        push(t(0), Level::Zero),
                    ),
                ),
            ),
            Min | Max => fun(int(), fun(int(), int())),
            I2D => fun(int(), Ty::Double),
            D2I => fun(Ty::Double, int()),
            Not => fun(Ty::Bool, Ty::Bool),
        }
    }

    /// The kinds of the scheme's type variables, with the reason quoted in kind errors.
    pub fn tvar_kinds(self) -> &'static [(Kind, &'static str)] {
        use Builtin::*;
        const ANY2: &[(Kind, &str)] = &[(Kind::TYP, WHY_ANY), (Kind::TYP, WHY_ANY)];
        const PULL1: &[(Kind, &str)] = &[(Kind::GT, WHY_PULL)];
        const PULL2: &[(Kind, &str)] = &[(Kind::GT, WHY_PULL), (Kind::GT, WHY_PULL)];
        const PUSH1: &[(Kind, &str)] = &[(Kind::BT, WHY_PUSH)];
        const PUSH2: &[(Kind, &str)] = &[(Kind::BT, WHY_PUSH), (Kind::BT, WHY_PUSH)];
        const PROG1: &[(Kind, &str)] = &[(Kind::GT, WHY_PROG)];
        const PROG2: &[(Kind, &str)] = &[(Kind::GT, WHY_PROG), (Kind::GT, WHY_PROG)];
        match self {
            Fst | Snd => ANY2,
            Length | Generate | Index | SplitAt => PULL1,
            Map => PULL2,
            MapPushIx => PUSH2,
            LengthPush | Push | Force | Interleave | InterleaveSeq | InterleaveWarp | Power
            | PowerI | While | SeqFor => PUSH1,
            Return => PROG1,
            Bind => PROG2,
            Iota | Min | Max | I2D | D2I | Not => &[],
        }
    }
}
