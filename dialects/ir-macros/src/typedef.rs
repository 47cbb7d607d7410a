//! `#[type_def]` and `#[attr_def]`: dialect types and attributes from structs whose fields
//! are the parameters.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::{Fields, ItemStruct, LitStr};

use crate::asm::{compile_def_format, DefElem};
use crate::util::{doc_attrs, doc_lines, type_text};

#[derive(Copy, Clone, PartialEq)]
enum Kind {
    Type,
    Attr,
}

pub fn expand_type(a: TokenStream, i: TokenStream) -> syn::Result<TokenStream> {
    expand(a, i, Kind::Type)
}

pub fn expand_attr(a: TokenStream, i: TokenStream) -> syn::Result<TokenStream> {
    expand(a, i, Kind::Attr)
}

fn expand(attr: TokenStream, item: TokenStream, kind: Kind) -> syn::Result<TokenStream> {
    let item: ItemStruct = syn::parse2(item)?;
    let macro_name = if kind == Kind::Type {
        "type_def"
    } else {
        "attr_def"
    };
    let mut dialect: Option<syn::Path> = None;
    let mut mnemonic: Option<LitStr> = None;
    let mut format: Option<LitStr> = None;
    let mut custom: Option<Span> = None;
    let parser = syn::meta::parser(|meta| {
        if meta.path.is_ident("dialect") {
            dialect = Some(meta.value()?.parse()?);
        } else if meta.path.is_ident("mnemonic") {
            mnemonic = Some(meta.value()?.parse()?);
        } else if meta.path.is_ident("format") {
            format = Some(meta.value()?.parse()?);
        } else if meta.path.is_ident("custom_assembly") {
            custom = Some(syn::spanned::Spanned::span(&meta.path));
        } else {
            return Err(meta.error(format!(
                "unknown #[{macro_name}] option `{}`; expected dialect, mnemonic, format, custom_assembly",
                meta.path.get_ident().map(|i| i.to_string()).unwrap_or_default()
            )));
        }
        Ok(())
    });
    syn::parse::Parser::parse2(parser, attr)?;
    let Some(dialect) = dialect else {
        return Err(syn::Error::new(
            Span::call_site(),
            format!("#[{macro_name}] requires `dialect = <DialectStruct>`"),
        ));
    };
    let Some(mnemonic) = mnemonic else {
        return Err(syn::Error::new(
            Span::call_site(),
            format!("#[{macro_name}] requires `mnemonic = \"...\"`"),
        ));
    };
    if let (Some(f), Some(_)) = (&format, custom) {
        return Err(syn::Error::new_spanned(
            f,
            "`format` and `custom_assembly` are mutually exclusive",
        ));
    }
    if !item.generics.params.is_empty() {
        return Err(syn::Error::new_spanned(
            &item.generics,
            format!("#[{macro_name}] structs cannot be generic"),
        ));
    }
    let fields: Vec<&syn::Field> = match &item.fields {
        Fields::Named(n) => n.named.iter().collect(),
        Fields::Unit => Vec::new(),
        Fields::Unnamed(u) => {
            return Err(syn::Error::new_spanned(
                u,
                format!("#[{macro_name}] needs named fields (or a unit struct)"),
            ))
        }
    };
    for f in &fields {
        let n = f.ident.as_ref().unwrap();
        if n == "ctx" {
            return Err(syn::Error::new_spanned(
                n,
                "parameter name `ctx` is reserved",
            ));
        }
    }
    let names: Vec<String> = fields
        .iter()
        .map(|f| f.ident.as_ref().unwrap().to_string())
        .collect();
    let ident = &item.ident;
    let vis = &item.vis;
    let mn = mnemonic.value();

    // Printing and parsing bodies.
    let (print_body, parse_body) = if let Some(sp) = custom {
        (
            quote_spanned!(sp=> #ident::print_body(self, p)),
            quote_spanned!(sp=> #ident::parse_body(p)),
        )
    } else {
        let elems = match &format {
            Some(f) => compile_def_format(&f.value(), &names).map_err(|e| {
                syn::Error::new_spanned(f, format!("invalid format for `{mn}`: {e}"))
            })?,
            None if fields.is_empty() => Vec::new(),
            None => {
                return Err(syn::Error::new_spanned(
                    &item.ident,
                    format!(
                    "#[{macro_name}] with parameters needs `format = \"...\"` or `custom_assembly`"
                ),
                ))
            }
        };
        let mut prints = Vec::new();
        let mut parses = Vec::new();
        for e in &elems {
            match e {
                DefElem::Literal(s, space) => {
                    let text = if *space { format!(" {s}") } else { s.clone() };
                    prints.push(quote!(::core::fmt::Write::write_str(p, #text)?;));
                    parses.push(quote!(::tail_ir::format::parse_literal(p, #s)?;));
                }
                DefElem::Space(s) => prints.push(quote!(::core::fmt::Write::write_str(p, #s)?;)),
                DefElem::Param(i, space) => {
                    let f = fields[*i];
                    let n = f.ident.as_ref().unwrap();
                    let ty = &f.ty;
                    let local = format_ident!("__p_{}", n);
                    if *space {
                        prints.push(quote!(::core::fmt::Write::write_str(p, " ")?;));
                    }
                    prints.push(quote_spanned!(syn::spanned::Spanned::span(ty)=> <#ty as ::tail_ir::format::DefParam>::print_param(&self.#n, p)?;));
                    parses.push(quote_spanned!(syn::spanned::Spanned::span(ty)=> let #local: #ty = <#ty as ::tail_ir::format::DefParam>::parse_param(p)?;));
                }
            }
        }
        let inits = fields.iter().map(|f| {
            let n = f.ident.as_ref().unwrap();
            let local = format_ident!("__p_{}", n);
            quote!(#n: #local)
        });
        (
            quote! { #(#prints)* Ok(()) },
            quote! { #(#parses)* Ok(#ident { #(#inits),* }) },
        )
    };

    let params = fields.iter().map(|f| {
        let n = f.ident.as_ref().unwrap();
        let t = &f.ty;
        quote!(#n: #t)
    });
    let field_names: Vec<_> = fields.iter().map(|f| f.ident.as_ref().unwrap()).collect();

    // Docs.
    let sigil = if kind == Kind::Type { "!" } else { "#" };
    let mut docs = doc_lines(&item.attrs);
    docs.extend([String::new(), "# Definition".into(), String::new()]);
    let d = quote!(#dialect).to_string().replace(' ', "");
    docs.push(format!(
        "{} `{sigil}<dialect>.{mn}` of dialect [`{d}`].",
        if kind == Kind::Type {
            "Type"
        } else {
            "Attribute"
        }
    ));
    if let Some(f) = &format {
        docs.extend([
            String::new(),
            "Syntax:".into(),
            "```text".into(),
            format!("{sigil}<dialect>.{mn}{}", f.value()),
            "```".into(),
        ]);
    } else if custom.is_some() {
        docs.extend([
            String::new(),
            "Syntax: hand-written (`print_body` / `parse_body`).".into(),
        ]);
    }
    if !fields.is_empty() {
        docs.extend([
            String::new(),
            "| Parameter | Type |".into(),
            "|---|---|".into(),
        ]);
        for f in &fields {
            docs.push(format!(
                "| `{}` | `{}` |",
                f.ident.as_ref().unwrap(),
                type_text(&f.ty)
            ));
        }
    }
    let docs = doc_attrs(&docs);
    let other_attrs: Vec<_> = item
        .attrs
        .iter()
        .filter(|a| !a.path().is_ident("doc"))
        .collect();
    let struct_fields = &item.fields;
    let semi = if fields.is_empty() && !matches!(item.fields, Fields::Named(_)) {
        quote!(;)
    } else {
        quote!()
    };

    let (trait_path, handle, info, get_doc, ctor, from_fn) = match kind {
        Kind::Type => (
            quote!(::tail_ir::DialectType),
            quote!(::tail_ir::Type),
            quote!(::tail_ir::TypeDefInfo),
            " The uniqued type with these parameters.",
            quote!(ctx.dialect_type(#ident { #(#field_names),* })),
            quote! {
                /// The parameters of `ty` if it is this type.
                pub fn from_type(ctx: &::tail_ir::Context, ty: ::tail_ir::Type) -> ::core::option::Option<&Self> {
                    ctx.type_as::<Self>(ty)
                }
            },
        ),
        Kind::Attr => (
            quote!(::tail_ir::attrs::DialectAttr),
            quote!(::tail_ir::Attribute),
            quote!(::tail_ir::AttrDefInfo),
            " The uniqued attribute with these parameters.",
            quote!(ctx.intern_attr(::tail_ir::AttrKind::Dialect(::std::boxed::Box::new(#ident { #(#field_names),* })))),
            quote! {
                /// The parameters of `a` if it is this attribute.
                pub fn from_attr(ctx: &::tail_ir::Context, a: ::tail_ir::Attribute) -> ::core::option::Option<&Self> {
                    match ctx.attr_kind(a) {
                        ::tail_ir::AttrKind::Dialect(d) => ::tail_ir::types::DynEqHash::as_any(&**d).downcast_ref::<Self>(),
                        _ => None,
                    }
                }
            },
        ),
    };
    let parse_ret = match kind {
        Kind::Type => quote! {
            let __v: #ident = { #parse_body }?;
            ::tail_ir::format::parsed_type(p, __v)
        },
        Kind::Attr => quote! {
            let __v: #ident = { #parse_body }?;
            ::tail_ir::format::parsed_attr(p, __v)
        },
    };

    // The struct doubles as a constraint accepting exactly this type / attribute kind.
    let constraint_impl = match kind {
        Kind::Type => {
            let desc = format!("{mn} type");
            quote! {
                impl ::tail_ir::TypeConstraint for #ident {
                    const DESCRIPTION: &'static str = #desc;
                    fn check(ctx: &::tail_ir::Context, ty: ::tail_ir::Type) -> bool {
                        #ident::from_type(ctx, ty).is_some()
                    }
                }
            }
        }
        Kind::Attr => {
            let desc = format!("{mn} attribute");
            quote! {
                impl ::tail_ir::AttrConstraint for #ident {
                    const DESCRIPTION: &'static str = #desc;
                    fn check(ctx: &::tail_ir::Context, a: ::tail_ir::Attribute) -> bool {
                        #ident::from_attr(ctx, a).is_some()
                    }
                }
            }
        }
    };

    Ok(quote! {
        #docs
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        #(#other_attrs)*
        #vis struct #ident #struct_fields #semi

        impl #trait_path for #ident {
            fn dialect(&self) -> &'static str {
                <#dialect as ::tail_ir::DialectDef>::NAME
            }
            fn mnemonic(&self) -> &'static str {
                #mn
            }
            #[deny(unconditional_recursion)]
            #[allow(unused_variables)]
            fn print_body(&self, p: &mut ::tail_ir::printer::Printer<'_>) -> ::core::fmt::Result {
                #print_body
            }
        }

        #constraint_impl

        impl #ident {
            /// The mnemonic after the dialect namespace.
            pub const MNEMONIC: &'static str = #mn;
            #[doc = #get_doc]
            pub fn get(ctx: &mut ::tail_ir::Context, #(#params),*) -> #handle {
                #ctor
            }
            #from_fn
        }

        const _: () = {
            #[allow(unused_variables)]
            fn __parse(p: &mut ::tail_ir::parser::Parser<'_>) -> ::tail_ir::parser::ParseResult<#handle> {
                #parse_ret
            }
            ::tail_ir::__private::inventory::submit! {
                #info {
                    dialect: <#dialect as ::tail_ir::DialectDef>::NAME,
                    mnemonic: #mn,
                    parse: __parse,
                }
            }
        };
    })
}
