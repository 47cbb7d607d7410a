//! Proc macros for the tail IR (filled in by the macro work).
use proc_macro::TokenStream;
/// Placeholder during bring-up.
#[proc_macro_attribute]
pub fn op(_a: TokenStream, item: TokenStream) -> TokenStream { item }
