//! Proc macros that declare tail IR entities: `#[dialect]`, `#[op]`, `#[type_def]`,
//! `#[attr_def]` and `#[pass]`. No TableGen: declarations are Rust items whose fields and
//! attributes describe the entity; the expansion is ordinary, documented Rust.

use proc_macro::TokenStream;

mod asm;
mod dialect;
mod op;
mod pass;
mod typedef;
mod util;

fn expand(
    f: fn(
        proc_macro2::TokenStream,
        proc_macro2::TokenStream,
    ) -> syn::Result<proc_macro2::TokenStream>,
    attr: TokenStream,
    item: TokenStream,
) -> TokenStream {
    match f(attr.into(), item.into()) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// Declares a dialect. See `docs/ARCHITECTURE.md`.
#[proc_macro_attribute]
pub fn dialect(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand(dialect::expand, attr, item)
}

/// Declares an operation. See `docs/ARCHITECTURE.md`.
#[proc_macro_attribute]
pub fn op(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand(op::expand, attr, item)
}

/// Declares a dialect type. See `docs/ARCHITECTURE.md`.
#[proc_macro_attribute]
pub fn type_def(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand(typedef::expand_type, attr, item)
}

/// Declares a dialect attribute. See `docs/ARCHITECTURE.md`.
#[proc_macro_attribute]
pub fn attr_def(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand(typedef::expand_attr, attr, item)
}

/// Declares a pass. See `docs/ARCHITECTURE.md`.
#[proc_macro_attribute]
pub fn pass(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand(pass::expand, attr, item)
}
