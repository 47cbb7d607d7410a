//! The CUDA driver layer: the C ABI that MLIR's `gpu-to-llvm` lowering and its offloading
//! translation call for `gpu.binary`/`gpu.launch_func`/`gpu.alloc`/`gpu.memcpy`/`gpu.memset`/
//! `gpu.dealloc`/`gpu.wait` (the `mgpu*` functions of MLIR's CUDA runtime wrappers, same names
//! and signatures), implemented over the CUDA driver API, which `cudarc` loads at run time.
//!
//! - The driver (`libcuda.so`) is loaded, initialised and the primary context of the default
//!   device (0, or the one set by `mgpuSetDefaultDevice` before) retained on the first call
//!   that needs it; a missing driver or device is a clear error. A CPU-only program never
//!   touches the driver.
//! - Device memory comes from a caching allocator ([`alloc`]): a freed block is kept on a free
//!   list of its size class and serves the next request of that class. A block freed on one
//!   stream and reused on another is ordered after the work queued before the free (an event
//!   recorded at the free, waited for by the new stream). Out of memory first returns the
//!   cached blocks to the device and retries, then reports the sizes involved.
//! - Errors end the program (`error: …`, exit status 1) with the failing entry point, the
//!   driver call and the driver's error name and text; launches and later synchronisations
//!   name the kernel (kept from `mgpuModuleGetFunction`).
//! - With kernel timing on (`tail_rt_set_kernel_timing(1)`, or `--time` through
//!   `tail_rt_init`), every launch is bracketed by two events; `tail_rt_kernel_time_ms` sums
//!   the elapsed times of all launches since the last reset.

pub mod alloc;

use std::cell::Cell;
use std::collections::{HashMap, HashSet};
use std::ffi::{c_char, c_void, CStr};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::Mutex;

use cudarc::driver::sys::{self, CUcontext, CUevent, CUfunction, CUmodule, CUresult, CUstream};

use self::alloc::{size_class, BlockCache};
use crate::fail::entry;

/// The device `mgpuSetDefaultDevice` selected.
static DEFAULT_DEVICE: AtomicI32 = AtomicI32::new(0);
/// Whether launches are timed.
static TIMING: AtomicBool = AtomicBool::new(false);
/// The driver state, created on first use.
static GPU: Mutex<Option<Gpu>> = Mutex::new(None);

thread_local! {
    /// The context current on this thread (as an address), to set it once per thread.
    static CURRENT: Cell<usize> = const { Cell::new(0) };
}

/// Where a cached block was freed: the stream, and an event recorded there at the free.
struct FreedOn {
    stream: usize,
    event: CUevent,
}

struct Gpu {
    ctx: CUcontext,
    /// The program's stream: every `mgpuStreamCreate` returns it (see `mgpuStreamCreate`).
    stream: CUstream,
    /// Kernel names by function handle.
    kernels: HashMap<usize, String>,
    /// Function handles by module and name (`mgpuModuleGetFunction` runs before every
    /// launch in MLIR's lowering).
    functions: HashMap<(usize, String), CUfunction>,
    cache: BlockCache<FreedOn>,
    /// Managed (host-shared) allocations, not cached.
    managed: HashSet<u64>,
    /// Idle events without timing (for freed blocks).
    sync_events: Vec<CUevent>,
    /// Idle events with timing.
    timing_events: Vec<CUevent>,
    /// Timed launches not yet read: start and end events.
    pending: Vec<(CUevent, CUevent)>,
    kernel_ms: f64,
    launches: i64,
    last_kernel: Option<String>,
    /// The fault records of the loaded modules that have one (module, device address):
    /// see [`Gpu::check_faults`].
    fault_records: Vec<(usize, u64)>,
}

// SAFETY: the driver handles are usable from any thread once the context is current there
// (`Gpu::make_current`); all access goes through the `GPU` mutex.
unsafe impl Send for Gpu {}

/// The name of the device global in which kernels record a failed check (see
/// `tail_kernels::hpar_to_gpu::FAULT_RECORD`), NUL-terminated.
const FAULT_RECORD: &CStr = c"__tail_fault";

/// The 64-bit fields of the fault record ([`tail_format::fault`]).
const FAULT_FIELDS: usize = tail_format::fault::FIELDS;

/// The driver's name and description of an error: `CUDA_ERROR_OUT_OF_MEMORY (out of memory)`.
fn describe(r: CUresult) -> String {
    let mut name: *const c_char = std::ptr::null();
    let mut text: *const c_char = std::ptr::null();
    // SAFETY: the driver stores pointers to static strings (or leaves them null).
    unsafe {
        sys::cuGetErrorName(r, &mut name);
        sys::cuGetErrorString(r, &mut text);
    }
    let s = |p: *const c_char| {
        // SAFETY: non-null results are NUL-terminated static strings.
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
    };
    match (s(name), s(text)) {
        (Some(n), Some(t)) => format!("{n} ({t})"),
        (Some(n), None) => n,
        _ => format!("CUDA error {}", r as u32),
    }
}

/// `Ok` for success, else `Err("<what>: <error>")`.
fn cu(r: CUresult, what: impl FnOnce() -> String) -> Result<(), String> {
    if r == CUresult::CUDA_SUCCESS {
        Ok(())
    } else {
        Err(format!("{}: {}", what(), describe(r)))
    }
}

/// The message for a missing driver library.
pub fn missing_driver_message() -> String {
    let tried: Vec<String> = cudarc::get_lib_name_candidates("cuda")
        .into_iter()
        .filter(|n| n.starts_with("libcuda.so"))
        .collect();
    format!(
        "CUDA driver not found: cannot load the driver library (tried {}). This program \
         runs its kernels on an NVIDIA GPU and needs the NVIDIA driver; if it is installed, \
         add the directory of libcuda.so to LD_LIBRARY_PATH",
        tried.join(", ")
    )
}

/// Whether the driver library can be loaded.
pub fn driver_present() -> bool {
    // SAFETY: only tries to dlopen the candidate library names.
    unsafe { sys::is_culib_present() }
}

impl Gpu {
    fn init() -> Result<Gpu, String> {
        if !driver_present() {
            return Err(missing_driver_message());
        }
        // SAFETY: driver calls with valid out-pointers.
        unsafe {
            cu(sys::cuInit(0), || {
                "CUDA initialisation failed (cuInit)".into()
            })?;
            let mut count = 0;
            cu(sys::cuDeviceGetCount(&mut count), || {
                "cuDeviceGetCount failed".into()
            })?;
            if count == 0 {
                return Err("no CUDA device found".into());
            }
            let ordinal = DEFAULT_DEVICE.load(Ordering::Relaxed);
            if ordinal < 0 || ordinal >= count {
                return Err(format!(
                    "CUDA device {ordinal} requested (mgpuSetDefaultDevice), but there are only \
                     {count} devices"
                ));
            }
            let mut device = 0;
            cu(sys::cuDeviceGet(&mut device, ordinal), || {
                format!("cuDeviceGet({ordinal}) failed")
            })?;
            let mut ctx: CUcontext = std::ptr::null_mut();
            cu(sys::cuDevicePrimaryCtxRetain(&mut ctx, device), || {
                format!(
                    "cannot create a context on CUDA device {ordinal} (cuDevicePrimaryCtxRetain)"
                )
            })?;
            cu(sys::cuCtxSetCurrent(ctx), || {
                "cuCtxSetCurrent failed".into()
            })?;
            CURRENT.with(|c| c.set(ctx as usize));
            let mut stream: CUstream = std::ptr::null_mut();
            cu(
                sys::cuStreamCreate(
                    &mut stream,
                    sys::CUstream_flags::CU_STREAM_NON_BLOCKING as u32,
                ),
                || "cuStreamCreate failed".into(),
            )?;
            Ok(Gpu {
                ctx,
                stream,
                kernels: HashMap::new(),
                functions: HashMap::new(),
                cache: BlockCache::default(),
                managed: HashSet::new(),
                sync_events: Vec::new(),
                timing_events: Vec::new(),
                pending: Vec::new(),
                kernel_ms: 0.0,
                launches: 0,
                last_kernel: None,
                fault_records: Vec::new(),
            })
        }
    }

    fn make_current(&self) -> Result<(), String> {
        let want = self.ctx as usize;
        if CURRENT.with(|c| c.get()) != want {
            // SAFETY: a context retained by `init`.
            cu(unsafe { sys::cuCtxSetCurrent(self.ctx) }, || {
                "cuCtxSetCurrent failed".into()
            })?;
            CURRENT.with(|c| c.set(want));
        }
        Ok(())
    }

    fn new_event(pool: &mut Vec<CUevent>, flags: u32) -> Result<CUevent, String> {
        if let Some(e) = pool.pop() {
            return Ok(e);
        }
        let mut e: CUevent = std::ptr::null_mut();
        // SAFETY: valid out-pointer.
        cu(unsafe { sys::cuEventCreate(&mut e, flags) }, || {
            "cuEventCreate failed".into()
        })?;
        Ok(e)
    }

    /// The kernel's name for messages.
    fn kernel_name(&self, f: CUfunction) -> String {
        self.kernels
            .get(&(f as usize))
            .cloned()
            .unwrap_or_else(|| format!("<function {f:p}>"))
    }

    /// ` (last kernel launched: 'k')`, or nothing before the first launch.
    fn after_kernel(&self) -> String {
        match &self.last_kernel {
            Some(k) => format!(" (last kernel launched: '{k}')"),
            None => String::new(),
        }
    }

    /// Waits for the work queued on `stream`; a failure names the last kernel launched, and
    /// a failed index check in a kernel that ran is reported ([`Gpu::check_faults`]).
    fn wait(&self, stream: CUstream, who: &str) -> Result<(), String> {
        // SAFETY: a live stream of this context (or null, the default stream).
        cu(unsafe { sys::cuStreamSynchronize(stream) }, || {
            format!("{who}: GPU work failed{}", self.after_kernel())
        })?;
        self.check_faults()
    }

    /// Reads the fault record of each loaded module that has one (`__tail_fault`, defined
    /// by `convert-hpar-to-gpu` with the device's index check): a kernel thread whose index
    /// was out of bounds counted itself in field 0 and, the first one, stored its index,
    /// extent, axis, origin, line and column before ending. A set record ends the program
    /// with the message and position the CPU backend's check gives (the failure is recorded
    /// for the entry point, which reports it once the driver lock is released).
    fn check_faults(&self) -> Result<(), String> {
        for &(_, addr) in &self.fault_records {
            let mut rec = [0i64; FAULT_FIELDS];
            // SAFETY: `addr` is the module's global of `FAULT_FIELDS` 64-bit words; the
            // copy is synchronous and its destination a local array of that size.
            cu(
                unsafe {
                    sys::cuMemcpyDtoH_v2(rec.as_mut_ptr().cast(), addr, std::mem::size_of_val(&rec))
                },
                || {
                    format!(
                        "reading the kernels' fault record failed{}",
                        self.after_kernel()
                    )
                },
            )?;
            if rec[0] > 0 {
                let [.., line, col] = rec;
                let msg = tail_format::fault::message(&rec);
                crate::fail::fail_with_later(crate::fail::Failure::at(
                    line as i32,
                    col as i32,
                    msg.clone(),
                ));
                return Err(format!(
                    "{msg} (a run-time check in kernel '{}')",
                    self.last_kernel.as_deref().unwrap_or("?")
                ));
            }
        }
        Ok(())
    }

    /// Reads the times of the pending timed launches into `kernel_ms`.
    fn collect_times(&mut self) -> Result<(), String> {
        for (start, end) in std::mem::take(&mut self.pending) {
            let mut ms = 0f32;
            // SAFETY: events recorded by `launch`.
            unsafe {
                cu(sys::cuEventSynchronize(end), || {
                    format!("waiting for a kernel failed{}", self.after_kernel())
                })?;
                cu(sys::cuEventElapsedTime_v2(&mut ms, start, end), || {
                    "cuEventElapsedTime failed".into()
                })?;
            }
            self.kernel_ms += ms as f64;
            self.timing_events.push(start);
            self.timing_events.push(end);
        }
        Ok(())
    }

    /// Gives every cached block back to the device (after the device is idle).
    fn release_cache(&mut self) -> Result<(), String> {
        let blocks = self.cache.drain();
        if blocks.is_empty() {
            return Ok(());
        }
        // SAFETY: plain driver calls on blocks and events this allocator created.
        unsafe {
            cu(sys::cuCtxSynchronize(), || {
                format!("cuCtxSynchronize failed{}", self.after_kernel())
            })?;
            for (ptr, freed) in blocks {
                cu(sys::cuMemFree_v2(ptr), || {
                    format!("cuMemFree({ptr:#x}) failed")
                })?;
                self.sync_events.push(freed.event);
            }
        }
        Ok(())
    }

    fn alloc(&mut self, bytes: u64, stream: CUstream) -> Result<u64, String> {
        let class = size_class(bytes);
        if let Some((ptr, freed)) = self.cache.take(class) {
            if freed.stream != stream as usize {
                // SAFETY: an event recorded at the block's free.
                cu(
                    unsafe { sys::cuStreamWaitEvent(stream, freed.event, 0) },
                    || "cuStreamWaitEvent failed".into(),
                )?;
            }
            self.sync_events.push(freed.event);
            return Ok(ptr);
        }
        let mut ptr = 0;
        // SAFETY: valid out-pointer.
        let mut r = unsafe { sys::cuMemAlloc_v2(&mut ptr, class as usize) };
        if r == CUresult::CUDA_ERROR_OUT_OF_MEMORY && self.cache.cached_bytes() > 0 {
            self.release_cache()?;
            // SAFETY: as above.
            r = unsafe { sys::cuMemAlloc_v2(&mut ptr, class as usize) };
        }
        if r == CUresult::CUDA_ERROR_OUT_OF_MEMORY {
            let (mut free, mut total) = (0usize, 0usize);
            // SAFETY: valid out-pointers.
            let info = unsafe { sys::cuMemGetInfo_v2(&mut free, &mut total) };
            let device = if info == CUresult::CUDA_SUCCESS {
                format!("; the device has {free} of {total} bytes free")
            } else {
                String::new()
            };
            return Err(format!(
                "out of device memory: mgpuMemAlloc could not allocate {bytes} bytes (the \
                 program holds {} bytes in {} device buffers{device})",
                self.cache.live_bytes(),
                self.cache.live_count()
            ));
        }
        cu(r, || {
            format!("mgpuMemAlloc: cuMemAlloc of {class} bytes failed")
        })?;
        self.cache.add_live(ptr, class);
        Ok(ptr)
    }

    fn free(&mut self, ptr: u64, stream: CUstream) -> Result<(), String> {
        if self.managed.remove(&ptr) {
            // SAFETY: a managed allocation of `mgpuMemAlloc`.
            return cu(unsafe { sys::cuMemFree_v2(ptr) }, || {
                format!(
                    "mgpuMemFree: cuMemFree({ptr:#x}) failed{}",
                    self.after_kernel()
                )
            });
        }
        if !self.cache.is_live(ptr) {
            return Err(format!(
                "mgpuMemFree: {ptr:#x} is not a device buffer of mgpuMemAlloc (or was freed before)"
            ));
        }
        let event = Self::new_event(
            &mut self.sync_events,
            sys::CUevent_flags::CU_EVENT_DISABLE_TIMING as u32,
        )?;
        // SAFETY: an event of this context, a stream of the caller.
        cu(unsafe { sys::cuEventRecord(event, stream) }, || {
            format!("mgpuMemFree: cuEventRecord failed{}", self.after_kernel())
        })?;
        self.cache.release(
            ptr,
            FreedOn {
                stream: stream as usize,
                event,
            },
        );
        Ok(())
    }
}

/// Runs `f` on the driver state, creating it first if needed, with its context current.
fn with_gpu<R>(f: impl FnOnce(&mut Gpu) -> Result<R, String>) -> Result<R, String> {
    let mut guard = GPU.lock().unwrap_or_else(|e| e.into_inner());
    if guard.is_none() {
        *guard = Some(Gpu::init()?);
    }
    let gpu = guard.as_mut().expect("initialised above");
    gpu.make_current()?;
    f(gpu)
}

/// Loads a module image (PTX, NUL-terminated, or a cubin) with the driver's JIT log.
fn load_module(
    name: &str,
    data: *const c_void,
    opt_level: Option<i32>,
) -> Result<CUmodule, String> {
    if data.is_null() {
        return Err(format!("{name}: null module image"));
    }
    with_gpu(|g| {
        let mut log = vec![0u8; 16 * 1024];
        let mut opts = vec![
            sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
            sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
        ];
        let mut vals: Vec<*mut c_void> = vec![log.as_mut_ptr().cast(), log.len() as *mut c_void];
        if let Some(level) = opt_level {
            opts.push(sys::CUjit_option::CU_JIT_OPTIMIZATION_LEVEL);
            vals.push(level.clamp(0, 4) as usize as *mut c_void);
        }
        let mut module: CUmodule = std::ptr::null_mut();
        // SAFETY: `data` is the caller's module image; the option arrays match.
        let r = unsafe {
            sys::cuModuleLoadDataEx(
                &mut module,
                data,
                opts.len() as u32,
                opts.as_mut_ptr(),
                vals.as_mut_ptr(),
            )
        };
        if r != CUresult::CUDA_SUCCESS {
            let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
            let text = String::from_utf8_lossy(&log[..end]);
            let text = text.trim();
            let detail = if text.is_empty() {
                String::new()
            } else {
                format!("\n{text}")
            };
            return Err(format!(
                "{name}: loading the GPU module failed (cuModuleLoadDataEx): {}{detail}",
                describe(r)
            ));
        }
        let mut addr = 0;
        let mut bytes = 0;
        // SAFETY: a module just loaded; the name is NUL-terminated.
        let r = unsafe {
            sys::cuModuleGetGlobal_v2(&mut addr, &mut bytes, module, FAULT_RECORD.as_ptr())
        };
        if r == CUresult::CUDA_SUCCESS && bytes == FAULT_FIELDS * 8 {
            g.fault_records.push((module as usize, addr));
        }
        Ok(module)
    })
}

/// `void *mgpuModuleLoad(void *data, size_t gpuBlobSize)`: loads the GPU module image at
/// `data` (PTX text, NUL-terminated, or a cubin; the size is not needed) into the context
/// and returns the module. A PTX compilation error ends the program with the driver's log.
///
/// # Safety
/// `data` points to a module image.
#[no_mangle]
pub unsafe extern "C" fn mgpuModuleLoad(data: *mut c_void, _gpu_blob_size: usize) -> *mut c_void {
    entry("mgpuModuleLoad", || {
        load_module("mgpuModuleLoad", data, None)
    })
    .cast()
}

/// `void *mgpuModuleLoadJIT(void *data, int optLevel)`: as [`mgpuModuleLoad`] for PTX text,
/// compiled at optimisation level `optLevel` (0–4).
///
/// # Safety
/// `data` points to NUL-terminated PTX.
#[no_mangle]
pub unsafe extern "C" fn mgpuModuleLoadJIT(data: *mut c_void, opt_level: i32) -> *mut c_void {
    entry("mgpuModuleLoadJIT", || {
        load_module("mgpuModuleLoadJIT", data, Some(opt_level))
    })
    .cast()
}

/// `void mgpuModuleUnload(void *module)`: unloads a module of `mgpuModuleLoad`; its kernels'
/// handles become invalid.
///
/// # Safety
/// `module` is a loaded module.
#[no_mangle]
pub unsafe extern "C" fn mgpuModuleUnload(module: *mut c_void) {
    entry("mgpuModuleUnload", || {
        // A module that was never loaded (the program ended while loading it: its unload
        // still runs among the exit handlers).
        if module.is_null() {
            return Ok(());
        }
        with_gpu(|g| {
            let m = module as usize;
            g.fault_records.retain(|&(owner, _)| owner != m);
            let gone: Vec<(usize, String)> =
                g.functions.keys().filter(|k| k.0 == m).cloned().collect();
            for k in gone {
                if let Some(f) = g.functions.remove(&k) {
                    g.kernels.remove(&(f as usize));
                }
            }
            // SAFETY: a module of `mgpuModuleLoad`.
            let r = unsafe { sys::cuModuleUnload(module.cast()) };
            // The unloads run among the exit handlers (the module's destructor); the driver's
            // own exit handler may have run first and released every module with the
            // context.
            if r == CUresult::CUDA_ERROR_DEINITIALIZED {
                return Ok(());
            }
            cu(r, || {
                format!(
                    "mgpuModuleUnload: cuModuleUnload failed{}",
                    g.after_kernel()
                )
            })
        })
    })
}

/// `void *mgpuModuleGetFunction(void *module, const char *name)`: the kernel `name` of
/// `module` (its name is kept for error messages and timing). A missing kernel ends the
/// program naming it.
///
/// # Safety
/// `module` is a loaded module; `name` a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn mgpuModuleGetFunction(
    module: *mut c_void,
    name: *const c_char,
) -> *mut c_void {
    entry("mgpuModuleGetFunction", || {
        if name.is_null() {
            return Err("mgpuModuleGetFunction: null kernel name".into());
        }
        // SAFETY: a NUL-terminated string.
        let cname = unsafe { CStr::from_ptr(name) };
        let kernel = cname.to_string_lossy().into_owned();
        with_gpu(|g| {
            let key = (module as usize, kernel);
            if let Some(&f) = g.functions.get(&key) {
                return Ok(f.cast());
            }
            let mut f: CUfunction = std::ptr::null_mut();
            // SAFETY: a loaded module and a NUL-terminated name.
            cu(
                unsafe { sys::cuModuleGetFunction(&mut f, module.cast(), cname.as_ptr()) },
                || {
                    format!(
                        "mgpuModuleGetFunction: kernel '{}' not found in the GPU module",
                        key.1
                    )
                },
            )?;
            g.kernels.insert(f as usize, key.1.clone());
            g.functions.insert(key, f);
            Ok(f.cast())
        })
    })
}

/// `void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
/// intptr_t blockX, intptr_t blockY, intptr_t blockZ, int32_t smem, void *stream,
/// void **params, void **extra, size_t paramsCount)`: launches `function` on `stream` with
/// the given grid and block extents (each 1 … 2³²−1), `smem` bytes of dynamic shared memory
/// (above 48 KiB the kernel's limit is raised first) and the kernel parameters `params`
/// (one pointer per parameter; `paramsCount` is not needed). A launch failure ends the program
/// naming the kernel and configuration; with timing on the launch is timed.
///
/// # Safety
/// `function` comes from `mgpuModuleGetFunction`; `params` matches the kernel's parameters.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn mgpuLaunchKernel(
    function: *mut c_void,
    grid_x: isize,
    grid_y: isize,
    grid_z: isize,
    block_x: isize,
    block_y: isize,
    block_z: isize,
    smem: i32,
    stream: *mut c_void,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
    _params_count: usize,
) {
    entry("mgpuLaunchKernel", || {
        with_gpu(|g| {
            let f: CUfunction = function.cast();
            let name = g.kernel_name(f);
            let config = format!(
                "grid {grid_x}x{grid_y}x{grid_z}, block {block_x}x{block_y}x{block_z}, {smem} bytes of dynamic shared memory"
            );
            let dims: Option<Vec<u32>> = [grid_x, grid_y, grid_z, block_x, block_y, block_z]
                .iter()
                .map(|&v| u32::try_from(v).ok().filter(|&d| d > 0))
                .collect();
            let (Some(d), true) = (dims, smem >= 0) else {
                return Err(format!(
                    "mgpuLaunchKernel: kernel '{name}': invalid launch configuration ({config})"
                ));
            };
            let (gx, gy, gz, bx, by, bz) = (d[0], d[1], d[2], d[3], d[4], d[5]);
            let s: CUstream = stream.cast();
            // SAFETY: a kernel of a loaded module, the caller's parameters.
            unsafe {
                if smem > 48 * 1024 {
                    cu(
                        sys::cuFuncSetAttribute(f, sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem),
                        || format!("mgpuLaunchKernel: kernel '{name}' cannot use {smem} bytes of dynamic shared memory"),
                    )?;
                }
                let timed = TIMING.load(Ordering::Relaxed);
                let mut events = None;
                if timed {
                    let start = Gpu::new_event(
                        &mut g.timing_events,
                        sys::CUevent_flags::CU_EVENT_DEFAULT as u32,
                    )?;
                    let end = Gpu::new_event(
                        &mut g.timing_events,
                        sys::CUevent_flags::CU_EVENT_DEFAULT as u32,
                    )?;
                    cu(sys::cuEventRecord(start, s), || {
                        "mgpuLaunchKernel: cuEventRecord failed".into()
                    })?;
                    events = Some((start, end));
                }
                cu(
                    sys::cuLaunchKernel(f, gx, gy, gz, bx, by, bz, smem as u32, s, params, extra),
                    || format!("mgpuLaunchKernel: launching kernel '{name}' ({config}) failed"),
                )?;
                if let Some((start, end)) = events {
                    cu(sys::cuEventRecord(end, s), || {
                        "mgpuLaunchKernel: cuEventRecord failed".into()
                    })?;
                    g.pending.push((start, end));
                    if g.pending.len() >= 4096 {
                        g.collect_times()?;
                    }
                }
            }
            g.launches += 1;
            g.last_kernel = Some(name);
            Ok(())
        })
    })
}

/// `void *mgpuStreamCreate(void)`: the program's stream, one non-blocking stream created
/// with the context. `gpu-async-region` starts a stream for each region of host code (a
/// function's body, each iteration of a loop) and waits for it at the region's end; with one
/// in-order stream for all of them, the kernels of one loop iteration queue behind those of
/// the last without the host waiting in between (see `mgpuStreamSynchronize`).
#[no_mangle]
pub extern "C" fn mgpuStreamCreate() -> *mut c_void {
    entry("mgpuStreamCreate", || with_gpu(|g| Ok(g.stream.cast())))
}

/// `void mgpuStreamDestroy(void *stream)`: nothing for the program's stream (it lives until
/// the program ends); destroys any other stream (work queued on it still completes).
///
/// # Safety
/// `stream` comes from `mgpuStreamCreate`.
#[no_mangle]
pub unsafe extern "C" fn mgpuStreamDestroy(stream: *mut c_void) {
    entry("mgpuStreamDestroy", || {
        with_gpu(|g| {
            if stream == g.stream.cast() {
                return Ok(());
            }
            // SAFETY: the caller's stream.
            cu(unsafe { sys::cuStreamDestroy_v2(stream.cast()) }, || {
                format!(
                    "mgpuStreamDestroy: cuStreamDestroy failed{}",
                    g.after_kernel()
                )
            })
        })
    })
}

/// `void mgpuStreamSynchronize(void *stream)`: waits for the work queued on `stream` (null:
/// the default stream). A kernel that failed while running (an illegal address, a trap) is
/// reported here, naming the last kernel launched.
///
/// On the program's stream the wait is left to the points where the host reads what the
/// device wrote, unless managed memory (which the host reads directly) is live: a copy to or
/// from host memory waits for its stream (`mgpuMemcpy`), and so does the end of each run of
/// the program (`finish`). Those are the only ways the host sees device memory, so a region's
/// wait before the next region's work is queued on the same in-order stream gains nothing.
///
/// # Safety
/// `stream` is null or a live stream.
#[no_mangle]
pub unsafe extern "C" fn mgpuStreamSynchronize(stream: *mut c_void) {
    entry("mgpuStreamSynchronize", || {
        with_gpu(|g| {
            if stream == g.stream.cast() && g.managed.is_empty() {
                return Ok(());
            }
            g.wait(stream.cast(), "mgpuStreamSynchronize")
        })
    })
}

/// `void mgpuStreamWaitEvent(void *stream, void *event)`: makes later work on `stream` wait
/// for `event`.
///
/// # Safety
/// `stream` is null or a live stream; `event` a live event.
#[no_mangle]
pub unsafe extern "C" fn mgpuStreamWaitEvent(stream: *mut c_void, event: *mut c_void) {
    entry("mgpuStreamWaitEvent", || {
        with_gpu(|_| {
            // SAFETY: the caller's stream and event.
            cu(
                unsafe { sys::cuStreamWaitEvent(stream.cast(), event.cast(), 0) },
                || "mgpuStreamWaitEvent: cuStreamWaitEvent failed".into(),
            )
        })
    })
}

/// `void *mgpuEventCreate(void)`: a new event (without timing).
#[no_mangle]
pub extern "C" fn mgpuEventCreate() -> *mut c_void {
    entry("mgpuEventCreate", || {
        with_gpu(|_| {
            let mut e: CUevent = std::ptr::null_mut();
            // SAFETY: valid out-pointer.
            cu(
                unsafe {
                    sys::cuEventCreate(&mut e, sys::CUevent_flags::CU_EVENT_DISABLE_TIMING as u32)
                },
                || "mgpuEventCreate: cuEventCreate failed".into(),
            )?;
            Ok(e.cast())
        })
    })
}

/// `void mgpuEventDestroy(void *event)`: destroys an event of `mgpuEventCreate`.
///
/// # Safety
/// `event` comes from `mgpuEventCreate`.
#[no_mangle]
pub unsafe extern "C" fn mgpuEventDestroy(event: *mut c_void) {
    entry("mgpuEventDestroy", || {
        with_gpu(|_| {
            // SAFETY: the caller's event.
            cu(unsafe { sys::cuEventDestroy_v2(event.cast()) }, || {
                "mgpuEventDestroy: cuEventDestroy failed".into()
            })
        })
    })
}

/// `void mgpuEventSynchronize(void *event)`: waits for `event`; failed GPU work is reported
/// naming the last kernel launched.
///
/// # Safety
/// `event` is a live event.
#[no_mangle]
pub unsafe extern "C" fn mgpuEventSynchronize(event: *mut c_void) {
    entry("mgpuEventSynchronize", || {
        with_gpu(|g| {
            // SAFETY: the caller's event.
            cu(unsafe { sys::cuEventSynchronize(event.cast()) }, || {
                format!("mgpuEventSynchronize: GPU work failed{}", g.after_kernel())
            })
        })
    })
}

/// `void mgpuEventRecord(void *event, void *stream)`: records `event` on `stream`.
///
/// # Safety
/// `event` is a live event; `stream` null or a live stream.
#[no_mangle]
pub unsafe extern "C" fn mgpuEventRecord(event: *mut c_void, stream: *mut c_void) {
    entry("mgpuEventRecord", || {
        with_gpu(|_| {
            // SAFETY: the caller's event and stream.
            cu(
                unsafe { sys::cuEventRecord(event.cast(), stream.cast()) },
                || "mgpuEventRecord: cuEventRecord failed".into(),
            )
        })
    })
}

/// `void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared)`: `sizeBytes`
/// bytes of device memory for use on `stream` (null for 0 bytes), from the caching
/// allocator; with `isHostShared`, managed memory (host-accessible, not cached). Running out
/// of device memory ends the program with `error: out of device memory: …`. `isHostShared`
/// is read as a byte (MLIR passes an `i8`), any non-zero value meaning true.
///
/// # Safety
/// `stream` is null or a live stream.
#[no_mangle]
pub unsafe extern "C" fn mgpuMemAlloc(
    size_bytes: u64,
    stream: *mut c_void,
    is_host_shared: u8,
) -> *mut c_void {
    entry("mgpuMemAlloc", || {
        if size_bytes == 0 {
            return Ok(std::ptr::null_mut());
        }
        with_gpu(|g| {
            if is_host_shared != 0 {
                let mut ptr = 0;
                // SAFETY: valid out-pointer.
                let r = unsafe {
                    sys::cuMemAllocManaged(
                        &mut ptr,
                        size_bytes as usize,
                        sys::CUmemAttach_flags::CU_MEM_ATTACH_GLOBAL as u32,
                    )
                };
                if r == CUresult::CUDA_ERROR_OUT_OF_MEMORY {
                    return Err(format!(
                        "out of device memory: mgpuMemAlloc could not allocate {size_bytes} bytes of managed memory"
                    ));
                }
                cu(r, || {
                    format!("mgpuMemAlloc: cuMemAllocManaged of {size_bytes} bytes failed")
                })?;
                g.managed.insert(ptr);
                return Ok(ptr as *mut c_void);
            }
            g.alloc(size_bytes, stream.cast()).map(|p| p as *mut c_void)
        })
    })
}

/// `void mgpuMemFree(void *ptr, void *stream)`: frees a buffer of `mgpuMemAlloc` (null is
/// ignored) once the work queued on `stream` before is done; the block is kept for reuse.
/// Freeing anything else ends the program.
///
/// # Safety
/// `stream` is null or a live stream.
#[no_mangle]
pub unsafe extern "C" fn mgpuMemFree(ptr: *mut c_void, stream: *mut c_void) {
    entry("mgpuMemFree", || {
        if ptr.is_null() {
            return Ok(());
        }
        with_gpu(|g| g.free(ptr as u64, stream.cast()))
    })
}

/// `void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream)`: queues a copy of
/// `sizeBytes` bytes on `stream`, in any direction (unified addressing: host or device
/// pointers).
///
/// # Safety
/// `dst` and `src` are valid for `sizeBytes` bytes until the copy is done.
#[no_mangle]
pub unsafe extern "C" fn mgpuMemcpy(
    dst: *mut c_void,
    src: *mut c_void,
    size_bytes: usize,
    stream: *mut c_void,
) {
    entry("mgpuMemcpy", || {
        if size_bytes == 0 {
            return Ok(());
        }
        with_gpu(|g| {
            // SAFETY: the caller's buffers and stream.
            cu(
                unsafe { sys::cuMemcpyAsync(dst as u64, src as u64, size_bytes, stream.cast()) },
                || {
                    format!(
                        "mgpuMemcpy: copying {size_bytes} bytes from {src:p} to {dst:p} failed{}",
                        g.after_kernel()
                    )
                },
            )?;
            // The host reads what it copied, or frees or overwrites what it copied from, as
            // soon as this returns: a copy to or from host memory is waited for.
            if is_host_memory(dst as u64) || is_host_memory(src as u64) {
                g.wait(stream.cast(), "mgpuMemcpy")?;
            }
            Ok(())
        })
    })
}

/// Whether `ptr` is host memory: not device memory or managed memory of the driver (pageable
/// host memory is unknown to the driver; registered host memory is of type host).
fn is_host_memory(ptr: u64) -> bool {
    let mut kind: u32 = 0;
    // SAFETY: a valid out-pointer of the attribute's type (an unsigned int).
    let r = unsafe {
        sys::cuPointerGetAttribute(
            (&mut kind as *mut u32).cast(),
            sys::CUpointer_attribute::CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
            ptr,
        )
    };
    r != CUresult::CUDA_SUCCESS || kind == sys::CUmemorytype::CU_MEMORYTYPE_HOST as u32
}

/// Waits for the GPU work of the program's run (nothing when the program made no GPU call):
/// the end of each run of `tail_rt_main`, so that a run's time includes its kernels and a
/// kernel that failed is reported before the program ends.
pub fn finish() {
    entry("tail_rt_main", || {
        if GPU.lock().map(|g| g.is_none()).unwrap_or(true) {
            return Ok(());
        }
        with_gpu(|g| g.wait(g.stream, "the end of the program"))
    })
}

/// `void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream)`: queues
/// setting `count` 32-bit words at `dst` to `value` on `stream`.
///
/// # Safety
/// `dst` is device memory of at least `4 × count` bytes.
#[no_mangle]
pub unsafe extern "C" fn mgpuMemset32(
    dst: *mut c_void,
    value: u32,
    count: usize,
    stream: *mut c_void,
) {
    entry("mgpuMemset32", || {
        if count == 0 {
            return Ok(());
        }
        with_gpu(|g| {
            // SAFETY: the caller's buffer and stream.
            cu(
                unsafe { sys::cuMemsetD32Async(dst as u64, value, count, stream.cast()) },
                || {
                    format!(
                        "mgpuMemset32: setting {count} words at {dst:p} failed{}",
                        g.after_kernel()
                    )
                },
            )
        })
    })
}

/// `void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream)`: queues
/// setting `count` 16-bit words at `dst` to `value` on `stream`.
///
/// # Safety
/// `dst` is device memory of at least `2 × count` bytes.
#[no_mangle]
pub unsafe extern "C" fn mgpuMemset16(
    dst: *mut c_void,
    value: u16,
    count: usize,
    stream: *mut c_void,
) {
    entry("mgpuMemset16", || {
        if count == 0 {
            return Ok(());
        }
        with_gpu(|g| {
            // SAFETY: the caller's buffer and stream.
            cu(
                unsafe { sys::cuMemsetD16Async(dst as u64, value, count, stream.cast()) },
                || {
                    format!(
                        "mgpuMemset16: setting {count} half-words at {dst:p} failed{}",
                        g.after_kernel()
                    )
                },
            )
        })
    })
}

/// `void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes)`: page-locks host memory for
/// faster copies.
///
/// # Safety
/// `ptr` is host memory of at least `sizeBytes` bytes.
#[no_mangle]
pub unsafe extern "C" fn mgpuMemHostRegister(ptr: *mut c_void, size_bytes: u64) {
    entry("mgpuMemHostRegister", || {
        with_gpu(|_| {
            // SAFETY: the caller's host memory.
            cu(
                unsafe { sys::cuMemHostRegister_v2(ptr, size_bytes as usize, 0) },
                || format!("mgpuMemHostRegister: registering {size_bytes} bytes at {ptr:p} failed"),
            )
        })
    })
}

/// `void mgpuMemHostUnregister(void *ptr)`: undoes `mgpuMemHostRegister`.
///
/// # Safety
/// `ptr` was registered with `mgpuMemHostRegister`.
#[no_mangle]
pub unsafe extern "C" fn mgpuMemHostUnregister(ptr: *mut c_void) {
    entry("mgpuMemHostUnregister", || {
        with_gpu(|_| {
            // SAFETY: the caller's registered memory.
            cu(unsafe { sys::cuMemHostUnregister(ptr) }, || {
                format!("mgpuMemHostUnregister: unregistering {ptr:p} failed")
            })
        })
    })
}

/// `void mgpuSetDefaultDevice(int32_t device)`: selects the device the context is created on.
/// Takes effect before the first GPU call; selecting another device afterwards ends the
/// program.
#[no_mangle]
pub extern "C" fn mgpuSetDefaultDevice(device: i32) {
    entry("mgpuSetDefaultDevice", || {
        let guard = GPU.lock().unwrap_or_else(|e| e.into_inner());
        if guard.is_some() && DEFAULT_DEVICE.load(Ordering::Relaxed) != device {
            return Err(format!(
                "mgpuSetDefaultDevice({device}): the context is already on device {}",
                DEFAULT_DEVICE.load(Ordering::Relaxed)
            ));
        }
        DEFAULT_DEVICE.store(device, Ordering::Relaxed);
        Ok(())
    })
}

/// `int32_t tail_rt_cuda_available(void)`: 1 when the CUDA driver loads and reports at least
/// one device, else 0. Never ends the program (for choosing a backend at run time).
#[no_mangle]
pub extern "C" fn tail_rt_cuda_available() -> i32 {
    let probe = || {
        if GPU.lock().map(|g| g.is_some()).unwrap_or(false) {
            return true;
        }
        if !driver_present() {
            return false;
        }
        let mut count = 0;
        // SAFETY: driver calls with valid out-pointers.
        unsafe {
            sys::cuInit(0) == CUresult::CUDA_SUCCESS
                && sys::cuDeviceGetCount(&mut count) == CUresult::CUDA_SUCCESS
                && count > 0
        }
    };
    std::panic::catch_unwind(probe).unwrap_or(false) as i32
}

/// `void tail_rt_set_kernel_timing(int32_t on)`: times every later kernel launch (non-zero)
/// or stops timing (0).
#[no_mangle]
pub extern "C" fn tail_rt_set_kernel_timing(on: i32) {
    TIMING.store(on != 0, Ordering::Relaxed);
}

/// Turns kernel timing on or off.
pub fn set_kernel_timing(on: bool) {
    TIMING.store(on, Ordering::Relaxed);
}

/// Whether kernels are timed (`--time`): on the GPU by events, on the CPU by the thread
/// pool's clock around each parallel loop (`crate::pool`).
pub fn kernel_timing() -> bool {
    TIMING.load(Ordering::Relaxed)
}

/// `double tail_rt_kernel_time_ms(void)`: the total time in milliseconds of the kernels
/// launched with timing on since the start (or the last `tail_rt_reset_kernel_time`); waits
/// for those kernels to finish. 0 when no GPU call was made.
#[no_mangle]
pub extern "C" fn tail_rt_kernel_time_ms() -> f64 {
    entry("tail_rt_kernel_time_ms", || {
        if GPU.lock().map(|g| g.is_none()).unwrap_or(true) {
            return Ok(0.0);
        }
        with_gpu(|g| {
            g.collect_times()?;
            Ok(g.kernel_ms)
        })
    })
}

/// `int64_t tail_rt_kernel_launches(void)`: the number of kernel launches since the start
/// (or the last `tail_rt_reset_kernel_time`).
#[no_mangle]
pub extern "C" fn tail_rt_kernel_launches() -> i64 {
    let guard = GPU.lock().unwrap_or_else(|e| e.into_inner());
    guard.as_ref().map_or(0, |g| g.launches)
}

/// `void tail_rt_reset_kernel_time(void)`: waits for the timed kernels and sets the kernel
/// time and the launch count to 0 (between runs of `--runs N`).
#[no_mangle]
pub extern "C" fn tail_rt_reset_kernel_time() {
    entry("tail_rt_reset_kernel_time", || {
        if GPU.lock().map(|g| g.is_none()).unwrap_or(true) {
            return Ok(());
        }
        with_gpu(|g| {
            g.collect_times()?;
            g.kernel_ms = 0.0;
            g.launches = 0;
            Ok(())
        })
    })
}
