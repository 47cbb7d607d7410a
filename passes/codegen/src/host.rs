//! Host code → LLVM IR → a native object file.
//!
//! [`compile_host_module`] takes the text of the host IR that the `tail-to-cpu-rt` pipeline
//! produces (`func`, `scf`, `arith`, `math`, `memref` ops; runtime calls; the program entry
//! `@tail_program`; `@F.parK.launch` declarations for the outlined parallel loops) and:
//!
//! 1. **parses** it with melior;
//! 2. **lowers** it to the LLVM dialect with upstream passes ([`HOST_PASSES`]);
//! 3. **translates** it to LLVM IR (`mlirTranslateModuleToLLVMIR`);
//! 4. **defines the launches**: each declared `@F.parK.launch(count, captured…)` becomes a
//!    function that stores the captured values in a context struct on its stack and calls
//!    the runtime's `tail_rt_parallel_for_ranges(count, trampoline, &context)`; the trampoline
//!    `(context, start, end)` loads them and calls the range function `@F.parK(start, end,
//!    captured…)` (inlined there by the optimizer);
//!    The aligned pointer of each memref argument that carries `llvm.noalias` (kernels whose
//!    launches pass distinct buffers, marked by `convert-gpu-to-cpu`) gets LLVM's `noalias`
//!    (the upstream lowering drops the attribute on memref arguments; [`noalias_params`]);
//! 5. adds the C **`main`**: `return tail_rt_main(argc, argv, tail_program)` (options
//!    `--time`, `--runs N`; see docs/RUNTIME.md);
//! 6. **optimizes** with LLVM's `default<O3>` for the host CPU (the thread loops of the
//!    kernels are the inner loops it vectorizes), marks functions that are long runs of calls
//!    `optnone` for the code generator (`quick_isel_for_call_chains`), and **emits** an
//!    object file.
//!
//! Every stage's text is kept in [`HostOutput`].

use inkwell::module::Linkage;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{
    CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine,
};
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, FunctionValue};
use inkwell::AddressSpace;

use melior::ir::attribute::StringAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationMutLike};
use melior::ir::{Attribute, Identifier, Location};

use crate::ptx::{
    gpu_module_ptx, gpu_modules, llvm_level, lowering_pipeline, target_machine,
    translate_to_llvm_ir, CodegenError, MlirSession, PtxOptions,
};

/// The upstream passes that take the host IR to the LLVM dialect, in order.
pub const HOST_PASSES: &[&str] = &[
    "convert-scf-to-cf",
    "expand-strided-metadata",
    "convert-math-to-llvm",
    "convert-math-to-libm",
    // Allocation through the runtime's heap (`_mlir_memref_to_llvm_alloc`, ...: tail-rt's
    // `alloc`), which keeps large released blocks for reuse.
    "finalize-memref-to-llvm{use-generic-functions=true}",
    "convert-arith-to-llvm",
    "convert-index-to-llvm",
    "convert-cf-to-llvm",
    "convert-func-to-llvm",
    "reconcile-unrealized-casts",
];

/// The upstream passes that take the host code of the gpu level (synchronous `gpu.alloc`,
/// `gpu.memcpy`, `gpu.launch_func`, `gpu.dealloc`) to the LLVM dialect: `gpu-async-region`
/// chains the gpu ops on streams (waiting where the host needs their results), `gpu-to-llvm`
/// after `convert-scf-to-cf` turns them into calls of the `mgpu*` runtime functions, then the
/// rest of [`HOST_PASSES`].
pub fn cuda_host_pipeline() -> String {
    let mut passes = vec!["func.func(gpu-async-region)", HOST_PASSES[0], "gpu-to-llvm"];
    passes.extend(&HOST_PASSES[1..]);
    format!("builtin.module({})", passes.join(","))
}

/// The textual pipeline of [`HOST_PASSES`].
pub fn host_pipeline() -> String {
    format!("builtin.module({})", HOST_PASSES.join(","))
}

/// The name suffix of the launch declarations `convert-parallel-to-rt` creates.
pub const LAUNCH_SUFFIX: &str = ".launch";

/// Options of [`compile_host_module`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostOptions {
    /// LLVM optimization level, 0 to 3 (`default<ON>` and the code generator's level).
    pub opt_level: u8,
    /// The CPU to generate code for: `None` for the host's CPU and its features (the
    /// executable then runs on this machine and its kind), `Some("x86-64")` for any x86-64.
    pub cpu: Option<String>,
    /// The program's source files, `(file name, text)` in the order the program lists them
    /// (`tail_dialect::source`): `main` registers them with the runtime (`tail_rt_source`)
    /// so that a failed run-time check shows its line, as compile-time diagnostics do.
    /// Empty: checks name only the line and column.
    pub sources: Vec<(String, String)>,
}

impl Default for HostOptions {
    fn default() -> Self {
        HostOptions {
            opt_level: 3,
            cpu: None,
            sources: Vec::new(),
        }
    }
}

/// The stages of [`compile_host_module`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostOutput {
    /// The module in the LLVM dialect.
    pub llvm_dialect: String,
    /// LLVM IR with the launches and `main` defined, before optimization.
    pub llvm_ir: String,
    /// LLVM IR after `default<ON>`.
    pub optimized_llvm_ir: String,
    /// The object file (ELF for the host).
    pub object: Vec<u8>,
}

/// The host target machine for `opts`.
fn host_machine(opts: &HostOptions) -> Result<TargetMachine, CodegenError> {
    Target::initialize_native(&InitializationConfig::default())
        .map_err(|e| CodegenError::Llvm(format!("no native target: {e}")))?;
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple)
        .map_err(|e| CodegenError::Llvm(format!("no target for the host: {e}")))?;
    let (cpu, features) = match &opts.cpu {
        None => (
            TargetMachine::get_host_cpu_name().to_string(),
            TargetMachine::get_host_cpu_features().to_string(),
        ),
        Some(c) => (c.clone(), String::new()),
    };
    let level = llvm_level(opts.opt_level);
    target
        .create_target_machine(
            &triple,
            &cpu,
            &features,
            level,
            RelocMode::PIC,
            CodeModel::Default,
        )
        .ok_or_else(|| {
            CodegenError::Llvm(format!("cannot create a target machine for CPU '{cpu}'"))
        })
}

/// The stages of [`compile_cuda_host_module`]: the host's, and each kernel module's PTX.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CudaHostOutput {
    /// The host code's stages.
    pub host: HostOutput,
    /// `(gpu.module name, PTX)` of each kernel module, embedded in the object.
    pub ptx: Vec<(String, String)>,
}

/// `text` as an MLIR string literal body (`"` and `\` escaped, other bytes outside printable
/// ASCII as `\HH`).
fn mlir_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for b in text.bytes() {
        match b {
            b'"' | b'\\' => out.push_str(&format!("\\{:02X}", b)),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\{:02X}", b)),
        }
    }
    out
}

/// Compiles the gpu level (host functions with `gpu` ops, `gpu.module`s of kernels, runtime
/// calls from `convert-tail-io-to-rt`) to a host object file that runs the kernels on a CUDA
/// GPU:
///
/// 1. the `gpu.module`s are lowered and compiled to PTX as by [`crate::ptx::compile_gpu_module`];
/// 2. the host code is lowered with [`cuda_host_pipeline`];
/// 3. each `gpu.module` is replaced by a `gpu.binary` holding its PTX
///    (`#gpu.object<#nvvm.target<chip = …>, assembly = "…">`), which the LLVM translation
///    embeds and loads at startup with `mgpuModuleLoadJIT` (the driver compiles the PTX for the
///    device it runs on, at its highest optimization level, 4: the object's `O` property);
/// 4. as [`compile_host_module`] from the translation on (`main`, O3, object file).
///
/// # Errors
///
/// A [`CodegenError`] for the first stage that fails.
pub fn compile_cuda_host_module(
    text: &str,
    opts: &HostOptions,
    ptx_opts: &PtxOptions,
) -> Result<CudaHostOutput, CodegenError> {
    let session = MlirSession::new();
    let mut module = session.parse(text)?;
    session.run_pipeline(&mut module, &lowering_pipeline(ptx_opts))?;
    let nvptx = target_machine(ptx_opts)?;
    let mut ptx = Vec::new();
    for (name, gm) in gpu_modules(&module) {
        let out = gpu_module_ptx(&session, name.clone(), gm, &nvptx, ptx_opts)?;
        ptx.push((name, out.ptx));
    }
    session.run_pipeline(&mut module, &cuda_host_pipeline())?;
    let ctx = &session.context;
    for (name, gm) in gpu_modules(&module) {
        let code = &ptx
            .iter()
            .find(|(n, _)| *n == name)
            .expect("compiled above")
            .1;
        let objects = format!(
            "[#gpu.object<#nvvm.target<chip = \"{}\">, properties = {{O = 4 : i32}}, assembly = \"{}\">]",
            ptx_opts.chip.name(),
            mlir_string(code)
        );
        let objects = Attribute::parse(ctx, &objects).ok_or_else(|| {
            CodegenError::Binary(format!("cannot build the gpu.object of @{name}"))
        })?;
        // The object manager that embeds the (only) object and loads it at startup.
        let handler = Attribute::parse(ctx, "#gpu.select_object<0 : i64>")
            .ok_or_else(|| CodegenError::Binary("cannot build #gpu.select_object".to_string()))?;
        let binary = OperationBuilder::new("gpu.binary", Location::unknown(ctx))
            .add_attributes(&[
                (
                    Identifier::new(ctx, "sym_name"),
                    StringAttribute::new(ctx, &name).into(),
                ),
                (Identifier::new(ctx, "offloadingHandler"), handler),
                (Identifier::new(ctx, "objects"), objects),
            ])
            .build()
            .map_err(|e| CodegenError::Binary(format!("building gpu.binary @{name}: {e}")))?;
        module.body().insert_operation_before(gm, binary);
        // SAFETY: nothing refers to the `gpu.module` any more (launches name the symbol, now
        // the binary's); it is unlinked from its block first, then the owned value destroys it.
        let mut owned = unsafe { melior::ir::Operation::from_raw(gm.to_raw()) };
        owned.remove_from_parent();
        drop(owned);
    }
    if !module.as_operation().verify() {
        return Err(CodegenError::Binary(format!(
            "the module with gpu.binary ops does not verify{}",
            session
                .take_diagnostics()
                .iter()
                .map(|d| format!("\n{d}"))
                .collect::<String>()
        )));
    }
    let host = finish(&session, &module, opts, &[])?;
    Ok(CudaHostOutput { host, ptx })
}

/// Compiles host IR to an object file (see the module documentation).
///
/// # Errors
///
/// A [`CodegenError`] for the first stage that fails (MLIR's diagnostics for parsing and
/// lowering, LLVM's message after that); never panics on bad input.
pub fn compile_host_module(text: &str, opts: &HostOptions) -> Result<HostOutput, CodegenError> {
    let session = MlirSession::new();
    let mut module = session.parse(text)?;
    let noalias = noalias_params(&module);
    session.run_pipeline(&mut module, &host_pipeline())?;
    finish(&session, &module, opts, &noalias)
}

/// The LLVM parameters that get `noalias`: for each `func.func` of the module, the position
/// among its LLVM parameters of the aligned pointer of each ranked memref argument with the
/// unit attribute `llvm.noalias`, with the function's number of LLVM parameters. A ranked
/// memref argument of rank `r` becomes `3 + 2r` parameters (allocated and aligned pointers,
/// offset, sizes, strides), an unranked one 2 (rank, descriptor), an integer, index or float
/// 1; a function with an argument of another type is left out.
fn noalias_params(module: &melior::ir::Module<'_>) -> Vec<(String, Vec<u32>, u32)> {
    let mut out = Vec::new();
    let mut op = module.body().first_operation();
    while let Some(o) = op {
        op = o.next_in_block();
        if o.name().as_string_ref().as_str() == Ok("func.func") {
            out.extend(func_noalias(&o));
        }
    }
    out
}

/// [`noalias_params`] of one `func.func`: none when it marks no memref (or has an argument
/// of a type not counted).
fn func_noalias(
    f: &melior::ir::operation::OperationRef<'_, '_>,
) -> Option<(String, Vec<u32>, u32)> {
    use melior::ir::attribute::{ArrayAttribute, DictionaryAttribute, TypeAttribute};
    use melior::ir::r#type::{FunctionType, MemRefType, ShapedTypeLike, TypeLike};
    let attrs = ArrayAttribute::try_from(f.attribute("arg_attrs").ok()?).ok()?;
    let fty = TypeAttribute::try_from(f.attribute("function_type").ok()?).ok()?;
    let fty = FunctionType::try_from(fty.value()).ok()?;
    let name = StringAttribute::try_from(f.attribute("sym_name").ok()?).ok()?;
    let (mut at, mut marked) = (0u32, Vec::new());
    for i in 0..fty.input_count() {
        let t = fty.input(i).ok()?;
        let noalias = attrs
            .element(i)
            .ok()
            .and_then(|a| DictionaryAttribute::try_from(a).ok())
            .is_some_and(|d| d.element_by_name("llvm.noalias").is_some());
        if let Ok(m) = MemRefType::try_from(t) {
            if noalias {
                marked.push(at + 1);
            }
            at += 3 + 2 * m.rank() as u32;
        } else if t.is_unranked_mem_ref() {
            at += 2;
        } else if t.is_index() || t.is_integer() || t.is_float() {
            at += 1;
        } else {
            return None;
        }
    }
    (!marked.is_empty()).then(|| (name.value().to_string(), marked, at))
}

/// From a module in the LLVM dialect: translation, `noalias` parameters (see
/// [`noalias_params`]), launches, `main`, linkage, O3, object.
fn finish(
    session: &MlirSession,
    module: &melior::ir::Module<'_>,
    opts: &HostOptions,
    noalias: &[(String, Vec<u32>, u32)],
) -> Result<HostOutput, CodegenError> {
    let llvm_dialect = module.as_operation().to_string();
    let machine = host_machine(opts)?;
    let llvm_ctx = inkwell::context::Context::create();
    let m = translate_to_llvm_ir(session, module, &llvm_ctx, "host")?;
    let kind = inkwell::attributes::Attribute::get_named_enum_kind_id("noalias");
    for (name, params, count) in noalias {
        // A function whose LLVM parameters are not as counted is left alone.
        if let Some(f) = m.get_function(name).filter(|f| f.count_params() == *count) {
            for &p in params {
                let a = llvm_ctx.create_enum_attribute(kind, 0);
                f.add_attribute(inkwell::attributes::AttributeLoc::Param(p), a);
            }
        }
    }
    m.set_name("tail_program");
    m.set_triple(&machine.get_triple());
    m.set_data_layout(&machine.get_target_data().get_data_layout());
    define_launches(&llvm_ctx, &m)?;
    define_main(&llvm_ctx, &m, &opts.sources)?;
    // Only `main` (and `tail_program`, which it calls) is seen from outside: everything else
    // may be inlined, specialized and dropped.
    for f in m.get_functions() {
        let name = f.get_name().to_string_lossy();
        if f.count_basic_blocks() > 0 && name != "main" && name != "tail_program" {
            f.set_linkage(Linkage::Internal);
        }
    }
    m.verify()
        .map_err(|e| CodegenError::Llvm(format!("invalid LLVM IR: {e}")))?;
    let llvm_ir = m.print_to_string().to_string();
    m.run_passes(
        &format!("default<O{}>", opts.opt_level.min(3)),
        &machine,
        PassBuilderOptions::create(),
    )
    .map_err(|e| CodegenError::Llvm(format!("optimizing: {e}")))?;
    quick_isel_for_call_chains(&llvm_ctx, &m);
    let optimized_llvm_ir = m.print_to_string().to_string();
    let object = machine
        .write_to_memory_buffer(&m, FileType::Object)
        .map_err(|e| CodegenError::Llvm(format!("emitting the object file: {e}")))?
        .as_slice()
        .to_vec();
    Ok(HostOutput {
        llvm_dialect,
        llvm_ir,
        optimized_llvm_ir,
        object,
    })
}

/// More calls than this in one basic block of a host function select its instructions with
/// LLVM's fast path (see [`quick_isel_for_call_chains`]).
const CALLS_PER_BLOCK_FOR_FAST_ISEL: usize = 32;

/// Marks `optnone` (with `noinline`) the host functions, after optimization, that have a
/// basic block of more than [`CALLS_PER_BLOCK_FOR_FAST_ISEL`] calls of functions that are
/// not LLVM intrinsics: the straight-line code that launches kernels, moves buffers and
/// prints results. Each call passes descriptors through stack slots it stores first, and
/// LLVM's list scheduler (`IsChainDependent`, SelectionDAG) walks the chains of such a block
/// path by path, so that a block of some seventy calls took minutes
/// (`test/Target/CUDA/many-calls.apl`). `optnone` after the IR passes leaves
/// the optimized IR as it is and makes the code generator select those functions'
/// instructions one by one (FastISel), which takes linear time. Bodies of the CPU backend's
/// parallel loops (`.trampoline`), where kernels run, are left to the optimizing path.
fn quick_isel_for_call_chains(ctx: &inkwell::context::Context, m: &inkwell::module::Module<'_>) {
    use inkwell::attributes::{Attribute as LlAttr, AttributeLoc};
    use inkwell::values::{InstructionOpcode, Operand};
    let kind = |name: &str| LlAttr::get_named_enum_kind_id(name);
    for f in m.get_functions() {
        let name = f.get_name().to_string_lossy();
        if f.count_basic_blocks() == 0 || name.ends_with(".trampoline") {
            continue;
        }
        if f.get_enum_attribute(AttributeLoc::Function, kind("alwaysinline"))
            .is_some()
        {
            continue;
        }
        let heavy = f.get_basic_block_iter().any(|bb| {
            bb.get_instructions()
                .filter(|i| i.get_opcode() == InstructionOpcode::Call)
                .filter(|i| {
                    // The callee is the call's last operand.
                    let n = i.get_num_operands();
                    match n.checked_sub(1).and_then(|k| i.get_operand(k)) {
                        Some(Operand::Value(BasicValueEnum::PointerValue(p))) => {
                            !p.get_name().to_bytes().starts_with(b"llvm.")
                        }
                        _ => true,
                    }
                })
                .count()
                > CALLS_PER_BLOCK_FOR_FAST_ISEL
        });
        if heavy {
            for a in ["noinline", "optnone"] {
                f.add_attribute(
                    AttributeLoc::Function,
                    ctx.create_enum_attribute(kind(a), 0),
                );
            }
        }
    }
}

/// Defines every declared `@F.parK.launch` (see the module documentation).
fn define_launches<'ll>(
    ctx: &'ll inkwell::context::Context,
    m: &inkwell::module::Module<'ll>,
) -> Result<(), CodegenError> {
    let launches: Vec<FunctionValue<'ll>> = m
        .get_functions()
        .filter(|f| f.count_basic_blocks() == 0)
        .filter(|f| f.get_name().to_string_lossy().ends_with(LAUNCH_SUFFIX))
        .collect();
    if launches.is_empty() {
        return Ok(());
    }
    let ptr = ctx.ptr_type(AddressSpace::default());
    let i64t = ctx.i64_type();
    let pool_ty = ctx
        .void_type()
        .fn_type(&[i64t.into(), ptr.into(), ptr.into()], false);
    let pool = m
        .get_function("tail_rt_parallel_for_ranges")
        .unwrap_or_else(|| m.add_function("tail_rt_parallel_for_ranges", pool_ty, None));
    let llvm = |what: &str, e: inkwell::builder::BuilderError| {
        CodegenError::Llvm(format!("building {what}: {e}"))
    };
    for launch in launches {
        let lname = launch.get_name().to_string_lossy().into_owned();
        let bname = &lname[..lname.len() - LAUNCH_SUFFIX.len()];
        let body = m.get_function(bname).ok_or_else(|| {
            CodegenError::Llvm(format!("@{lname} has no range function @{bname}"))
        })?;
        let lparams = launch.get_params();
        let bparams = body.get_type().get_param_types();
        if lparams.is_empty() || bparams.len() != lparams.len() + 1 {
            return Err(CodegenError::Llvm(format!(
                "@{lname} and @{bname} have mismatched parameters"
            )));
        }
        let caps: Vec<BasicValueEnum<'ll>> = lparams[1..].to_vec();
        let cap_tys: Vec<BasicTypeEnum<'ll>> = caps.iter().map(|v| v.get_type()).collect();
        let st = ctx.struct_type(&cap_tys, false);
        // The trampoline: (context, start, end) → body(start, end, captured…).
        let tramp_ty = ctx
            .void_type()
            .fn_type(&[ptr.into(), i64t.into(), i64t.into()], false);
        let tramp = m.add_function(
            &format!("{bname}.trampoline"),
            tramp_ty,
            Some(Linkage::Internal),
        );
        let b = ctx.create_builder();
        b.position_at_end(ctx.append_basic_block(tramp, "entry"));
        let tp = tramp.get_params();
        let cptr = tp[0].into_pointer_value();
        let mut args: Vec<BasicMetadataValueEnum<'ll>> = vec![tp[1].into(), tp[2].into()];
        for (k, ty) in cap_tys.iter().enumerate() {
            let field = b
                .build_struct_gep(st, cptr, k as u32, "field")
                .map_err(|e| llvm("the trampoline", e))?;
            let v = b
                .build_load(*ty, field, "cap")
                .map_err(|e| llvm("the trampoline", e))?;
            args.push(v.into());
        }
        b.build_call(body, &args, "")
            .map_err(|e| llvm("the trampoline", e))?;
        b.build_return(None)
            .map_err(|e| llvm("the trampoline", e))?;
        // The launch: store the captured values, run the ranges on the pool.
        launch.set_linkage(Linkage::Internal);
        b.position_at_end(ctx.append_basic_block(launch, "entry"));
        let slot = b
            .build_alloca(st, "context")
            .map_err(|e| llvm("a launch", e))?;
        for (k, v) in caps.iter().enumerate() {
            let field = b
                .build_struct_gep(st, slot, k as u32, "field")
                .map_err(|e| llvm("a launch", e))?;
            b.build_store(field, *v).map_err(|e| llvm("a launch", e))?;
        }
        let fptr = tramp.as_global_value().as_pointer_value();
        b.build_call(pool, &[lparams[0].into(), fptr.into(), slot.into()], "")
            .map_err(|e| llvm("a launch", e))?;
        b.build_return(None).map_err(|e| llvm("a launch", e))?;
    }
    Ok(())
}

/// Defines `int main(int argc, char **argv) { return tail_rt_main(argc, argv, tail_program); }`,
/// first registering the program's `sources` in order (`tail_rt_source(name, name_len, text,
/// text_len)` each, held in private constants).
fn define_main<'ll>(
    ctx: &'ll inkwell::context::Context,
    m: &inkwell::module::Module<'ll>,
    sources: &[(String, String)],
) -> Result<(), CodegenError> {
    let program = m
        .get_function("tail_program")
        .filter(|f| f.count_basic_blocks() > 0)
        .ok_or_else(|| CodegenError::Llvm("the module defines no @tail_program".into()))?;
    if m.get_function("main").is_some() {
        return Err(CodegenError::Llvm(
            "the module already has a function named main".into(),
        ));
    }
    let ptr = ctx.ptr_type(AddressSpace::default());
    let i32t = ctx.i32_type();
    let rt_main_ty = i32t.fn_type(&[i32t.into(), ptr.into(), ptr.into()], false);
    let rt_main = m.add_function("tail_rt_main", rt_main_ty, None);
    let main_ty = i32t.fn_type(&[i32t.into(), ptr.into()], false);
    let main = m.add_function("main", main_ty, None);
    let b = ctx.create_builder();
    b.position_at_end(ctx.append_basic_block(main, "entry"));
    let p = main.get_params();
    let llvm =
        |e: inkwell::builder::BuilderError| CodegenError::Llvm(format!("building main: {e}"));
    if !sources.is_empty() {
        let i64t = ctx.i64_type();
        let source_ty = ctx
            .void_type()
            .fn_type(&[ptr.into(), i64t.into(), ptr.into(), i64t.into()], false);
        let register = m.add_function("tail_rt_source", source_ty, None);
        for (name, text) in sources {
            let mut args: Vec<inkwell::values::BasicMetadataValueEnum> = Vec::new();
            for (sym, bytes) in [("tail.source.name", name), ("tail.source.text", text)] {
                let init = ctx.const_string(bytes.as_bytes(), false);
                let g = m.add_global(init.get_type(), None, sym);
                g.set_initializer(&init);
                g.set_constant(true);
                g.set_linkage(inkwell::module::Linkage::Private);
                g.set_unnamed_addr(true);
                args.push(g.as_pointer_value().into());
                args.push(i64t.const_int(bytes.len() as u64, false).into());
            }
            b.build_call(register, &args, "").map_err(llvm)?;
        }
    }
    let status = b
        .build_call(
            rt_main,
            &[
                p[0].into(),
                p[1].into(),
                program.as_global_value().as_pointer_value().into(),
            ],
            "status",
        )
        .map_err(llvm)?
        .try_as_basic_value()
        .basic()
        .ok_or_else(|| CodegenError::Llvm("tail_rt_main returns nothing".into()))?;
    b.build_return(Some(&status)).map_err(llvm)?;
    Ok(())
}
