//! Typed `u32` handles and the arenas they index.
//!
//! Every IR object (operation, block, region, value) lives in an [`Arena`] owned by the
//! [`Context`](crate::Context) and is named by a `Copy` newtype over `u32`, in the manner of
//! Cranelift's `cranelift-entity`. Erasing an object leaves a tombstone: ids are never reused,
//! so a stale id is detected instead of silently aliasing a new object.

use std::fmt;
use std::marker::PhantomData;

/// A handle that indexes an [`Arena`].
pub trait EntityId: Copy + Eq + std::hash::Hash + fmt::Debug {
    /// Builds the handle for slot `index`.
    fn from_index(index: usize) -> Self;
    /// The slot this handle names.
    fn index(self) -> usize;
}

/// Declares a `u32` newtype handle implementing [`EntityId`].
#[macro_export]
macro_rules! entity_id {
    ($(#[$meta:meta])* $vis:vis struct $name:ident, $prefix:literal;) => {
        $(#[$meta])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis struct $name(u32);
        impl $crate::entity::EntityId for $name {
            #[inline]
            fn from_index(index: usize) -> Self {
                $name(u32::try_from(index).expect("arena overflow: more than 2^32 entities"))
            }
            #[inline]
            fn index(self) -> usize {
                self.0 as usize
            }
        }
        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

/// A growable store of `V` indexed by the handle `K`, with tombstones for erased slots.
#[derive(Clone)]
pub struct Arena<K: EntityId, V> {
    items: Vec<Option<V>>,
    live: usize,
    _key: PhantomData<K>,
}

impl<K: EntityId, V> Default for Arena<K, V> {
    fn default() -> Self {
        Arena {
            items: Vec::new(),
            live: 0,
            _key: PhantomData,
        }
    }
}

impl<K: EntityId, V> Arena<K, V> {
    /// An empty arena.
    pub fn new() -> Self {
        Self::default()
    }

    /// Stores `value` and returns its handle.
    #[inline]
    pub fn push(&mut self, value: V) -> K {
        let key = K::from_index(self.items.len());
        self.items.push(Some(value));
        self.live += 1;
        key
    }

    /// The value behind `key`. Panics if `key` was erased: that is a compiler bug, not a user error.
    #[inline]
    #[track_caller]
    pub fn get(&self, key: K) -> &V {
        match self.items.get(key.index()) {
            Some(Some(v)) => v,
            _ => panic!("use of erased or foreign IR handle {key:?}"),
        }
    }

    /// Mutable access to the value behind `key`. Panics on an erased handle.
    #[inline]
    #[track_caller]
    pub fn get_mut(&mut self, key: K) -> &mut V {
        match self.items.get_mut(key.index()) {
            Some(Some(v)) => v,
            _ => panic!("use of erased or foreign IR handle {key:?}"),
        }
    }

    /// The value behind `key`, or `None` if it was erased or never existed.
    #[inline]
    pub fn try_get(&self, key: K) -> Option<&V> {
        self.items.get(key.index()).and_then(|v| v.as_ref())
    }

    /// Whether `key` names a live value.
    #[inline]
    pub fn contains(&self, key: K) -> bool {
        self.try_get(key).is_some()
    }

    /// Erases the value behind `key`, returning it.
    pub fn remove(&mut self, key: K) -> Option<V> {
        let v = self.items.get_mut(key.index()).and_then(|v| v.take());
        if v.is_some() {
            self.live -= 1;
        }
        v
    }

    /// Number of live values.
    pub fn len(&self) -> usize {
        self.live
    }

    /// Whether no value is live.
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// Live handles with their values, in creation order.
    pub fn iter(&self) -> impl Iterator<Item = (K, &V)> {
        self.items
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.as_ref().map(|v| (K::from_index(i), v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    entity_id! {
        /// test id
        pub struct TestId, "t";
    }

    #[test]
    fn push_get_remove() {
        let mut a: Arena<TestId, &str> = Arena::new();
        let x = a.push("x");
        let y = a.push("y");
        assert_eq!(*a.get(x), "x");
        assert_eq!(a.remove(x), Some("x"));
        assert!(!a.contains(x));
        assert!(a.contains(y));
        assert_eq!(a.len(), 1);
        assert_eq!(format!("{y:?}"), "t1");
    }
}
