//! The parser: tokens to [`crate::ast::Program`], with APL's syntactic classes resolved.
//!
//! APL cannot be parsed without knowing what every name stands for: `f x` is an application
//! when `f` is a function and a strand when `f` is an array. The parser therefore keeps the
//! classes of the names assigned so far in lexical scopes (the program, then each dfn; a dfn
//! sees the names of its enclosing scopes) and reads each statement right to left, the order in
//! which APL evaluates it, so that a name assigned on the right of a statement is known on its
//! left.
//!
//! Reading proceeds in three steps:
//! 1. The tokens are nested into a tree by their brackets (`()`, `[]`, `{}`), which is where
//!    unbalanced brackets and unsupported constructs (`⍎`, `∇`, guards, unknown `⎕` names) are
//!    reported.
//! 2. Each statement (separated by newlines or `⋄`) is a sequence of items: tokens and groups.
//!    Items are classified lazily, right to left: an array, a function, a monadic or dyadic
//!    operator, `/`-like glyphs (an operator after a function, a function after an array), an
//!    index `[…]`, or `←`.
//! 3. An array expression is reduced right to left: the rightmost strand is the right argument;
//!    to its left stands a function phrase (operators bind tighter than application, a dyadic
//!    operator's right operand is the one item next to it, its left operand the longest phrase
//!    to its left) and, optionally, a left argument strand; or `←` with its target.
//!
//! Nesting of brackets and operator phrases is limited (`MAX_NESTING`), and so is the length
//! of an application chain (`MAX_DEPTH`), so that neither the parser nor a recursive walk of
//! the tree can exhaust the stack.

use std::collections::HashMap;
use std::rc::Rc;

use crate::ast::{
    AnnDim, AnnElem, AnnType, Annotation, Dfn, Expr, ExprKind, Fun, FunKind, Ident, Operand,
    Operator, Pos, PrimOp, Program, Stmt,
};
use crate::lexer::{self, Num, Token, TokenKind};
use crate::SyntaxError;

/// Most nested brackets, dfns and operator phrases accepted.
pub const MAX_NESTING: usize = 64;

/// Most nested applications (brackets plus the length of application chains) accepted.
pub const MAX_DEPTH: usize = 512;

/// System functions accepted (apltail's: all take arguments).
pub const SYSTEM_FUNCTIONS: &[&str] = &[
    "⎕ReadFile",
    "⎕ReadIntVecFile",
    "⎕ReadDoubleVecFile",
    "⎕NOW",
    "⎕INT32AND",
    "⎕INT32OR",
    "⎕INT32XOR",
    "⎕INT32NOT",
    "⎕INT32SHL",
    "⎕INT32SHR",
    "⎕INT32SHAR",
];

/// System operators accepted: `(f ⎕BENCH n) x`.
pub const SYSTEM_OPERATORS: &[&str] = &["⎕BENCH"];

/// System names that also stand alone as a value when no argument follows them (`1+⎕NOW`).
pub const NILADIC_SYSTEM_NAMES: &[&str] = &["⎕NOW"];

/// Parses a whole program.
///
/// # Errors
/// The first syntax error found, with its position and a message naming the construct.
pub fn parse_program(src: &str) -> Result<Program, SyntaxError> {
    parse_files(&[src])
}

/// Parses a program read from several files, their texts in order (apltail's `aplt
/// prelude.apl prog.apl`): one program, as if the files were one, so that a name a file
/// defines is known to the files after it; each position names its file by its index.
///
/// # Errors
/// As [`parse_program`], in the file the error's position names.
pub fn parse_files(files: &[&str]) -> Result<Program, SyntaxError> {
    let mut p = Parser::new();
    let mut stmts = Vec::new();
    for (k, src) in files.iter().enumerate() {
        let tokens = lexer::lex_file(src, u32::try_from(k).unwrap_or(u32::MAX))?;
        let tree = build_tree(tokens)?;
        stmts.extend(p.body(tree)?);
    }
    Ok(Program { stmts })
}

fn err(pos: Pos, message: impl Into<String>) -> SyntaxError {
    SyntaxError {
        pos,
        message: message.into(),
    }
}

// ---------------------------------------------------------------------------------------------
// Step 1: the bracket tree.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Delim {
    Paren,
    Bracket,
    Brace,
}

impl Delim {
    fn open(self) -> char {
        match self {
            Delim::Paren => '(',
            Delim::Bracket => '[',
            Delim::Brace => '{',
        }
    }
    fn close(self) -> char {
        match self {
            Delim::Paren => ')',
            Delim::Bracket => ']',
            Delim::Brace => '}',
        }
    }
}

#[derive(Clone, Debug)]
struct Group {
    delim: Delim,
    open: Pos,
    children: Vec<Node>,
    /// For a brace: the `⍝:` text that opens it and the text's position.
    annotation: Option<(String, Pos)>,
}

#[derive(Clone, Debug)]
enum Node {
    Tok(Token),
    Group(Group),
}

impl Node {
    fn pos(&self) -> Pos {
        match self {
            Node::Tok(t) => t.pos,
            Node::Group(g) => g.open,
        }
    }
}

/// Nests the tokens by their brackets and rejects unsupported constructs.
fn build_tree(tokens: Vec<Token>) -> Result<Vec<Node>, SyntaxError> {
    let mut stack: Vec<Group> = Vec::new();
    let mut top: Vec<Node> = Vec::new();
    for tok in tokens {
        let pos = tok.pos;
        let open = match tok.kind {
            TokenKind::LParen => Some(Delim::Paren),
            TokenKind::LBracket => Some(Delim::Bracket),
            TokenKind::LBrace => Some(Delim::Brace),
            _ => None,
        };
        if let Some(delim) = open {
            if stack.len() >= MAX_NESTING {
                return Err(err(
                    pos,
                    format!("nesting too deep: more than {MAX_NESTING} levels of brackets"),
                ));
            }
            stack.push(Group {
                delim,
                open: pos,
                children: Vec::new(),
                annotation: None,
            });
            continue;
        }
        let close = match tok.kind {
            TokenKind::RParen => Some(Delim::Paren),
            TokenKind::RBracket => Some(Delim::Bracket),
            TokenKind::RBrace => Some(Delim::Brace),
            _ => None,
        };
        if let Some(delim) = close {
            let Some(group) = stack.pop() else {
                return Err(err(
                    pos,
                    format!(
                        "unbalanced '{}': no matching '{}'",
                        delim.close(),
                        delim.open()
                    ),
                ));
            };
            if group.delim != delim {
                return Err(err(
                    group.open,
                    format!(
                        "unbalanced '{}': closed by '{}' at {}:{}",
                        group.delim.open(),
                        delim.close(),
                        pos.line,
                        pos.col
                    ),
                ));
            }
            let parent = match stack.last_mut() {
                Some(g) => &mut g.children,
                None => &mut top,
            };
            parent.push(Node::Group(group));
            continue;
        }
        match &tok.kind {
            TokenKind::Del => return Err(err(pos, "unsupported construct: ∇ (recursion)")),
            TokenKind::Glyph('⍎') => return Err(err(pos, "unsupported construct: ⍎ (execute)")),
            TokenKind::Colon => {
                return Err(err(
                    pos,
                    "unsupported construct: ':' (dfn guards and control structures)",
                ))
            }
            TokenKind::SysName(name)
                if name != "⎕"
                    && !SYSTEM_FUNCTIONS.contains(&name.as_str())
                    && !SYSTEM_OPERATORS.contains(&name.as_str()) =>
            {
                return Err(err(pos, format!("unsupported system name {name}")));
            }
            TokenKind::Annotation(text) => {
                // An annotation counts only as the first thing in a dfn; elsewhere it is a
                // comment.
                if let Some(g) = stack.last_mut() {
                    let first = !g.children.iter().any(|n| {
                        !matches!(
                            n,
                            Node::Tok(Token {
                                kind: TokenKind::Newline,
                                ..
                            })
                        )
                    });
                    if g.delim == Delim::Brace && first && g.annotation.is_none() {
                        g.annotation = Some((text.clone(), pos));
                    }
                }
                continue;
            }
            _ => {}
        }
        match stack.last_mut() {
            Some(g) => g.children.push(Node::Tok(tok)),
            None => top.push(Node::Tok(tok)),
        }
    }
    if let Some(g) = stack.pop() {
        return Err(err(
            g.open,
            format!(
                "unbalanced '{}': no matching '{}'",
                g.delim.open(),
                g.delim.close()
            ),
        ));
    }
    Ok(top)
}

/// Splits a body into statements at newlines and `⋄` (empty statements dropped).
fn split_statements(nodes: Vec<Node>) -> Vec<Vec<Node>> {
    let mut out = Vec::new();
    let mut cur = Vec::new();
    for n in nodes {
        match n {
            Node::Tok(Token {
                kind: TokenKind::Newline | TokenKind::Diamond,
                ..
            }) => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            n => cur.push(n),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Step 2: items and their classes.

/// The syntactic class of a name.
#[derive(Clone, Debug)]
enum Class {
    Array,
    Function,
    MonOp(Rc<Dfn>),
    DyOp(Rc<Dfn>),
}

/// A classified item.
#[derive(Debug)]
enum Word {
    Array(Expr),
    Fun(Fun),
    MonOp(Operator),
    DyOp(Operator),
    /// `/ ⌿ \ ⍀`: an operator after a function, a function after an array.
    Slash(char, Pos),
    /// `[…]`, not yet read.
    Index(Group),
    Assign,
    /// `⎕` alone.
    Quad,
}

/// What an item is, without its contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Array,
    Fun,
    MonOp,
    DyOp,
    Slash,
    Index,
    Assign,
    Quad,
}

impl Word {
    fn kind(&self) -> Kind {
        match self {
            Word::Array(_) => Kind::Array,
            Word::Fun(_) => Kind::Fun,
            Word::MonOp(..) => Kind::MonOp,
            Word::DyOp(..) => Kind::DyOp,
            Word::Slash(..) => Kind::Slash,
            Word::Index(_) => Kind::Index,
            Word::Assign => Kind::Assign,
            Word::Quad => Kind::Quad,
        }
    }
}

enum Slot {
    Raw(Node),
    Word(Word),
    Taken,
}

/// The items of one expression, classified on demand.
struct Items {
    slots: Vec<Slot>,
    pos: Vec<Pos>,
}

impl Items {
    fn new(nodes: Vec<Node>) -> Self {
        let pos = nodes.iter().map(Node::pos).collect();
        Items {
            slots: nodes.into_iter().map(Slot::Raw).collect(),
            pos,
        }
    }

    fn raw(&self, i: usize) -> Option<&Node> {
        match &self.slots[i] {
            Slot::Raw(n) => Some(n),
            _ => None,
        }
    }

    fn raw_tok(&self, i: usize) -> Option<&TokenKind> {
        match self.raw(i) {
            Some(Node::Tok(t)) => Some(&t.kind),
            _ => None,
        }
    }

    /// Takes item `i` out unclassified (an assignment target, or to classify it).
    fn take_raw(&mut self, i: usize) -> Result<Node, SyntaxError> {
        match std::mem::replace(&mut self.slots[i], Slot::Taken) {
            Slot::Raw(n) => Ok(n),
            other => {
                self.slots[i] = other;
                Err(err(self.pos[i], "internal error: item read twice"))
            }
        }
    }
}

/// What a dfn being read has mentioned so far.
#[derive(Default)]
struct DfnUse {
    alpha: bool,
    alpha_alpha: bool,
    omega_omega: bool,
    /// `⍺⍺` (`⍵⍵`) is read as an array in this parse of the body (an operator applied to an
    /// array operand), else as a function.
    alpha_alpha_array: bool,
    omega_omega_array: bool,
}

struct Parser {
    scopes: Vec<HashMap<String, Class>>,
    dfns: Vec<DfnUse>,
    nesting: usize,
    depth: usize,
}

/// Describes a token for messages.
fn describe(kind: &TokenKind) -> String {
    match kind {
        TokenKind::Num(_) => "a number".into(),
        TokenKind::Str(_) => "a string".into(),
        TokenKind::Name(n) => format!("'{n}'"),
        TokenKind::SysName(n) => n.clone(),
        TokenKind::Alpha => "⍺".into(),
        TokenKind::Omega => "⍵".into(),
        TokenKind::AlphaAlpha => "⍺⍺".into(),
        TokenKind::OmegaOmega => "⍵⍵".into(),
        TokenKind::Zilde => "⍬".into(),
        TokenKind::Del => "∇".into(),
        TokenKind::Glyph(c) => format!("'{c}'"),
        TokenKind::LParen => "'('".into(),
        TokenKind::RParen => "')'".into(),
        TokenKind::LBracket => "'['".into(),
        TokenKind::RBracket => "']'".into(),
        TokenKind::LBrace => "'{'".into(),
        TokenKind::RBrace => "'}'".into(),
        TokenKind::Semicolon => "';'".into(),
        TokenKind::Colon => "':'".into(),
        TokenKind::Assign => "'←'".into(),
        TokenKind::Diamond => "'⋄'".into(),
        TokenKind::Newline => "a line break".into(),
        TokenKind::Annotation(_) => "a '⍝:' annotation".into(),
    }
}

fn prim_op(c: char) -> Option<PrimOp> {
    Some(match c {
        '/' => PrimOp::Reduce,
        '⌿' => PrimOp::ReduceFirst,
        '\\' => PrimOp::Scan,
        '⍀' => PrimOp::ScanFirst,
        '¨' => PrimOp::Each,
        '⍨' => PrimOp::Commute,
        '.' => PrimOp::InnerProduct,
        '⍣' => PrimOp::Power,
        '∘' => PrimOp::Compose,
        _ => return None,
    })
}

fn op_name(op: &Operator) -> String {
    match op {
        Operator::Prim(p) => match p {
            PrimOp::Reduce => "'/'".into(),
            PrimOp::ReduceFirst => "'⌿'".into(),
            PrimOp::Scan => "'\\'".into(),
            PrimOp::ScanFirst => "'⍀'".into(),
            PrimOp::Each => "'¨'".into(),
            PrimOp::OuterProduct => "'∘.'".into(),
            PrimOp::InnerProduct => "'.'".into(),
            PrimOp::Power => "'⍣'".into(),
            PrimOp::Compose => "'∘'".into(),
            PrimOp::Commute => "'⍨'".into(),
        },
        Operator::Var(id) | Operator::Sys(id) => format!("'{}'", id.name),
        Operator::Dfn(_) => "dfn operator".into(),
    }
}

/// Whether the body `nodes` of a dfn mentions `⍺⍺` and `⍵⍵` (not inside a nested dfn, whose
/// operands they would be).
fn operands_mentioned(nodes: &[Node]) -> (bool, bool) {
    let (mut aa, mut ww) = (false, false);
    for n in nodes {
        match n {
            Node::Tok(t) => match t.kind {
                TokenKind::AlphaAlpha => aa = true,
                TokenKind::OmegaOmega => ww = true,
                _ => {}
            },
            Node::Group(g) if g.delim != Delim::Brace => {
                let (a, w) = operands_mentioned(&g.children);
                aa |= a;
                ww |= w;
            }
            Node::Group(_) => {}
        }
    }
    (aa, ww)
}

fn expr(kind: ExprKind, pos: Pos) -> Expr {
    Expr { kind, pos }
}

fn operand_pos(o: &Operand) -> Pos {
    match o {
        Operand::Fun(f) => f.pos,
        Operand::Array(e) => e.pos,
    }
}

impl Parser {
    fn new() -> Self {
        Parser {
            scopes: vec![HashMap::new()],
            dfns: Vec::new(),
            nesting: 0,
            depth: 0,
        }
    }

    fn enter(&mut self, pos: Pos) -> Result<(), SyntaxError> {
        self.nesting += 1;
        self.depth += 1;
        if self.nesting > MAX_NESTING {
            return Err(err(
                pos,
                format!("nesting too deep: more than {MAX_NESTING} levels"),
            ));
        }
        self.check_depth(pos)
    }

    fn leave(&mut self) {
        self.nesting -= 1;
        self.depth -= 1;
    }

    fn check_depth(&self, pos: Pos) -> Result<(), SyntaxError> {
        if self.depth > MAX_DEPTH {
            return Err(err(
                pos,
                format!("expression too deep: more than {MAX_DEPTH} nested applications"),
            ));
        }
        Ok(())
    }

    fn lookup(&self, name: &str) -> Option<&Class> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    fn bind(&mut self, name: &str, class: Class) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name.to_string(), class);
        }
    }

    fn in_dfn(&mut self, pos: Pos, what: &str) -> Result<&mut DfnUse, SyntaxError> {
        self.dfns
            .last_mut()
            .ok_or_else(|| err(pos, format!("{what} outside a dfn")))
    }

    // ---- statements ----

    /// Reads the statements of a program or dfn body.
    fn body(&mut self, nodes: Vec<Node>) -> Result<Vec<Stmt>, SyntaxError> {
        let mut stmts = Vec::new();
        for seg in split_statements(nodes) {
            stmts.push(self.statement(seg)?);
        }
        Ok(stmts)
    }

    fn statement(&mut self, nodes: Vec<Node>) -> Result<Stmt, SyntaxError> {
        let mut items = Items::new(nodes);
        let n = items.slots.len();
        let is_def = n >= 3
            && matches!(items.raw_tok(0), Some(TokenKind::Name(_)))
            && matches!(items.raw_tok(1), Some(TokenKind::Assign));
        if is_def {
            let name = match items.raw_tok(0) {
                Some(TokenKind::Name(s)) => s.clone(),
                _ => String::new(),
            };
            let ident = Ident {
                name,
                pos: items.pos[0],
            };
            // `name ← {…⍺⍺…}` and `name ← op` define operators.
            if n == 3 {
                let k = self.kind_at(&mut items, 2)?;
                if matches!(k, Kind::MonOp | Kind::DyOp) {
                    return self.op_def(&mut items, ident);
                }
            }
            if self.is_function_phrase(&mut items, 2, n)? {
                let fun = self.fun_expr(&mut items, 2, n)?;
                self.bind(&ident.name, Class::Function);
                return Ok(Stmt::FunDef { name: ident, fun });
            }
        }
        let e = self.array_expr(&mut items, 0, n)?;
        Ok(Stmt::Expr(e))
    }

    fn op_def(&mut self, items: &mut Items, name: Ident) -> Result<Stmt, SyntaxError> {
        let pos = items.pos[2];
        let word = self.take_word(items, 2)?;
        let (op, dyadic) = match word {
            Word::MonOp(op) => (op, false),
            Word::DyOp(op) => (op, true),
            _ => return Err(err(pos, "expected an operator")),
        };
        let dfn = match op {
            Operator::Dfn(d) => d,
            Operator::Var(id) => match self.lookup(&id.name) {
                Some(Class::MonOp(d) | Class::DyOp(d)) => d.clone(),
                _ => return Err(err(id.pos, format!("'{}' is not an operator", id.name))),
            },
            other => {
                return Err(err(
                    pos,
                    format!(
                        "unsupported: naming the {} operator {}",
                        if matches!(other, Operator::Sys(_)) {
                            "system"
                        } else {
                            "primitive"
                        },
                        op_name(&other)
                    ),
                ))
            }
        };
        let class = if dyadic {
            Class::DyOp(dfn.clone())
        } else {
            Class::MonOp(dfn.clone())
        };
        self.bind(&name.name, class);
        Ok(Stmt::OpDef { name, dfn })
    }

    // ---- classification ----

    /// Classifies item `i` (once) and returns its kind.
    fn kind_at(&mut self, items: &mut Items, i: usize) -> Result<Kind, SyntaxError> {
        if let Slot::Raw(_) = items.slots[i] {
            let node = items.take_raw(i)?;
            let word = self.classify(node)?;
            items.slots[i] = Slot::Word(word);
        }
        match &items.slots[i] {
            Slot::Word(w) => Ok(w.kind()),
            _ => Err(err(items.pos[i], "internal error: item read twice")),
        }
    }

    fn take_word(&mut self, items: &mut Items, i: usize) -> Result<Word, SyntaxError> {
        self.kind_at(items, i)?;
        match std::mem::replace(&mut items.slots[i], Slot::Taken) {
            Slot::Word(w) => Ok(w),
            _ => Err(err(items.pos[i], "internal error: item read twice")),
        }
    }

    fn classify(&mut self, node: Node) -> Result<Word, SyntaxError> {
        let tok = match node {
            Node::Group(g) => return self.classify_group(g),
            Node::Tok(t) => t,
        };
        let pos = tok.pos;
        let array = |k| Ok(Word::Array(expr(k, pos)));
        let fun = |k| Ok(Word::Fun(Fun { kind: k, pos }));
        match tok.kind {
            TokenKind::Num(Num::Int(v)) => array(ExprKind::Int(v)),
            TokenKind::Num(Num::Double(v)) => array(ExprKind::Double(v)),
            TokenKind::Num(Num::Complex(re, im)) => array(ExprKind::Complex(re, im)),
            TokenKind::Str(s) => array(ExprKind::Str(s)),
            TokenKind::Zilde => array(ExprKind::Zilde),
            TokenKind::Alpha => {
                self.in_dfn(pos, "⍺")?.alpha = true;
                array(ExprKind::Alpha)
            }
            TokenKind::Omega => {
                self.in_dfn(pos, "⍵")?;
                array(ExprKind::Omega)
            }
            TokenKind::AlphaAlpha => {
                let d = self.in_dfn(pos, "⍺⍺")?;
                d.alpha_alpha = true;
                if d.alpha_alpha_array {
                    array(ExprKind::Var("⍺⍺".into()))
                } else {
                    fun(FunKind::AlphaAlpha)
                }
            }
            TokenKind::OmegaOmega => {
                let d = self.in_dfn(pos, "⍵⍵")?;
                d.omega_omega = true;
                if d.omega_omega_array {
                    array(ExprKind::Var("⍵⍵".into()))
                } else {
                    fun(FunKind::OmegaOmega)
                }
            }
            TokenKind::Name(name) => match self.lookup(&name) {
                Some(Class::Array) => array(ExprKind::Var(name)),
                Some(Class::Function) => fun(FunKind::Var(name)),
                Some(Class::MonOp(_)) => Ok(Word::MonOp(Operator::Var(Ident { name, pos }))),
                Some(Class::DyOp(_)) => Ok(Word::DyOp(Operator::Var(Ident { name, pos }))),
                None => Err(err(pos, format!("undefined name '{name}'"))),
            },
            TokenKind::SysName(name) => {
                if name == "⎕" {
                    Ok(Word::Quad)
                } else if SYSTEM_OPERATORS.contains(&name.as_str()) {
                    Ok(Word::DyOp(Operator::Sys(Ident { name, pos })))
                } else {
                    fun(FunKind::SysFun(name))
                }
            }
            TokenKind::Assign => Ok(Word::Assign),
            TokenKind::Glyph(c) => match c {
                '/' | '⌿' | '\\' | '⍀' => Ok(Word::Slash(c, pos)),
                '¨' | '⍨' => Ok(Word::MonOp(Operator::Prim(
                    prim_op(c).unwrap_or(PrimOp::Each),
                ))),
                '.' | '⍣' | '∘' => Ok(Word::DyOp(Operator::Prim(
                    prim_op(c).unwrap_or(PrimOp::Compose),
                ))),
                '⍤' | '⍥' | '@' | '⌸' | '⌺' => {
                    Err(err(pos, format!("unsupported operator '{c}'")))
                }
                c => fun(FunKind::Prim(c)),
            },
            TokenKind::Semicolon => Err(err(pos, "';' outside brackets")),
            other => Err(err(pos, format!("unexpected {}", describe(&other)))),
        }
    }

    fn classify_group(&mut self, g: Group) -> Result<Word, SyntaxError> {
        match g.delim {
            Delim::Bracket => Ok(Word::Index(g)),
            Delim::Brace => {
                let pos = g.open;
                let dfn = Rc::new(self.dfn(g)?);
                Ok(if dfn.uses_omega_omega {
                    Word::DyOp(Operator::Dfn(dfn))
                } else if dfn.uses_alpha_alpha {
                    Word::MonOp(Operator::Dfn(dfn))
                } else {
                    Word::Fun(Fun {
                        kind: FunKind::Dfn(dfn),
                        pos,
                    })
                })
            }
            Delim::Paren => {
                let pos = g.open;
                self.enter(pos)?;
                let nodes = inline_nodes(g.children, Delim::Paren)?;
                if nodes.is_empty() {
                    return Err(err(pos, "empty parentheses"));
                }
                let mut items = Items::new(nodes);
                let n = items.slots.len();
                let word = if self.is_function_phrase(&mut items, 0, n)? {
                    Word::Fun(self.fun_expr(&mut items, 0, n)?)
                } else {
                    let e = self.array_expr(&mut items, 0, n)?;
                    Word::Array(expr(ExprKind::Paren(Box::new(e)), pos))
                };
                self.leave();
                Ok(word)
            }
        }
    }

    /// A dfn. An operator's body is read once per way its operands may be bound: `⍺⍺` and
    /// `⍵⍵` as functions, and, for each it mentions, as an array (`{⍺⍺ + ⍵}` applied to
    /// `6` adds 6); the application picks the reading of its operands' kinds
    /// ([`Dfn::body_for`]). The dfn is an error only when no reading parses (the error of
    /// the all-functions one).
    fn dfn(&mut self, g: Group) -> Result<Dfn, SyntaxError> {
        let (aa, ww) = operands_mentioned(&g.children);
        let mut readings = Vec::new();
        for (aa_array, ww_array) in [(false, false), (true, false), (false, true), (true, true)] {
            if (aa_array && !aa) || (ww_array && !ww) {
                continue;
            }
            readings.push((
                (aa_array, ww_array),
                self.dfn_reading(g.clone(), aa_array, ww_array),
            ));
        }
        let first_ok = readings.iter().position(|(_, r)| r.is_ok());
        let Some(k) = first_ok else {
            let (_, r) = readings.swap_remove(0);
            return r.map(|_| unreachable!("no reading parsed"));
        };
        let mut dfn = readings[k].1.clone().expect("parsed");
        if readings.len() > 1 {
            dfn.operand_bodies = readings
                .into_iter()
                .map(|(key, r)| (key, r.map(|d| d.body)))
                .collect();
        }
        Ok(dfn)
    }

    /// One reading of a dfn's body (see [`Self::dfn`]).
    fn dfn_reading(
        &mut self,
        g: Group,
        alpha_alpha_array: bool,
        omega_omega_array: bool,
    ) -> Result<Dfn, SyntaxError> {
        let pos = g.open;
        let annotation = match &g.annotation {
            Some((text, at)) => Some(Annotation {
                ty: parse_annotation(text, *at)?,
                pos: *at,
            }),
            None => None,
        };
        // A reading that fails (anywhere inside) leaves the nesting counts as they were, for
        // the next reading.
        let saved = (self.nesting, self.depth);
        if let Err(e) = self.enter(pos) {
            (self.nesting, self.depth) = saved;
            return Err(e);
        }
        self.scopes.push(HashMap::new());
        self.dfns.push(DfnUse {
            alpha_alpha_array,
            omega_omega_array,
            ..DfnUse::default()
        });
        let body = self.body(g.children);
        let used = self.dfns.pop().unwrap_or_default();
        self.scopes.pop();
        (self.nesting, self.depth) = saved;
        let body = body?;
        if body.is_empty() {
            return Err(err(pos, "empty dfn: a dfn needs at least one statement"));
        }
        if let Some(Stmt::FunDef { name, .. } | Stmt::OpDef { name, .. }) = body.last() {
            return Err(err(
                name.pos,
                "a dfn's last statement must be an array expression, not a definition",
            ));
        }
        Ok(Dfn {
            body,
            pos,
            annotation,
            uses_alpha: used.alpha,
            uses_alpha_alpha: used.alpha_alpha,
            uses_omega_omega: used.omega_omega,
            operand_bodies: Vec::new(),
        })
    }

    // ---- phrases ----

    /// Whether the item ending at `i` (inclusive) is an array item, and where it starts
    /// (brackets belong to the item on their left).
    fn array_item_start(
        &mut self,
        items: &mut Items,
        lo: usize,
        i: usize,
    ) -> Result<Option<usize>, SyntaxError> {
        let mut k = i;
        while self.kind_at(items, k)? == Kind::Index {
            if k == lo {
                return Err(err(items.pos[k], "index brackets with nothing to index"));
            }
            k -= 1;
        }
        match self.kind_at(items, k)? {
            Kind::Array => Ok(Some(k)),
            Kind::Fun | Kind::MonOp | Kind::Slash if k < i => Err(err(
                items.pos[k + 1],
                "unsupported: axis specification in brackets after a function",
            )),
            _ if k < i => Err(err(items.pos[k + 1], "index brackets must follow an array")),
            _ => Ok(None),
        }
    }

    /// Whether item `k` is the right operand of a dyadic operator on its left.
    fn is_right_operand(
        &mut self,
        items: &mut Items,
        lo: usize,
        k: usize,
    ) -> Result<bool, SyntaxError> {
        Ok(k > lo && self.kind_at(items, k - 1)? == Kind::DyOp)
    }

    /// Reads the array item spanning `start..=end` (brackets included).
    fn array_item(
        &mut self,
        items: &mut Items,
        start: usize,
        end: usize,
    ) -> Result<Expr, SyntaxError> {
        // Index expressions are read right to left like everything else.
        let mut indices = Vec::new();
        for k in (start + 1..=end).rev() {
            let Word::Index(g) = self.take_word(items, k)? else {
                return Err(err(items.pos[k], "expected index brackets"));
            };
            indices.push(self.axes(g)?);
        }
        let Word::Array(mut e) = self.take_word(items, start)? else {
            return Err(err(items.pos[start], "expected an array"));
        };
        for axes in indices.into_iter().rev() {
            let pos = e.pos;
            e = expr(
                ExprKind::Index {
                    array: Box::new(e),
                    axes,
                },
                pos,
            );
        }
        Ok(e)
    }

    /// Reads `[i;j;…]`: one entry per axis, `None` where elided.
    fn axes(&mut self, g: Group) -> Result<Vec<Option<Expr>>, SyntaxError> {
        self.enter(g.open)?;
        let nodes = inline_nodes(g.children, Delim::Bracket)?;
        let mut parts: Vec<Vec<Node>> = vec![Vec::new()];
        for n in nodes {
            match n {
                Node::Tok(Token {
                    kind: TokenKind::Semicolon,
                    ..
                }) => parts.push(Vec::new()),
                n => parts.last_mut().map(|p| p.push(n)).unwrap_or(()),
            }
        }
        if parts.len() == 1 && parts[0].is_empty() {
            return Err(err(g.open, "empty index brackets '[]'"));
        }
        let mut axes = Vec::with_capacity(parts.len());
        // Right to left, as APL evaluates them.
        for part in parts.into_iter().rev() {
            if part.is_empty() {
                axes.push(None);
            } else {
                let mut items = Items::new(part);
                let n = items.slots.len();
                axes.push(Some(self.array_expr(&mut items, 0, n)?));
            }
        }
        axes.reverse();
        self.leave();
        Ok(axes)
    }

    /// The strand ending at item `end - 1`: juxtaposed array items, stopping before an item
    /// that is the right operand of a dyadic operator. Returns `None` when item `end - 1` is
    /// not an array item (or is such an operand).
    fn strand(
        &mut self,
        items: &mut Items,
        lo: usize,
        end: usize,
    ) -> Result<Option<(Expr, usize)>, SyntaxError> {
        let mut parts = Vec::new();
        let mut k = end;
        while k > lo {
            let Some(start) = self.array_item_start(items, lo, k - 1)? else {
                break;
            };
            if self.is_right_operand(items, lo, start)? {
                break;
            }
            parts.push(self.array_item(items, start, k - 1)?);
            k = start;
        }
        if parts.is_empty() {
            return Ok(None);
        }
        parts.reverse();
        let e = if parts.len() == 1 {
            parts
                .pop()
                .unwrap_or_else(|| expr(ExprKind::Zilde, Pos::default()))
        } else {
            let pos = parts[0].pos;
            expr(ExprKind::Strand(parts), pos)
        };
        Ok(Some((e, k)))
    }

    /// Whether items `lo..end` form a function (the rightmost item ends a function phrase).
    fn is_function_phrase(
        &mut self,
        items: &mut Items,
        lo: usize,
        end: usize,
    ) -> Result<bool, SyntaxError> {
        if end <= lo {
            return Ok(false);
        }
        let last = end - 1;
        // A niladic system name ending a longer phrase is a value (`t ← 1+⎕NOW`).
        if end - lo > 1 {
            if let Some(TokenKind::SysName(name)) = items.raw_tok(last) {
                if NILADIC_SYSTEM_NAMES.contains(&name.as_str()) {
                    return Ok(false);
                }
            }
        }
        Ok(match self.kind_at(items, last)? {
            Kind::Fun | Kind::MonOp | Kind::Slash => true,
            Kind::Array | Kind::Index => self.is_operand_end(items, lo, last)?,
            _ => false,
        })
    }

    /// Whether a `/`-like glyph at `i` is an operator (a function phrase on its left).
    fn slash_is_operator(
        &mut self,
        items: &mut Items,
        lo: usize,
        i: usize,
    ) -> Result<bool, SyntaxError> {
        if i == lo {
            return Ok(false);
        }
        Ok(match self.kind_at(items, i - 1)? {
            Kind::Fun | Kind::MonOp | Kind::Slash => true,
            Kind::Array | Kind::Index => self.is_operand_end(items, lo, i - 1)?,
            _ => false,
        })
    }

    /// The longest operand (function phrase or array) ending at item `end - 1`; returns it
    /// and where it starts.
    fn operand(
        &mut self,
        items: &mut Items,
        lo: usize,
        end: usize,
    ) -> Result<(Operand, usize), SyntaxError> {
        let j = end - 1;
        let pos = items.pos[j];
        self.enter(pos)?;
        let kind = self.kind_at(items, j)?;
        let (base, start, single) = match kind {
            Kind::MonOp | Kind::Slash => {
                let op = match self.take_word(items, j)? {
                    Word::MonOp(op) => op,
                    Word::Slash(c, p) => {
                        if self.slash_is_operator(items, lo, j)? {
                            Operator::Prim(prim_op(c).unwrap_or(PrimOp::Reduce))
                        } else {
                            // A function (compress, replicate, expand): it needs an array on
                            // its left; alone it is an operator without its operand.
                            let left_array = j > lo
                                && matches!(self.kind_at(items, j - 1)?, Kind::Array | Kind::Index);
                            if !left_array {
                                return Err(err(p, format!("operator '{c}' has no operand")));
                            }
                            self.leave();
                            return self.after_single(
                                items,
                                lo,
                                j,
                                Operand::Fun(Fun {
                                    kind: FunKind::Prim(c),
                                    pos: p,
                                }),
                            );
                        }
                    }
                    _ => return Err(err(pos, "expected an operator")),
                };
                if j == lo {
                    return Err(err(
                        pos,
                        format!("operator {} has no operand", op_name(&op)),
                    ));
                }
                match self.kind_at(items, j - 1)? {
                    Kind::Fun | Kind::MonOp | Kind::Slash | Kind::Array | Kind::Index => {}
                    _ => {
                        return Err(err(
                            pos,
                            format!("operator {} has no operand", op_name(&op)),
                        ))
                    }
                }
                let (left, s) = self.operand(items, lo, j)?;
                let fpos = operand_pos(&left);
                (
                    Operand::Fun(Fun {
                        kind: FunKind::Derived {
                            op,
                            left: Box::new(left),
                            right: None,
                        },
                        pos: fpos,
                    }),
                    s,
                    false,
                )
            }
            Kind::Fun => match self.take_word(items, j)? {
                Word::Fun(f) => (Operand::Fun(f), j, true),
                _ => return Err(err(pos, "expected a function")),
            },
            Kind::Array | Kind::Index => {
                let Some(start) = self.array_item_start(items, lo, j)? else {
                    return Err(err(pos, "expected an array"));
                };
                if self.is_right_operand(items, lo, start)? {
                    let e = self.array_item(items, start, j)?;
                    (Operand::Array(e), start, true)
                } else {
                    match self.strand(items, lo, end)? {
                        Some((e, s)) => (Operand::Array(e), s, false),
                        None => return Err(err(pos, "expected an array")),
                    }
                }
            }
            Kind::DyOp => return Err(self.missing_right_operand(items, lo, j)),
            Kind::Assign => return Err(err(pos, "unexpected '←'")),
            Kind::Quad => return Err(err(pos, "'⎕' is only supported as '⎕ ← expression'")),
        };
        self.leave();
        if single {
            self.after_single(items, lo, start, base)
        } else {
            Ok((base, start))
        }
    }

    /// Given a single-item operand at `start`, binds it as the right operand of a dyadic
    /// operator on its left, if there is one (`∘.f` included).
    fn after_single(
        &mut self,
        items: &mut Items,
        lo: usize,
        start: usize,
        base: Operand,
    ) -> Result<(Operand, usize), SyntaxError> {
        if start == lo || self.kind_at(items, start - 1)? != Kind::DyOp {
            return Ok((base, start));
        }
        let k = start - 1;
        let op_pos = items.pos[k];
        self.enter(op_pos)?;
        let outer = matches!(
            &items.slots[k],
            Slot::Word(Word::DyOp(Operator::Prim(PrimOp::InnerProduct)))
        ) && k > lo
            && matches!(
                &items.slots[k - 1],
                Slot::Raw(Node::Tok(Token {
                    kind: TokenKind::Glyph('∘'),
                    ..
                })) | Slot::Word(Word::DyOp(Operator::Prim(PrimOp::Compose)))
            );
        let op = match self.take_word(items, k)? {
            Word::DyOp(op) => op,
            _ => return Err(err(op_pos, "expected an operator")),
        };
        let result = if outer {
            let ring_pos = items.pos[k - 1];
            self.take_word(items, k - 1)?;
            let Operand::Fun(f) = base else {
                return Err(err(ring_pos, "outer product '∘.' needs a function operand"));
            };
            (
                Operand::Fun(Fun {
                    kind: FunKind::Derived {
                        op: Operator::Prim(PrimOp::OuterProduct),
                        left: Box::new(Operand::Fun(f)),
                        right: None,
                    },
                    pos: ring_pos,
                }),
                k - 1,
            )
        } else {
            if k == lo {
                return Err(err(
                    op_pos,
                    format!("operator {} has no left operand", op_name(&op)),
                ));
            }
            match self.kind_at(items, k - 1)? {
                Kind::Fun | Kind::MonOp | Kind::Slash | Kind::Array | Kind::Index => {}
                _ => {
                    return Err(err(
                        op_pos,
                        format!("operator {} has no left operand", op_name(&op)),
                    ))
                }
            }
            let (left, s) = self.operand(items, lo, k)?;
            let fpos = operand_pos(&left);
            (
                Operand::Fun(Fun {
                    kind: FunKind::Derived {
                        op,
                        left: Box::new(left),
                        right: Some(Box::new(base)),
                    },
                    pos: fpos,
                }),
                s,
            )
        };
        self.leave();
        Ok(result)
    }

    /// A function phrase ending at item `end - 1`.
    fn function(
        &mut self,
        items: &mut Items,
        lo: usize,
        end: usize,
    ) -> Result<(Fun, usize), SyntaxError> {
        let pos = items.pos[end - 1];
        match self.operand(items, lo, end)? {
            (Operand::Fun(f), s) => Ok((f, s)),
            (Operand::Array(_), _) => Err(err(pos, "expected a function, found an array")),
        }
    }

    /// Items `lo..end` as a function: one phrase, or a train of them (an array allowed as the
    /// left item of a fork), grouped from the right.
    fn fun_expr(&mut self, items: &mut Items, lo: usize, end: usize) -> Result<Fun, SyntaxError> {
        let mut parts: Vec<Operand> = Vec::new();
        let mut k = end;
        while k > lo {
            self.depth += 1;
            self.check_depth(items.pos[k - 1])?;
            if self.is_argument_end(items, lo, k - 1)? {
                let Some((e, s)) = self.strand(items, lo, k)? else {
                    return Err(err(items.pos[k - 1], "expected an array"));
                };
                if s != lo {
                    return Err(err(
                        e.pos,
                        "an array in a train must be the left item of a fork (A g h)",
                    ));
                }
                parts.push(Operand::Array(e));
                k = s;
                continue;
            }
            if self.kind_at(items, k - 1)? == Kind::Assign {
                return Err(err(
                    items.pos[k - 1],
                    "assignment inside a function expression",
                ));
            }
            let (f, s) = self.function(items, lo, k)?;
            parts.push(Operand::Fun(f));
            k = s;
        }
        self.depth -= parts.len();
        parts.reverse();
        build_train(parts)
    }

    // ---- array expressions ----

    /// Items `lo..end` as an array expression, reduced right to left.
    fn array_expr(
        &mut self,
        items: &mut Items,
        lo: usize,
        end: usize,
    ) -> Result<Expr, SyntaxError> {
        if end <= lo {
            return Err(err(
                items.pos.get(lo).copied().unwrap_or_default(),
                "empty expression",
            ));
        }
        let saved_depth = self.depth;
        // A niladic system name standing last is a value (`1+⎕NOW`).
        if let Some(TokenKind::SysName(name)) = items.raw_tok(end - 1) {
            if NILADIC_SYSTEM_NAMES.contains(&name.as_str()) {
                let e = expr(ExprKind::SysVal(name.clone()), items.pos[end - 1]);
                items.slots[end - 1] = Slot::Word(Word::Array(e));
            }
        }
        let Some((mut value, mut j)) = self.strand(items, lo, end)? else {
            return Err(self.not_an_array(items, lo, end - 1));
        };
        while j > lo {
            let i = j - 1;
            self.depth += 1;
            self.check_depth(items.pos[i])?;
            let kind = self.kind_at(items, i)?;
            (value, j) = if kind == Kind::Assign {
                self.assignment(items, lo, i, value)?
            } else if self.is_argument_end(items, lo, i)? {
                // Only after an assignment: `1 2 (x←3)` is a strand.
                let Some((left, s)) = self.strand(items, lo, j)? else {
                    return Err(err(items.pos[i], "expected an array"));
                };
                let pos = left.pos;
                let mut parts = match left.kind {
                    ExprKind::Strand(v) => v,
                    k => vec![expr(k, pos)],
                };
                parts.push(value);
                (expr(ExprKind::Strand(parts), pos), s)
            } else {
                let (fun, s) = self.function(items, lo, j)?;
                let left = if s > lo && self.is_argument_end(items, lo, s - 1)? {
                    self.strand(items, lo, s)?
                } else {
                    None
                };
                match left {
                    Some((left, s2)) => {
                        let pos = left.pos;
                        let kind = ExprKind::Dyadic {
                            fun,
                            left: Box::new(left),
                            right: Box::new(value),
                        };
                        (expr(kind, pos), s2)
                    }
                    None => {
                        let pos = fun.pos;
                        let kind = ExprKind::Monadic {
                            fun,
                            arg: Box::new(value),
                        };
                        (expr(kind, pos), s)
                    }
                }
            };
        }
        self.depth = saved_depth;
        Ok(value)
    }

    /// Whether item `i` ends an array item that is the right operand of a dyadic operator
    /// (`f⍣n`, `f⍣v[1]`), which makes the phrase it ends a function.
    fn is_operand_end(
        &mut self,
        items: &mut Items,
        lo: usize,
        i: usize,
    ) -> Result<bool, SyntaxError> {
        match self.array_item_start(items, lo, i)? {
            Some(start) => self.is_right_operand(items, lo, start),
            None => Ok(false),
        }
    }

    /// Whether item `i` ends an array item that is an argument (not the right operand of a
    /// dyadic operator).
    fn is_argument_end(
        &mut self,
        items: &mut Items,
        lo: usize,
        i: usize,
    ) -> Result<bool, SyntaxError> {
        if !matches!(self.kind_at(items, i)?, Kind::Array | Kind::Index) {
            return Ok(false);
        }
        match self.array_item_start(items, lo, i)? {
            Some(start) => Ok(!self.is_right_operand(items, lo, start)?),
            None => Ok(false),
        }
    }

    /// The error for the dyadic operator at item `i` with nothing on its right (`∘.` named as
    /// the outer product).
    fn missing_right_operand(&mut self, items: &mut Items, lo: usize, i: usize) -> SyntaxError {
        let pos = items.pos[i];
        let name = match &items.slots[i] {
            Slot::Word(Word::DyOp(op)) => op_name(op),
            _ => "'?'".to_string(),
        };
        let outer = name == "'.'"
            && i > lo
            && matches!(
                &items.slots[i - 1],
                Slot::Raw(Node::Tok(Token {
                    kind: TokenKind::Glyph('∘'),
                    ..
                })) | Slot::Word(Word::DyOp(Operator::Prim(PrimOp::Compose)))
            );
        if outer {
            err(items.pos[i - 1], "operator '∘.' has no operand")
        } else {
            err(pos, format!("operator {name} has no right operand"))
        }
    }

    /// The error for item `i` standing where an array is needed.
    fn not_an_array(&mut self, items: &mut Items, lo: usize, i: usize) -> SyntaxError {
        let pos = items.pos[i];
        match self.kind_at(items, i) {
            Err(e) => e,
            Ok(Kind::Fun) => {
                let what = match &items.slots[i] {
                    Slot::Word(Word::Fun(Fun {
                        kind: FunKind::Prim(c),
                        ..
                    })) => format!("function '{c}'"),
                    Slot::Word(Word::Fun(Fun {
                        kind: FunKind::Var(n) | FunKind::SysFun(n),
                        ..
                    })) => format!("function '{n}'"),
                    _ => "function".to_string(),
                };
                err(
                    pos,
                    format!("{what} used where an array is needed (missing right argument?)"),
                )
            }
            Ok(Kind::Slash | Kind::MonOp) => err(
                pos,
                "function used where an array is needed (missing right argument?)",
            ),
            Ok(Kind::DyOp) => self.missing_right_operand(items, lo, i),
            Ok(Kind::Assign) => err(pos, "assignment has no value on its right"),
            Ok(Kind::Quad) => err(pos, "'⎕' is only supported as '⎕ ← expression'"),
            Ok(Kind::Array | Kind::Index)
                if i > lo + 1
                    && matches!(
                        &items.slots[i - 1],
                        Slot::Word(Word::DyOp(Operator::Prim(PrimOp::InnerProduct)))
                    )
                    && matches!(
                        &items.slots[i - 2],
                        Slot::Raw(Node::Tok(Token {
                            kind: TokenKind::Glyph('∘'),
                            ..
                        }))
                    ) =>
            {
                err(items.pos[i - 2], "operator '∘.' needs a function operand")
            }
            Ok(Kind::Array | Kind::Index) => err(
                pos,
                "function used where an array is needed: this array is the right operand of \
                 the operator on its left (missing right argument?)",
            ),
        }
    }

    /// `target ← value` with `←` at item `i`; returns the expression and where it starts.
    fn assignment(
        &mut self,
        items: &mut Items,
        lo: usize,
        i: usize,
        value: Expr,
    ) -> Result<(Expr, usize), SyntaxError> {
        let arrow = items.pos[i];
        if i == lo {
            return Err(err(arrow, "assignment without a target"));
        }
        let t = i - 1;
        // `name[…] ← value`.
        if matches!(items.raw(t), Some(Node::Group(g)) if g.delim == Delim::Bracket)
            && t > lo
            && matches!(items.raw_tok(t - 1), Some(TokenKind::Name(_)))
        {
            let name = match items.raw_tok(t - 1) {
                Some(TokenKind::Name(s)) => s.clone(),
                _ => String::new(),
            };
            let npos = items.pos[t - 1];
            match self.lookup(&name) {
                Some(Class::Array) => {}
                Some(_) => {
                    return Err(err(
                        npos,
                        format!("indexed assignment to '{name}', which is not an array"),
                    ))
                }
                None => {
                    return Err(err(
                        npos,
                        format!("indexed assignment to undefined name '{name}'"),
                    ))
                }
            }
            let Node::Group(g) = items.take_raw(t)? else {
                return Err(err(items.pos[t], "expected index brackets"));
            };
            let axes = self.axes(g)?;
            items.take_raw(t - 1)?;
            let e = expr(
                ExprKind::IndexAssign {
                    name: Ident { name, pos: npos },
                    axes,
                    value: Box::new(value),
                },
                npos,
            );
            return Ok((e, t - 1));
        }
        match items.raw_tok(t) {
            Some(TokenKind::Name(name)) => {
                let name = name.clone();
                let npos = items.pos[t];
                items.take_raw(t)?;
                self.bind(&name, Class::Array);
                Ok((
                    expr(
                        ExprKind::Assign {
                            name: Ident { name, pos: npos },
                            value: Box::new(value),
                        },
                        npos,
                    ),
                    t,
                ))
            }
            Some(TokenKind::SysName(name)) if name == "⎕" => {
                let qpos = items.pos[t];
                items.take_raw(t)?;
                Ok((expr(ExprKind::Print(Box::new(value)), qpos), t))
            }
            Some(other) => Err(err(
                items.pos[t],
                format!("cannot assign to {}", describe(other)),
            )),
            None => Err(err(items.pos[t], "cannot assign to this: expected a name")),
        }
    }
}

/// The children of a paren or bracket group: line breaks inside are ignored, `⋄` rejected.
fn inline_nodes(children: Vec<Node>, delim: Delim) -> Result<Vec<Node>, SyntaxError> {
    let mut out = Vec::with_capacity(children.len());
    for n in children {
        match n {
            Node::Tok(Token {
                kind: TokenKind::Newline,
                ..
            }) => {}
            Node::Tok(Token {
                kind: TokenKind::Diamond,
                pos,
            }) => {
                return Err(err(
                    pos,
                    format!("'⋄' inside '{}…{}'", delim.open(), delim.close()),
                ))
            }
            n => out.push(n),
        }
    }
    Ok(out)
}

/// Builds a train from its items (left to right): one function stands alone; longer trains
/// are grouped from the right into forks `(f g h)` and, for an even count, a leading atop.
fn build_train(mut parts: Vec<Operand>) -> Result<Fun, SyntaxError> {
    let check_fun = |o: &Operand, what: &str| -> Result<(), SyntaxError> {
        match o {
            Operand::Fun(_) => Ok(()),
            Operand::Array(e) => Err(err(e.pos, format!("an array cannot be {what}"))),
        }
    };
    match parts.len() {
        0 => Err(err(Pos::default(), "empty function expression")),
        1 => match parts.pop() {
            Some(Operand::Fun(f)) => Ok(f),
            Some(Operand::Array(e)) => Err(err(e.pos, "expected a function, found an array")),
            None => Err(err(Pos::default(), "empty function expression")),
        },
        _ => {
            // Rightmost fork (or the whole atop) first.
            let n = parts.len();
            let take = if n == 2 { 2 } else { 3 };
            let mut tail: Vec<Operand> = parts.split_off(n - take);
            if take == 2 {
                check_fun(&tail[0], "the left item of an atop (A g)")?;
            }
            check_fun(&tail[take - 1], "the right item of a train")?;
            check_fun(&tail[take - 2], "the middle item of a fork")?;
            let pos = operand_pos(&tail[0]);
            let mut acc = Fun {
                kind: FunKind::Train(std::mem::take(&mut tail)),
                pos,
            };
            while !parts.is_empty() {
                let m = parts.len();
                if m >= 2 {
                    let mut two = parts.split_off(m - 2);
                    check_fun(&two[1], "the middle item of a fork")?;
                    let pos = operand_pos(&two[0]);
                    two.push(Operand::Fun(acc));
                    acc = Fun {
                        kind: FunKind::Train(two),
                        pos,
                    };
                } else {
                    let one = parts.pop().ok_or_else(|| err(pos, "empty train"))?;
                    check_fun(&one, "the left item of an atop (A g)")?;
                    let pos = operand_pos(&one);
                    acc = Fun {
                        kind: FunKind::Train(vec![one, Operand::Fun(acc)]),
                        pos,
                    };
                }
            }
            Ok(acc)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Type annotations.

/// Parses the text of a `⍝:` annotation, which starts at `pos` (one line).
///
/// ```text
/// ty   ::= atom (('→' | '->') ty)?
/// atom ::= '(' ty ')' | '[' elem ']' dim | '<' elem '>' dim | elem
/// elem ::= int | double | bool | char | complex | name
/// dim  ::= term (('+' | '-') term)*
/// term ::= digits | name | '(' dim ')'
/// ```
///
/// # Errors
/// A malformed annotation, positioned at the offending character.
pub fn parse_annotation(text: &str, pos: Pos) -> Result<AnnType, SyntaxError> {
    let mut p = AnnParser {
        chars: text.chars().collect(),
        i: 0,
        base: pos,
        depth: 0,
    };
    let ty = p.ty()?;
    p.skip_ws();
    if p.i < p.chars.len() {
        return Err(p.error(format!(
            "malformed type annotation: unexpected '{}'",
            p.chars[p.i]
        )));
    }
    Ok(ty)
}

struct AnnParser {
    chars: Vec<char>,
    i: usize,
    base: Pos,
    depth: usize,
}

impl AnnParser {
    fn here(&self) -> Pos {
        Pos {
            file: self.base.file,
            line: self.base.line,
            col: self
                .base
                .col
                .saturating_add(u32::try_from(self.i).unwrap_or(u32::MAX)),
        }
    }

    fn error(&self, message: impl Into<String>) -> SyntaxError {
        err(self.here(), message)
    }

    fn skip_ws(&mut self) {
        while self.chars.get(self.i).is_some_and(|c| c.is_whitespace()) {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.chars.get(self.i).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) -> Result<(), SyntaxError> {
        if self.eat(c) {
            Ok(())
        } else {
            let msg = match self.peek() {
                Some(d) => format!("malformed type annotation: expected '{c}', found '{d}'"),
                None => format!("malformed type annotation: expected '{c}' at the end"),
            };
            Err(self.error(msg))
        }
    }

    fn arrow(&mut self) -> bool {
        if self.eat('→') {
            return true;
        }
        if self.peek() == Some('-') && self.chars.get(self.i + 1) == Some(&'>') {
            self.i += 2;
            return true;
        }
        false
    }

    fn nest(&mut self) -> Result<(), SyntaxError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error("type annotation nested too deeply"));
        }
        Ok(())
    }

    fn ty(&mut self) -> Result<AnnType, SyntaxError> {
        self.nest()?;
        let a = self.atom()?;
        let t = if self.arrow() {
            AnnType::Fun(Box::new(a), Box::new(self.ty()?))
        } else {
            a
        };
        self.depth -= 1;
        Ok(t)
    }

    fn atom(&mut self) -> Result<AnnType, SyntaxError> {
        match self.peek() {
            Some('(') => {
                self.i += 1;
                let t = self.ty()?;
                self.expect(')')?;
                Ok(t)
            }
            Some('[') => {
                self.i += 1;
                let elem = self.elem()?;
                self.expect(']')?;
                let rank = self.dim()?;
                Ok(AnnType::Array { elem, rank })
            }
            Some('<') => {
                self.i += 1;
                let elem = self.elem()?;
                self.expect('>')?;
                let len = self.dim()?;
                Ok(AnnType::Vector { elem, len })
            }
            _ => Ok(AnnType::Scalar(self.elem()?)),
        }
    }

    fn name(&mut self) -> Option<String> {
        self.skip_ws();
        let mut s = String::new();
        while let Some(&c) = self.chars.get(self.i) {
            let ok = if s.is_empty() {
                lexer::is_name_start(c)
            } else {
                lexer::is_name_char(c)
            };
            if !ok {
                break;
            }
            s.push(c);
            self.i += 1;
        }
        (!s.is_empty()).then_some(s)
    }

    fn elem(&mut self) -> Result<AnnElem, SyntaxError> {
        let at = self.peek();
        match self.name() {
            Some(n) => Ok(match n.as_str() {
                "int" => AnnElem::Int,
                "double" => AnnElem::Double,
                "bool" => AnnElem::Bool,
                "char" => AnnElem::Char,
                "complex" => AnnElem::Complex,
                _ => AnnElem::Var(n),
            }),
            None => Err(self.error(match at {
                Some(c) => format!("malformed type annotation: expected a type, found '{c}'"),
                None => "malformed type annotation: expected a type".to_string(),
            })),
        }
    }

    fn dim(&mut self) -> Result<AnnDim, SyntaxError> {
        self.nest()?;
        let mut d = self.dim_term()?;
        loop {
            if self.eat('+') {
                d = AnnDim::Add(Box::new(d), Box::new(self.dim_term()?));
            } else if self.peek() == Some('-') && self.chars.get(self.i + 1) != Some(&'>') {
                self.i += 1;
                d = AnnDim::Sub(Box::new(d), Box::new(self.dim_term()?));
            } else {
                break;
            }
        }
        self.depth -= 1;
        Ok(d)
    }

    fn dim_term(&mut self) -> Result<AnnDim, SyntaxError> {
        match self.peek() {
            Some('(') => {
                self.i += 1;
                let d = self.dim()?;
                self.expect(')')?;
                Ok(d)
            }
            Some(c) if c.is_ascii_digit() => {
                let start = self.i;
                let mut v: i64 = 0;
                while let Some(d) = self.chars.get(self.i).and_then(|c| c.to_digit(10)) {
                    v = v
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(i64::from(d)))
                        .ok_or_else(|| {
                            err(
                                Pos {
                                    file: self.base.file,
                                    line: self.base.line,
                                    col: self.base.col.saturating_add(start as u32),
                                },
                                "malformed type annotation: number too large",
                            )
                        })?;
                    self.i += 1;
                }
                Ok(AnnDim::Const(v))
            }
            _ => match self.name() {
                Some(n) => Ok(AnnDim::Var(n)),
                None => {
                    let msg = match self.peek() {
                        Some(c) => format!(
                            "malformed type annotation: expected a rank or length, found '{c}'"
                        ),
                        None => "malformed type annotation: expected a rank or length".to_string(),
                    };
                    Err(self.error(msg))
                }
            },
        }
    }
}
