//! `#[pass]`: declares a pass from a struct.
//!
//! ```ignore
//! /// Doc comment: the pass description.
//! #[pass(argument = "canonicalize", summary = "Canonicalize operations",
//!        anchor = "func.func" /* optional */, name = "Canonicalizer" /* optional display name */)]
//! pub struct Canonicalize {
//!     #[option(name = "max-iterations", default = 10, description = "Iteration limit")]
//!     max_iterations: usize,
//!     #[statistic(description = "Number of ops folded")]   // name defaults to `num-folded`
//!     num_folded: Statistic,
//!     scratch: Vec<u32>,                                     // any other field: Default
//! }
//! impl PassRun for Canonicalize { fn run_on_operation(...) -> PassResult { ... } }
//! ```
//!
//! Generates `impl Default` (options take their defaults; a `#[derive(Default)]` on the struct
//! is dropped), `impl tail_ir::pass::Pass` (option parsing and printing, statistics, `run`
//! delegating to `PassRun::run_on_operation`), the associated `PASS_INFO` and `create_pass()`,
//! and the link-time `PassRegistration`. Option types: `bool`, the integer types, `f32`, `f64`,
//! `String`, and `Vec<_>` of those (comma-separated lists).

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, ToTokens};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{
    Attribute, Expr, ExprLit, Fields, Ident, ItemStruct, Lit, Meta, MetaNameValue, Token, Type,
};

/// The value type of an option.
#[derive(Clone)]
enum OptKind {
    Bool,
    Int,
    Float(&'static str),
    Str,
    Vec(Box<OptKind>, String),
}

impl OptKind {
    fn type_name(&self, ty: &Type) -> String {
        match self {
            OptKind::Vec(_, inner) => format!("Vec<{inner}>"),
            _ => type_text(ty),
        }
    }
}

fn scalar_kind(ident: &str) -> Option<OptKind> {
    Some(match ident {
        "bool" => OptKind::Bool,
        "i8" | "i16" | "i32" | "i64" | "isize" | "u8" | "u16" | "u32" | "u64" | "usize" => {
            OptKind::Int
        }
        "f32" => OptKind::Float("f32"),
        "f64" => OptKind::Float("f64"),
        "String" => OptKind::Str,
        _ => return None,
    })
}

/// `Vec<String>` rather than the token spacing `Vec < String >`.
fn type_text(ty: &Type) -> String {
    ty.to_token_stream()
        .to_string()
        .replace(" :: ", "::")
        .replace(":: ", "::")
        .replace(" <", "<")
        .replace("< ", "<")
        .replace(" >", ">")
}

fn last_segment(ty: &Type) -> Option<&syn::PathSegment> {
    match ty {
        Type::Path(p) if p.qself.is_none() => p.path.segments.last(),
        _ => None,
    }
}

fn option_kind(ty: &Type) -> Option<OptKind> {
    let seg = last_segment(ty)?;
    let name = seg.ident.to_string();
    if name == "Vec" {
        let syn::PathArguments::AngleBracketed(args) = &seg.arguments else {
            return None;
        };
        let Some(syn::GenericArgument::Type(inner)) = args.args.first() else {
            return None;
        };
        let inner_seg = last_segment(inner)?;
        if !inner_seg.arguments.is_empty() {
            return None;
        }
        let inner_name = inner_seg.ident.to_string();
        let k = scalar_kind(&inner_name)?;
        return Some(OptKind::Vec(Box::new(k), inner_name));
    }
    if !seg.arguments.is_empty() {
        return None;
    }
    scalar_kind(&name)
}

struct PassOption {
    field: Ident,
    ty: Type,
    name: String,
    default_expr: TokenStream,
    default_text: String,
    description: String,
    type_name: String,
}

struct PassStat {
    field: Ident,
    name: String,
    description: String,
}

fn lit_str(expr: &Expr, what: &str) -> syn::Result<String> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(s), ..
        }) => Ok(s.value()),
        _ => Err(syn::Error::new(
            expr.span(),
            format!("`{what}` must be a string literal"),
        )),
    }
}

fn key_of(nv: &MetaNameValue) -> String {
    nv.path
        .get_ident()
        .map(|i| i.to_string())
        .unwrap_or_else(|| nv.path.to_token_stream().to_string())
}

/// The default value of a scalar option as Rust code and as pipeline text.
fn scalar_default(kind: &OptKind, expr: &Expr) -> syn::Result<(TokenStream, String)> {
    let text_of = |e: &Expr| e.to_token_stream().to_string().replace(' ', "");
    Ok(match (kind, expr) {
        (
            OptKind::Str,
            Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }),
        ) => (quote!(::std::string::String::from(#s)), s.value()),
        (OptKind::Str, e) => (quote!(::std::string::String::from(#e)), text_of(e)),
        (
            OptKind::Bool,
            Expr::Lit(ExprLit {
                lit: Lit::Bool(b), ..
            }),
        ) => (
            quote!(#b),
            if b.value { "true" } else { "false" }.to_string(),
        ),
        (
            OptKind::Int,
            Expr::Lit(ExprLit {
                lit: Lit::Int(i), ..
            }),
        ) => {
            let v: i128 = i.base10_parse()?;
            (quote!(#i), v.to_string())
        }
        (OptKind::Float(fty), Expr::Lit(ExprLit { lit, .. }))
            if matches!(lit, Lit::Int(_) | Lit::Float(_)) =>
        {
            let v: f64 = match lit {
                Lit::Int(i) => i.base10_parse()?,
                Lit::Float(f) => f.base10_parse()?,
                _ => unreachable!(),
            };
            let fty = format_ident!("{}", fty);
            let text = if fty == "f32" {
                format!("{:?}", v as f32)
            } else {
                format!("{v:?}")
            };
            (quote!((#lit as #fty)), text)
        }
        (OptKind::Bool | OptKind::Int | OptKind::Float(_), Expr::Lit(l)) => {
            let what = match kind {
                OptKind::Bool => "`true` or `false`",
                OptKind::Int => "an integer literal",
                _ => "a number",
            };
            return Err(syn::Error::new(
                l.span(),
                format!("the default of this option must be {what}"),
            ));
        }
        (_, e) => (quote!(#e), text_of(e)),
    })
}

fn parse_option(field: &Ident, ty: &Type, attr: &Attribute) -> syn::Result<PassOption> {
    let kind = option_kind(ty).ok_or_else(|| {
        syn::Error::new(
            ty.span(),
            format!(
                "unsupported type `{}` for pass option field `{field}`: expected bool, an integer type, \
                 f32, f64, String, or Vec<_> of those",
                type_text(ty)
            ),
        )
    })?;
    let args = match &attr.meta {
        Meta::List(_) => {
            attr.parse_args_with(Punctuated::<MetaNameValue, Token![,]>::parse_terminated)?
        }
        _ => Punctuated::new(),
    };
    let (mut name, mut default, mut description) = (None, None, String::new());
    for nv in &args {
        match key_of(nv).as_str() {
            "name" => name = Some(lit_str(&nv.value, "name")?),
            "default" => default = Some(nv.value.clone()),
            "description" | "desc" => description = lit_str(&nv.value, "description")?,
            other => {
                return Err(syn::Error::new(
                    nv.path.span(),
                    format!(
                        "unknown key `{other}` in #[option] on field `{field}` (expected name, default, description)"
                    ),
                ))
            }
        }
    }
    let name = name.ok_or_else(|| {
        syn::Error::new(
            field.span(),
            format!("option field `{field}` needs a name: #[option(name = \"...\")]"),
        )
    })?;
    if name.is_empty()
        || name
            .chars()
            .any(|c| c.is_whitespace() || "={}(),\"'".contains(c))
    {
        return Err(syn::Error::new(
            attr.span(),
            format!("invalid option name `{name}` on field `{field}`: use letters, digits and `-`"),
        ));
    }
    let (default_expr, default_text) = match (&kind, &default) {
        (_, None) => {
            let text = match &kind {
                OptKind::Bool => "false",
                OptKind::Int => "0",
                OptKind::Float(_) => "0.0",
                OptKind::Str | OptKind::Vec(..) => "",
            };
            (
                quote!(::core::default::Default::default()),
                text.to_string(),
            )
        }
        (OptKind::Vec(inner, _), Some(Expr::Array(arr))) => {
            let mut elems = Vec::new();
            let mut texts = Vec::new();
            for e in &arr.elems {
                let (code, text) = scalar_default(inner, e)?;
                elems.push(code);
                texts.push(text);
            }
            (quote!(::std::vec![#(#elems),*]), texts.join(","))
        }
        (
            OptKind::Vec(inner, _),
            Some(Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            })),
        ) if matches!(**inner, OptKind::Str) => {
            let value = s.value();
            let parts: Vec<String> = if value.trim().is_empty() {
                Vec::new()
            } else {
                value.split(',').map(|p| p.trim().to_string()).collect()
            };
            (
                quote!(::std::vec![#(::std::string::String::from(#parts)),*]),
                parts.join(","),
            )
        }
        (OptKind::Vec(..), Some(e @ Expr::Lit(_))) => {
            return Err(syn::Error::new(
                e.span(),
                "the default of a list option is an array: `default = [a, b]`",
            ))
        }
        (k, Some(e)) => scalar_default(k, e)?,
    };
    Ok(PassOption {
        field: field.clone(),
        ty: ty.clone(),
        name,
        default_expr,
        default_text,
        description,
        type_name: kind.type_name(ty),
    })
}

fn parse_statistic(field: &Ident, ty: &Type, attr: &Attribute) -> syn::Result<PassStat> {
    if last_segment(ty).is_none_or(|s| s.ident != "Statistic") {
        return Err(syn::Error::new(
            ty.span(),
            format!(
                "statistic field `{field}` must have type `Statistic` (tail_ir::pass::Statistic)"
            ),
        ));
    }
    let args = match &attr.meta {
        Meta::List(_) => {
            attr.parse_args_with(Punctuated::<MetaNameValue, Token![,]>::parse_terminated)?
        }
        _ => Punctuated::new(),
    };
    let mut name = field.to_string().trim_start_matches("r#").replace('_', "-");
    let mut description = String::new();
    for nv in &args {
        match key_of(nv).as_str() {
            "name" => name = lit_str(&nv.value, "name")?,
            "description" | "desc" => description = lit_str(&nv.value, "description")?,
            other => {
                return Err(syn::Error::new(
                    nv.path.span(),
                    format!("unknown key `{other}` in #[statistic] on field `{field}` (expected name, description)"),
                ))
            }
        }
    }
    Ok(PassStat {
        field: field.clone(),
        name,
        description,
    })
}

/// The text of the `///` doc comments, with the conventional leading space removed.
fn doc_text(attrs: &[Attribute]) -> String {
    let mut lines = Vec::new();
    for a in attrs {
        if !a.path().is_ident("doc") {
            continue;
        }
        if let Meta::NameValue(MetaNameValue {
            value: Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }),
            ..
        }) = &a.meta
        {
            let v = s.value();
            if v.is_empty() {
                lines.push(String::new());
            }
            for line in v.lines() {
                lines.push(line.strip_prefix(' ').unwrap_or(line).to_string());
            }
        }
    }
    lines.join("\n").trim().to_string()
}

/// Removes `Default` from `#[derive(...)]` lists (the macro generates `Default`).
fn strip_derive_default(attrs: &mut Vec<Attribute>) -> syn::Result<()> {
    let mut out = Vec::with_capacity(attrs.len());
    for a in attrs.drain(..) {
        if a.path().is_ident("derive") {
            let paths = a.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)?;
            let kept: Vec<&syn::Path> = paths
                .iter()
                .filter(|p| p.segments.last().is_none_or(|s| s.ident != "Default"))
                .collect();
            if kept.len() == paths.len() {
                out.push(a);
            } else if !kept.is_empty() {
                out.push(syn::parse_quote!(#[derive(#(#kept),*)]));
            }
        } else {
            out.push(a);
        }
    }
    *attrs = out;
    Ok(())
}

fn md_escape(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

pub fn expand(attr: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    let args = syn::parse::Parser::parse2(
        Punctuated::<MetaNameValue, Token![,]>::parse_terminated,
        attr,
    )?;
    let mut item: ItemStruct = syn::parse2(item).map_err(|e| {
        syn::Error::new(
            e.span(),
            "#[pass] applies to a struct (with named fields, or a unit struct)",
        )
    })?;
    if !item.generics.params.is_empty() {
        return Err(syn::Error::new(
            item.generics.span(),
            "a #[pass] struct cannot be generic",
        ));
    }

    let (mut argument, mut summary, mut anchor, mut display, mut description) =
        (None, String::new(), None, None, None);
    for nv in &args {
        match key_of(nv).as_str() {
            "argument" => argument = Some(lit_str(&nv.value, "argument")?),
            "summary" => summary = lit_str(&nv.value, "summary")?,
            "anchor" => anchor = Some(lit_str(&nv.value, "anchor")?),
            "name" => display = Some(lit_str(&nv.value, "name")?),
            "description" => description = Some(lit_str(&nv.value, "description")?),
            other => {
                return Err(syn::Error::new(
                    nv.path.span(),
                    format!("unknown key `{other}` in #[pass] (expected argument, summary, anchor, name, description)"),
                ))
            }
        }
    }
    let ident = item.ident.clone();
    let argument = argument.ok_or_else(|| {
        syn::Error::new(
            Span::call_site(),
            format!("#[pass] on `{ident}` needs the pipeline argument: #[pass(argument = \"my-pass\", ...)]"),
        )
    })?;
    if argument.is_empty()
        || argument
            .chars()
            .any(|c| c.is_whitespace() || "={}(),".contains(c))
    {
        return Err(syn::Error::new(
            Span::call_site(),
            format!("invalid pass argument `{argument}`"),
        ));
    }
    let anchor = anchor.filter(|a| a != "any");
    let display = display.unwrap_or_else(|| ident.to_string());
    let description = description.unwrap_or_else(|| doc_text(&item.attrs));

    // ----- fields ---------------------------------------------------------------------------
    let mut options = Vec::new();
    let mut stats = Vec::new();
    let mut field_inits = Vec::new();
    let unit = matches!(item.fields, Fields::Unit);
    match &mut item.fields {
        Fields::Named(named) => {
            for f in named.named.iter_mut() {
                let fname = f.ident.clone().expect("named field");
                let mut kind: Option<(bool, Attribute)> = None;
                let mut kept = Vec::new();
                for a in f.attrs.drain(..) {
                    let is_opt = a.path().is_ident("option");
                    let is_stat = a.path().is_ident("statistic");
                    if is_opt || is_stat {
                        if kind.is_some() {
                            return Err(syn::Error::new(
                                a.span(),
                                format!("field `{fname}` has more than one #[option]/#[statistic] attribute"),
                            ));
                        }
                        kind = Some((is_opt, a));
                    } else {
                        kept.push(a);
                    }
                }
                let has_doc = kept.iter().any(|a| a.path().is_ident("doc"));
                f.attrs = kept;
                match kind {
                    Some((true, a)) => {
                        let o = parse_option(&fname, &f.ty, &a)?;
                        if !has_doc {
                            let doc = format!(
                                "Option `{}` (default `{}`){}{}",
                                o.name,
                                o.default_text,
                                if o.description.is_empty() { "" } else { ": " },
                                o.description
                            );
                            f.attrs.push(syn::parse_quote!(#[doc = #doc]));
                        }
                        let d = &o.default_expr;
                        field_inits.push(quote!(#fname: #d));
                        options.push(o);
                    }
                    Some((false, a)) => {
                        let s = parse_statistic(&fname, &f.ty, &a)?;
                        if !has_doc {
                            let doc = format!("Statistic `{}`: {}", s.name, s.description);
                            f.attrs.push(syn::parse_quote!(#[doc = #doc]));
                        }
                        field_inits.push(quote!(#fname: ::tail_ir::pass::Statistic::new()));
                        stats.push(s);
                    }
                    None => field_inits.push(quote!(#fname: ::core::default::Default::default())),
                }
            }
        }
        Fields::Unit => {}
        Fields::Unnamed(u) => {
            return Err(syn::Error::new(
                u.span(),
                "a #[pass] struct needs named fields (or none)",
            ));
        }
    }
    options.sort_by(|a, b| a.name.cmp(&b.name));
    stats.sort_by(|a, b| a.name.cmp(&b.name));
    for w in options.windows(2) {
        if w[0].name == w[1].name {
            return Err(syn::Error::new(
                w[1].field.span(),
                format!(
                    "option name `{}` is used by fields `{}` and `{}`",
                    w[1].name, w[0].field, w[1].field
                ),
            ));
        }
    }
    for w in stats.windows(2) {
        if w[0].name == w[1].name {
            return Err(syn::Error::new(
                w[1].field.span(),
                format!(
                    "statistic name `{}` is used by fields `{}` and `{}`",
                    w[1].name, w[0].field, w[1].field
                ),
            ));
        }
    }

    // ----- documentation --------------------------------------------------------------------
    strip_derive_default(&mut item.attrs)?;
    let mut docs: Vec<String> = Vec::new();
    if !description.is_empty() {
        docs.push(String::new());
    }
    docs.push(format!("# Pass `{argument}`"));
    docs.push(String::new());
    if !summary.is_empty() {
        docs.push(format!("{summary}."));
        docs.push(String::new());
    }
    let example = match anchor.as_deref() {
        Some("builtin.module") | None => format!("builtin.module({argument})"),
        Some(a) => format!("builtin.module({a}({argument}))"),
    };
    let runs_on = match &anchor {
        Some(a) => format!("Runs on `{a}` ops"),
        None => "Runs on any op".to_string(),
    };
    docs.push(format!(
        "{runs_on}; in a pipeline: `{example}`. Display name: `{display}`."
    ));
    if !options.is_empty() {
        docs.push(String::new());
        docs.push("| Option | Type | Default | Description |".into());
        docs.push("|---|---|---|---|".into());
        for o in &options {
            docs.push(format!(
                "| `{}` | `{}` | `{}` | {} |",
                o.name,
                o.type_name,
                md_escape(&o.default_text),
                md_escape(&o.description)
            ));
        }
    }
    if !stats.is_empty() {
        docs.push(String::new());
        docs.push("| Statistic | Description |".into());
        docs.push("|---|---|".into());
        for s in &stats {
            docs.push(format!("| `{}` | {} |", s.name, md_escape(&s.description)));
        }
    }
    for d in &docs {
        item.attrs.push(syn::parse_quote!(#[doc = #d]));
    }

    // ----- generated code -------------------------------------------------------------------
    let anchor_tokens = match &anchor {
        Some(a) => quote!(::core::option::Option::Some(#a)),
        None => quote!(::core::option::Option::None),
    };
    let option_infos = options.iter().map(|o| {
        let (name, ty, def, desc) = (&o.name, &o.type_name, &o.default_text, &o.description);
        quote!(::tail_ir::pass::PassOptionInfo { name: #name, type_name: #ty, default: #def, description: #desc })
    });
    let stat_infos = stats.iter().map(|s| {
        let (name, desc) = (&s.name, &s.description);
        quote!(::tail_ir::pass::PassStatisticInfo { name: #name, description: #desc })
    });
    let set_arms = options.iter().map(|o| {
        let (name, field, ty) = (&o.name, &o.field, &o.ty);
        quote! {
            #name => {
                self.#field = ::tail_ir::pass::__private::parse_option_for::<#ty>(name, value)?;
                ::core::result::Result::Ok(())
            }
        }
    });
    let print_calls = options.iter().map(|o| {
        let (name, field) = (&o.name, &o.field);
        quote!(w.option(#name, &self.#field);)
    });
    let stat_values = stats.iter().map(|s| {
        let (name, field, desc) = (&s.name, &s.field, &s.description);
        quote!(::tail_ir::pass::PassStatistic { name: #name, description: #desc, value: self.#field.get() })
    });
    let default_body = if unit {
        quote!(#ident)
    } else {
        quote!(#ident { #(#field_inits,)* })
    };
    let info_doc = format!("Registration info of the `{argument}` pass.");
    let create_doc =
        format!("Creates the `{argument}` pass with default options, boxed for a pass manager.");

    Ok(quote! {
        #item

        impl ::core::default::Default for #ident {
            /// The pass with every option at its default.
            fn default() -> Self {
                #default_body
            }
        }

        impl #ident {
            #[doc = #info_doc]
            pub const PASS_INFO: &'static ::tail_ir::pass::PassInfo = &::tail_ir::pass::PassInfo {
                name: #display,
                argument: #argument,
                summary: #summary,
                description: #description,
                anchor: #anchor_tokens,
                options: &[#(#option_infos),*],
                statistics: &[#(#stat_infos),*],
            };

            #[doc = #create_doc]
            pub fn create_pass() -> ::std::boxed::Box<dyn ::tail_ir::pass::Pass> {
                ::std::boxed::Box::new(<Self as ::core::default::Default>::default())
            }
        }

        impl ::tail_ir::pass::Pass for #ident {
            fn info(&self) -> &'static ::tail_ir::pass::PassInfo {
                Self::PASS_INFO
            }
            #[allow(unused_variables)]
            fn set_option(&mut self, name: &str, value: &str) -> ::core::result::Result<(), ::std::string::String> {
                match name {
                    #(#set_arms)*
                    _ => ::core::result::Result::Err(::tail_ir::pass::__private::no_such_option(#argument, name)),
                }
            }
            fn options_string(&self) -> ::std::string::String {
                #[allow(unused_mut)]
                let mut w = ::tail_ir::pass::__private::OptionsWriter::new();
                #(#print_calls)*
                w.finish()
            }
            fn statistics(&self) -> ::std::vec::Vec<::tail_ir::pass::PassStatistic> {
                ::std::vec![#(#stat_values),*]
            }
            fn run(
                &mut self,
                ctx: &mut ::tail_ir::Context,
                op: ::tail_ir::OpId,
                am: &mut ::tail_ir::pass::AnalysisManager,
            ) -> ::tail_ir::pass::PassResult {
                <Self as ::tail_ir::pass::PassRun>::run_on_operation(self, ctx, op, am)
            }
        }

        ::tail_ir::__private::inventory::submit! {
            ::tail_ir::pass::PassRegistration { info: #ident::PASS_INFO, create: #ident::create_pass }
        }
    })
}
