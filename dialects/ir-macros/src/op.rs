//! `#[op]`: declares an operation from a struct whose fields are its operands, results,
//! attributes, regions and successors. See `docs/ARCHITECTURE.md` ("Declaring an op").

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Expr, Fields, Ident, ItemStruct, LitStr};

use crate::asm::{self, Ar};
use crate::util::{doc_attrs, doc_lines, last_ident, screaming_snake, summary, type_text, Errors};

/// Op trait names accepted in `traits(...)`.
const TRAITS: &[&str] = &[
    "Pure",
    "Terminator",
    "IsolatedFromAbove",
    "NoTerminator",
    "SingleBlock",
    "SymbolTable",
    "Symbol",
    "ConstantLike",
    "Commutative",
    "SameOperandsAndResultType",
    "SameTypeOperands",
    "ReturnLike",
    "RecursiveMemoryEffects",
    "MemRead",
    "MemWrite",
    "MemAlloc",
    "MemFree",
    "Callable",
    "Call",
    "Involution",
    "Idempotent",
    "GraphRegion",
    "LoopLike",
];

/// Field names that would collide with generated items or builder parameters.
const RESERVED: &[&str] = &[
    "op",
    "from_op",
    "build",
    "build_state",
    "verify",
    "fold",
    "print",
    "parse",
    "spec",
    "canonicalization_patterns",
    "infer_result_types",
    "builder",
    "ctx",
    "loc",
];

#[derive(Default)]
struct OpArgs {
    dialect: Option<syn::Path>,
    name: Option<LitStr>,
    summary: Option<LitStr>,
    traits: Vec<Ident>,
    parents: Vec<LitStr>,
    default_dialect: Option<LitStr>,
    format: Option<LitStr>,
    verify: Option<Span>,
    fold: Option<Span>,
    canonicalize: Option<Span>,
    infer: Option<Span>,
    custom_assembly: Option<Span>,
}

fn parse_args(attr: TokenStream) -> syn::Result<OpArgs> {
    let mut a = OpArgs::default();
    let parser = syn::meta::parser(|meta| {
        let p = &meta.path;
        let flag = |slot: &mut Option<Span>| {
            *slot = Some(p.span());
            Ok(())
        };
        if p.is_ident("dialect") {
            a.dialect = Some(meta.value()?.parse()?);
            Ok(())
        } else if p.is_ident("name") {
            a.name = Some(meta.value()?.parse()?);
            Ok(())
        } else if p.is_ident("summary") {
            a.summary = Some(meta.value()?.parse()?);
            Ok(())
        } else if p.is_ident("default_dialect") {
            a.default_dialect = Some(meta.value()?.parse()?);
            Ok(())
        } else if p.is_ident("format") {
            a.format = Some(meta.value()?.parse()?);
            Ok(())
        } else if p.is_ident("traits") {
            meta.parse_nested_meta(|t| {
                let Some(id) = t.path.get_ident() else {
                    return Err(t.error("expected a trait name"));
                };
                if !TRAITS.contains(&id.to_string().as_str()) {
                    return Err(syn::Error::new(
                        id.span(),
                        format!(
                            "unknown op trait `{id}`; known traits: {}",
                            TRAITS.join(", ")
                        ),
                    ));
                }
                a.traits.push(id.clone());
                Ok(())
            })
        } else if p.is_ident("parents") {
            let content;
            syn::parenthesized!(content in meta.input);
            let lits = content.parse_terminated(|i| i.parse::<LitStr>(), syn::Token![,])?;
            a.parents.extend(lits);
            Ok(())
        } else if p.is_ident("verify") {
            flag(&mut a.verify)
        } else if p.is_ident("fold") {
            flag(&mut a.fold)
        } else if p.is_ident("canonicalize") {
            flag(&mut a.canonicalize)
        } else if p.is_ident("infer_result_types") {
            flag(&mut a.infer)
        } else if p.is_ident("custom_assembly") {
            flag(&mut a.custom_assembly)
        } else {
            Err(meta.error(format!(
                "unknown #[op] option `{}`; expected dialect, name, summary, traits(...), parents(...), \
                 default_dialect, format, verify, fold, canonicalize, infer_result_types, custom_assembly",
                p.get_ident().map(|i| i.to_string()).unwrap_or_default()
            )))
        }
    });
    syn::parse::Parser::parse2(parser, attr)?;
    Ok(a)
}

enum AttrMode {
    Required,
    Optional,
    Default(Box<Expr>),
}

enum Role {
    Operand(Ar),
    Result(Ar),
    Region {
        variadic: bool,
        single_block: bool,
        implicit_terminator: Option<LitStr>,
    },
    Successor {
        variadic: bool,
    },
    Attr(AttrMode),
}

struct Field {
    ident: Ident,
    ty: syn::Type,
    role: Role,
    docs: Vec<String>,
    /// `type_from = other`: the type equals the (transformed) type of field `other`.
    type_from: Option<Ident>,
    /// `via = path`: `fn(&Context, Type) -> Type` applied to `type_from`'s type.
    via: Option<syn::Path>,
    /// `#[operand(consumed)]`: the op consumes the operand (in-place update).
    consumed: bool,
}

const ROLES: &[&str] = &["operand", "result", "region", "successor", "attr"];

fn parse_field(f: &syn::Field, errs: &mut Errors) -> Option<Field> {
    let ident = f.ident.clone()?;
    let name = ident.to_string();
    let mut role: Option<(String, Role)> = None;
    let mut tf: (Option<Ident>, Option<syn::Path>) = (None, None);
    let mut consumed_field = false;
    for a in &f.attrs {
        if a.path().is_ident("doc") {
            continue;
        }
        let Some(kind) = ROLES.iter().find(|r| a.path().is_ident(r)).copied() else {
            errs.spanned(a, format!("unsupported attribute on op field `{name}`: expected one of #[operand], #[result], #[region], #[successor], #[attr]"));
            continue;
        };
        if let Some((prev, _)) = &role {
            errs.spanned(
                a,
                format!("op field `{name}` has two role attributes (#[{prev}] and #[{kind}])"),
            );
            continue;
        }
        let mut variadic = false;
        let mut optional = false;
        let mut single_block = false;
        let mut implicit_terminator = None;
        let mut default = None;
        let mut type_from = None;
        let mut via = None;
        let mut consumed = false;
        let allowed: &[&str] = match kind {
            "operand" => &["variadic", "optional", "type_from", "via", "consumed"],
            "result" => &["variadic", "optional", "type_from", "via"],
            "region" => &["variadic", "single_block", "implicit_terminator"],
            "successor" => &["variadic"],
            _ => &["optional", "default"],
        };
        if let syn::Meta::List(_) = &a.meta {
            let r =
                a.parse_nested_meta(|m| {
                    let opt = m
                        .path
                        .get_ident()
                        .map(|i| i.to_string())
                        .unwrap_or_default();
                    if !allowed.contains(&opt.as_str()) {
                        return Err(m.error(format!(
                        "unknown option `{opt}` in #[{kind}(...)] on field `{name}`; expected {}{}",
                        if allowed.len() > 1 { "one of " } else { "" },
                        allowed.iter().map(|x| format!("`{x}`")).collect::<Vec<_>>().join(", ")
                    )));
                    }
                    match opt.as_str() {
                        "variadic" => variadic = true,
                        "optional" => optional = true,
                        "single_block" => single_block = true,
                        "implicit_terminator" => {
                            implicit_terminator = Some(m.value()?.parse::<LitStr>()?)
                        }
                        "default" => default = Some(Box::new(m.value()?.parse::<Expr>()?)),
                        "type_from" => type_from = Some(m.value()?.parse::<Ident>()?),
                        "via" => via = Some(m.value()?.parse::<syn::Path>()?),
                        "consumed" => consumed = true,
                        _ => unreachable!(),
                    }
                    Ok(())
                });
            if let Err(e) = r {
                errs.push(e);
                return None;
            }
        } else if let syn::Meta::NameValue(_) = &a.meta {
            errs.spanned(
                a,
                format!("expected #[{kind}] or #[{kind}(...)] on field `{name}`"),
            );
            continue;
        }
        if variadic && optional {
            errs.spanned(
                a,
                format!("field `{name}` cannot be both `variadic` and `optional`"),
            );
            continue;
        }
        if via.is_some() && type_from.is_none() {
            errs.spanned(
                a,
                format!("`via` on field `{name}` needs `type_from = <field>`"),
            );
            continue;
        }
        tf = (type_from, via);
        consumed_field = consumed;
        if optional && default.is_some() {
            errs.spanned(
                a,
                format!("attribute `{name}` cannot be both `optional` and have a `default`"),
            );
            continue;
        }
        let ar = if variadic {
            Ar::Variadic
        } else if optional {
            Ar::Optional
        } else {
            Ar::Single
        };
        let r = match kind {
            "operand" => Role::Operand(ar),
            "result" => Role::Result(ar),
            "region" => Role::Region {
                variadic,
                single_block,
                implicit_terminator,
            },
            "successor" => Role::Successor { variadic },
            _ => Role::Attr(match (optional, default) {
                (_, Some(d)) => AttrMode::Default(d),
                (true, None) => AttrMode::Optional,
                _ => AttrMode::Required,
            }),
        };
        role = Some((kind.to_string(), r));
    }
    let Some((kind, role)) = role else {
        errs.spanned(
            f,
            format!("op field `{name}` has no role attribute: add one of #[operand], #[result], #[region], #[successor], #[attr]"),
        );
        return None;
    };
    let last = last_ident(&f.ty).unwrap_or_default();
    match &role {
        Role::Region { .. } if !matches!(last.as_str(), "Region" | "RegionId") => {
            errs.spanned(
                &f.ty,
                format!(
                    "region field `{name}` must have type `Region`: regions take no constraint (found `{}`)",
                    type_text(&f.ty)
                ),
            );
            return None;
        }
        Role::Successor { .. } if !matches!(last.as_str(), "Successor" | "BlockId" | "Block") => {
            errs.spanned(
                &f.ty,
                format!(
                    "successor field `{name}` must have type `Successor`: successors take no constraint (found `{}`)",
                    type_text(&f.ty)
                ),
            );
            return None;
        }
        Role::Operand(_) | Role::Result(_) | Role::Attr(_)
            if matches!(
                last.as_str(),
                "Region" | "RegionId" | "Successor" | "BlockId" | "Block"
            ) =>
        {
            errs.spanned(
                &f.ty,
                format!(
                    "#[{kind}] field `{name}` needs a constraint type, not `{}`",
                    type_text(&f.ty)
                ),
            );
            return None;
        }
        _ => {}
    }
    if RESERVED.contains(&name.as_str()) || name.starts_with("__") {
        errs.spanned(
            &ident,
            format!("op field name `{name}` is reserved (it would collide with a generated item)"),
        );
        return None;
    }
    Some(Field {
        ident,
        ty: f.ty.clone(),
        role,
        docs: doc_lines(&f.attrs),
        type_from: tf.0,
        via: tf.1,
        consumed: consumed_field,
    })
}

fn ar_tokens(a: Ar) -> TokenStream {
    match a {
        Ar::Single => quote!(::tail_ir::format::Arity::Single),
        Ar::Optional => quote!(::tail_ir::format::Arity::Optional),
        Ar::Variadic => quote!(::tail_ir::format::Arity::Variadic),
    }
}

pub fn expand(attr: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    let item: ItemStruct = syn::parse2(item)?;
    let args = parse_args(attr)?;
    let mut errs = Errors::default();
    let ident = &item.ident;
    let vis = &item.vis;
    if !item.generics.params.is_empty() {
        errs.spanned(&item.generics, "#[op] structs cannot be generic");
    }
    let Some(dialect) = args.dialect.clone() else {
        return Err(syn::Error::new(
            Span::call_site(),
            "#[op] requires `dialect = <DialectStruct>`",
        ));
    };
    let Some(op_name) = args.name.clone() else {
        return Err(syn::Error::new(
            Span::call_site(),
            "#[op] requires `name = \"...\"`",
        ));
    };
    if let (Some(f), Some(_)) = (&args.format, &args.custom_assembly) {
        errs.spanned(f, "`format` and `custom_assembly` are mutually exclusive");
    }

    // ----- fields ------------------------------------------------------------------------------
    let mut fields = Vec::new();
    match &item.fields {
        Fields::Named(n) => {
            for f in &n.named {
                if let Some(x) = parse_field(f, &mut errs) {
                    fields.push(x);
                }
            }
        }
        Fields::Unit => {}
        Fields::Unnamed(u) => errs.spanned(
            u,
            "#[op] needs a struct with named fields (or a unit struct)",
        ),
    }
    let operands: Vec<(&Field, Ar)> = fields
        .iter()
        .filter_map(|f| {
            if let Role::Operand(a) = f.role {
                Some((f, a))
            } else {
                None
            }
        })
        .collect();
    let results: Vec<(&Field, Ar)> = fields
        .iter()
        .filter_map(|f| {
            if let Role::Result(a) = f.role {
                Some((f, a))
            } else {
                None
            }
        })
        .collect();
    let attrs: Vec<(&Field, &AttrMode)> = fields
        .iter()
        .filter_map(|f| {
            if let Role::Attr(m) = &f.role {
                Some((f, m))
            } else {
                None
            }
        })
        .collect();
    let regions: Vec<&Field> = fields
        .iter()
        .filter(|f| matches!(f.role, Role::Region { .. }))
        .collect();
    let successors: Vec<&Field> = fields
        .iter()
        .filter(|f| matches!(f.role, Role::Successor { .. }))
        .collect();
    if regions
        .iter()
        .filter(|f| matches!(f.role, Role::Region { variadic: true, .. }))
        .count()
        > 1
    {
        errs.spanned(&item.ident, "at most one region group may be `variadic`");
    }
    if successors
        .iter()
        .filter(|f| matches!(f.role, Role::Successor { variadic: true }))
        .count()
        > 1
    {
        errs.spanned(&item.ident, "at most one successor group may be `variadic`");
    }
    // `type_from` references: (source is an operand, group index).
    let resolve_tf = |f: &Field, errs: &mut Errors| -> Option<(bool, usize)> {
        let src = f.type_from.as_ref()?;
        if let Some(g) = operands.iter().position(|(o, _)| o.ident == *src) {
            Some((true, g))
        } else if let Some(g) = results.iter().position(|(o, _)| o.ident == *src) {
            Some((false, g))
        } else {
            errs.spanned(
                src,
                format!(
                    "`type_from = {src}` on field `{}`: no operand or result named `{src}`",
                    f.ident
                ),
            );
            None
        }
    };
    let operand_tf: Vec<Option<(bool, usize)>> = operands
        .iter()
        .map(|(f, _)| resolve_tf(f, &mut errs))
        .collect();
    let result_tf: Vec<Option<(bool, usize)>> = results
        .iter()
        .map(|(f, _)| resolve_tf(f, &mut errs))
        .collect();
    for (g, (f, a)) in results.iter().enumerate() {
        if result_tf[g].is_some() && *a != Ar::Single {
            errs.spanned(
                &f.ident,
                format!(
                    "`type_from` on result `{}` needs a single (not optional or variadic) result",
                    f.ident
                ),
            );
        }
    }
    let operand_segments = operands.iter().filter(|(_, a)| *a != Ar::Single).count() > 1;
    let result_segments = results.iter().filter(|(_, a)| *a != Ar::Single).count() > 1;
    let has_trait = |t: &str| args.traits.iter().any(|x| x == t);
    let same_all = has_trait("SameOperandsAndResultType");
    let same_operands = same_all || has_trait("SameTypeOperands");
    if args.infer.is_some() && result_segments {
        errs.spanned(
            &item.ident,
            "`infer_result_types` is not supported with several optional/variadic result groups",
        );
    }

    // ----- format ------------------------------------------------------------------------------
    let mut format_out = None;
    if let Some(f) = &args.format {
        let inp = asm::OpFormatInput {
            operands: operands
                .iter()
                .map(|(f, a)| (f.ident.to_string(), *a))
                .collect(),
            results: results
                .iter()
                .map(|(f, a)| (f.ident.to_string(), *a))
                .collect(),
            attrs: attrs
                .iter()
                .map(|(f, m)| {
                    (
                        f.ident.to_string(),
                        !matches!(m, AttrMode::Required),
                        last_ident(&f.ty).as_deref() == Some("UnitAttr"),
                    )
                })
                .collect(),
            regions: regions
                .iter()
                .map(|f| {
                    (
                        f.ident.to_string(),
                        matches!(f.role, Role::Region { variadic: true, .. }),
                    )
                })
                .collect(),
            successors: successors
                .iter()
                .map(|f| {
                    (
                        f.ident.to_string(),
                        matches!(f.role, Role::Successor { variadic: true }),
                    )
                })
                .collect(),
            operand_type_from: operand_tf.clone(),
            result_type_from: result_tf.clone(),
            same_all,
            same_operands,
            infer: args.infer.is_some(),
        };
        match asm::compile_op_format(&f.value(), &inp) {
            Ok(o) => format_out = Some(o),
            Err(e) => errs.spanned(
                f,
                format!("invalid format for op `{}`: {e}", op_name.value()),
            ),
        }
    }
    errs.finish()?;

    // ----- spec --------------------------------------------------------------------------------
    let traits_ts = {
        let flags = args
            .traits
            .iter()
            .map(|t| format_ident!("{}", screaming_snake(&t.to_string())));
        quote!(::tail_ir::OpTraits::empty()#(.union(::tail_ir::OpTraits::#flags))*)
    };
    let value_spec = |f: &Field, a: Ar, tf: Option<(bool, usize)>| {
        let n = f.ident.to_string();
        let ty = &f.ty;
        let ar = ar_tokens(a);
        let tf = match (tf, &f.type_from) {
            (Some((is_operand, g)), Some(src)) => {
                let g = g as u16;
                let src = src.to_string();
                let (via, what) = match &f.via {
                    Some(p) => {
                        let last = p
                            .segments
                            .last()
                            .map(|s| s.ident.to_string())
                            .unwrap_or_default();
                        (quote!(Some(#p)), last.replace('_', " "))
                    }
                    None => (quote!(None), "type".to_string()),
                };
                quote!(Some(::tail_ir::format::TypeFrom { operand: #is_operand, group: #g, name: #src, via: #via, what: #what }))
            }
            _ => quote!(None),
        };
        quote_spanned! {ty.span()=>
            ::tail_ir::format::ValueSpec {
                name: #n,
                arity: #ar,
                constraint: <#ty as ::tail_ir::TypeConstraint>::DESCRIPTION,
                check: <#ty as ::tail_ir::TypeConstraint>::check,
                build: <#ty as ::tail_ir::TypeConstraint>::build,
                type_from: #tf,
            }
        }
    };
    let operand_specs: Vec<_> = operands
        .iter()
        .enumerate()
        .map(|(g, (f, a))| value_spec(f, *a, operand_tf[g]))
        .collect();
    let result_specs: Vec<_> = results
        .iter()
        .enumerate()
        .map(|(g, (f, a))| value_spec(f, *a, result_tf[g]))
        .collect();
    let attr_specs: Vec<_> = attrs
        .iter()
        .map(|(f, m)| {
            let n = f.ident.to_string();
            let ty = &f.ty;
            let (arity, default) = match m {
                AttrMode::Required => (quote!(Required), quote!(None)),
                AttrMode::Optional => (quote!(Optional), quote!(None)),
                AttrMode::Default(e) => (
                    quote!(Default),
                    quote!(Some({
                        #[allow(unused_variables)]
                        fn __default(ctx: &mut ::tail_ir::Context) -> ::tail_ir::Attribute {
                            #e
                        }
                        __default
                    })),
                ),
            };
            quote_spanned! {ty.span()=>
                ::tail_ir::format::AttrSpec {
                    name: #n,
                    arity: ::tail_ir::format::AttrArity::#arity,
                    constraint: <#ty as ::tail_ir::AttrConstraint>::DESCRIPTION,
                    check: <#ty as ::tail_ir::AttrConstraint>::check,
                    print: <#ty as ::tail_ir::AttrConstraint>::print,
                    parse: <#ty as ::tail_ir::AttrConstraint>::parse,
                    parse_optional: <#ty as ::tail_ir::AttrConstraint>::parse_optional,
                    default: #default,
                }
            }
        })
        .collect();
    let region_specs: Vec<_> = regions
        .iter()
        .map(|f| {
            let n = f.ident.to_string();
            let Role::Region { variadic, single_block, implicit_terminator } = &f.role else { unreachable!() };
            let term = implicit_terminator.as_ref().map(|l| l.value()).unwrap_or_default();
            quote!(::tail_ir::format::RegionSpec { name: #n, variadic: #variadic, single_block: #single_block, implicit_terminator: #term })
        })
        .collect();
    let successor_specs: Vec<_> = successors
        .iter()
        .map(|f| {
            let n = f.ident.to_string();
            let variadic = matches!(f.role, Role::Successor { variadic: true });
            quote!(::tail_ir::format::SuccessorSpec { name: #n, variadic: #variadic })
        })
        .collect();
    let infer_ts = match args.infer {
        Some(sp) => quote_spanned!(sp=> Some(#ident::infer_result_types)),
        None => quote!(None),
    };
    let format_ts = match (&format_out, &args.format) {
        (Some(o), Some(src)) => {
            let elems = &o.elems;
            let elided = &o.elided;
            quote!(Some(::tail_ir::format::OpFormat { elems: #elems, elided_attrs: &[#(#elided),*], source: #src }))
        }
        _ => quote!(None),
    };

    // ----- accessors ---------------------------------------------------------------------------
    let mut accessors = Vec::new();
    let field_doc = |f: &Field, what: String| -> TokenStream {
        let mut lines = f.docs.clone();
        if lines.is_empty() {
            lines.push(what);
        } else {
            lines.push(String::new());
            lines.push(what);
        }
        doc_attrs(&lines)
    };
    // Static position of group `g` if every earlier group is single.
    let static_pos = |ars: &[Ar], g: usize| ars[..g].iter().all(|a| *a == Ar::Single).then_some(g);
    let op_ars: Vec<Ar> = operands.iter().map(|x| x.1).collect();
    for (g, (f, a)) in operands.iter().enumerate() {
        let name = &f.ident;
        let doc = field_doc(
            f,
            format!(
                "Operand `{}` ({}`{}`).",
                name,
                arity_word(*a),
                type_text(&f.ty)
            ),
        );
        let gl = g;
        accessors.push(match (a, static_pos(&op_ars, g)) {
            (Ar::Single, Some(i)) => quote! { #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::tail_ir::Value { ctx.operand(self.0, #i) } },
            (Ar::Single, None) => quote! { #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::tail_ir::Value {
                ctx.operand(self.0, Self::spec().operand_range(ctx, self.0, #gl).start)
            } },
            (Ar::Optional, _) => quote! { #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::core::option::Option<::tail_ir::Value> {
                let r = Self::spec().operand_range(ctx, self.0, #gl);
                if r.is_empty() { None } else { Some(ctx.operand(self.0, r.start)) }
            } },
            (Ar::Variadic, _) => quote! { #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::std::vec::Vec<::tail_ir::Value> {
                Self::spec().operand_group(ctx, self.0, #gl)
            } },
        });
    }
    let res_ars: Vec<Ar> = results.iter().map(|x| x.1).collect();
    for (g, (f, a)) in results.iter().enumerate() {
        let name = &f.ident;
        let doc = field_doc(
            f,
            format!(
                "Result `{}` ({}`{}`).",
                name,
                arity_word(*a),
                type_text(&f.ty)
            ),
        );
        accessors.push(match (a, static_pos(&res_ars, g)) {
            (Ar::Single, Some(i)) => quote! { #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::tail_ir::Value { ctx.result(self.0, #i) } },
            (Ar::Single, None) => quote! { #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::tail_ir::Value {
                ctx.result(self.0, Self::spec().result_range(ctx, self.0, #g).start)
            } },
            (Ar::Optional, _) => quote! { #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::core::option::Option<::tail_ir::Value> {
                let r = Self::spec().result_range(ctx, self.0, #g);
                if r.is_empty() { None } else { Some(ctx.result(self.0, r.start)) }
            } },
            (Ar::Variadic, _) => quote! { #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::std::vec::Vec<::tail_ir::Value> {
                Self::spec().result_group(ctx, self.0, #g)
            } },
        });
    }
    let reg_ars: Vec<Ar> = regions
        .iter()
        .map(|f| {
            if matches!(f.role, Role::Region { variadic: true, .. }) {
                Ar::Variadic
            } else {
                Ar::Single
            }
        })
        .collect();
    for (g, f) in regions.iter().enumerate() {
        let name = &f.ident;
        let doc = field_doc(f, format!("Region `{name}`."));
        accessors.push(match (reg_ars[g], static_pos(&reg_ars, g)) {
            (Ar::Variadic, _) => quote! { #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::std::vec::Vec<::tail_ir::RegionId> {
                Self::spec().region_range(ctx, self.0, #g).map(|i| ctx.region(self.0, i)).collect()
            } },
            (_, Some(i)) => quote! { #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::tail_ir::RegionId { ctx.region(self.0, #i) } },
            (_, None) => quote! { #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::tail_ir::RegionId {
                ctx.region(self.0, Self::spec().region_range(ctx, self.0, #g).start)
            } },
        });
    }
    let succ_ars: Vec<Ar> = successors
        .iter()
        .map(|f| {
            if matches!(f.role, Role::Successor { variadic: true }) {
                Ar::Variadic
            } else {
                Ar::Single
            }
        })
        .collect();
    for (g, f) in successors.iter().enumerate() {
        let name = &f.ident;
        let doc = field_doc(f, format!("Successor `{name}`."));
        accessors.push(match (succ_ars[g], static_pos(&succ_ars, g)) {
            (Ar::Variadic, _) => quote! { #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::std::vec::Vec<::tail_ir::BlockId> {
                let s = ctx.successors(self.0);
                s[Self::spec().successor_range(ctx, self.0, #g)].to_vec()
            } },
            (_, Some(i)) => quote! { #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::tail_ir::BlockId { ctx.successors(self.0)[#i] } },
            (_, None) => quote! { #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::tail_ir::BlockId {
                ctx.successors(self.0)[Self::spec().successor_range(ctx, self.0, #g).start]
            } },
        });
    }
    for (i, (f, m)) in attrs.iter().enumerate() {
        let name = &f.ident;
        let n = name.to_string();
        let setter = format_ident!("set_{}", name);
        let remover = format_ident!("remove_{}", name);
        let or_default = format_ident!("{}_or_default", name);
        let tt = type_text(&f.ty);
        let set_doc = format!(" Sets attribute `{n}`.");
        match m {
            AttrMode::Required => {
                let doc = field_doc(
                    f,
                    format!("Attribute `{n}` (`{tt}`). Panics if absent (unverified IR)."),
                );
                accessors.push(quote! {
                    #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::tail_ir::Attribute {
                        match ctx.attr(self.0, #n) {
                            Some(a) => a,
                            None => panic!("'{}' op has no attribute '{}' (unverified IR?)", Self::NAME, #n),
                        }
                    }
                });
            }
            AttrMode::Optional | AttrMode::Default(_) => {
                let is_default = matches!(m, AttrMode::Default(_));
                let what = if is_default {
                    format!("Attribute `{n}` (`{tt}`), if set; absent means the default (see `{n}_or_default`).")
                } else {
                    format!("Optional attribute `{n}` (`{tt}`).")
                };
                let doc = field_doc(f, what);
                let rm_doc = format!(" Removes attribute `{n}`; returns whether it was set.");
                accessors.push(quote! {
                    #doc pub fn #name(self, ctx: &::tail_ir::Context) -> ::core::option::Option<::tail_ir::Attribute> {
                        ctx.attr(self.0, #n)
                    }
                    #[doc = #rm_doc]
                    pub fn #remover(self, ctx: &mut ::tail_ir::Context) -> bool {
                        ctx.remove_attr(self.0, #n)
                    }
                });
                if is_default {
                    let d = format!(" Attribute `{n}`, or its default value when absent.");
                    accessors.push(quote! {
                        #[doc = #d]
                        pub fn #or_default(self, ctx: &mut ::tail_ir::Context) -> ::tail_ir::Attribute {
                            match ctx.attr(self.0, #n) {
                                Some(a) => a,
                                None => (Self::spec().attrs[#i].default.expect("default"))(ctx),
                            }
                        }
                    });
                }
            }
        }
        accessors.push(quote! {
            #[doc = #set_doc]
            pub fn #setter(self, ctx: &mut ::tail_ir::Context, a: ::tail_ir::Attribute) {
                ctx.set_attr(self.0, #n, a)
            }
        });
    }

    // ----- builder -----------------------------------------------------------------------------
    let mut params: Vec<TokenStream> = Vec::new();
    let mut param_names: Vec<&Ident> = Vec::new();
    let mut body = Vec::new();
    for (f, a) in &operands {
        let n = &f.ident;
        param_names.push(n);
        match a {
            Ar::Single => {
                params.push(quote!(#n: ::tail_ir::Value));
                body.push(quote!(__state.operands.push(#n);));
            }
            Ar::Optional => {
                params.push(quote!(#n: ::core::option::Option<::tail_ir::Value>));
                body.push(quote!(__state.operands.extend(#n);));
            }
            Ar::Variadic => {
                params.push(quote!(#n: &[::tail_ir::Value]));
                body.push(quote!(__state.operands.extend_from_slice(#n);));
            }
        }
    }
    if operand_segments {
        let sizes = operands.iter().map(|(f, a)| {
            let n = &f.ident;
            match a {
                Ar::Single => quote!(1i64),
                Ar::Optional => quote!(#n.is_some() as i64),
                Ar::Variadic => quote!(#n.len() as i64),
            }
        });
        body.push(quote! {
            let __a = ctx.dense_i32_array_attr(::std::vec![#(#sizes),*]);
            __state.add_attr(ctx, ::tail_ir::format::OPERAND_SEGMENTS, __a);
        });
    }
    // Result types: inferred, shared with the first single operand, or parameters.
    let first_single_operand = operands
        .iter()
        .find(|(_, a)| *a == Ar::Single)
        .map(|(f, _)| &f.ident);
    let derive_from_operand = same_all
        && args.infer.is_none()
        && results.iter().all(|(_, a)| *a == Ar::Single)
        && first_single_operand.is_some();
    let derived_results = args.infer.is_some() || derive_from_operand || results.is_empty();
    let mut result_body = Vec::new();
    // Results typed from a single operand through `type_from` need no parameter.
    let tf_result = |g: usize| -> Option<TokenStream> {
        let (true, src) = result_tf[g]? else {
            return None;
        };
        let (sf, Ar::Single) = operands[src] else {
            return None;
        };
        let sn = &sf.ident;
        Some(match &results[g].0.via {
            Some(p) => quote!({ let __t = ctx.value_type(#sn); #p(ctx, __t) }),
            None => quote!(ctx.value_type(#sn)),
        })
    };
    if !derived_results {
        for (g, (f, a)) in results.iter().enumerate() {
            let n = &f.ident;
            if let Some(t) = tf_result(g) {
                result_body.push(quote!(let __t = #t; __state.result_types.push(__t);));
                continue;
            }
            param_names.push(n);
            match a {
                Ar::Single => {
                    params.push(quote!(#n: ::tail_ir::Type));
                    result_body.push(quote!(__state.result_types.push(#n);));
                }
                Ar::Optional => {
                    params.push(quote!(#n: ::core::option::Option<::tail_ir::Type>));
                    result_body.push(quote!(__state.result_types.extend(#n);));
                }
                Ar::Variadic => {
                    params.push(quote!(#n: ::std::vec::Vec<::tail_ir::Type>));
                    result_body.push(quote!(__state.result_types.extend(#n);));
                }
            }
        }
        if result_segments {
            let sizes = results.iter().map(|(f, a)| {
                let n = &f.ident;
                match a {
                    Ar::Single => quote!(1i64),
                    Ar::Optional => quote!(#n.is_some() as i64),
                    Ar::Variadic => quote!(#n.len() as i64),
                }
            });
            result_body.insert(
                0,
                quote! {
                    let __a = ctx.dense_i32_array_attr(::std::vec![#(#sizes),*]);
                    __state.add_attr(ctx, ::tail_ir::format::RESULT_SEGMENTS, __a);
                },
            );
        }
    } else if args.infer.is_some() {
        result_body.push(quote! {
            match Self::infer_result_types(ctx, &__state.operands, &__state.attrs) {
                Ok(t) => __state.result_types = t,
                Err(e) => panic!("cannot build '{}': {}", Self::NAME, e),
            }
        });
    } else if derive_from_operand {
        let src = first_single_operand.unwrap();
        let pushes = results
            .iter()
            .map(|_| quote!(__state.result_types.push(__t);));
        result_body.push(quote! {
            let __t = ctx.value_type(#src);
            #(#pushes)*
        });
    }
    for (f, m) in &attrs {
        let n = &f.ident;
        let s = n.to_string();
        param_names.push(n);
        match m {
            AttrMode::Required => {
                params.push(quote!(#n: ::tail_ir::Attribute));
                body.push(quote!(__state.add_attr(ctx, #s, #n);));
            }
            _ => {
                params.push(quote!(#n: ::core::option::Option<::tail_ir::Attribute>));
                body.push(quote!(if let Some(__a) = #n { __state.add_attr(ctx, #s, __a); }));
            }
        }
    }
    for f in &successors {
        let n = &f.ident;
        param_names.push(n);
        if matches!(f.role, Role::Successor { variadic: true }) {
            params.push(quote!(#n: &[::tail_ir::BlockId]));
            body.push(quote!(__state.successors.extend_from_slice(#n);));
        } else {
            params.push(quote!(#n: ::tail_ir::BlockId));
            body.push(quote!(__state.successors.push(#n);));
        }
    }
    let mut region_count_names = Vec::new();
    for f in &regions {
        if matches!(f.role, Role::Region { variadic: true, .. }) {
            let n = format_ident!("num_{}", f.ident);
            params.push(quote!(#n: usize));
            body.push(quote!(for _ in 0..#n { __state.regions.push(ctx.create_region()); }));
            region_count_names.push(n);
        } else {
            body.push(quote!(__state.regions.push(ctx.create_region());));
        }
    }
    let all_param_names: Vec<TokenStream> = param_names
        .iter()
        .map(|n| quote!(#n))
        .chain(region_count_names.iter().map(|n| quote!(#n)))
        .collect();
    let build_doc = {
        let mut s = String::from(
            " Creates the op at the builder's insertion point. Parameters: operands, ",
        );
        if derived_results {
            s.push_str("(result types are derived), ");
        } else {
            s.push_str("result types, ");
        }
        s.push_str("attributes (optional ones as `Option`), successors, and the number of regions of variadic region groups. Regions are created empty.");
        s
    };

    // ----- hooks -------------------------------------------------------------------------------
    let user_verify = match args.verify {
        Some(sp) => quote_spanned!(sp=> #ident(op).verify(ctx)?;),
        None => quote!(),
    };
    let (print_fn, parse_fn, print_entry, parse_entry) = if let Some(sp) = args.custom_assembly {
        (
            quote_spanned! {sp=>
                fn __print(p: &mut ::tail_ir::printer::Printer<'_>, op: ::tail_ir::OpId) -> ::core::fmt::Result {
                    #ident(op).print(p)
                }
                fn __parse(p: &mut ::tail_ir::parser::Parser<'_>, st: &mut ::tail_ir::OperationState) -> ::tail_ir::parser::ParseResult<()> {
                    #ident::parse(p, st)
                }
            },
            quote!(),
            quote!(Some(__print)),
            quote!(Some(__parse)),
        )
    } else if args.format.is_some() {
        (
            quote! {
                fn __print(p: &mut ::tail_ir::printer::Printer<'_>, op: ::tail_ir::OpId) -> ::core::fmt::Result {
                    ::tail_ir::format::print_op(#ident::spec(), p, op)
                }
                fn __parse(p: &mut ::tail_ir::parser::Parser<'_>, st: &mut ::tail_ir::OperationState) -> ::tail_ir::parser::ParseResult<()> {
                    ::tail_ir::format::parse_op(#ident::spec(), p, st)
                }
            },
            quote!(),
            quote!(Some(__print)),
            quote!(Some(__parse)),
        )
    } else {
        (quote!(), quote!(), quote!(None), quote!(None))
    };
    let (fold_fn, fold_entry) = match args.fold {
        Some(sp) => (
            quote_spanned! {sp=>
                fn __fold(
                    ctx: &mut ::tail_ir::Context,
                    op: ::tail_ir::OpId,
                    operands: &[::core::option::Option<::tail_ir::Attribute>],
                ) -> ::core::option::Option<::tail_ir::__private::smallvec::SmallVec<[::tail_ir::FoldResult; 1]>> {
                    #ident(op).fold(ctx, operands)
                }
            },
            quote!(Some(__fold)),
        ),
        None => (quote!(), quote!(None)),
    };
    let consumed_groups: Vec<usize> = operands
        .iter()
        .enumerate()
        .filter(|(_, (f, _))| f.consumed)
        .map(|(g, _)| g)
        .collect();
    let (consumed_fn, consumed_entry) = if consumed_groups.is_empty() {
        (quote!(), quote!(None))
    } else {
        (
            quote! {
                fn __consumed_operands(
                    ctx: &::tail_ir::Context,
                    op: ::tail_ir::OpId,
                ) -> ::tail_ir::__private::smallvec::SmallVec<[usize; 2]> {
                    let spec = #ident::spec();
                    let mut v = ::tail_ir::__private::smallvec::SmallVec::new();
                    #(v.extend(spec.operand_range(ctx, op, #consumed_groups));)*
                    v
                }
            },
            quote!(Some(__consumed_operands)),
        )
    };
    // Defaulted attributes: their default values are interned by every `Context` so that
    // printers can tell a default-valued attribute from another value.
    let default_submits: Vec<TokenStream> = attrs
        .iter()
        .enumerate()
        .filter(|(_, (_, m))| matches!(m, AttrMode::Default(_)))
        .map(|(i, (f, _))| {
            let n = f.ident.to_string();
            let build = format_ident!("__default_attr_{}", i);
            quote! {
                fn #build(ctx: &mut ::tail_ir::Context) -> ::tail_ir::Attribute {
                    let build = #ident::spec().attrs[#i].default.expect("a defaulted attribute");
                    build(ctx)
                }
                ::tail_ir::__private::inventory::submit! {
                    ::tail_ir::registry::DefaultAttrInfo { op: #ident::NAME, attr: #n, build: #build }
                }
            }
        })
        .collect();
    let canon_entry = match args.canonicalize {
        Some(sp) => quote_spanned!(sp=> Some(#ident::canonicalization_patterns)),
        None => quote!(None),
    };
    let summary_text = args
        .summary
        .as_ref()
        .map(|s| s.value())
        .unwrap_or_else(|| summary(&item.attrs));
    let parents: Vec<String> = args.parents.iter().map(|p| p.value()).collect();
    let default_dialect = args
        .default_dialect
        .as_ref()
        .map(|d| d.value())
        .unwrap_or_default();
    let op_name_str = op_name.value();

    // Buildable-type assertions for types a format leaves to the constraint.
    let mut assertions = Vec::new();
    if let (Some(o), Some(fs)) = (&format_out, &args.format) {
        for &g in &o.buildable_operands {
            let (f, _) = operands[g];
            let ty = &f.ty;
            let msg = format!(
                "op `{}`: the type of operand `{}` is not in the format and cannot be derived: add `type(${})` to the format (or use a constraint with a single type)",
                op_name_str, f.ident, f.ident
            );
            assertions.push(quote_spanned!(fs.span()=> const _: () = ::core::assert!(<#ty as ::tail_ir::TypeConstraint>::BUILDABLE, #msg);));
        }
        for &g in &o.buildable_results {
            let (f, _) = results[g];
            let ty = &f.ty;
            let msg = format!(
                "op `{}`: the type of result `{}` is not in the format and cannot be derived: add `type(${})` to the format or `infer_result_types`",
                op_name_str, f.ident, f.ident
            );
            assertions.push(quote_spanned!(fs.span()=> const _: () = ::core::assert!(<#ty as ::tail_ir::TypeConstraint>::BUILDABLE, #msg);));
        }
    }

    // ----- docs --------------------------------------------------------------------------------
    let mut docs = doc_lines(&item.attrs);
    docs.extend(op_docs(
        &args,
        &dialect,
        &op_name_str,
        &operands,
        &results,
        &attrs,
        &regions,
        &successors,
    ));
    let docs = doc_attrs(&docs);
    let other_attrs: Vec<_> = item
        .attrs
        .iter()
        .filter(|a| !a.path().is_ident("doc"))
        .collect();
    let name_doc = format!(" Full name: `<dialect>.{op_name_str}`.");
    let name_doc2 = format!(" `{op_name_str}` op.");

    Ok(quote! {
        #docs
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        #(#other_attrs)*
        #vis struct #ident(::tail_ir::OpId);

        #[allow(non_snake_case)]
        impl #ident {
            #[doc = #name_doc]
            pub const NAME: &'static str = {
                const __PARTS: &[&str] = &[<#dialect as ::tail_ir::DialectDef>::NAME, ".", #op_name_str];
                const __LEN: usize = ::tail_ir::__private::concat_len(__PARTS);
                const __BYTES: [u8; __LEN] = ::tail_ir::__private::concat_bytes::<__LEN>(__PARTS);
                ::tail_ir::__private::str_from_utf8(&__BYTES)
            };

            /// The typed handle if `op` is a
            #[doc = #name_doc2]
            pub fn from_op(ctx: &::tail_ir::Context, op: ::tail_ir::OpId) -> ::core::option::Option<Self> {
                if ctx.op_name_str(op) == #ident::NAME { Some(#ident(op)) } else { None }
            }

            /// The underlying operation.
            pub fn op(self) -> ::tail_ir::OpId {
                self.0
            }

            /// The op's declaration as data (operand groups, attributes, format, ...).
            pub fn spec() -> &'static ::tail_ir::format::OpSpec {
                static SPEC: ::tail_ir::format::OpSpec = ::tail_ir::format::OpSpec {
                    name: #ident::NAME,
                    traits: #traits_ts,
                    operands: &[#(#operand_specs),*],
                    results: &[#(#result_specs),*],
                    attrs: &[#(#attr_specs),*],
                    regions: &[#(#region_specs),*],
                    successors: &[#(#successor_specs),*],
                    operand_segments: #operand_segments,
                    result_segments: #result_segments,
                    infer_result_types: #infer_ts,
                    format: #format_ts,
                };
                &SPEC
            }

            #(#accessors)*

            /// Describes the op without creating it; see [`build`](Self::build).
            #[allow(clippy::too_many_arguments, unused_mut)]
            pub fn build_state(ctx: &mut ::tail_ir::Context, loc: ::tail_ir::Location, #(#params),*) -> ::tail_ir::OperationState {
                let mut __state = ::tail_ir::OperationState::new(ctx, Self::NAME, loc);
                #(#body)*
                #(#result_body)*
                __state
            }

            #[doc = #build_doc]
            #[allow(clippy::too_many_arguments)]
            pub fn build(builder: &mut ::tail_ir::Builder<'_>, #(#params),*) -> Self {
                let __loc = builder.loc;
                let __state = Self::build_state(&mut *builder.ctx, __loc, #(#all_param_names),*);
                #ident(builder.insert(__state))
            }
        }

        impl ::tail_ir::Op for #ident {
            const NAME: &'static str = #ident::NAME;
            fn from_op(ctx: &::tail_ir::Context, op: ::tail_ir::OpId) -> ::core::option::Option<Self> {
                #ident::from_op(ctx, op)
            }
            fn op(self) -> ::tail_ir::OpId {
                self.0
            }
        }

        impl ::core::convert::From<#ident> for ::tail_ir::OpId {
            fn from(x: #ident) -> ::tail_ir::OpId {
                x.0
            }
        }

        const _: () = {
            fn __verify(ctx: &::tail_ir::Context, op: ::tail_ir::OpId) -> ::core::result::Result<(), ::tail_ir::Diagnostic> {
                ::tail_ir::format::verify_op(#ident::spec(), ctx, op)?;
                #user_verify
                Ok(())
            }
            #print_fn
            #parse_fn
            #fold_fn
            #consumed_fn
            #(#default_submits)*
            ::tail_ir::__private::inventory::submit! {
                ::tail_ir::OpInfo {
                    name: #ident::NAME,
                    dialect: <#dialect as ::tail_ir::DialectDef>::NAME,
                    summary: #summary_text,
                    traits: #traits_ts,
                    parents: &[#(#parents),*],
                    default_dialect: #default_dialect,
                    verify: Some(__verify),
                    print: #print_entry,
                    parse: #parse_entry,
                    fold: #fold_entry,
                    canonicalize: #canon_entry,
                    consumed_operands: #consumed_entry,
                }
            }
            #(#assertions)*
        };
    })
}

fn arity_word(a: Ar) -> &'static str {
    match a {
        Ar::Single => "",
        Ar::Optional => "optional ",
        Ar::Variadic => "variadic ",
    }
}

#[allow(clippy::too_many_arguments)]
fn op_docs(
    args: &OpArgs,
    dialect: &syn::Path,
    name: &str,
    operands: &[(&Field, Ar)],
    results: &[(&Field, Ar)],
    attrs: &[(&Field, &AttrMode)],
    regions: &[&Field],
    successors: &[&Field],
) -> Vec<String> {
    let d = quote!(#dialect).to_string().replace(' ', "");
    let mut out = vec![String::new(), "# Definition".into(), String::new()];
    out.push(format!("Op `{name}` of dialect [`{d}`]."));
    if !args.traits.is_empty() {
        let t: Vec<String> = args.traits.iter().map(|t| format!("`{t}`")).collect();
        out.push(String::new());
        out.push(format!("Traits: {}.", t.join(", ")));
    }
    if !args.parents.is_empty() {
        let p: Vec<String> = args
            .parents
            .iter()
            .map(|p| format!("`{}`", p.value()))
            .collect();
        out.push(String::new());
        out.push(format!("Only nested directly in: {}.", p.join(", ")));
    }
    let mut hooks = Vec::new();
    for (f, n) in [
        (args.verify, "verify"),
        (args.fold, "fold"),
        (args.canonicalize, "canonicalize"),
        (args.infer, "infer_result_types"),
        (args.custom_assembly, "custom_assembly"),
    ] {
        if f.is_some() {
            hooks.push(format!("`{n}`"));
        }
    }
    if !hooks.is_empty() {
        out.push(String::new());
        out.push(format!("Hand-written hooks: {}.", hooks.join(", ")));
    }
    if let Some(f) = &args.format {
        out.extend([String::new(), "Assembly format:".into(), "```text".into()]);
        out.push(format!("{name} {}", f.value()));
        out.push("```".into());
    }
    let table = |out: &mut Vec<String>, title: &str, rows: Vec<(String, String, String)>| {
        if rows.is_empty() {
            return;
        }
        out.extend([String::new(), format!("**{title}**"), String::new()]);
        out.push("| Name | Constraint | Description |".into());
        out.push("|---|---|---|".into());
        for (n, c, d) in rows {
            out.push(format!("| `{n}` | {c} | {d} |"));
        }
    };
    let desc = |f: &Field| {
        f.docs
            .iter()
            .map(|l| l.trim())
            .collect::<Vec<_>>()
            .join(" ")
    };
    table(
        &mut out,
        "Operands",
        operands
            .iter()
            .map(|(f, a)| {
                (
                    f.ident.to_string(),
                    format!(
                        "{}{}[`{}`]",
                        if f.consumed { "consumed " } else { "" },
                        arity_word(*a),
                        type_text(&f.ty)
                    ),
                    desc(f),
                )
            })
            .collect(),
    );
    table(
        &mut out,
        "Results",
        results
            .iter()
            .map(|(f, a)| {
                (
                    f.ident.to_string(),
                    format!("{}[`{}`]", arity_word(*a), type_text(&f.ty)),
                    desc(f),
                )
            })
            .collect(),
    );
    table(
        &mut out,
        "Attributes",
        attrs
            .iter()
            .map(|(f, m)| {
                let q = match m {
                    AttrMode::Required => "",
                    AttrMode::Optional => "optional ",
                    AttrMode::Default(_) => "defaulted ",
                };
                (
                    f.ident.to_string(),
                    format!("{q}[`{}`]", type_text(&f.ty)),
                    desc(f),
                )
            })
            .collect(),
    );
    table(
        &mut out,
        "Regions",
        regions
            .iter()
            .map(|f| {
                let Role::Region {
                    variadic,
                    single_block,
                    ..
                } = &f.role
                else {
                    unreachable!()
                };
                let c = match (variadic, single_block) {
                    (true, true) => "variadic, single block",
                    (true, false) => "variadic",
                    (false, true) => "single block",
                    _ => "any",
                };
                (f.ident.to_string(), c.to_string(), desc(f))
            })
            .collect(),
    );
    table(
        &mut out,
        "Successors",
        successors
            .iter()
            .map(|f| {
                let v = matches!(f.role, Role::Successor { variadic: true });
                (
                    f.ident.to_string(),
                    if v { "variadic" } else { "one" }.to_string(),
                    desc(f),
                )
            })
            .collect(),
    );
    out
}
