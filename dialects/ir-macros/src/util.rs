//! Helpers shared by the macros.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::{Attribute, Expr, ExprLit, Lit, Meta};

/// Collects errors so that a declaration reports all of its mistakes at once.
#[derive(Default)]
pub struct Errors(Option<syn::Error>);

impl Errors {
    pub fn push(&mut self, e: syn::Error) {
        match &mut self.0 {
            Some(x) => x.combine(e),
            None => self.0 = Some(e),
        }
    }
    pub fn spanned(&mut self, tokens: impl ToTokens, msg: impl std::fmt::Display) {
        self.push(syn::Error::new_spanned(tokens, msg));
    }
    pub fn finish(self) -> syn::Result<()> {
        match self.0 {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// The text of the `///` doc comments among `attrs`, one entry per line.
pub fn doc_lines(attrs: &[Attribute]) -> Vec<String> {
    let mut out = Vec::new();
    for a in attrs {
        if !a.path().is_ident("doc") {
            continue;
        }
        if let Meta::NameValue(nv) = &a.meta {
            if let Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) = &nv.value
            {
                for line in s.value().lines() {
                    out.push(line.strip_prefix(' ').unwrap_or(line).to_string());
                }
            }
        }
    }
    out
}

/// The first non-empty doc line (the summary), or "".
pub fn summary(attrs: &[Attribute]) -> String {
    doc_lines(attrs)
        .into_iter()
        .map(|l| l.trim().to_string())
        .find(|l| !l.is_empty())
        .unwrap_or_default()
}

/// `#[doc = "..."]` attributes for the given lines.
pub fn doc_attrs(lines: &[String]) -> TokenStream {
    let mut ts = TokenStream::new();
    for l in lines {
        let l = format!(" {l}");
        ts.extend(quote::quote!(#[doc = #l]));
    }
    ts
}

/// A type's tokens as compact text (`tail_ir::constraints::AnyType`).
pub fn type_text(ty: &syn::Type) -> String {
    let s = ty.to_token_stream().to_string();
    let mut out = String::with_capacity(s.len());
    for part in s.split(' ') {
        let glue = out.ends_with(|c: char| c.is_alphanumeric() || c == '_')
            && part.starts_with(|c: char| c.is_alphanumeric() || c == '_');
        if glue {
            out.push(' ');
        }
        out.push_str(part);
    }
    out
}

/// The last identifier of a path type (`Region` for `tail_ir::Region`).
pub fn last_ident(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => {
            p.path.segments.last().map(|s| s.ident.to_string())
        }
        _ => None,
    }
}

/// `CamelCase` -> `SCREAMING_SNAKE`.
pub fn screaming_snake(s: &str) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}
