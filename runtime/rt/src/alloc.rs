//! The host heap of compiled programs: `memref.alloc` and `memref.dealloc` of host code
//! (`finalize-memref-to-llvm{use-generic-functions}`) call `_mlir_memref_to_llvm_alloc`,
//! `_mlir_memref_to_llvm_aligned_alloc` and `_mlir_memref_to_llvm_free`, defined here.
//!
//! Blocks are C `malloc` blocks, so a buffer the runtime allocates (file input, see
//! [`input`](crate::input)) may be released here and one allocated here with C `free`. Large
//! released blocks (at least [`MIN_CACHED`] usable bytes) are kept, up to [`cache_limit`]
//! bytes in all (an eighth of the machine's memory), and handed out again to a request they fit without wasting more than an
//! eighth: a power loop that allocates its next state and releases the previous one then
//! reuses the same two blocks, whose pages stay mapped, instead of depending on the C
//! library's heuristics (glibc maps such a block afresh, page faults and zeroing included,
//! for every allocation until its dynamic threshold rises, and whenever `MALLOC_*` tuning
//! fixes the threshold). The oldest kept block is released first when the limit is reached.
//! A request the system cannot meet ends the program with `error: out of memory: …`.

use std::ffi::c_void;
use std::sync::{Mutex, OnceLock};

use crate::fail::fail;

extern "C" {
    fn malloc(size: usize) -> *mut c_void;
    fn aligned_alloc(alignment: usize, size: usize) -> *mut c_void;
    fn free(ptr: *mut c_void);
    fn malloc_usable_size(ptr: *mut c_void) -> usize;
}

/// The smallest block kept for reuse: smaller ones are the C library's (its bins serve them
/// without system calls).
pub const MIN_CACHED: usize = 1 << 16;

/// The most bytes kept for reuse at once when the machine's memory is unknown.
const DEFAULT_CACHE_LIMIT: usize = 1 << 30;

/// The most bytes kept for reuse at once: an eighth of the machine's physical memory (Sobol's
/// two 300 MB bit matrices, allocated anew by each run of `--runs N`, stay mapped).
pub fn cache_limit() -> usize {
    static LIMIT: OnceLock<usize> = OnceLock::new();
    *LIMIT.get_or_init(physical_memory_eighth)
}

#[cfg(target_os = "linux")]
fn physical_memory_eighth() -> usize {
    extern "C" {
        fn sysconf(name: i32) -> i64;
    }
    // `_SC_PAGESIZE` and `_SC_PHYS_PAGES` on Linux.
    const SC_PAGESIZE: i32 = 30;
    const SC_PHYS_PAGES: i32 = 85;
    // SAFETY: `sysconf` has no preconditions.
    let (page, pages) = unsafe { (sysconf(SC_PAGESIZE), sysconf(SC_PHYS_PAGES)) };
    if page > 0 && pages > 0 {
        (page as u128 * pages as u128 / 8).min(usize::MAX as u128) as usize
    } else {
        DEFAULT_CACHE_LIMIT
    }
}

#[cfg(not(target_os = "linux"))]
fn physical_memory_eighth() -> usize {
    DEFAULT_CACHE_LIMIT
}

/// Kept blocks, oldest first.
struct Cache {
    blocks: Vec<(usize, usize)>, // (address, usable size)
    bytes: usize,
}

static CACHE: Mutex<Cache> = Mutex::new(Cache {
    blocks: Vec::new(),
    bytes: 0,
});

fn cache() -> std::sync::MutexGuard<'static, Cache> {
    // A panic never happens while the lock is held (only Vec operations on owned data).
    CACHE.lock().unwrap_or_else(|e| e.into_inner())
}

/// A kept block of at least `size` bytes aligned to `align`, wasting at most an eighth:
/// the smallest such, most recently kept among equals.
fn take(size: usize, align: usize) -> Option<*mut c_void> {
    let mut c = cache();
    let limit = size.saturating_add(size / 8);
    let mut best: Option<(usize, usize)> = None; // (index, usable size)
    for (i, &(addr, usable)) in c.blocks.iter().enumerate().rev() {
        let fits = usable >= size && usable <= limit && addr % align == 0;
        if fits && best.is_none_or(|(_, u)| usable < u) {
            best = Some((i, usable));
        }
    }
    let (i, usable) = best?;
    let (addr, _) = c.blocks.remove(i);
    c.bytes -= usable;
    Some(addr as *mut c_void)
}

/// Keeps `ptr` (`usable` bytes) for reuse, releasing the oldest kept blocks beyond the limit.
fn keep(ptr: *mut c_void, usable: usize) {
    let mut evicted = Vec::new();
    {
        let mut c = cache();
        c.blocks.push((ptr as usize, usable));
        c.bytes += usable;
        while c.bytes > cache_limit() {
            let (addr, u) = c.blocks.remove(0);
            c.bytes -= u;
            evicted.push(addr);
        }
    }
    for addr in evicted {
        // SAFETY: a block of the C heap that no one else holds (it was kept here).
        unsafe { free(addr as *mut c_void) };
    }
}

fn out_of_memory(size: usize) -> ! {
    fail(&format!(
        "out of memory: could not allocate {size} bytes of host memory"
    ))
}

/// `void *_mlir_memref_to_llvm_alloc(uint64_t size)`: `size` bytes of host memory (a C heap
/// block), a kept one when one fits.
#[no_mangle]
pub extern "C" fn _mlir_memref_to_llvm_alloc(size: u64) -> *mut c_void {
    let size = size as usize;
    if size >= MIN_CACHED {
        if let Some(p) = take(size, 1) {
            return p;
        }
    }
    // SAFETY: plain C allocation.
    let p = unsafe { malloc(size) };
    if p.is_null() && size != 0 {
        out_of_memory(size)
    }
    p
}

/// `void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment, uint64_t size)`: `size`
/// bytes aligned to `alignment` (a power of two), a kept block when one fits.
#[no_mangle]
pub extern "C" fn _mlir_memref_to_llvm_aligned_alloc(alignment: u64, size: u64) -> *mut c_void {
    let (align, size) = (alignment.max(1) as usize, size as usize);
    if size >= MIN_CACHED {
        if let Some(p) = take(size, align) {
            return p;
        }
    }
    // C11 `aligned_alloc` wants a multiple of the alignment.
    let Some(rounded) = size.div_ceil(align).max(1).checked_mul(align) else {
        out_of_memory(size)
    };
    // SAFETY: plain C allocation.
    let p = unsafe { aligned_alloc(align, rounded) };
    if p.is_null() {
        out_of_memory(size)
    }
    p
}

/// `void _mlir_memref_to_llvm_free(void *ptr)`: releases a block of the C heap (null: nothing);
/// a large one is kept for reuse.
///
/// # Safety
/// `ptr` is null or a live block of the C heap (from the functions above, `malloc` or the
/// runtime's buffers), released once.
#[no_mangle]
pub unsafe extern "C" fn _mlir_memref_to_llvm_free(ptr: *mut c_void) {
    if ptr.is_null() {
        return;
    }
    // SAFETY: the caller passes a live C heap block.
    let usable = unsafe { malloc_usable_size(ptr) };
    if (MIN_CACHED..=cache_limit()).contains(&usable) {
        keep(ptr, usable);
    } else {
        // SAFETY: as above.
        unsafe { free(ptr) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_released_large_block_is_reused_and_small_ones_are_not_kept() {
        let size = (MIN_CACHED * 3) as u64;
        let a = _mlir_memref_to_llvm_alloc(size);
        assert!(!a.is_null());
        // SAFETY: `a` is a live block of `size` bytes.
        unsafe {
            std::ptr::write_bytes(a as *mut u8, 7, size as usize);
            _mlir_memref_to_llvm_free(a);
        }
        // Other tests run in parallel and may take it: allocate until it comes back or the
        // kept blocks run out.
        let b = _mlir_memref_to_llvm_alloc(size);
        let again = b == a;
        // SAFETY: `b` is live; released once.
        unsafe { _mlir_memref_to_llvm_free(b) };
        assert!(again || cache().blocks.iter().all(|&(p, _)| p != a as usize));

        let small = _mlir_memref_to_llvm_alloc(64);
        // SAFETY: live, released once.
        unsafe { _mlir_memref_to_llvm_free(small) };
        assert!(cache().blocks.iter().all(|&(p, _)| p != small as usize));
    }

    #[test]
    fn kept_blocks_are_not_handed_to_much_smaller_or_misaligned_requests() {
        let big = _mlir_memref_to_llvm_alloc((MIN_CACHED * 16) as u64);
        // SAFETY: live, released once.
        unsafe { _mlir_memref_to_llvm_free(big) };
        let smaller = _mlir_memref_to_llvm_alloc((MIN_CACHED * 2) as u64);
        assert_ne!(smaller, big, "a block 8x too large was reused");
        // SAFETY: live, released once.
        unsafe { _mlir_memref_to_llvm_free(smaller) };
        let aligned = _mlir_memref_to_llvm_aligned_alloc(1 << 12, (MIN_CACHED * 2) as u64);
        assert_eq!(aligned as usize % (1 << 12), 0);
        // SAFETY: live, released once.
        unsafe { _mlir_memref_to_llvm_free(aligned) };
    }

    #[test]
    fn the_kept_bytes_stay_under_the_limit() {
        let c = cache();
        assert!(c.bytes <= cache_limit());
        assert!(cache_limit() >= MIN_CACHED);
        assert_eq!(c.bytes, c.blocks.iter().map(|&(_, u)| u).sum::<usize>());
    }
}
