//! The abstract syntax of FCL (Dybdal 2017 §5.3: core syntax, extended with the surface
//! forms of the examples), every node with its position.
//!
//! Surface sugar is removed by the parser: `fun f x y = e` binds `f` to `fn x => fn y => e`,
//! `e |> f` is `f e`, and `let a = e1  b = e2 in e` nests two lets.

use crate::diag::Pos;

/// A level expression `l ::= δ | Z | 1 + l`, with the named levels.
#[derive(Clone, Debug, PartialEq)]
pub enum LevelExpr {
    /// `thread` (= Z).
    Thread,
    /// `warp` (this crate's warp constant, see the crate docs).
    Warp,
    /// `block` (= 1+Z).
    Block,
    /// `grid` (= 1+(1+Z)).
    Grid,
    /// `Z`.
    Zero,
    /// `1 + l`.
    Succ(Box<LevelExpr>),
    /// A level variable δ.
    Var(String, Pos),
}

/// A type expression, as written in `sig`.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeExpr {
    /// The form.
    pub kind: TypeExprKind,
    /// Where it starts.
    pub pos: Pos,
}

/// The forms of type expressions (§5.3.1).
#[derive(Clone, Debug, PartialEq)]
pub enum TypeExprKind {
    /// `int`.
    Int,
    /// `double`.
    Double,
    /// `bool`.
    Bool,
    /// `unit`.
    Unit,
    /// `'a`.
    Var(String),
    /// `(τ1, τ2)`.
    Pair(Box<TypeExpr>, Box<TypeExpr>),
    /// `τ1 -> τ2`.
    Fun(Box<TypeExpr>, Box<TypeExpr>),
    /// `[τ]`, a pull array.
    Pull(Box<TypeExpr>),
    /// `[bt]<l>`, a push array.
    Push(Box<TypeExpr>, LevelExpr),
    /// `Program<l> τ`.
    Program(LevelExpr, Box<TypeExpr>),
}

/// `forall <δ…> 'a…. τ`.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeScheme {
    /// Level variables, in order.
    pub level_vars: Vec<(String, Pos)>,
    /// Type variables, in order.
    pub type_vars: Vec<(String, Pos)>,
    /// The type.
    pub ty: TypeExpr,
}

/// A binary operator (Fig. 5.5 and the operators of the examples).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `+` on int.
    Add,
    /// `-` on int.
    Sub,
    /// `*` on int.
    Mul,
    /// `/` on int.
    Div,
    /// `%` on int.
    Mod,
    /// `+.` on double.
    FAdd,
    /// `-.` on double.
    FSub,
    /// `*.` on double.
    FMul,
    /// `/.` on double.
    FDiv,
    /// `<<` on int.
    Shl,
    /// `>>` on int.
    Shr,
    /// `==` on a base type.
    Eq,
    /// `!=` on a base type.
    Ne,
    /// `<` on a base type.
    Lt,
    /// `<=` on a base type.
    Le,
    /// `>` on a base type.
    Gt,
    /// `>=` on a base type.
    Ge,
    /// `&&` on bool.
    And,
    /// `||` on bool.
    Or,
}

impl BinOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Mod => "%",
            FAdd => "+.",
            FSub => "-.",
            FMul => "*.",
            FDiv => "/.",
            Shl => "<<",
            Shr => ">>",
            Eq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            And => "&&",
            Or => "||",
        }
    }
}

/// An expression node; `id` numbers nodes uniquely within a program (and its prelude).
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// Unique id, the key of the inference tables.
    pub id: u32,
    /// Where it starts.
    pub pos: Pos,
    /// The form.
    pub kind: ExprKind,
}

/// A `let` binding `x<δ…> = e`.
#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    /// The bound name.
    pub name: String,
    /// Where the name is.
    pub pos: Pos,
    /// Declared level parameters δ⃗ (rule 5.22).
    pub level_params: Vec<(String, Pos)>,
    /// The bound expression.
    pub value: Expr,
}

/// A statement of a `do` block.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `x <- e`.
    Bind(String, Pos, Expr),
    /// `let x = e`.
    Let(Binding),
}

/// Expression forms.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// Integer literal.
    Int(i64),
    /// Double literal.
    Double(f64),
    /// `true` / `false`.
    Bool(bool),
    /// `()`.
    Unit,
    /// `#Name`.
    Config(String),
    /// `x` or `x<l…>`; `levels` is `None` when no level arguments are written.
    Var {
        /// The name.
        name: String,
        /// Explicit level arguments.
        levels: Option<Vec<LevelExpr>>,
    },
    /// `(e1, e2)`.
    Pair(Box<Expr>, Box<Expr>),
    /// `fn x => e`.
    Lam(String, Pos, Box<Expr>),
    /// `e1 e2`.
    App(Box<Expr>, Box<Expr>),
    /// `let b in e`.
    Let(Box<Binding>, Box<Expr>),
    /// `if c then t else e`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `e1 op e2`.
    BinOp(BinOp, Box<Expr>, Box<Expr>),
    /// `-e` (int) .
    Neg(Box<Expr>),
    /// `do<l> { stmts ; e }`.
    Do(LevelExpr, Vec<Stmt>, Box<Expr>),
}

/// A top-level declaration.
#[derive(Clone, Debug, PartialEq)]
pub enum Decl {
    /// `sig f : σ`.
    Sig {
        /// Name.
        name: String,
        /// Position of the name.
        pos: Pos,
        /// The declared scheme.
        scheme: TypeScheme,
    },
    /// `fun f<δ…> x… = e`; the parameters are already turned into lambdas in `body`.
    Fun {
        /// Name.
        name: String,
        /// Position of the name.
        pos: Pos,
        /// Declared level parameters.
        level_params: Vec<(String, Pos)>,
        /// `fn x1 => … => e`.
        body: Expr,
    },
}

/// A parsed source file.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Module {
    /// Declarations in source order.
    pub decls: Vec<Decl>,
}
