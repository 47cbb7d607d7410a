//! String interning: identifiers, op names and attribute names become [`Symbol`]s.

use rustc_hash::FxHashMap;

crate::entity_id! {
    /// An interned string owned by the [`Context`](crate::Context).
    pub struct Symbol, "sym";
}

/// A string interner. Strings are stored once; a [`Symbol`] compares in O(1).
#[derive(Default)]
pub struct Interner {
    map: FxHashMap<Box<str>, Symbol>,
    strings: Vec<Box<str>>,
}

impl Interner {
    /// Interns `s`.
    pub fn intern(&mut self, s: &str) -> Symbol {
        if let Some(&sym) = self.map.get(s) {
            return sym;
        }
        let sym = <Symbol as crate::entity::EntityId>::from_index(self.strings.len());
        self.strings.push(s.into());
        self.map.insert(s.into(), sym);
        sym
    }

    /// The symbol for `s`, if it was interned.
    pub fn lookup(&self, s: &str) -> Option<Symbol> {
        self.map.get(s).copied()
    }

    /// The string behind `sym`.
    pub fn resolve(&self, sym: Symbol) -> &str {
        &self.strings[crate::entity::EntityId::index(sym)]
    }
}
