//! LLVM/MLIR code generation for the tail compiler.
//!
//! This crate is the bridge between tail's own IR and the upstream LLVM and
//! MLIR libraries (NVVM/LLVM dialects, the LLVM backend and the NVPTX target).
//!
//! * [`ptx`] compiles upstream MLIR (`gpu.module`s of `gpu`, `arith`, `scf`,
//!   `memref`, …) through NVVM/LLVM to PTX for `sm_80`/`sm_90`, keeping every
//!   stage's text (see `docs/CODEGEN.md`);
//! * [`libdevice`] finds NVIDIA's `libdevice.10.bc` and links it into modules
//!   that call its `__nv_*` math functions.
//!
//! It also proves that both libraries are linked into the binary and usable:
//!
//! * [`llvm_version`] reports the version of the linked LLVM (via `inkwell`),
//! * [`mlir_version`] creates an MLIR context with every upstream dialect
//!   registered and parses a tiny module (via `melior`),
//! * [`nvptx_target_available`] checks that LLVM was built with the NVPTX
//!   backend needed to emit PTX for NVIDIA GPUs.

#![deny(missing_docs)]

pub mod host;
pub mod libdevice;
pub mod ptx;

use inkwell::targets::{InitializationConfig, Target};
use melior::{
    dialect::DialectRegistry,
    ir::{operation::OperationLike, Module},
    utility::{register_all_dialects, register_all_llvm_translations},
    Context,
};

/// A minimal module in the `func` dialect, used to check that MLIR parses IR.
const PROBE_MODULE: &str = "func.func @f() { return }";

/// Returns the version of the linked LLVM library, e.g. `"22.1.8"`.
pub fn llvm_version() -> String {
    let (major, minor, patch) = inkwell::support::get_llvm_version();
    format!("{major}.{minor}.{patch}")
}

/// Returns a description of the linked MLIR library, e.g.
/// `"22 (42 dialects registered)"`.
///
/// MLIR has no version API of its own; it is released together with LLVM,
/// so the LLVM major version is reported. To prove that MLIR is actually
/// linked and working, this runs [`mlir_dialect_count`]; if that fails the
/// returned string says so (e.g. `"22 (unusable: ...)"`) instead of
/// panicking.
pub fn mlir_version() -> String {
    let (major, _, _) = inkwell::support::get_llvm_version();
    match mlir_dialect_count() {
        Ok(dialects) => format!("{major} ({dialects} dialects registered)"),
        Err(error) => format!("{major} (unusable: {error})"),
    }
}

/// Creates an MLIR context, registers and loads every upstream dialect,
/// parses and verifies a tiny `func` module, and returns the number of
/// dialects registered in the context.
///
/// # Errors
///
/// Returns a message if the probe module fails to parse or verify.
pub fn mlir_dialect_count() -> Result<usize, String> {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);

    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    register_all_llvm_translations(&context);

    let registered = context.registered_dialect_count();
    let module = Module::parse(&context, PROBE_MODULE)
        .ok_or_else(|| format!("MLIR failed to parse probe module `{PROBE_MODULE}`"))?;
    if !module.as_operation().verify() {
        return Err("MLIR probe module failed verification".to_string());
    }
    Ok(registered)
}

/// Returns `true` if the linked LLVM contains the NVPTX backend, i.e. the
/// `nvptx64` target can be initialized and looked up.
pub fn nvptx_target_available() -> bool {
    Target::initialize_nvptx(&InitializationConfig::default());
    Target::from_name("nvptx64").is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn llvm_version_is_22() {
        let version = llvm_version();
        let major: u32 = version
            .split('.')
            .next()
            .and_then(|m| m.parse().ok())
            .unwrap_or_else(|| panic!("unparsable LLVM version {version:?}"));
        assert_eq!(major, 22, "expected LLVM 22, got {version}");
        assert_eq!(version.split('.').count(), 3);
    }

    #[test]
    fn mlir_is_linked_and_parses() {
        let count = mlir_dialect_count().expect("MLIR probe failed");
        // The upstream dialect set (func, arith, scf, memref, gpu, nvvm,
        // llvm, ...) is far larger than a handful.
        assert!(count > 10, "only {count} dialects registered");
        let version = mlir_version();
        assert_eq!(version, format!("22 ({count} dialects registered)"));
    }

    #[test]
    fn nvptx_target_is_available() {
        assert!(nvptx_target_available());
        // Idempotent: initializing twice must be harmless.
        assert!(nvptx_target_available());
    }
}
