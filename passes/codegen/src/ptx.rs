//! Upstream MLIR (`gpu`, `arith`, `scf`, `memref`, …) → NVVM/LLVM → LLVM IR → PTX.
//!
//! [`compile_gpu_module`] takes the text of an upstream MLIR module with the
//! `gpu.container_module` attribute and one or more `gpu.module`s, and runs:
//!
//! 1. **parse** with melior, every upstream dialect registered;
//! 2. **lower** with melior's pass manager ([`lowering_pipeline`]): attach an
//!    `#nvvm.target`, then on each `gpu.module` body `convert-scf-to-cf`,
//!    `convert-gpu-to-nvvm`, … down to the `llvm` and `nvvm` dialects;
//! 3. **extract** each `gpu.module`'s body into a standalone `builtin.module`
//!    and translate it to LLVM IR (`mlirTranslateModuleToLLVMIR`);
//! 4. **link libdevice** ([`crate::libdevice`]) when the module calls `__nv_*`
//!    functions, then **optimize** the LLVM module with LLVM's new pass manager
//!    (`default<O3>`) and the NVPTX target machine of the chip;
//! 5. **emit PTX** with that target machine.
//!
//! Every stage's text is kept in the [`PtxOutput`]. Failures are
//! [`CodegenError`] values carrying MLIR's diagnostics (captured with a
//! diagnostic handler on the melior context) or LLVM's error message.
//!
//! [`compile_gpu_module_via_binary`] is the cross-check: the same lowering
//! followed by upstream's own `gpu-module-to-binary{format=isa}`.

use std::cell::RefCell;
use std::ffi::{c_char, c_void};
use std::fmt;
use std::path::PathBuf;
use std::rc::Rc;

use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{
    CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple,
};
use inkwell::values::BasicValue;
use inkwell::OptimizationLevel;

use crate::libdevice;
use melior::{
    diagnostic::DiagnosticSeverity,
    dialect::DialectRegistry,
    ir::{
        attribute::ArrayAttribute, block::BlockLike, operation::OperationLike, AttributeLike,
        Location, Module, Operation, OperationRef, RegionLike,
    },
    pass::PassManager,
    utility::{
        parse_pass_pipeline, register_all_dialects, register_all_llvm_translations,
        register_all_passes,
    },
    Context,
};

/// The LLVM target triple of 64-bit PTX.
pub const NVPTX_TRIPLE: &str = "nvptx64-nvidia-cuda";

/// An NVIDIA GPU architecture PTX can be generated for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chip {
    /// Ampere (A100): `sm_80`.
    Sm80,
    /// Hopper (H100, H200): `sm_90`.
    Sm90,
}

impl Chip {
    /// The architecture's name as LLVM, MLIR and ptxas spell it (`"sm_90"`).
    pub fn name(self) -> &'static str {
        match self {
            Chip::Sm80 => "sm_80",
            Chip::Sm90 => "sm_90",
        }
    }

    /// Parses `"sm_80"` or `"sm_90"`.
    pub fn parse(name: &str) -> Option<Chip> {
        match name {
            "sm_80" => Some(Chip::Sm80),
            "sm_90" => Some(Chip::Sm90),
            _ => None,
        }
    }

    /// The NVPTX target features used by default: PTX ISA 8.0 (CUDA 12.0),
    /// which both architectures support and every ptxas since 12.0 accepts.
    pub fn default_features(self) -> &'static str {
        "+ptx80"
    }
}

impl fmt::Display for Chip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Options of [`compile_gpu_module`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PtxOptions {
    /// The target architecture.
    pub chip: Chip,
    /// The optimization level, 0 to 3: LLVM's `default<ON>` pipeline and the
    /// NVPTX code generator's level (values above 3 are treated as 3).
    pub opt_level: u8,
    /// NVPTX target features (e.g. `"+ptx80"`); `None` takes
    /// [`Chip::default_features`].
    pub features: Option<String>,
    /// libdevice's bitcode file, linked when a kernel calls `__nv_*` functions; `None`
    /// searches for it ([`crate::libdevice::find`]: `TAIL_LIBDEVICE`, next to `$PTXAS`,
    /// `.venv`).
    pub libdevice: Option<PathBuf>,
}

impl Default for PtxOptions {
    fn default() -> Self {
        PtxOptions {
            chip: Chip::Sm90,
            opt_level: 3,
            features: None,
            libdevice: None,
        }
    }
}

impl PtxOptions {
    fn level(&self) -> u8 {
        self.opt_level.min(3)
    }

    fn features(&self) -> &str {
        self.features
            .as_deref()
            .unwrap_or_else(|| self.chip.default_features())
    }
}

/// The stages of one `gpu.module` compiled to PTX.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GpuModuleOutput {
    /// The `gpu.module`'s symbol name.
    pub name: String,
    /// The standalone `builtin.module` (LLVM and NVVM dialects) translated
    /// to LLVM IR.
    pub llvm_dialect: String,
    /// LLVM IR straight out of `mlirTranslateModuleToLLVMIR` (with the NVPTX
    /// triple and data layout set).
    pub llvm_ir: String,
    /// LLVM IR after the `default<ON>` pipeline.
    pub optimized_llvm_ir: String,
    /// The PTX text.
    pub ptx: String,
}

/// The result of [`compile_gpu_module`]: every stage's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PtxOutput {
    /// The whole input module after the upstream lowering pipeline
    /// ([`lowering_pipeline`]); host code is left as it was.
    pub lowered_mlir: String,
    /// One entry per `gpu.module`, in order.
    pub modules: Vec<GpuModuleOutput>,
}

/// A diagnostic reported by MLIR through the context's diagnostic handler.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MlirDiagnostic {
    /// `"error"`, `"warning"`, `"note"` or `"remark"`.
    pub severity: &'static str,
    /// The location as MLIR prints it (e.g. `loc("-":3:7)`).
    pub location: String,
    /// `(line, column)`, both 1-based, when the location is a file location.
    pub line_col: Option<(usize, usize)>,
    /// The message.
    pub message: String,
    /// The attached notes' messages.
    pub notes: Vec<String>,
}

impl fmt::Display for MlirDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line_col {
            Some((l, c)) => write!(f, "{l}:{c}: {}: {}", self.severity, self.message)?,
            None => write!(f, "{}: {}: {}", self.location, self.severity, self.message)?,
        }
        for note in &self.notes {
            write!(f, "\nnote: {note}")?;
        }
        Ok(())
    }
}

/// Why a compilation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodegenError {
    /// The input is not valid MLIR (or does not verify).
    Parse(Vec<MlirDiagnostic>),
    /// The input has no `gpu.module`.
    NoGpuModule,
    /// The pass pipeline could not be built or failed on the module.
    Pipeline {
        /// The textual pipeline.
        pipeline: String,
        /// MLIR's diagnostics.
        diagnostics: Vec<MlirDiagnostic>,
    },
    /// `mlirTranslateModuleToLLVMIR` failed on a `gpu.module`.
    Translate {
        /// The `gpu.module`'s name.
        module: String,
        /// MLIR's diagnostics.
        diagnostics: Vec<MlirDiagnostic>,
    },
    /// LLVM failed (target lookup, verifier, optimization, PTX emission).
    Llvm(String),
    /// `gpu-module-to-binary` produced something unexpected.
    Binary(String),
    /// libdevice is needed but cannot be found, read or linked.
    Libdevice(String),
}

fn write_diagnostics(f: &mut fmt::Formatter<'_>, diags: &[MlirDiagnostic]) -> fmt::Result {
    for d in diags {
        write!(f, "\n{d}")?;
    }
    Ok(())
}

impl fmt::Display for CodegenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodegenError::Parse(diags) => {
                f.write_str("failed to parse the MLIR input")?;
                write_diagnostics(f, diags)
            }
            CodegenError::NoGpuModule => f.write_str("the input contains no gpu.module"),
            CodegenError::Pipeline {
                pipeline,
                diagnostics,
            } => {
                write!(f, "pass pipeline failed: {pipeline}")?;
                write_diagnostics(f, diagnostics)
            }
            CodegenError::Translate {
                module,
                diagnostics,
            } => {
                write!(f, "translation of gpu.module @{module} to LLVM IR failed")?;
                write_diagnostics(f, diagnostics)
            }
            CodegenError::Llvm(msg) => write!(f, "LLVM: {msg}"),
            CodegenError::Binary(msg) => write!(f, "gpu-module-to-binary: {msg}"),
            CodegenError::Libdevice(msg) => write!(f, "libdevice: {msg}"),
        }
    }
}

impl std::error::Error for CodegenError {}

/// The passes run on each `gpu.module` body, in order (see `docs/CODEGEN.md`).
pub const GPU_MODULE_PASSES: &[&str] = &[
    "expand-strided-metadata",
    "convert-scf-to-cf",
    "convert-gpu-to-nvvm",
    "convert-nvvm-to-llvm",
    "convert-arith-to-llvm",
    "convert-index-to-llvm",
    "canonicalize",
    "cse",
    "reconcile-unrealized-casts",
];

/// The textual upstream pipeline run by [`lower`]: attach an `#nvvm.target`
/// for the chip, then [`GPU_MODULE_PASSES`] nested on every `gpu.module`.
pub fn lowering_pipeline(opts: &PtxOptions) -> String {
    format!(
        "builtin.module(nvvm-attach-target{{chip={} features={} O={}}},gpu.module({}))",
        opts.chip.name(),
        opts.features(),
        opts.level(),
        GPU_MODULE_PASSES.join(",")
    )
}

// ---------------------------------------------------------------------------
// MLIR context and diagnostics
// ---------------------------------------------------------------------------

type DiagSink = Rc<RefCell<Vec<MlirDiagnostic>>>;

/// Extracts `(line, col)` from a printed file location `loc("f":L:C)`.
fn parse_line_col(loc: &str) -> Option<(usize, usize)> {
    let inner = loc.strip_prefix("loc(")?.strip_suffix(')')?;
    let after_name = &inner[inner.rfind('"')? + 1..];
    let mut parts = after_name.strip_prefix(':')?.split(':');
    let line = parts.next()?.parse().ok()?;
    let col = parts.next()?.parse().ok()?;
    Some((line, col))
}

fn severity_name(s: DiagnosticSeverity) -> &'static str {
    match s {
        DiagnosticSeverity::Error => "error",
        DiagnosticSeverity::Warning => "warning",
        DiagnosticSeverity::Note => "note",
        DiagnosticSeverity::Remark => "remark",
    }
}

/// A melior context with every upstream dialect, pass and LLVM translation
/// registered, whose diagnostics are collected into a sink instead of being
/// printed to standard error.
pub(crate) struct MlirSession {
    pub(crate) context: Context,
    diagnostics: DiagSink,
}

impl MlirSession {
    pub(crate) fn new() -> MlirSession {
        register_all_passes();
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        let context = Context::new();
        context.append_dialect_registry(&registry);
        context.load_all_available_dialects();
        register_all_llvm_translations(&context);
        let diagnostics: DiagSink = Rc::default();
        let sink = Rc::clone(&diagnostics);
        context.attach_diagnostic_handler(move |d| {
            let location = d.location().to_string();
            let message = d.to_string();
            let notes = (0..d.note_count())
                .filter_map(|i| d.note(i).ok())
                .map(|n| n.to_string())
                .collect();
            sink.borrow_mut().push(MlirDiagnostic {
                severity: severity_name(d.severity()),
                line_col: parse_line_col(&location),
                location,
                message,
                notes,
            });
            true
        });
        MlirSession {
            context,
            diagnostics,
        }
    }

    pub(crate) fn take_diagnostics(&self) -> Vec<MlirDiagnostic> {
        std::mem::take(&mut *self.diagnostics.borrow_mut())
    }

    pub(crate) fn parse(&self, text: &str) -> Result<Module<'_>, CodegenError> {
        let module = Module::parse(&self.context, text);
        match module {
            Some(m) if m.as_operation().verify() => {
                self.take_diagnostics();
                Ok(m)
            }
            _ => Err(CodegenError::Parse(self.take_diagnostics())),
        }
    }

    pub(crate) fn run_pipeline(
        &self,
        module: &mut Module<'_>,
        pipeline: &str,
    ) -> Result<(), CodegenError> {
        let pm = PassManager::new(&self.context);
        let fail = |s: &Self| CodegenError::Pipeline {
            pipeline: pipeline.to_string(),
            diagnostics: s.take_diagnostics(),
        };
        if let Err(e) = parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline) {
            let mut diagnostics = self.take_diagnostics();
            diagnostics.push(MlirDiagnostic {
                severity: "error",
                location: "loc(unknown)".to_string(),
                line_col: None,
                message: e.to_string(),
                notes: Vec::new(),
            });
            return Err(CodegenError::Pipeline {
                pipeline: pipeline.to_string(),
                diagnostics,
            });
        }
        if pm.run(module).is_err() {
            return Err(fail(self));
        }
        Ok(())
    }
}

/// The top-level `gpu.module` ops of `module`, with their symbol names.
pub(crate) fn gpu_modules<'c, 'a>(module: &'a Module<'c>) -> Vec<(String, OperationRef<'c, 'a>)> {
    let mut out = Vec::new();
    let mut op = module.body().first_operation();
    while let Some(o) = op {
        if o.name().as_string_ref().as_str() == Ok("gpu.module") {
            let name = o
                .attribute("sym_name")
                .map(|a| a.to_string().trim_matches('"').to_string())
                .unwrap_or_default();
            out.push((name, o));
        }
        op = o.next_in_block();
    }
    out
}

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

/// Parses `text` and runs the upstream lowering pipeline
/// ([`lowering_pipeline`]); returns the lowered module's text.
///
/// # Errors
///
/// [`CodegenError::Parse`], [`CodegenError::NoGpuModule`] or
/// [`CodegenError::Pipeline`].
pub fn lower(text: &str, opts: &PtxOptions) -> Result<String, CodegenError> {
    let session = MlirSession::new();
    let mut module = session.parse(text)?;
    lower_module(&session, &mut module, opts)?;
    Ok(module.as_operation().to_string())
}

fn lower_module(
    session: &MlirSession,
    module: &mut Module<'_>,
    opts: &PtxOptions,
) -> Result<(), CodegenError> {
    if gpu_modules(module).is_empty() {
        return Err(CodegenError::NoGpuModule);
    }
    session.run_pipeline(module, &lowering_pipeline(opts))
}

/// Compiles every `gpu.module` of an upstream MLIR module to PTX, keeping
/// each stage's text (see the module documentation for the stages).
///
/// # Errors
///
/// A [`CodegenError`] for the first stage that fails; never panics on bad
/// input.
pub fn compile_gpu_module(text: &str, opts: &PtxOptions) -> Result<PtxOutput, CodegenError> {
    let session = MlirSession::new();
    let mut module = session.parse(text)?;
    lower_module(&session, &mut module, opts)?;
    let lowered_mlir = module.as_operation().to_string();

    let machine = target_machine(opts)?;
    let mut modules = Vec::new();
    for (name, gpu_module) in gpu_modules(&module) {
        modules.push(gpu_module_ptx(&session, name, gpu_module, &machine, opts)?);
    }
    Ok(PtxOutput {
        lowered_mlir,
        modules,
    })
}

/// Compiles one lowered `gpu.module` (LLVM and NVVM dialects) to PTX: extraction into a
/// standalone module, translation, libdevice, `default<ON>`, PTX emission.
pub(crate) fn gpu_module_ptx(
    session: &MlirSession,
    name: String,
    gpu_module: OperationRef<'_, '_>,
    machine: &TargetMachine,
    opts: &PtxOptions,
) -> Result<GpuModuleOutput, CodegenError> {
    let standalone = extract_gpu_module(session, gpu_module)?;
    let llvm_dialect = standalone.as_operation().to_string();
    let llvm_ctx = inkwell::context::Context::create();
    let llvm_module = translate_to_llvm_ir(session, &standalone, &llvm_ctx, &name)?;
    llvm_module.set_name(&name);
    llvm_module.set_source_file_name(&name);
    llvm_module.set_triple(&machine.get_triple());
    llvm_module.set_data_layout(&machine.get_target_data().get_data_layout());
    llvm_module
        .verify()
        .map_err(|e| CodegenError::Llvm(format!("invalid LLVM IR for @{name}: {e}")))?;
    let llvm_ir = llvm_module.print_to_string().to_string();
    libdevice::link_into(&llvm_module, machine, opts.libdevice.as_deref(), &name)?;
    llvm_module
        .run_passes(
            &format!("default<O{}>", opts.level()),
            machine,
            PassBuilderOptions::create(),
        )
        .map_err(|e| CodegenError::Llvm(format!("optimizing @{name}: {e}")))?;
    let optimized_llvm_ir = llvm_module.print_to_string().to_string();
    check_no_unresolved_calls(&llvm_module, &name)?;
    let buffer = machine
        .write_to_memory_buffer(&llvm_module, FileType::Assembly)
        .map_err(|e| CodegenError::Llvm(format!("emitting PTX for @{name}: {e}")))?;
    let ptx = String::from_utf8_lossy(buffer.as_slice()).into_owned();
    Ok(GpuModuleOutput {
        name,
        llvm_dialect,
        llvm_ir,
        optimized_llvm_ir,
        ptx,
    })
}

/// External functions the CUDA driver resolves when it loads PTX.
const DRIVER_PROVIDED: &[&str] = &["vprintf", "malloc", "free", "__assertfail"];

/// Rejects calls of functions that are declared but not defined (other than LLVM intrinsics
/// and [`DRIVER_PROVIDED`]): ptxas would fail on them (e.g. an `__nv_*` name libdevice does
/// not define).
fn check_no_unresolved_calls(
    module: &inkwell::module::Module<'_>,
    name: &str,
) -> Result<(), CodegenError> {
    let unresolved: Vec<String> = module
        .get_functions()
        .filter(|f| {
            f.count_basic_blocks() == 0
                && f.as_global_value()
                    .as_pointer_value()
                    .get_first_use()
                    .is_some()
        })
        .map(|f| f.get_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with("llvm.") && !DRIVER_PROVIDED.contains(&n.as_str()))
        .collect();
    if unresolved.is_empty() {
        return Ok(());
    }
    Err(CodegenError::Llvm(format!(
        "gpu.module @{name} calls undefined function(s) {}",
        unresolved.join(", ")
    )))
}

/// The NVPTX target machine for `opts`.
pub(crate) fn target_machine(opts: &PtxOptions) -> Result<TargetMachine, CodegenError> {
    Target::initialize_nvptx(&InitializationConfig::default());
    let triple = TargetTriple::create(NVPTX_TRIPLE);
    let target = Target::from_triple(&triple)
        .map_err(|e| CodegenError::Llvm(format!("no NVPTX target: {e}")))?;
    let level = match opts.level() {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    };
    target
        .create_target_machine(
            &triple,
            opts.chip.name(),
            opts.features(),
            level,
            RelocMode::Default,
            CodeModel::Default,
        )
        .ok_or_else(|| {
            CodegenError::Llvm(format!(
                "cannot create an NVPTX target machine for {} ({})",
                opts.chip,
                opts.features()
            ))
        })
}

/// Clones the body of a (lowered) `gpu.module` into a fresh `builtin.module`.
fn extract_gpu_module<'c>(
    session: &'c MlirSession,
    gpu_module: OperationRef<'c, '_>,
) -> Result<Module<'c>, CodegenError> {
    let standalone = Module::new(Location::unknown(&session.context));
    let body = gpu_module
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or_else(|| CodegenError::Binary("gpu.module without a body".into()))?;
    let mut op = body.first_operation();
    while let Some(o) = op {
        // melior clones only owned operations; clone through the C API.
        let mut raw = o.to_raw();
        // SAFETY: `o` is a live operation; the clone is a fresh, unlinked
        // operation whose ownership passes to the new module's body.
        let clone = unsafe {
            raw.ptr = mlirOperationClone(RawMlirOperation { ptr: raw.ptr }).ptr;
            Operation::from_raw(raw)
        };
        standalone.body().append_operation(clone);
        op = o.next_in_block();
    }
    Ok(standalone)
}

// The C API of MLIR's LLVM IR translation and of the GPU dialect's
// attributes, which melior does not wrap. The structs mirror `MlirOperation`,
// `MlirAttribute` and `MlirStringRef` of `mlir-c/Support.h` and `mlir-c/IR.h`
// (a single pointer, and a pointer with a length).
#[repr(C)]
struct RawMlirOperation {
    ptr: *mut c_void,
}

#[repr(C)]
struct RawMlirAttribute {
    ptr: *const c_void,
}

#[repr(C)]
struct RawMlirStringRef {
    data: *const c_char,
    length: usize,
}

extern "C" {
    /// `mlir-c/Target/LLVMIR.h`: returns a module owned by the caller, or
    /// null after reporting diagnostics.
    fn mlirTranslateModuleToLLVMIR(
        module: RawMlirOperation,
        context: inkwell::llvm_sys::prelude::LLVMContextRef,
    ) -> inkwell::llvm_sys::prelude::LLVMModuleRef;

    /// `mlir-c/IR.h`: a deep copy of an operation, owned by the caller.
    fn mlirOperationClone(op: RawMlirOperation) -> RawMlirOperation;

    /// `mlir-c/Dialect/GPU.h`: the payload of a `#gpu.object`.
    fn mlirGPUObjectAttrGetObject(attr: RawMlirAttribute) -> RawMlirStringRef;
}

/// Translates a module of the LLVM (and NVVM) dialects into an LLVM module
/// owned by `llvm_ctx`.
pub(crate) fn translate_to_llvm_ir<'ll>(
    session: &MlirSession,
    module: &Module<'_>,
    llvm_ctx: &'ll inkwell::context::Context,
    name: &str,
) -> Result<inkwell::module::Module<'ll>, CodegenError> {
    let op = RawMlirOperation {
        ptr: module.as_operation().to_raw().ptr,
    };
    // SAFETY: `op` is a live operation of `session`'s context and
    // `llvm_ctx.raw()` a live LLVM context; MLIR and inkwell link the same
    // (static) LLVM, so the returned module belongs to `llvm_ctx`.
    let raw = unsafe { mlirTranslateModuleToLLVMIR(op, llvm_ctx.raw()) };
    if raw.is_null() {
        return Err(CodegenError::Translate {
            module: name.to_string(),
            diagnostics: session.take_diagnostics(),
        });
    }
    // SAFETY: `raw` is a fresh module in `llvm_ctx`, owned from here on by
    // the returned value (which cannot outlive `llvm_ctx`).
    Ok(unsafe { inkwell::module::Module::new(raw) })
}

/// The cross-check: lowers like [`compile_gpu_module`], then runs upstream's
/// `gpu-module-to-binary{format=isa}` (which translates, optimizes and emits
/// PTX itself) and returns `(gpu.module name, PTX)` per module.
///
/// # Errors
///
/// As [`compile_gpu_module`], and [`CodegenError::Binary`] if the
/// `gpu.binary` ops do not hold one object each.
pub fn compile_gpu_module_via_binary(
    text: &str,
    opts: &PtxOptions,
) -> Result<Vec<(String, String)>, CodegenError> {
    Target::initialize_nvptx(&InitializationConfig::default());
    let session = MlirSession::new();
    let mut module = session.parse(text)?;
    lower_module(&session, &mut module, opts)?;
    session.run_pipeline(
        &mut module,
        "builtin.module(gpu-module-to-binary{format=isa})",
    )?;
    let mut out = Vec::new();
    let mut op = module.body().first_operation();
    while let Some(o) = op {
        if o.name().as_string_ref().as_str() == Ok("gpu.binary") {
            let name = o
                .attribute("sym_name")
                .map(|a| a.to_string().trim_matches('"').to_string())
                .unwrap_or_default();
            let objects = o
                .attribute("objects")
                .ok()
                .and_then(|a| ArrayAttribute::try_from(a).ok())
                .ok_or_else(|| CodegenError::Binary(format!("@{name} has no objects")))?;
            if objects.len() != 1 {
                return Err(CodegenError::Binary(format!(
                    "@{name} has {} objects, expected 1",
                    objects.len()
                )));
            }
            let object = objects
                .element(0)
                .map_err(|e| CodegenError::Binary(e.to_string()))?;
            // SAFETY: `object` is a live `#gpu.object` attribute (the only
            // kind `gpu.binary` accepts in `objects`); the string it returns
            // is owned by the context and copied at once.
            let ptx = unsafe {
                let s = mlirGPUObjectAttrGetObject(RawMlirAttribute {
                    ptr: object.to_raw().ptr,
                });
                let bytes = std::slice::from_raw_parts(s.data.cast::<u8>(), s.length);
                String::from_utf8_lossy(bytes).into_owned()
            };
            out.push((name, ptx));
        }
        op = o.next_in_block();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_of_file_locations() {
        assert_eq!(parse_line_col("loc(\"-\":3:7)"), Some((3, 7)));
        assert_eq!(parse_line_col("loc(\"a:b.mlir\":12:1)"), Some((12, 1)));
        assert_eq!(parse_line_col("loc(unknown)"), None);
    }

    /// The hand-written kernels of the `Target/PTX` lit tests.
    const KERNELS: &[(&str, &str)] = &[
        (
            "map-add",
            include_str!("../../../test/Target/PTX/map-add.mlir"),
        ),
        (
            "block-reduce",
            include_str!("../../../test/Target/PTX/block-reduce.mlir"),
        ),
        (
            "warp-shuffle",
            include_str!("../../../test/Target/PTX/warp-shuffle.mlir"),
        ),
        (
            "transpose",
            include_str!("../../../test/Target/PTX/transpose.mlir"),
        ),
        (
            "redomap",
            include_str!("../../../test/Target/PTX/redomap.mlir"),
        ),
        (
            "scan-block",
            include_str!("../../../test/Target/PTX/scan-block.mlir"),
        ),
    ];

    /// Runs `$PTXAS -arch=<chip>` on `ptx` when `$PTXAS` names a file (else does nothing).
    fn check_with_ptxas(name: &str, chip: Chip, ptx: &str) {
        let Some(ptxas) = std::env::var_os("PTXAS").filter(|p| std::path::Path::new(p).is_file())
        else {
            return;
        };
        let dir = std::env::temp_dir().join(format!("tail-codegen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(format!("{name}-{chip}.ptx"));
        std::fs::write(&file, ptx).unwrap();
        let out = std::process::Command::new(ptxas)
            .arg(format!("-arch={chip}"))
            .arg(&file)
            .arg("-o")
            .arg(dir.join(format!("{name}-{chip}.cubin")))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "ptxas rejected {name} ({chip}):\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    #[test]
    fn kernels_compile_through_every_stage() {
        for chip in [Chip::Sm90, Chip::Sm80] {
            let opts = PtxOptions {
                chip,
                ..PtxOptions::default()
            };
            for (name, text) in KERNELS {
                let out = compile_gpu_module(text, &opts)
                    .unwrap_or_else(|e| panic!("{name} ({chip}): {e}"));
                assert!(out.lowered_mlir.contains("llvm.func"), "{name}");
                assert!(!out.lowered_mlir.contains("gpu.func"), "{name}");
                assert_eq!(out.modules.len(), 1, "{name}");
                let m = &out.modules[0];
                assert!(m.llvm_dialect.contains("nvvm.kernel"), "{name}");
                assert!(m.llvm_ir.contains("define ptx_kernel void"), "{name}");
                assert!(
                    m.optimized_llvm_ir.contains("nvptx64-nvidia-cuda"),
                    "{name}"
                );
                assert!(m.ptx.contains(&format!(".target {chip}")), "{name}");
                assert!(m.ptx.contains(".visible .entry"), "{name}");
                check_with_ptxas(name, chip, &m.ptx);
            }
        }
    }

    #[test]
    fn gpu_module_to_binary_agrees() {
        for (name, text) in KERNELS {
            let ours = compile_gpu_module(text, &PtxOptions::default()).unwrap();
            let theirs = compile_gpu_module_via_binary(text, &PtxOptions::default())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(theirs.len(), 1, "{name}");
            assert_eq!(theirs[0].0, ours.modules[0].name, "{name}");
            let ptx = &theirs[0].1;
            assert!(ptx.contains(".target sm_90"), "{name}");
            // The same entry points on both paths.
            let entries = |p: &str| {
                p.lines()
                    .filter(|l| l.starts_with(".visible .entry"))
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            };
            assert_eq!(entries(ptx), entries(&ours.modules[0].ptx), "{name}");
            check_with_ptxas(&format!("{name}-binary"), Chip::Sm90, ptx);
        }
    }

    #[test]
    fn errors_are_values() {
        let opts = PtxOptions::default();
        match compile_gpu_module("module {\n  func.func @f( {\n}\n", &opts) {
            Err(CodegenError::Parse(d)) => {
                assert!(!d.is_empty());
                assert_eq!(d[0].severity, "error");
                assert_eq!(d[0].line_col.map(|(l, _)| l), Some(2), "{d:?}");
            }
            other => panic!("expected a parse error, got {other:?}"),
        }
        assert_eq!(
            compile_gpu_module("func.func @f() { return }", &opts),
            Err(CodegenError::NoGpuModule)
        );
        // A kernel the lowering cannot legalize (a tensor argument).
        let bad = "module attributes {gpu.container_module} {\n gpu.module @m {\n \
                   gpu.func @k(%a: tensor<4xf32>) kernel { gpu.return }\n }\n}";
        match compile_gpu_module(bad, &opts) {
            Err(CodegenError::Pipeline { diagnostics, .. }) => {
                assert!(
                    diagnostics[0].message.contains("failed to legalize"),
                    "{diagnostics:?}"
                );
                assert_eq!(diagnostics[0].line_col, Some((3, 2)));
            }
            other => panic!("expected a pipeline error, got {other:?}"),
        }
        // math.exp needs libdevice: an unreadable libdevice file is a clear error.
        let exp = KERNELS[0].1.replace(
            "%s = arith.addf %x, %y : f32",
            "%e = math.exp %x : f32\n %s = arith.addf %e, %y : f32",
        );
        let missing = PtxOptions {
            libdevice: Some(PathBuf::from("/nonexistent/libdevice.10.bc")),
            ..PtxOptions::default()
        };
        match compile_gpu_module(&exp, &missing) {
            Err(CodegenError::Libdevice(msg)) => {
                assert!(
                    msg.starts_with("cannot read /nonexistent/libdevice.10.bc"),
                    "{msg}"
                );
            }
            other => panic!("expected a libdevice error, got {other:?}"),
        }
        // Without math, libdevice is not needed (nor read).
        assert!(compile_gpu_module(KERNELS[0].1, &missing).is_ok());
        // Errors render with their diagnostics.
        let e = compile_gpu_module("module {", &opts).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("failed to parse the MLIR input\n"),
            "{e}"
        );
    }

    /// Float `math` ops become libdevice calls, linked and optimized into the kernel; only the
    /// functions used are left, and ptxas accepts the PTX at O3 and O0.
    #[test]
    fn libdevice_math() {
        if let Err(e) = crate::libdevice::find() {
            // No libdevice on this machine (scripts/setup.sh installs it): the error names
            // what was searched, and compiling math says so.
            assert!(matches!(e, CodegenError::Libdevice(_)), "{e:?}");
            let err = compile_gpu_module(MATH_KERNEL, &PtxOptions::default()).unwrap_err();
            assert!(err.to_string().contains("__nv_expf"), "{err}");
            return;
        }
        for opt_level in [3, 0] {
            let opts = PtxOptions {
                opt_level,
                ..PtxOptions::default()
            };
            let out = compile_gpu_module(MATH_KERNEL, &opts)
                .unwrap_or_else(|e| panic!("O{opt_level}: {e}"));
            let m = &out.modules[0];
            // Before linking: calls of libdevice's declarations.
            for f in [
                "__nv_expf",
                "__nv_logf",
                "__nv_powf",
                "__nv_tanh",
                "__nv_erf",
                "__nv_sin",
            ] {
                assert!(m.llvm_ir.contains(&format!("@{f}(")), "O{opt_level}: {f}");
            }
            // After: no declarations of __nv_* left, NVVMReflect resolved, nothing else kept.
            assert!(
                !m.optimized_llvm_ir.contains("declare float @__nv_"),
                "O{opt_level}"
            );
            assert!(
                !m.optimized_llvm_ir.contains("declare double @__nv_"),
                "O{opt_level}"
            );
            assert!(
                !m.optimized_llvm_ir.contains("__nvvm_reflect"),
                "O{opt_level}"
            );
            assert!(!m.optimized_llvm_ir.contains("@__nv_cosf("), "O{opt_level}");
            assert!(m.optimized_llvm_ir.contains("\"nvvm-reflect-ftz\", i32 0"));
            assert!(m.ptx.contains(".visible .entry math("), "O{opt_level}");
            assert!(!m.ptx.contains(".extern .func"), "O{opt_level}");
            check_with_ptxas(&format!("math-O{opt_level}"), Chip::Sm90, &m.ptx);
        }
    }

    /// A kernel calling exp, log, pow, tanh, erf, sin and sqrt (f32 and f64).
    const MATH_KERNEL: &str = include_str!("../../../test/Target/PTX/math.mlir");

    #[test]
    fn lower_matches_compile() {
        let (_, text) = KERNELS[0];
        let lowered = lower(text, &PtxOptions::default()).unwrap();
        let out = compile_gpu_module(text, &PtxOptions::default()).unwrap();
        assert_eq!(lowered, out.lowered_mlir);
        // The lowered module compiles again (the pipeline is idempotent on it).
        assert!(compile_gpu_module(&lowered, &PtxOptions::default()).is_ok());
    }

    #[test]
    fn opt_levels() {
        let (_, text) = KERNELS[1];
        for opt_level in 0..=3 {
            let opts = PtxOptions {
                opt_level,
                ..PtxOptions::default()
            };
            let out = compile_gpu_module(text, &opts).unwrap();
            assert!(out.modules[0].ptx.contains("bar.sync"));
            check_with_ptxas(
                &format!("block-reduce-O{opt_level}"),
                Chip::Sm90,
                &out.modules[0].ptx,
            );
        }
    }

    #[test]
    fn pipeline_text() {
        let p = lowering_pipeline(&PtxOptions::default());
        assert!(p.starts_with("builtin.module(nvvm-attach-target{chip=sm_90 features=+ptx80 O=3},gpu.module(expand-strided-metadata,convert-scf-to-cf,convert-gpu-to-nvvm,"));
        assert_eq!(Chip::parse("sm_80"), Some(Chip::Sm80));
        assert_eq!(Chip::parse("sm_70"), None);
    }
}
