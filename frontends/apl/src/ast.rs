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
//!   `right = n` (an array operand); `f∘g`, `A∘g` and `f∘A` likewise; `f ⎕BENCH n`
//!   ([`Operator::Sys`]) has `left = f`, `right = n`.
//! * System names follow apltail: `⎕NOW`, `⎕ReadFile`, `⎕INT32AND`, … are functions
//!   ([`FunKind::SysFun`]); `⎕NOW` alone where an array is needed and nothing follows it
//!   (`t ← 1+⎕NOW`) is [`ExprKind::SysVal`].
//! * A dfn body is a list of statements; the value of the last one is the result.

use std::rc::Rc;

/// A source position: 1-based line and column (column counts characters) in the program's
/// file number `file` (0 for the first; a program may be read from several files, as apltail
/// reads its prelude before the program: [`crate::compile_files`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pos {
    /// Which of the program's files, from 0.
    pub file: u32,
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1, in characters.
    pub col: u32,
}

impl Pos {
    /// Line `line`, column `col` of the first file.
    pub fn new(line: u32, col: u32) -> Pos {
        Pos { file: 0, line, col }
    }
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
    /// A system operator, name with its `⎕`: `⎕BENCH` (apltail: `(f ⎕BENCH n) x` runs `f x`
    /// `n` times and reports the time; left operand a function, right operand an array).
    Sys(Ident),
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
    /// For an operator: its body read with `⍺⍺`/`⍵⍵` as functions or arrays, keyed by
    /// `(⍺⍺ is an array, ⍵⍵ is an array)` for each combination of the operands it mentions,
    /// with the syntax error of a reading that does not parse (`body` is the first that
    /// does). Empty for a function.
    pub operand_bodies: Vec<OperandReading>,
}

/// One reading of an operator's body ([`Dfn::operand_bodies`]): whether `⍺⍺` and `⍵⍵` are
/// arrays in it, and its statements or the syntax error it gives.
pub type OperandReading = ((bool, bool), Result<Vec<Stmt>, crate::SyntaxError>);

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

// ---------------------------------------------------------------------------------------------
// A compact S-expression rendering, for tests and debugging.

impl Program {
    /// Renders the program as S-expressions, one statement a line: `1 2+3` is
    /// `(dyadic (prim +) (strand 1 2) 3)`. Negative numbers print with `¯`, doubles always with
    /// a decimal point or exponent, strings in APL quotes; an elided axis prints as `_`.
    pub fn to_sexpr(&self) -> String {
        let lines: Vec<String> = self.stmts.iter().map(Stmt::to_sexpr).collect();
        lines.join("\n")
    }
}

impl Stmt {
    /// Renders the statement as an S-expression (see [`Program::to_sexpr`]).
    pub fn to_sexpr(&self) -> String {
        match self {
            Stmt::Expr(e) => e.to_sexpr(),
            Stmt::FunDef { name, fun } => format!("(fundef {} {})", name.name, fun.to_sexpr()),
            Stmt::OpDef { name, dfn } => format!("(opdef {} {})", name.name, dfn.to_sexpr()),
        }
    }
}

fn sexpr_f64(v: f64) -> String {
    format!("{v:?}").replace('-', "¯")
}

fn sexpr_axes(axes: &[Option<Expr>]) -> String {
    let parts: Vec<String> = axes
        .iter()
        .map(|a| a.as_ref().map_or_else(|| "_".to_string(), Expr::to_sexpr))
        .collect();
    format!("[{}]", parts.join(" "))
}

impl Expr {
    /// Renders the expression as an S-expression (see [`Program::to_sexpr`]).
    pub fn to_sexpr(&self) -> String {
        match &self.kind {
            ExprKind::Int(v) => v.to_string().replace('-', "¯"),
            ExprKind::Double(v) => sexpr_f64(*v),
            ExprKind::Complex(re, im) => format!("{}J{}", sexpr_f64(*re), sexpr_f64(*im)),
            ExprKind::Str(s) => format!("'{}'", s.replace('\'', "''")),
            ExprKind::Zilde => "⍬".to_string(),
            ExprKind::Var(n) | ExprKind::SysVal(n) => n.clone(),
            ExprKind::Alpha => "⍺".to_string(),
            ExprKind::Omega => "⍵".to_string(),
            ExprKind::Strand(items) => {
                let parts: Vec<String> = items.iter().map(Expr::to_sexpr).collect();
                format!("(strand {})", parts.join(" "))
            }
            ExprKind::Paren(e) => format!("(paren {})", e.to_sexpr()),
            ExprKind::Monadic { fun, arg } => {
                format!("(monadic {} {})", fun.to_sexpr(), arg.to_sexpr())
            }
            ExprKind::Dyadic { fun, left, right } => format!(
                "(dyadic {} {} {})",
                fun.to_sexpr(),
                left.to_sexpr(),
                right.to_sexpr()
            ),
            ExprKind::Index { array, axes } => {
                format!("(index {} {})", array.to_sexpr(), sexpr_axes(axes))
            }
            ExprKind::Assign { name, value } => {
                format!("(assign {} {})", name.name, value.to_sexpr())
            }
            ExprKind::IndexAssign { name, axes, value } => format!(
                "(index-assign {} {} {})",
                name.name,
                sexpr_axes(axes),
                value.to_sexpr()
            ),
            ExprKind::Print(e) => format!("(print {})", e.to_sexpr()),
        }
    }
}

impl Fun {
    /// Renders the function as an S-expression: `(prim +)`, `(fun f)`, `(sysfun ⎕NOW)`,
    /// `(dfn …)`, `⍺⍺`, `⍵⍵`, `(reduce (prim +))`, `(inner (prim +) (prim ×))`,
    /// `(train …)`.
    pub fn to_sexpr(&self) -> String {
        match &self.kind {
            FunKind::Prim(c) => format!("(prim {c})"),
            FunKind::SysFun(n) => format!("(sysfun {n})"),
            FunKind::Var(n) => format!("(fun {n})"),
            FunKind::Dfn(d) => d.to_sexpr(),
            FunKind::AlphaAlpha => "⍺⍺".to_string(),
            FunKind::OmegaOmega => "⍵⍵".to_string(),
            FunKind::Derived { op, left, right } => {
                let head = match op {
                    Operator::Prim(p) => p.sexpr_name().to_string(),
                    Operator::Var(id) => format!("(op {})", id.name),
                    Operator::Sys(id) => format!("(sysop {})", id.name),
                    Operator::Dfn(d) => d.to_sexpr(),
                };
                match right {
                    Some(r) => format!("({head} {} {})", left.to_sexpr(), r.to_sexpr()),
                    None => format!("({head} {})", left.to_sexpr()),
                }
            }
            FunKind::Train(items) => {
                let parts: Vec<String> = items.iter().map(Operand::to_sexpr).collect();
                format!("(train {})", parts.join(" "))
            }
        }
    }
}

impl Operand {
    /// Renders the operand as its function's or array's S-expression.
    pub fn to_sexpr(&self) -> String {
        match self {
            Operand::Fun(f) => f.to_sexpr(),
            Operand::Array(e) => e.to_sexpr(),
        }
    }
}

impl PrimOp {
    /// The operator's name in S-expressions: `reduce`, `reduce-first`, `scan`, `scan-first`,
    /// `each`, `outer`, `inner`, `power`, `compose`, `commute`.
    pub fn sexpr_name(self) -> &'static str {
        match self {
            PrimOp::Reduce => "reduce",
            PrimOp::ReduceFirst => "reduce-first",
            PrimOp::Scan => "scan",
            PrimOp::ScanFirst => "scan-first",
            PrimOp::Each => "each",
            PrimOp::OuterProduct => "outer",
            PrimOp::InnerProduct => "inner",
            PrimOp::Power => "power",
            PrimOp::Compose => "compose",
            PrimOp::Commute => "commute",
        }
    }
}

impl Dfn {
    /// The body to run for operands of these kinds (`⍺⍺`, `⍵⍵` arrays or not), or the syntax
    /// error that reading gives.
    pub fn body_for(&self, aa_array: bool, ww_array: bool) -> Result<&[Stmt], &crate::SyntaxError> {
        let key = (
            aa_array && self.uses_alpha_alpha,
            ww_array && self.uses_omega_omega,
        );
        match self.operand_bodies.iter().find(|(k, _)| *k == key) {
            Some((_, Ok(b))) => Ok(b),
            Some((_, Err(e))) => Err(e),
            None => Ok(&self.body),
        }
    }

    /// Renders the dfn: `(dfn [:alpha] [:aa] [:ww] [:type T] stmt …)`.
    pub fn to_sexpr(&self) -> String {
        let mut s = String::from("(dfn");
        if self.uses_alpha {
            s.push_str(" :alpha");
        }
        if self.uses_alpha_alpha {
            s.push_str(" :aa");
        }
        if self.uses_omega_omega {
            s.push_str(" :ww");
        }
        if let Some(a) = &self.annotation {
            s.push_str(" :type ");
            s.push_str(&a.ty.to_sexpr());
        }
        for st in &self.body {
            s.push(' ');
            s.push_str(&st.to_sexpr());
        }
        s.push(')');
        s
    }
}

impl AnnType {
    /// Renders the type in annotation syntax, parenthesizing function types:
    /// `([κ](ρ+1)→[κ]ρ)`, `<double>ρ`, `int`.
    pub fn to_sexpr(&self) -> String {
        match self {
            AnnType::Scalar(e) => e.to_sexpr(),
            AnnType::Array { elem, rank } => format!("[{}]{}", elem.to_sexpr(), rank.to_sexpr()),
            AnnType::Vector { elem, len } => format!("<{}>{}", elem.to_sexpr(), len.to_sexpr()),
            AnnType::Fun(a, b) => format!("({}→{})", a.to_sexpr(), b.to_sexpr()),
        }
    }
}

impl AnnElem {
    /// Renders the element type: `int`, `double`, `bool`, `char`, `complex` or the variable.
    pub fn to_sexpr(&self) -> String {
        match self {
            AnnElem::Var(v) => v.clone(),
            AnnElem::Int => "int".to_string(),
            AnnElem::Double => "double".to_string(),
            AnnElem::Bool => "bool".to_string(),
            AnnElem::Char => "char".to_string(),
            AnnElem::Complex => "complex".to_string(),
        }
    }
}

impl AnnDim {
    /// Renders the dimension, parenthesizing sums and differences: `(ρ1+ρ2)`.
    pub fn to_sexpr(&self) -> String {
        match self {
            AnnDim::Var(v) => v.clone(),
            AnnDim::Const(c) => c.to_string(),
            AnnDim::Add(a, b) => format!("({}+{})", a.to_sexpr(), b.to_sexpr()),
            AnnDim::Sub(a, b) => format!("({}-{})", a.to_sexpr(), b.to_sexpr()),
        }
    }
}
