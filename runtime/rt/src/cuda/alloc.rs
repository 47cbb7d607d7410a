//! The bookkeeping of the caching device allocator, independent of the driver: size classes,
//! the blocks a program holds, and the freed blocks kept for reuse.
//!
//! A request of `n` bytes is served by a block of [`size_class`]`(n)` bytes. A freed block
//! goes to the free list of its class (with a tag: for the driver layer, the stream it was
//! freed on and an event recorded there) and serves the next request of the same class,
//! without a driver call. Classes are 256 bytes for small requests and otherwise the next
//! number of the form `m · 2^e` with `m ∈ {5, 6, 7, 8}` (four classes per doubling): at most
//! 25 % of a block is unused, and requests of similar sizes (an iteration's arrays of
//! slightly varying length) share a class.

use std::collections::HashMap;

/// The smallest block.
pub const MIN_BLOCK: u64 = 256;

/// The block size serving a request of `bytes` bytes (see the module docs). Requests above
/// 2^62 bytes are returned unchanged (no device has that much memory; the allocation then
/// fails as out of memory).
pub fn size_class(bytes: u64) -> u64 {
    if bytes <= MIN_BLOCK {
        return MIN_BLOCK;
    }
    if bytes > 1 << 62 {
        return bytes;
    }
    let top = 63 - (bytes - 1).leading_zeros(); // bit index of the highest set bit of bytes−1
    let e = top - 2; // (bytes−1) >> e is in 4..=7
    (((bytes - 1) >> e) + 1) << e
}

/// The blocks a program holds and the freed blocks kept for reuse; `T` tags a freed block.
#[derive(Debug)]
pub struct BlockCache<T> {
    free: HashMap<u64, Vec<(u64, T)>>,
    live: HashMap<u64, u64>,
    live_bytes: u64,
    cached_bytes: u64,
}

impl<T> Default for BlockCache<T> {
    fn default() -> Self {
        BlockCache {
            free: HashMap::new(),
            live: HashMap::new(),
            live_bytes: 0,
            cached_bytes: 0,
        }
    }
}

impl<T> BlockCache<T> {
    /// Takes a cached block of class `class` (see [`size_class`]), now held by the program,
    /// with the tag it was freed with.
    pub fn take(&mut self, class: u64) -> Option<(u64, T)> {
        let list = self.free.get_mut(&class)?;
        let (ptr, tag) = list.pop()?;
        self.cached_bytes -= class;
        self.live.insert(ptr, class);
        self.live_bytes += class;
        Some((ptr, tag))
    }

    /// Records a newly allocated block of class `class`, held by the program.
    pub fn add_live(&mut self, ptr: u64, class: u64) {
        self.live.insert(ptr, class);
        self.live_bytes += class;
    }

    /// Whether `ptr` is a block the program holds.
    pub fn is_live(&self, ptr: u64) -> bool {
        self.live.contains_key(&ptr)
    }

    /// Moves the held block `ptr` to the free list of its class, tagged `tag`; `false` (and
    /// nothing changes) when the program does not hold `ptr`.
    pub fn release(&mut self, ptr: u64, tag: T) -> bool {
        let Some(class) = self.live.remove(&ptr) else {
            return false;
        };
        self.live_bytes -= class;
        self.cached_bytes += class;
        self.free.entry(class).or_default().push((ptr, tag));
        true
    }

    /// Removes every cached (freed) block, to be given back to the device.
    pub fn drain(&mut self) -> Vec<(u64, T)> {
        self.cached_bytes = 0;
        self.free.drain().flat_map(|(_, v)| v).collect()
    }

    /// Bytes in blocks the program holds.
    pub fn live_bytes(&self) -> u64 {
        self.live_bytes
    }

    /// The number of blocks the program holds.
    pub fn live_count(&self) -> usize {
        self.live.len()
    }

    /// Bytes in cached (freed) blocks.
    pub fn cached_bytes(&self) -> u64 {
        self.cached_bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        assert_eq!(size_class(0), 256);
        assert_eq!(size_class(1), 256);
        assert_eq!(size_class(256), 256);
        assert_eq!(size_class(257), 320);
        assert_eq!(size_class(320), 320);
        assert_eq!(size_class(321), 384);
        assert_eq!(size_class(512), 512);
        assert_eq!(size_class(513), 640);
        assert_eq!(size_class(1 << 20), 1 << 20);
        assert_eq!(size_class((1 << 20) + 1), 5 << 18);
        assert_eq!(size_class(u64::MAX), u64::MAX);
        // Every class serves the request, wastes at most a quarter, is a fixed point, and
        // classes grow with the request.
        for bytes in (1..200_000u64).chain((0..40).map(|k| 3u64 << k)) {
            let c = size_class(bytes);
            assert!(c >= bytes, "{bytes} -> {c}");
            assert!(bytes <= 256 || c * 4 <= bytes * 5, "{bytes} -> {c}");
            assert_eq!(size_class(c), c, "{bytes} -> {c}");
        }
        assert!((1..200_000u64).all(|b| size_class(b) <= size_class(b + 1)));
        // Four classes per doubling.
        let between: std::collections::BTreeSet<u64> = (4097..=8192).map(size_class).collect();
        assert_eq!(
            between.into_iter().collect::<Vec<_>>(),
            [5120, 6144, 7168, 8192]
        );
    }

    #[test]
    fn reuse_by_class() {
        let mut c: BlockCache<&str> = BlockCache::default();
        c.add_live(0x1000, size_class(1000));
        c.add_live(0x2000, size_class(5000));
        assert_eq!(c.live_bytes(), 1024 + 5120);
        assert!(c.release(0x1000, "s1"));
        assert!(!c.release(0x1000, "again"), "double free is refused");
        assert!(!c.release(0x9999, "unknown"));
        assert_eq!(c.cached_bytes(), 1024);
        // Another size of the same class reuses the block, with its tag.
        assert_eq!(c.take(size_class(900)), Some((0x1000, "s1")));
        assert!(c.is_live(0x1000));
        // Nothing cached of another class.
        assert_eq!(c.take(size_class(3000)), None);
        assert!(c.release(0x2000, "s2"));
        assert!(c.release(0x1000, "s3"));
        assert_eq!(c.live_count(), 0);
        let mut drained = c.drain();
        drained.sort();
        assert_eq!(drained, [(0x1000, "s3"), (0x2000, "s2")]);
        assert_eq!(c.cached_bytes(), 0);
        assert_eq!(c.take(size_class(1000)), None);
    }
}
