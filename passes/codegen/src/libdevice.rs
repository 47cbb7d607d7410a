//! NVIDIA's libdevice: the bitcode library of `__nv_*` math functions (`__nv_expf`,
//! `__nv_log`, `__nv_powf`, `__nv_tanh`, `__nv_erf`, …) that `convert-gpu-to-nvvm` lowers the
//! float `math` ops to.
//!
//! [`find`] locates `libdevice.10.bc`; [`link_into`] links it into an LLVM module that calls
//! such functions, the way NVCC and clang (`-mlink-builtin-bitcode`) do: the libdevice
//! functions become internal, so after `globaldce` (run at once, and again by `default<ON>`)
//! only the ones the kernels use survive, and the module gets the `nvvm-reflect-ftz` flag that
//! NVVMReflect reads to resolve libdevice's `__nvvm_reflect("__CUDA_FTZ")` (0: denormals are
//! kept, NVCC's default). LLVM's NVVMReflect has no module flag for `__CUDA_PREC_SQRT`; it is
//! set to 1 (IEEE round-to-nearest `sqrt.rn.f32`, NVCC's default `-prec-sqrt=true`) once per
//! process through NVVMReflect's option `-nvvm-reflect-add=__CUDA_PREC_SQRT=1`.

use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::sync::Once;

use inkwell::module::{FlagBehavior, Linkage, Module};
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::TargetMachine;
use inkwell::values::BasicValue;

use crate::ptx::CodegenError;

/// The environment variable naming the libdevice bitcode file explicitly.
pub const ENV_VAR: &str = "TAIL_LIBDEVICE";

/// The file name of libdevice in CUDA ≥ 9 (one library for every architecture).
pub const FILE_NAME: &str = "libdevice.10.bc";

/// Where libdevice lies relative to a CUDA (or `nvidia-cuda-nvcc-cu12`) root, i.e. next to
/// `bin/ptxas`.
const UNDER_CUDA_ROOT: &str = "nvvm/libdevice/libdevice.10.bc";

/// Where the PyPI package `nvidia-cuda-nvcc-cu12` (installed by `scripts/setup.sh` into
/// `.venv`) keeps its CUDA root, below `site-packages`.
const UNDER_SITE_PACKAGES: &str = "nvidia/cuda_nvcc";

/// What [`find_in`] searches, so that the search can be tested without touching the process
/// environment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchPaths {
    /// The value of `TAIL_LIBDEVICE`, if set: this file and nothing else.
    pub explicit: Option<PathBuf>,
    /// The value of `PTXAS`, if set: libdevice is looked for at `../nvvm/libdevice/` from it.
    pub ptxas: Option<PathBuf>,
    /// Directories holding a `.venv` (tried in order): the current directory and its
    /// ancestors, the executable's ancestors, and the workspace this crate was built in.
    pub venv_roots: Vec<PathBuf>,
}

impl SearchPaths {
    /// The search paths of this process: `TAIL_LIBDEVICE`, `PTXAS`, and `.venv` in the current
    /// directory, the executable's directory or the workspace (and their ancestors).
    pub fn from_env() -> SearchPaths {
        let non_empty = |v: &str| {
            std::env::var_os(v)
                .filter(|s| !s.is_empty())
                .map(PathBuf::from)
        };
        let mut venv_roots: Vec<PathBuf> = Vec::new();
        let mut push_ancestors = |p: &Path| {
            for a in p.ancestors() {
                if !venv_roots.iter().any(|r| r == a) {
                    venv_roots.push(a.to_path_buf());
                }
            }
        };
        if let Ok(cwd) = std::env::current_dir() {
            push_ancestors(&cwd);
        }
        if let Ok(exe) = std::env::current_exe() {
            if let Some(dir) = exe.parent() {
                push_ancestors(dir);
            }
        }
        // passes/codegen → the workspace root.
        push_ancestors(Path::new(env!("CARGO_MANIFEST_DIR")));
        SearchPaths {
            explicit: non_empty(ENV_VAR),
            ptxas: non_empty("PTXAS"),
            venv_roots,
        }
    }
}

/// The libdevice files below `<root>/.venv/lib/python3*/site-packages/nvidia/cuda_nvcc`.
fn in_venv(root: &Path) -> Option<PathBuf> {
    let lib = root.join(".venv").join("lib");
    let mut pythons: Vec<PathBuf> = std::fs::read_dir(&lib)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("python3"))
        })
        .collect();
    pythons.sort();
    pythons.into_iter().find_map(|py| {
        let f = py
            .join("site-packages")
            .join(UNDER_SITE_PACKAGES)
            .join(UNDER_CUDA_ROOT);
        f.is_file().then_some(f)
    })
}

/// Finds libdevice in `paths`: the explicit file if one is given (an error if it is not a
/// file), else next to `ptxas`, else in the first `.venv` found.
///
/// # Errors
///
/// [`CodegenError::Libdevice`] saying what was searched.
pub fn find_in(paths: &SearchPaths) -> Result<PathBuf, CodegenError> {
    if let Some(f) = &paths.explicit {
        return if f.is_file() {
            Ok(f.clone())
        } else {
            Err(CodegenError::Libdevice(format!(
                "{ENV_VAR}={} is not a file",
                f.display()
            )))
        };
    }
    let mut searched = Vec::new();
    if let Some(ptxas) = &paths.ptxas {
        if let Some(root) = ptxas.parent().and_then(Path::parent) {
            let f = root.join(UNDER_CUDA_ROOT);
            if f.is_file() {
                return Ok(f);
            }
            searched.push(f.display().to_string());
        }
    }
    for root in &paths.venv_roots {
        if let Some(f) = in_venv(root) {
            return Ok(f);
        }
    }
    searched.push(format!(
        ".venv/lib/python3*/site-packages/{UNDER_SITE_PACKAGES}/{UNDER_CUDA_ROOT} in the \
         current directory, the executable's and the workspace's (and their parents)"
    ));
    Err(CodegenError::Libdevice(format!(
        "{FILE_NAME} not found (set {ENV_VAR} to its path, or PTXAS to a ptxas with \
         ../{UNDER_CUDA_ROOT}, or run scripts/setup.sh); searched {}",
        searched.join(", ")
    )))
}

/// [`find_in`] with [`SearchPaths::from_env`].
///
/// # Errors
///
/// As [`find_in`].
pub fn find() -> Result<PathBuf, CodegenError> {
    find_in(&SearchPaths::from_env())
}

/// The `__nv_*` functions `module` declares (without a body) and calls.
pub fn called_functions(module: &Module<'_>) -> Vec<String> {
    module
        .get_functions()
        .filter(|f| {
            f.count_basic_blocks() == 0
                && f.as_global_value()
                    .as_pointer_value()
                    .get_first_use()
                    .is_some()
        })
        .map(|f| f.get_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("__nv_"))
        .collect()
}

/// Links libdevice into `module` if it calls `__nv_*` functions (else does nothing and
/// returns `Ok(None)`): parses `path` (or the file [`find`] locates), gives it the module's
/// triple and data layout, links it, makes its functions internal, sets the
/// `nvvm-reflect-ftz` module flag to 0 and runs `globaldce`. Returns the file linked.
///
/// # Errors
///
/// [`CodegenError::Libdevice`] when libdevice cannot be found, read or linked.
pub fn link_into(
    module: &Module<'_>,
    machine: &TargetMachine,
    path: Option<&Path>,
    name: &str,
) -> Result<Option<PathBuf>, CodegenError> {
    let needed = called_functions(module);
    if needed.is_empty() {
        return Ok(None);
    }
    let file = match path {
        Some(p) => p.to_path_buf(),
        None => find().map_err(|e| match e {
            CodegenError::Libdevice(msg) => CodegenError::Libdevice(format!(
                "gpu.module @{name} calls {}: {msg}",
                needed.join(", ")
            )),
            other => other,
        })?,
    };
    let ctx = module.get_context();
    let lib = Module::parse_bitcode_from_path(&file, ctx)
        .map_err(|e| CodegenError::Libdevice(format!("cannot read {}: {e}", file.display())))?;
    lib.set_triple(&module.get_triple());
    lib.set_data_layout(&module.get_data_layout());
    let defined: Vec<String> = lib
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0)
        .map(|f| f.get_name().to_string_lossy().into_owned())
        .collect();
    module.link_in_module(lib).map_err(|e| {
        CodegenError::Libdevice(format!(
            "linking {} into @{name}: {}",
            file.display(),
            e.to_string()
        ))
    })?;
    for f in &defined {
        if let Some(fv) = module.get_function(f) {
            fv.set_linkage(Linkage::Internal);
        }
    }
    set_prec_sqrt();
    if module.get_flag("nvvm-reflect-ftz").is_none() {
        let zero = ctx.i32_type().const_zero();
        module.add_basic_value_flag("nvvm-reflect-ftz", FlagBehavior::Override, zero);
    }
    module
        .run_passes("globaldce", machine, PassBuilderOptions::create())
        .map_err(|e| CodegenError::Llvm(format!("globaldce on @{name}: {e}")))?;
    Ok(Some(file))
}

/// Makes NVVMReflect resolve `__nvvm_reflect("__CUDA_PREC_SQRT")` to 1 (once per process;
/// `nvvm-reflect-add` is a list option, so this adds to whatever else was given).
fn set_prec_sqrt() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let args = [
            CString::from(c"tail-codegen"),
            CString::from(c"-nvvm-reflect-add=__CUDA_PREC_SQRT=1"),
        ];
        let argv: Vec<*const std::ffi::c_char> = args.iter().map(|a| a.as_ptr()).collect();
        // SAFETY: `argv` holds two NUL-terminated strings that outlive the call; the overview
        // is an empty C string. LLVM copies what it keeps.
        unsafe {
            inkwell::llvm_sys::support::LLVMParseCommandLineOptions(2, argv.as_ptr(), c"".as_ptr());
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("tail-libdevice-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn search_order() {
        let d = scratch("order");
        // A fake CUDA root next to a ptxas, and a .venv layout.
        let cuda = d.join("cuda");
        std::fs::create_dir_all(cuda.join("bin")).unwrap();
        std::fs::create_dir_all(cuda.join("nvvm/libdevice")).unwrap();
        std::fs::write(cuda.join(UNDER_CUDA_ROOT), b"x").unwrap();
        let venv_lib = d.join("repo/.venv/lib/python3.11/site-packages/nvidia/cuda_nvcc");
        std::fs::create_dir_all(venv_lib.join("nvvm/libdevice")).unwrap();
        std::fs::write(venv_lib.join(UNDER_CUDA_ROOT), b"y").unwrap();

        let explicit = d.join("mine.bc");
        std::fs::write(&explicit, b"z").unwrap();
        let all = SearchPaths {
            explicit: Some(explicit.clone()),
            ptxas: Some(cuda.join("bin/ptxas")),
            venv_roots: vec![d.join("nowhere"), d.join("repo")],
        };
        assert_eq!(find_in(&all).unwrap(), explicit);
        let no_explicit = SearchPaths {
            explicit: None,
            ..all.clone()
        };
        assert_eq!(find_in(&no_explicit).unwrap(), cuda.join(UNDER_CUDA_ROOT));
        let venv_only = SearchPaths {
            ptxas: Some(d.join("elsewhere/bin/ptxas")),
            ..no_explicit.clone()
        };
        assert_eq!(find_in(&venv_only).unwrap(), venv_lib.join(UNDER_CUDA_ROOT));

        // A missing explicit file is an error, not a fall-back.
        let bad = SearchPaths {
            explicit: Some(d.join("missing.bc")),
            ..all.clone()
        };
        match find_in(&bad) {
            Err(CodegenError::Libdevice(m)) => {
                assert!(m.starts_with("TAIL_LIBDEVICE="), "{m}");
                assert!(m.ends_with("missing.bc is not a file"), "{m}");
            }
            other => panic!("{other:?}"),
        }
        // Nothing found: the message says what was searched.
        let none = SearchPaths {
            explicit: None,
            ptxas: Some(d.join("elsewhere/bin/ptxas")),
            venv_roots: vec![d.join("nowhere")],
        };
        match find_in(&none) {
            Err(CodegenError::Libdevice(m)) => {
                assert!(m.starts_with("libdevice.10.bc not found"), "{m}");
                assert!(
                    m.contains("elsewhere/nvvm/libdevice/libdevice.10.bc"),
                    "{m}"
                );
            }
            other => panic!("{other:?}"),
        }
        let _ = std::fs::remove_dir_all(&d);
    }
}
