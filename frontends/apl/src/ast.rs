//! Abstract syntax of the APL subset accepted by the frontend.
//!
//! The parser resolves APL's syntactic classes (array, function, monadic/dyadic operator)
//! while it reads, so the tree says what every juxtaposition means: `+/⍵` is a
//! [`FunKind::Derived`] reduce applied monadically, `1 0 1/⍵` is the primitive function `/`
//! (compress) applied dyadically. Positions are 1-based lines and columns counted in
//! characters (not bytes) of the source text.
//!
//! Conventions fixed here and relied on by the elaborator:
//! * Glyph spellings are normalized by the lexer: `−` (U+2212) becomes `-`, `⋆` becomes `*`,
//!   `⌿`/`⍀` stay distinct from `/`/`\`.
//! * A derived function keeps its operands in source order: `f/` has `left = f`;
//!   `∘.f` has `left = f` (outer product takes its single operand on the right in the source,
//!   but is stored as the operand); `f.g` has `left = f`, `right = g`; `f⍣n` has `left = f`,
//!   `right = n` (an array operand); `f∘g`, `A∘g` and `f∘A` likewise.
//! * A dfn body is a list of statements; the value of the last one is the result.

use std::rc::Rc;

/// A source position: 1-based line and column (column counts characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pos {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1, in characters.
    pub col: u32,
}

/// A name with the position of its first character.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    /// The name as written (`A`, `diff`, `⎕ReadFile` keeps its `⎕`).
    pub name: String,
    /// Where it was written.
    pub pos: Pos,
}

/// A whole program: statements separated by newlines or `⋄`.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The statements in order; the value of the last one is the program's value.
    pub stmts: Vec<Stmt>,
}

/// A statement of a program or of a dfn body.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// An array expression (assignments and `⎕←` are expressions).
    Expr(Expr),
    /// `name ← f`: binds a function (dfn, train, derived or primitive function) to a name.
    FunDef {
        /// The bound name.
        name: Ident,
        /// The function.
        fun: Fun,
    },
    /// `name ← {… ⍺⍺ …}`: binds a user operator (a dfn that mentions `⍺⍺` or `⍵⍵`).
    OpDef {
        /// The bound name.
        name: Ident,
        /// The operator's body.
        dfn: Rc<Dfn>,
    },
}

/// An array-valued expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it starts.
    pub pos: Pos,
}

/// The forms of array expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An integer literal (`42`, `¯2`).
    Int(i64),
    /// A double literal (`0.01`, `¯1.5E3`).
    Double(f64),
    /// A complex literal `3J4` (real, imaginary).
    Complex(f64, f64),
    /// A string literal `'…'` (quotes doubled inside); one character is a char scalar.
    Str(String),
    /// `⍬`, the empty numeric vector.
    Zilde,
    /// A name bound to an array (or tuple).
    Var(String),
    /// `⍺` inside a dfn.
    Alpha,
    /// `⍵` inside a dfn.
    Omega,
    /// A niladic system name used as a value (`⎕NOW`).
    SysVal(String),
    /// Juxtaposed arrays (two or more): `1 2 3` (a vector literal) or `a (b a) 4` (a tuple
    /// when the items are not all scalars).
    Strand(Vec<Expr>),
    /// `(e)`: kept so that `(1 2) 3` and `1 2 3` differ, and for diagnostics.
    Paren(Box<Expr>),
    /// `f ⍵`.
    Monadic {
        /// The function.
        fun: Fun,
        /// The argument.
        arg: Box<Expr>,
    },
    /// `⍺ f ⍵`.
    Dyadic {
        /// The function.
        fun: Fun,
        /// Left argument.
        left: Box<Expr>,
        /// Right argument.
        right: Box<Expr>,
    },
    /// `A[i;j]`: one entry per axis, `None` for an elided axis (`A[;2]`).
    Index {
        /// The indexed array.
        array: Box<Expr>,
        /// Index expressions per axis.
        axes: Vec<Option<Expr>>,
    },
    /// `name ← e`.
    Assign {
        /// The assigned name.
        name: Ident,
        /// The value.
        value: Box<Expr>,
    },
    /// `name[i;j] ← e`.
    IndexAssign {
        /// The updated array's name.
        name: Ident,
        /// Index expressions per axis (`None` = elided).
        axes: Vec<Option<Expr>>,
        /// The value stored.
        value: Box<Expr>,
    },
    /// `⎕ ← e`: prints `e` and has its value.
    Print(Box<Expr>),
}

/// A function expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Fun {
    /// What it is.
    pub kind: FunKind,
    /// Where it starts.
    pub pos: Pos,
}

/// The forms of function expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum FunKind {
    /// A primitive function glyph (`+`, `⍴`, `/` as compress/replicate, `⌿`, `⊢`, …).
    Prim(char),
    /// A system function (`⎕ReadFile`, `⎕INT32AND`, `⎕BENCH`, …), name with its `⎕`.
    SysFun(String),
    /// A name bound to a function.
    Var(String),
    /// A dfn `{…}` (one that does not mention `⍺⍺`/`⍵⍵`).
    Dfn(Rc<Dfn>),
    /// `⍺⍺` inside an operator dfn.
    AlphaAlpha,
    /// `⍵⍵` inside an operator dfn.
    OmegaOmega,
    /// A function derived by an operator: `f/`, `∘.f`, `f.g`, `f⍣n`, `f∘g`, `f¨`, `f op g`.
    Derived {
        /// The operator.
        op: Operator,
        /// Its left operand (the only operand of a monadic operator; see the module notes).
        left: Box<Operand>,
        /// Its right operand, for dyadic operators.
        right: Option<Box<Operand>>,
    },
    /// A train `(f g h)`, `(A g h)` or `(g h)`, items left to right. Longer trains are
    /// grouped from the right by the parser, so there are always two or three items.
    Train(Vec<Operand>),
}

/// An operand of an operator or an item of a train.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// A function operand.
    Fun(Fun),
    /// An array operand (`f⍣5`, `2∘+`, the `A` of `(A g h)`).
    Array(Expr),
}

/// An operator.
#[derive(Clone, Debug, PartialEq)]
pub enum Operator {
    /// A primitive operator.
    Prim(PrimOp),
    /// A name bound to a user operator ([`Stmt::OpDef`]).
    Var(Ident),
    /// An operator dfn written in place.
    Dfn(Rc<Dfn>),
}

/// Primitive operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrimOp {
    /// `f/`: reduce along the last axis.
    Reduce,
    /// `f⌿`: reduce along the first axis.
    ReduceFirst,
    /// `f\`: scan along the last axis.
    Scan,
    /// `f⍀`: scan along the first axis.
    ScanFirst,
    /// `f¨`: each.
    Each,
    /// `∘.f`: outer product.
    OuterProduct,
    /// `f.g`: inner product.
    InnerProduct,
    /// `f⍣n`: power.
    Power,
    /// `f∘g`: compose (also binds an array operand: `2∘+`, `+∘2`).
    Compose,
    /// `f⍨`: commute.
    Commute,
}

/// A dfn `{…}` (function or operator).
#[derive(Clone, Debug, PartialEq)]
pub struct Dfn {
    /// The statements of the body; the last one's value is the result.
    pub body: Vec<Stmt>,
    /// Position of `{`.
    pub pos: Pos,
    /// The `⍝:` type annotation that opens the body, if any.
    pub annotation: Option<Annotation>,
    /// Whether the body (not a nested dfn) mentions `⍺`.
    pub uses_alpha: bool,
    /// Whether the body (not a nested dfn) mentions `⍺⍺`.
    pub uses_alpha_alpha: bool,
    /// Whether the body (not a nested dfn) mentions `⍵⍵`.
    pub uses_omega_omega: bool,
}

/// A `⍝:` type annotation (thesis §3.3), e.g. `<double>ρ → <double>ρ`.
#[derive(Clone, Debug, PartialEq)]
pub struct Annotation {
    /// The type.
    pub ty: AnnType,
    /// Where the type starts (after `⍝:`).
    pub pos: Pos,
}

/// Types written in annotations.
#[derive(Clone, Debug, PartialEq)]
pub enum AnnType {
    /// `κ` or `int`, … alone: a scalar of that element type.
    Scalar(AnnElem),
    /// `[κ]ρ`: an array of a rank.
    Array {
        /// Element type.
        elem: AnnElem,
        /// Rank.
        rank: AnnDim,
    },
    /// `<κ>n`: a vector of a length.
    Vector {
        /// Element type.
        elem: AnnElem,
        /// Length.
        len: AnnDim,
    },
    /// `a → b` (right associative).
    Fun(Box<AnnType>, Box<AnnType>),
}

/// Element types in annotations.
#[derive(Clone, Debug, PartialEq)]
pub enum AnnElem {
    /// A type variable (`κ`, `a`).
    Var(String),
    /// `int`.
    Int,
    /// `double`.
    Double,
    /// `bool`.
    Bool,
    /// `char`.
    Char,
    /// `complex`.
    Complex,
}

/// Ranks and lengths in annotations: variables, constants, sums and differences.
#[derive(Clone, Debug, PartialEq)]
pub enum AnnDim {
    /// A variable (`ρ`, `ρ1`, `n`).
    Var(String),
    /// A constant.
    Const(i64),
    /// `a+b`.
    Add(Box<AnnDim>, Box<AnnDim>),
    /// `a-b`.
    Sub(Box<AnnDim>, Box<AnnDim>),
}
