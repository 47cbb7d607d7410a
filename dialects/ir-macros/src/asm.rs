//! Compile-time handling of declarative assembly formats: lexing, parsing, validation
//! against the declaration, and MLIR's spacing rules.

use proc_macro2::TokenStream;
use quote::quote;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Lit(String),
    Var(String),
    Word(String),
    LParen,
    RParen,
    Comma,
    Caret,
    Question,
}

fn lex(s: &str) -> Result<Vec<Tok>, String> {
    let mut out = Vec::new();
    let cs: Vec<char> = s.chars().collect();
    let mut i = 0;
    let ident_start = |c: char| c.is_ascii_alphabetic() || c == '_';
    while i < cs.len() {
        let c = cs[i];
        match c {
            ' ' | '\t' | '\n' | '\r' => i += 1,
            '`' => {
                let start = i + 1;
                let Some(len) = cs[start..].iter().position(|&c| c == '`') else {
                    return Err("unterminated literal (missing closing '`')".into());
                };
                out.push(Tok::Lit(cs[start..start + len].iter().collect()));
                i = start + len + 1;
            }
            '$' => {
                let start = i + 1;
                let mut j = start;
                while j < cs.len() && (cs[j].is_ascii_alphanumeric() || cs[j] == '_') {
                    j += 1;
                }
                if j == start || !ident_start(cs[start]) {
                    return Err("expected a variable name after '$'".into());
                }
                out.push(Tok::Var(cs[start..j].iter().collect()));
                i = j;
            }
            '(' => {
                out.push(Tok::LParen);
                i += 1
            }
            ')' => {
                out.push(Tok::RParen);
                i += 1
            }
            ',' => {
                out.push(Tok::Comma);
                i += 1
            }
            '^' => {
                out.push(Tok::Caret);
                i += 1
            }
            '?' => {
                out.push(Tok::Question);
                i += 1
            }
            c if ident_start(c) => {
                let start = i;
                while i < cs.len()
                    && (cs[i].is_ascii_alphanumeric() || cs[i] == '_' || cs[i] == '-')
                {
                    i += 1;
                }
                out.push(Tok::Word(cs[start..i].iter().collect()));
            }
            other => return Err(format!("unexpected character '{other}' in format")),
        }
    }
    Ok(out)
}

/// A format argument of `type(...)` / `functional-type(...)`.
#[derive(Clone, Debug)]
pub enum Arg {
    Var(String),
    Operands,
    Results,
}

/// A parsed (not yet resolved) format element.
#[derive(Clone, Debug)]
pub enum Ast {
    Literal(String),
    Space(String),
    Var { name: String, anchor: bool },
    AttrDict { keyword: bool },
    Type { arg: Arg, anchor: bool },
    FunctionalType { inputs: Arg, results: Arg },
    Optional(Vec<Ast>),
}

const PUNCT: &[&str] = &[
    "(", ")", "[", "]", "{", "}", "<", ">", ",", ":", "=", "->", "?", "*", "+", "|", "::",
];

fn check_literal(s: &str) -> Result<(), String> {
    let is_kw = s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.');
    if is_kw || PUNCT.contains(&s) {
        Ok(())
    } else {
        Err(format!(
            "invalid literal `{s}`: expected a keyword or one of {}",
            PUNCT.join(" ")
        ))
    }
}

struct AstParser {
    toks: Vec<Tok>,
    pos: usize,
}

impl AstParser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }
    fn expect(&mut self, t: Tok, what: &str) -> Result<(), String> {
        match self.next() {
            Some(x) if x == t => Ok(()),
            _ => Err(format!("expected {what}")),
        }
    }
    fn anchor(&mut self) -> bool {
        if self.peek() == Some(&Tok::Caret) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn arg(&mut self, directive: &str) -> Result<Arg, String> {
        match self.next() {
            Some(Tok::Var(v)) => Ok(Arg::Var(v)),
            Some(Tok::Word(w)) if w == "operands" => Ok(Arg::Operands),
            Some(Tok::Word(w)) if w == "results" => Ok(Arg::Results),
            _ => Err(format!(
                "`{directive}` expects `$name`, `operands` or `results`"
            )),
        }
    }
    fn elems(&mut self, in_group: bool) -> Result<Vec<Ast>, String> {
        let mut out = Vec::new();
        loop {
            let Some(t) = self.next() else {
                if in_group {
                    return Err("unterminated optional group: expected `)?`".into());
                }
                return Ok(out);
            };
            match t {
                Tok::Lit(s) => {
                    if s.is_empty() || s == " " {
                        out.push(Ast::Space(s));
                    } else {
                        check_literal(&s)?;
                        out.push(Ast::Literal(s));
                    }
                }
                Tok::Var(name) => {
                    let anchor = self.anchor();
                    out.push(Ast::Var { name, anchor });
                }
                Tok::Word(w) => match w.as_str() {
                    "attr-dict" => out.push(Ast::AttrDict { keyword: false }),
                    "attr-dict-with-keyword" => out.push(Ast::AttrDict { keyword: true }),
                    "type" => {
                        self.expect(Tok::LParen, "`(` after `type`")?;
                        let arg = self.arg("type")?;
                        self.expect(Tok::RParen, "`)` closing `type(...)`")?;
                        let anchor = self.anchor();
                        out.push(Ast::Type { arg, anchor });
                    }
                    "functional-type" => {
                        self.expect(Tok::LParen, "`(` after `functional-type`")?;
                        let inputs = self.arg("functional-type")?;
                        self.expect(Tok::Comma, "`,` in `functional-type(inputs, results)`")?;
                        let results = self.arg("functional-type")?;
                        self.expect(Tok::RParen, "`)` closing `functional-type(...)`")?;
                        out.push(Ast::FunctionalType { inputs, results });
                    }
                    other => {
                        return Err(format!(
                            "unknown directive `{other}` in format (expected `attr-dict`, \
                             `attr-dict-with-keyword`, `type`, `functional-type`, a `$variable` or a `literal`)"
                        ))
                    }
                },
                Tok::LParen => {
                    if in_group {
                        return Err("optional groups cannot be nested".into());
                    }
                    let inner = self.elems(true)?;
                    self.expect(Tok::Question, "`?` after an optional group `( ... )`")?;
                    if inner.is_empty() {
                        return Err("empty optional group".into());
                    }
                    out.push(Ast::Optional(inner));
                }
                Tok::RParen if in_group => return Ok(out),
                Tok::RParen => return Err("unbalanced `)` in format".into()),
                Tok::Comma => return Err("unexpected `,`: literals are written in backticks (`` `,` ``)".into()),
                Tok::Caret => return Err("`^` must follow a `$variable` or `type(...)`".into()),
                Tok::Question => return Err("unexpected `?`".into()),
            }
        }
    }
}

/// Parses a format string into elements.
pub fn parse(s: &str) -> Result<Vec<Ast>, String> {
    let toks = lex(s)?;
    AstParser { toks, pos: 0 }.elems(false)
}

/// MLIR's "space before this element" state machine (OpFormatGen/AttrOrTypeFormatGen).
pub struct Spacer {
    should_emit_space: bool,
    last_was_punct: bool,
}

impl Spacer {
    pub fn new() -> Self {
        Spacer {
            should_emit_space: true,
            last_was_punct: false,
        }
    }
    /// A literal: returns whether a space precedes it.
    pub fn literal(&mut self, v: &str) -> bool {
        let first = v.chars().next().unwrap_or(' ');
        let before = if v.len() != 1 && v != "->" {
            true
        } else if self.last_was_punct {
            !">)}],".contains(first)
        } else {
            !"<>(){}[],".contains(first)
        };
        let space = self.should_emit_space && before;
        self.should_emit_space = v.len() != 1 || !"<({[".contains(first);
        self.last_was_punct = !(first == '_' || first.is_ascii_alphabetic());
        space
    }
    /// `` ` ` `` or ` `` `.
    pub fn whitespace(&mut self, v: &str) {
        self.last_was_punct = v.is_empty();
        self.should_emit_space = false;
    }
    /// `attr-dict` (prints its own leading space).
    pub fn attr_dict(&mut self) {
        self.last_was_punct = false;
    }
    /// Any other element: returns whether a space precedes it.
    pub fn element(&mut self) -> bool {
        let space = self.should_emit_space || !self.last_was_punct;
        self.last_was_punct = false;
        self.should_emit_space = true;
        space
    }
}

// ----- op formats ------------------------------------------------------------------------------

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ar {
    Single,
    Optional,
    Variadic,
}

/// What a format may refer to, from the op declaration.
pub struct OpFormatInput {
    pub operands: Vec<(String, Ar)>,
    pub results: Vec<(String, Ar)>,
    /// (name, optional-or-default, is unit attr)
    pub attrs: Vec<(String, bool, bool)>,
    /// (name, variadic)
    pub regions: Vec<(String, bool)>,
    /// (name, variadic)
    pub successors: Vec<(String, bool)>,
    /// Per operand group: `type_from` source (is operand, group).
    pub operand_type_from: Vec<Option<(bool, usize)>>,
    /// Per result group: `type_from` source (is operand, group).
    pub result_type_from: Vec<Option<(bool, usize)>>,
    pub same_all: bool,
    pub same_operands: bool,
    pub infer: bool,
}

/// A compiled op format.
pub struct OpFormatOutput {
    /// `&[FormatElem]` expression.
    pub elems: TokenStream,
    /// Attributes printed outside `attr-dict`.
    pub elided: Vec<String>,
    /// Operand groups whose type must come from a buildable constraint.
    pub buildable_operands: Vec<usize>,
    /// Result groups whose type must come from a buildable constraint.
    pub buildable_results: Vec<usize>,
}

#[derive(Copy, Clone, Debug, PartialEq)]
enum Target {
    Operand(usize),
    Result(usize),
    Attr(usize),
    Region(usize),
    Successor(usize),
}

#[derive(Copy, Clone, Debug)]
enum TyRef {
    Operand(usize),
    Result(usize),
    Operands,
    Results,
}

struct Check<'a> {
    inp: &'a OpFormatInput,
    seen_operands: Vec<bool>,
    seen_attrs: Vec<bool>,
    seen_regions: Vec<bool>,
    seen_successors: Vec<bool>,
    operand_types: Vec<bool>,
    result_types: Vec<bool>,
    all_operand_types: bool,
    all_result_types: bool,
    attr_dicts: usize,
}

impl Check<'_> {
    fn lookup(&self, name: &str) -> Result<Target, String> {
        let i = &self.inp;
        if let Some(g) = i.operands.iter().position(|(n, _)| n == name) {
            return Ok(Target::Operand(g));
        }
        if let Some(g) = i.results.iter().position(|(n, _)| n == name) {
            return Ok(Target::Result(g));
        }
        if let Some(g) = i.attrs.iter().position(|(n, ..)| n == name) {
            return Ok(Target::Attr(g));
        }
        if let Some(g) = i.regions.iter().position(|(n, _)| n == name) {
            return Ok(Target::Region(g));
        }
        if let Some(g) = i.successors.iter().position(|(n, _)| n == name) {
            return Ok(Target::Successor(g));
        }
        Err(format!("unknown variable `${name}` in format: the op has no operand, result, attribute, region or successor named `{name}`"))
    }

    fn ty_ref(&mut self, arg: &Arg, directive: &str) -> Result<TyRef, String> {
        match arg {
            Arg::Operands => {
                if self.all_operand_types || self.operand_types.iter().any(|&x| x) {
                    return Err(format!(
                        "operand types appear twice in format (`{directive}(operands)`)"
                    ));
                }
                self.all_operand_types = true;
                Ok(TyRef::Operands)
            }
            Arg::Results => {
                if self.all_result_types || self.result_types.iter().any(|&x| x) {
                    return Err(format!(
                        "result types appear twice in format (`{directive}(results)`)"
                    ));
                }
                self.all_result_types = true;
                Ok(TyRef::Results)
            }
            Arg::Var(name) => match self.lookup(name)? {
                Target::Operand(g) => {
                    if self.operand_types[g] || self.all_operand_types {
                        return Err(format!("the type of `${name}` appears twice in format"));
                    }
                    self.operand_types[g] = true;
                    Ok(TyRef::Operand(g))
                }
                Target::Result(g) => {
                    if self.result_types[g] || self.all_result_types {
                        return Err(format!("the type of `${name}` appears twice in format"));
                    }
                    self.result_types[g] = true;
                    Ok(TyRef::Result(g))
                }
                _ => Err(format!(
                    "`{directive}(${name})`: `{name}` is not an operand or result"
                )),
            },
        }
    }

    fn ty_ref_tokens(t: TyRef) -> TokenStream {
        match t {
            TyRef::Operand(g) => {
                let g = g as u16;
                quote!(::tail_ir::format::TypeRef::Operand(#g))
            }
            TyRef::Result(g) => {
                let g = g as u16;
                quote!(::tail_ir::format::TypeRef::Result(#g))
            }
            TyRef::Operands => quote!(::tail_ir::format::TypeRef::Operands),
            TyRef::Results => quote!(::tail_ir::format::TypeRef::Results),
        }
    }

    fn ty_ref_arity(&self, t: TyRef) -> Ar {
        match t {
            TyRef::Operand(g) => self.inp.operands[g].1,
            TyRef::Result(g) => self.inp.results[g].1,
            _ => Ar::Variadic,
        }
    }

    /// Compiles a sequence; `group` is set inside an optional group (with the elided unit
    /// anchor, if any).
    fn compile(
        &mut self,
        elems: &[Ast],
        sp: &mut Spacer,
        in_group: bool,
        elided_anchor: Option<usize>,
        anchors: &mut Vec<Target>,
    ) -> Result<Vec<TokenStream>, String> {
        let mut out = Vec::new();
        for e in elems {
            match e {
                Ast::Literal(s) => {
                    let space = sp.literal(s);
                    out.push(
                        quote!(::tail_ir::format::FormatElem::Literal { text: #s, space: #space }),
                    );
                }
                Ast::Space(s) => {
                    sp.whitespace(s);
                    out.push(quote!(::tail_ir::format::FormatElem::Whitespace(#s)));
                }
                Ast::AttrDict { keyword } => {
                    if in_group {
                        return Err("`attr-dict` cannot be inside an optional group".into());
                    }
                    self.attr_dicts += 1;
                    sp.attr_dict();
                    out.push(
                        quote!(::tail_ir::format::FormatElem::AttrDict { with_keyword: #keyword }),
                    );
                }
                Ast::Var { name, anchor } => {
                    let t = self.lookup(name)?;
                    if *anchor {
                        if !in_group {
                            return Err(format!("anchor `${name}^` outside of an optional group"));
                        }
                        anchors.push(t);
                    }
                    let elided = matches!(t, Target::Attr(a) if Some(a) == elided_anchor);
                    let space = if elided { false } else { sp.element() };
                    out.push(match t {
                        Target::Operand(g) => {
                            if std::mem::replace(&mut self.seen_operands[g], true) {
                                return Err(format!("operand `${name}` appears twice in format"));
                            }
                            if in_group && self.inp.operands[g].1 == Ar::Single {
                                return Err(format!(
                                    "operand `${name}` is in an optional group but is neither optional nor variadic"
                                ));
                            }
                            let g = g as u16;
                            quote!(::tail_ir::format::FormatElem::Operand { group: #g, space: #space })
                        }
                        Target::Result(_) => {
                            return Err(format!("result `${name}` cannot appear in a format; use `type(${name})`"))
                        }
                        Target::Attr(a) => {
                            if std::mem::replace(&mut self.seen_attrs[a], true) {
                                return Err(format!("attribute `${name}` appears twice in format"));
                            }
                            if in_group && !self.inp.attrs[a].1 {
                                return Err(format!("attribute `${name}` is in an optional group but is not optional"));
                            }
                            let a = a as u16;
                            quote!(::tail_ir::format::FormatElem::Attr { index: #a, space: #space })
                        }
                        Target::Region(g) => {
                            if std::mem::replace(&mut self.seen_regions[g], true) {
                                return Err(format!("region `${name}` appears twice in format"));
                            }
                            let g = g as u16;
                            quote!(::tail_ir::format::FormatElem::Region { group: #g, space: #space })
                        }
                        Target::Successor(g) => {
                            if std::mem::replace(&mut self.seen_successors[g], true) {
                                return Err(format!("successor `${name}` appears twice in format"));
                            }
                            let g = g as u16;
                            quote!(::tail_ir::format::FormatElem::Successor { group: #g, space: #space })
                        }
                    });
                }
                Ast::Type { arg, anchor } => {
                    let t = self.ty_ref(arg, "type")?;
                    if in_group && self.ty_ref_arity(t) == Ar::Single {
                        return Err(
                            "`type(...)` in an optional group must refer to an optional or variadic operand or result"
                                .into(),
                        );
                    }
                    if *anchor {
                        if !in_group {
                            return Err("anchor `type(...)^` outside of an optional group".into());
                        }
                        anchors.push(match t {
                            TyRef::Operand(g) => Target::Operand(g),
                            TyRef::Result(g) => Target::Result(g),
                            _ => {
                                return Err(
                                    "`type(operands)` / `type(results)` cannot be an anchor".into(),
                                )
                            }
                        });
                    }
                    let space = sp.element();
                    let of = Self::ty_ref_tokens(t);
                    out.push(
                        quote!(::tail_ir::format::FormatElem::Type { of: #of, space: #space }),
                    );
                }
                Ast::FunctionalType { inputs, results } => {
                    if in_group {
                        return Err("`functional-type` cannot be inside an optional group".into());
                    }
                    let i = self.ty_ref(inputs, "functional-type")?;
                    let r = self.ty_ref(results, "functional-type")?;
                    let space = sp.element();
                    let (i, r) = (Self::ty_ref_tokens(i), Self::ty_ref_tokens(r));
                    out.push(quote!(::tail_ir::format::FormatElem::FunctionalType { inputs: #i, results: #r, space: #space }));
                }
                Ast::Optional(inner) => {
                    // Find the anchor first: it decides whether a unit attribute is elided.
                    let mut found = Vec::new();
                    for x in inner {
                        match x {
                            Ast::Var { name, anchor: true } => found.push(self.lookup(name)?),
                            Ast::Type { anchor: true, .. } => {
                                found.push(Target::Result(usize::MAX))
                            }
                            _ => {}
                        }
                    }
                    if found.is_empty() {
                        return Err(
                            "optional group has no anchor: mark one element with `^`".into()
                        );
                    }
                    if found.len() > 1 {
                        return Err("optional group has more than one anchor `^`".into());
                    }
                    let first = inner.iter().find(|x| !matches!(x, Ast::Space(_)));
                    let mut elide = None;
                    if let Target::Attr(a) = found[0] {
                        if self.inp.attrs[a].2 {
                            let first_is_anchor =
                                matches!(first, Some(Ast::Var { anchor: true, .. }));
                            if first_is_anchor {
                                return Err(format!(
                                    "unit attribute anchor `${}` cannot be the first element of its optional group: put a literal before it",
                                    self.inp.attrs[a].0
                                ));
                            }
                            elide = Some(a);
                        }
                    }
                    // First element (after spaces and the elided anchor) decides presence when parsing.
                    let first_real = inner.iter().find(|x| match x {
                        Ast::Space(_) => false,
                        Ast::Var { name, .. } => {
                            !matches!(self.lookup(name), Ok(Target::Attr(a)) if Some(a) == elide)
                        }
                        _ => true,
                    });
                    match first_real {
                        Some(Ast::Literal(_)) | Some(Ast::Type { .. }) => {}
                        Some(Ast::Var { name, .. }) => match self.lookup(name)? {
                            Target::Operand(_) | Target::Attr(_) | Target::Region(_) => {}
                            _ => {
                                return Err(format!(
                                    "`${name}` cannot be the first element of an optional group (use a literal, operand, attribute, region or `type(...)`)"
                                ))
                            }
                        },
                        _ => {
                            return Err("the first element of an optional group must be a literal, operand, attribute, region or `type(...)`".into())
                        }
                    }
                    let mut group_anchors = Vec::new();
                    let compiled = self.compile(inner, sp, true, elide, &mut group_anchors)?;
                    let anchor = group_anchors[0];
                    let anchor_ts = match anchor {
                        Target::Operand(g) => {
                            if self.inp.operands[g].1 == Ar::Single {
                                return Err(format!(
                                    "anchor `${}` must be an optional or variadic operand",
                                    self.inp.operands[g].0
                                ));
                            }
                            let g = g as u16;
                            quote!(::tail_ir::format::Anchor::Operand(#g))
                        }
                        Target::Result(g) => {
                            if self.inp.results[g].1 == Ar::Single {
                                return Err(format!(
                                    "anchor `type(${})` must be an optional or variadic result",
                                    self.inp.results[g].0
                                ));
                            }
                            let g = g as u16;
                            quote!(::tail_ir::format::Anchor::Result(#g))
                        }
                        Target::Attr(a) => {
                            let a = a as u16;
                            quote!(::tail_ir::format::Anchor::Attr(#a))
                        }
                        Target::Region(g) => {
                            let g = g as u16;
                            quote!(::tail_ir::format::Anchor::Region(#g))
                        }
                        Target::Successor(g) => {
                            if !self.inp.successors[g].1 {
                                return Err(format!(
                                    "anchor `${}` must be a variadic successor",
                                    self.inp.successors[g].0
                                ));
                            }
                            let g = g as u16;
                            quote!(::tail_ir::format::Anchor::Successor(#g))
                        }
                    };
                    let elide_b = elide.is_some();
                    out.push(quote!(::tail_ir::format::FormatElem::Optional {
                        anchor: #anchor_ts,
                        elems: &[#(#compiled),*],
                        elide_unit_anchor: #elide_b,
                    }));
                }
            }
        }
        Ok(out)
    }
}

/// Validates `src` against the declaration and compiles it.
pub fn compile_op_format(src: &str, inp: &OpFormatInput) -> Result<OpFormatOutput, String> {
    let ast = parse(src)?;
    let mut c = Check {
        inp,
        seen_operands: vec![false; inp.operands.len()],
        seen_attrs: vec![false; inp.attrs.len()],
        seen_regions: vec![false; inp.regions.len()],
        seen_successors: vec![false; inp.successors.len()],
        operand_types: vec![false; inp.operands.len()],
        result_types: vec![false; inp.results.len()],
        all_operand_types: false,
        all_result_types: false,
        attr_dicts: 0,
    };
    let mut sp = Spacer::new();
    let mut anchors = Vec::new();
    let elems = c.compile(&ast, &mut sp, false, None, &mut anchors)?;
    if c.attr_dicts != 1 {
        return Err(if c.attr_dicts == 0 {
            "format must contain `attr-dict` or `attr-dict-with-keyword`".into()
        } else {
            "format contains `attr-dict` more than once".into()
        });
    }
    for (g, (n, _)) in inp.operands.iter().enumerate() {
        if !c.seen_operands[g] {
            return Err(format!("format does not mention operand `${n}`"));
        }
    }
    for (g, (n, _)) in inp.regions.iter().enumerate() {
        if !c.seen_regions[g] {
            return Err(format!("format does not mention region `${n}`"));
        }
    }
    for (g, (n, _)) in inp.successors.iter().enumerate() {
        if !c.seen_successors[g] {
            return Err(format!("format does not mention successor `${n}`"));
        }
    }
    // Type resolution: types in the format, then (to a fixpoint) `type_from` and the
    // SameTypeOperands / SameOperandsAndResultType traits.
    let mut op_known: Vec<bool> = (0..inp.operands.len())
        .map(|g| c.all_operand_types || c.operand_types[g])
        .collect();
    let mut res_known: Vec<bool> = (0..inp.results.len())
        .map(|g| c.all_result_types || c.result_types[g])
        .collect();
    loop {
        let mut changed = false;
        let known = |src: (bool, usize), op_known: &[bool], res_known: &[bool]| {
            if src.0 {
                op_known[src.1]
            } else {
                res_known[src.1]
            }
        };
        for g in 0..op_known.len() {
            if !op_known[g]
                && inp.operand_type_from[g].is_some_and(|s| known(s, &op_known, &res_known))
            {
                op_known[g] = true;
                changed = true;
            }
        }
        for g in 0..res_known.len() {
            if !res_known[g]
                && inp.result_type_from[g].is_some_and(|s| known(s, &op_known, &res_known))
            {
                res_known[g] = true;
                changed = true;
            }
        }
        let any_op = op_known.iter().any(|&x| x);
        let any_res = res_known.iter().any(|&x| x);
        if (inp.same_operands && any_op) || (inp.same_all && (any_op || any_res)) {
            for k in op_known.iter_mut().filter(|k| !**k) {
                *k = true;
                changed = true;
            }
        }
        if inp.same_all && (any_op || any_res) {
            for (g, k) in res_known.iter_mut().enumerate() {
                if !*k && inp.results[g].1 == Ar::Single {
                    *k = true;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut buildable_operands = Vec::new();
    for (g, k) in op_known.iter().enumerate() {
        if !k {
            buildable_operands.push(g);
        }
    }
    let mut buildable_results = Vec::new();
    for (g, k) in res_known.iter().enumerate() {
        if *k || inp.infer {
            continue;
        }
        let (n, ar) = &inp.results[g];
        if *ar != Ar::Single {
            return Err(format!(
                "the type of result `{n}` is not in the format and cannot be inferred: add `type(${n})` or `infer_result_types`"
            ));
        }
        buildable_results.push(g);
    }
    let mut elided: Vec<String> = inp
        .attrs
        .iter()
        .enumerate()
        .filter(|(i, _)| c.seen_attrs[*i])
        .map(|(_, a)| a.0.clone())
        .collect();
    let var_ops = inp.operands.iter().filter(|o| o.1 != Ar::Single).count();
    let var_res = inp.results.iter().filter(|o| o.1 != Ar::Single).count();
    if var_ops > 1 {
        elided.push("operandSegmentSizes".into());
    }
    if var_res > 1 {
        elided.push("resultSegmentSizes".into());
    }
    Ok(OpFormatOutput {
        elems: quote!(&[#(#elems),*]),
        elided,
        buildable_operands,
        buildable_results,
    })
}

// ----- type / attribute formats ----------------------------------------------------------------

/// One element of a type/attribute format.
pub enum DefElem {
    /// Literal with space-before flag.
    Literal(String, bool),
    /// Whitespace literal.
    Space(String),
    /// Parameter (field index) with space-before flag.
    Param(usize, bool),
}

/// Validates a `#[type_def]`/`#[attr_def]` format against the field names.
pub fn compile_def_format(src: &str, fields: &[String]) -> Result<Vec<DefElem>, String> {
    let ast = parse(src)?;
    let mut sp = Spacer::new();
    let mut seen = vec![false; fields.len()];
    let mut out = Vec::new();
    for e in ast {
        match e {
            Ast::Literal(s) => {
                let space = sp.literal(&s);
                out.push(DefElem::Literal(s, space));
            }
            Ast::Space(s) => {
                sp.whitespace(&s);
                out.push(DefElem::Space(s));
            }
            Ast::Var {
                name,
                anchor: false,
            } => {
                let Some(i) = fields.iter().position(|f| *f == name) else {
                    return Err(format!(
                        "unknown parameter `${name}` in format: the struct has no field `{name}`"
                    ));
                };
                if std::mem::replace(&mut seen[i], true) {
                    return Err(format!("parameter `${name}` appears twice in format"));
                }
                let space = sp.element();
                out.push(DefElem::Param(i, space));
            }
            _ => {
                return Err(
                    "type and attribute formats support only `literals` and `$parameters`".into(),
                )
            }
        }
    }
    for (i, f) in fields.iter().enumerate() {
        if !seen[i] {
            return Err(format!("format does not mention parameter `${f}`"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spaces(src: &str) -> String {
        // Renders the spacing decisions of a format made of literals and variables.
        let mut sp = Spacer::new();
        let mut s = String::new();
        for e in parse(src).unwrap() {
            match e {
                Ast::Literal(l) => {
                    if sp.literal(&l) {
                        s.push(' ');
                    }
                    s.push_str(&l);
                }
                Ast::Var { name, .. } => {
                    if sp.element() {
                        s.push(' ');
                    }
                    s.push_str(&name);
                }
                Ast::Type { .. } => {
                    if sp.element() {
                        s.push(' ');
                    }
                    s.push('T');
                }
                Ast::AttrDict { .. } => sp.attr_dict(),
                Ast::Space(w) => {
                    sp.whitespace(&w);
                    s.push_str(&w);
                }
                _ => {}
            }
        }
        s
    }

    #[test]
    fn mlir_spacing() {
        assert_eq!(
            spaces("$lhs `,` $rhs attr-dict `:` type($result)"),
            " lhs, rhs : T"
        );
        assert_eq!(spaces("`(` $x `)` attr-dict `:` type($r)"), "(x) : T");
        assert_eq!(spaces("$a `to` $b `step` $c"), " a to b step c");
        assert_eq!(spaces("$a `[` $b `]` `->` type($c)"), " a[b] -> T");
        assert_eq!(spaces("$a `<` $b `>`"), " a<b>");
        assert_eq!(spaces("`<` $e `,` $r `>`"), "<e, r>");
    }

    #[test]
    fn errors() {
        assert!(parse("$a `,").unwrap_err().contains("unterminated"));
        assert!(parse("foo")
            .unwrap_err()
            .contains("unknown directive `foo`"));
        assert!(parse("($a^ ($b^)?)?").unwrap_err().contains("nested"));
        assert!(parse("`%`").unwrap_err().contains("invalid literal"));
    }
}
