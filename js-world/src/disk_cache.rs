//! The on-disk bundle cache: an unchanged project restarts without calling rolldown.
//!
//! Only the bundle is persisted (code, source map, the step files and every inlined module with
//! its content hash), never bytecode: bytecode is tied to this process's QuickJS build (ADR 0009).
//! Files live in `<root>/.ferridriver/cache/`, one per set of step-file *paths*, so editing a
//! file overwrites its entry instead of piling up new ones. An entry is used only when
//! - its key matches: the step files' paths and bytes, rolldown's version, our bundler's source
//!   and the entry format (a new ferridriver never reuses an old bundle), and
//! - every module it inlined (helpers, packages) still has the recorded content hash.
//!
//! The cache is never fatal: an unreadable, corrupt or stale file is ignored (and overwritten by
//! the next clean load); a failed write, or a root marked read-only, means no entry. Writes go to a temporary file renamed into
//! place, so a reader never sees half a file.

use crate::bundle::Bundle;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The rolldown release we bundle with (pinned as `=1.2.5` in the workspace; a test checks it).
pub const ROLLDOWN_VERSION: &str = "1.2.5";

/// Bumped whenever the entry layout changes.
const FORMAT: u32 = 1;

/// Our bundling code: a change to it changes the bundles, so it is part of the key.
const BUNDLER_SOURCES: &[&str] = &[
    include_str!("bundle.rs"),
    include_str!("plugin.rs"),
    include_str!("lower_async.rs"),
    include_str!("kept_bundlers.rs"),
];

/// The cache directory below the project root.
pub const CACHE_DIR: &str = ".ferridriver/cache";

#[derive(Serialize, Deserialize)]
struct Entry {
    format: u32,
    key: String,
    code: String,
    map_json: String,
    files: Vec<PathBuf>,
    /// Every inlined module and the hash of its bytes when it was bundled.
    modules: Vec<(PathBuf, String)>,
}

/// A stable 128-bit content hash (xxh3), hex. `DefaultHasher` is not stable across Rust
/// releases, so it cannot key anything on disk.
fn hash(bytes: &[u8]) -> String {
    rolldown_utils::xxhash::xxhash_with_base(bytes, 16)
}

/// The hash of a file's current bytes; an unreadable file hashes as `absent`.
fn file_hash(path: &Path) -> String {
    std::fs::read(path).map(|b| hash(&b)).unwrap_or_else(|_| "absent".into())
}

/// The content key of `files` (absolute, sorted): their paths and bytes plus everything else
/// that shapes the bundle.
fn key(files: &[PathBuf]) -> String {
    let mut text = format!("{FORMAT}\n{}\n{ROLLDOWN_VERSION}\n", env!("CARGO_PKG_VERSION"));
    for source in BUNDLER_SOURCES {
        text.push_str(&hash(source.as_bytes()));
        text.push('\n');
    }
    for f in files {
        text.push_str(&f.to_string_lossy());
        text.push('\0');
        text.push_str(&file_hash(f));
        text.push('\n');
    }
    hash(text.as_bytes())
}

/// Where the entry for this set of step files lives (named by their paths only).
pub fn entry_path(root: &Path, files: &[PathBuf]) -> PathBuf {
    let names: Vec<String> = files.iter().map(|f| f.to_string_lossy().into_owned()).collect();
    root.join(CACHE_DIR).join(format!("js-bundle-{}.json", hash(names.join("\0").as_bytes())))
}

/// The cached bundle of `files`, if there is a valid one.
pub fn read(root: &Path, files: &[PathBuf]) -> Option<Bundle> {
    let bytes = std::fs::read(entry_path(root, files)).ok()?;
    let entry: Entry = serde_json::from_slice(&bytes).ok()?;
    if entry.format != FORMAT || entry.key != key(files) || entry.files != files {
        return None;
    }
    // An edited helper or package invalidates the entry, as in the in-memory cache.
    if !entry.modules.iter().all(|(path, h)| file_hash(path) == *h) {
        return None;
    }
    let modules = entry.modules.into_iter().map(|(p, _)| p).collect();
    Some(Bundle { code: entry.code, map_json: entry.map_json, files: entry.files, modules, rebuilt: 0 })
}

/// Stores the bundle of `files`; failures are ignored (the next start bundles again). A root
/// marked read-only (no write permission bit at all, e.g. shared test data) is left alone even
/// when the process could write there (as root).
pub fn write(root: &Path, files: &[PathBuf], bundle: &Bundle) {
    if std::fs::metadata(root).map_or(true, |m| m.permissions().readonly()) {
        return;
    }
    let entry = Entry {
        format: FORMAT,
        key: key(files),
        code: bundle.code.clone(),
        map_json: bundle.map_json.clone(),
        files: files.to_vec(),
        modules: bundle.modules.iter().map(|p| (p.clone(), file_hash(p))).collect(),
    };
    let Ok(json) = serde_json::to_vec(&entry) else { return };
    let path = entry_path(root, files);
    let Some(dir) = path.parent() else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    // The folder ignores itself, so no project has to add it to its .gitignore.
    let ignore = root.join(".ferridriver/.gitignore");
    if !ignore.exists() {
        let _ = std::fs::write(&ignore, "# ferridriver's caches; safe to delete.\n*\n");
    }
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    let temp = dir.join(format!(".tmp-{}-{nanos}", std::process::id()));
    if std::fs::write(&temp, json).is_err() || std::fs::rename(&temp, &path).is_err() {
        let _ = std::fs::remove_file(&temp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolldown_version_matches_the_workspace_pin() {
        let manifest = include_str!("../../Cargo.toml");
        let pin = format!("version = \"={ROLLDOWN_VERSION}\"");
        let line = manifest.lines().find(|l| l.starts_with("rolldown = ")).expect("the rolldown line");
        assert!(line.contains(&pin), "update ROLLDOWN_VERSION: {line}");
    }

    #[test]
    fn a_read_only_root_gets_no_entry() {
        use std::os::unix::fs::PermissionsExt;
        let root = std::env::temp_dir().join(format!("fd-js-disk-cache-ro-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let step = root.join("a.ts");
        std::fs::write(&step, "1\n").unwrap();
        std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o555)).unwrap();
        let files = vec![step.clone()];
        let bundle = Bundle {
            code: "code".into(),
            map_json: "{}".into(),
            files: files.clone(),
            modules: files.clone(),
            rebuilt: 0,
        };
        write(&root, &files, &bundle);
        std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert!(!root.join(".ferridriver").exists());
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn round_trip_and_invalidation() {
        let root = std::env::temp_dir().join(format!("fd-js-disk-cache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let step = root.join("a.ts");
        let helper = root.join("helper.ts");
        std::fs::write(&step, "import './helper'\n").unwrap();
        std::fs::write(&helper, "export const x = 1\n").unwrap();
        let files = vec![step.clone()];
        let bundle = Bundle {
            code: "code".into(),
            map_json: "{}".into(),
            files: files.clone(),
            modules: vec![step.clone(), helper.clone()],
            rebuilt: 2,
        };
        assert!(read(&root, &files).is_none());
        write(&root, &files, &bundle);
        assert_eq!(read(&root, &files).map(|b| b.code), Some("code".into()));
        assert!(root.join(".ferridriver/.gitignore").exists());
        std::fs::write(&helper, "export const x = 2\n").unwrap();
        assert!(read(&root, &files).is_none(), "an edited helper invalidates the entry");
        write(&root, &files, &bundle);
        std::fs::write(&step, "import './helper' // edited\n").unwrap();
        assert!(read(&root, &files).is_none(), "an edited step file invalidates the entry");
        std::fs::write(entry_path(&root, &files), b"{ not json").unwrap();
        assert!(read(&root, &files).is_none(), "a corrupt entry is ignored");
        let _ = std::fs::remove_dir_all(&root);
    }
}
