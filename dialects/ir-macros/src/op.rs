//! (in progress)
pub fn expand(_a: proc_macro2::TokenStream, i: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> { Ok(i) }
