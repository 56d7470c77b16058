//! The process-wide, in-memory cache of loaded JS programs.
//!
//! It is keyed by a hash of the step files' paths and bytes, and each entry remembers the
//! bytes-hash of every module the bundle inlined (helpers, packages), so an edit anywhere in
//! the import graph is noticed. Never written to disk: the bytecode in it is only valid for
//! this process's QuickJS build.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

struct Entry<T> {
    value: Arc<T>,
    inputs: Vec<(PathBuf, u64)>,
}

/// A cache of `T` by step-file set.
pub struct Cache<T> {
    entries: Mutex<HashMap<u64, Entry<T>>>,
}

impl<T> Default for Cache<T> {
    fn default() -> Self {
        Cache { entries: Mutex::new(HashMap::new()) }
    }
}

fn file_hash(path: &Path) -> u64 {
    let mut h = DefaultHasher::new();
    std::fs::read(path).ok().hash(&mut h);
    h.finish()
}

/// The cache key of a set of step files: their paths and bytes.
pub fn key(files: &[PathBuf]) -> u64 {
    let mut h = DefaultHasher::new();
    for f in files {
        f.hash(&mut h);
        file_hash(f).hash(&mut h);
    }
    h.finish()
}

impl<T> Cache<T> {
    /// The value for `key`, if every file it was built from is unchanged.
    pub fn lookup(&self, key: u64) -> Option<Arc<T>> {
        let entries = self.entries.lock().ok()?;
        let entry = entries.get(&key)?;
        entry.inputs.iter().all(|(p, h)| file_hash(p) == *h).then(|| Arc::clone(&entry.value))
    }

    /// Stores `value` under `key`; `inputs` are all the files it was built from.
    pub fn store(&self, key: u64, value: Arc<T>, inputs: &[PathBuf]) {
        let inputs = inputs.iter().map(|p| (p.clone(), file_hash(p))).collect();
        if let Ok(mut entries) = self.entries.lock() {
            entries.insert(key, Entry { value, inputs });
        }
    }
}
