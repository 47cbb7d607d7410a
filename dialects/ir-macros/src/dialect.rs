//! `#[dialect]`: declares a dialect namespace on a unit struct.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{ItemStruct, LitStr};

use crate::util::{doc_attrs, doc_lines, summary};

pub fn expand(attr: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    let item: ItemStruct = syn::parse2(item)?;
    let mut name: Option<LitStr> = None;
    let mut summary_arg: Option<LitStr> = None;
    let mut materialize: Option<syn::Path> = None;
    let mut parse_attribute: Option<syn::Path> = None;
    let mut parse_type: Option<syn::Path> = None;
    let parser = syn::meta::parser(|meta| {
        if meta.path.is_ident("name") {
            name = Some(meta.value()?.parse()?);
            Ok(())
        } else if meta.path.is_ident("summary") {
            summary_arg = Some(meta.value()?.parse()?);
            Ok(())
        } else if meta.path.is_ident("materialize_constant") {
            materialize = Some(meta.value()?.parse()?);
            Ok(())
        } else if meta.path.is_ident("parse_attribute") {
            parse_attribute = Some(meta.value()?.parse()?);
            Ok(())
        } else if meta.path.is_ident("parse_type") {
            parse_type = Some(meta.value()?.parse()?);
            Ok(())
        } else {
            Err(meta.error(format!(
                "unknown #[dialect] option `{}`; expected name, summary, materialize_constant, parse_attribute, parse_type",
                meta.path
                    .get_ident()
                    .map(|i| i.to_string())
                    .unwrap_or_default()
            )))
        }
    });
    syn::parse::Parser::parse2(parser, attr)?;
    let Some(name) = name else {
        return Err(syn::Error::new(
            Span::call_site(),
            "#[dialect] requires `name = \"...\"`",
        ));
    };
    let ns = name.value();
    if ns.is_empty()
        || ns.contains('.')
        || !ns.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
    {
        return Err(syn::Error::new_spanned(
            &name,
            format!("invalid dialect namespace `{ns}`"),
        ));
    }
    if !item.generics.params.is_empty() {
        return Err(syn::Error::new_spanned(
            &item.generics,
            "#[dialect] structs cannot be generic",
        ));
    }
    let summary_text = summary_arg
        .map(|s| s.value())
        .unwrap_or_else(|| summary(&item.attrs));
    let mut docs = doc_lines(&item.attrs);
    docs.extend([
        String::new(),
        "# Definition".into(),
        String::new(),
        format!("Dialect namespace `{ns}`: its ops are named `{ns}.<op>`, its types `!{ns}.<mnemonic>` and attributes `#{ns}.<mnemonic>`."),
    ]);
    if let Some(m) = &materialize {
        let m = quote!(#m).to_string().replace(' ', "");
        docs.push(String::new());
        docs.push(format!(
            "Constants produced by folding are materialized by [`{m}`]."
        ));
    }
    if parse_attribute.is_some() || parse_type.is_some() {
        docs.push(String::new());
        docs.push(format!(
            "Dialect-level {} (`#{ns}<…>` / `!{ns}<…>`, no mnemonic) are parsed by the dialect's hooks.",
            match (parse_attribute.is_some(), parse_type.is_some()) {
                (true, true) => "attributes and types",
                (true, false) => "attributes",
                _ => "types",
            }
        ));
    }
    let docs = doc_attrs(&docs);
    let other_attrs: Vec<_> = item
        .attrs
        .iter()
        .filter(|a| !a.path().is_ident("doc"))
        .collect();
    let vis = &item.vis;
    let ident = &item.ident;
    let fields = &item.fields;
    let semi = if matches!(fields, syn::Fields::Named(_)) {
        quote!()
    } else {
        quote!(;)
    };
    let mat = match &materialize {
        Some(p) => quote!(Some(#p)),
        None => quote!(None),
    };
    let opt = |p: &Option<syn::Path>| match p {
        Some(p) => quote!(Some(#p)),
        None => quote!(None),
    };
    let (pa, pt) = (opt(&parse_attribute), opt(&parse_type));
    Ok(quote! {
        #docs
        #(#other_attrs)*
        #vis struct #ident #fields #semi

        impl ::tail_ir::DialectDef for #ident {
            const NAME: &'static str = #ns;
            const SUMMARY: &'static str = #summary_text;
        }

        ::tail_ir::__private::inventory::submit! {
            ::tail_ir::DialectInfo {
                name: #ns,
                summary: #summary_text,
                materialize_constant: #mat,
                parse_attribute: #pa,
                parse_type: #pt,
            }
        }
    })
}
