//! The file access of scripts: `fs` (under script_root) and `artifacts` (under artifacts_root).
//! Every path is relative to its root; absolute paths, `..` and symbolic links that lead out of
//! the root are refused as sandbox violations, checked here in Rust before any file is touched.

use std::fs::OpenOptions;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Component, Path, PathBuf};

/// Why a file operation failed: a sandbox violation, or an ordinary I/O error (`ENOENT`…).
#[derive(Debug, Clone, PartialEq)]
pub enum FsError {
    /// The path leaves the root (absolute, `..`, a symlink out): `SandboxViolationError` in JS.
    Violation(String),
    /// The operation failed inside the root.
    Io(String),
}

/// One scoped tree (script_root or artifacts_root).
#[derive(Debug, Clone)]
pub struct ScopedDir {
    /// What scripts call it (`fs`, `artifacts`), for messages.
    pub name: &'static str,
    /// The root as configured (created on the first write when missing).
    pub root: PathBuf,
}

impl ScopedDir {
    /// A tree named `name` at `root`.
    pub fn new(name: &'static str, root: PathBuf) -> Self {
        ScopedDir { name, root }
    }

    fn violation(&self, path: &str, why: &str) -> FsError {
        FsError::Violation(format!(
            "{}: '{path}' {why}; paths are relative to {} and may not leave it",
            self.name,
            self.root.display()
        ))
    }

    /// The root, canonical (created if `create`).
    fn canonical_root(&self, create: bool) -> Result<PathBuf, FsError> {
        if create {
            std::fs::create_dir_all(&self.root)
                .map_err(|e| FsError::Io(format!("{}: cannot create {}: {e}", self.name, self.root.display())))?;
        }
        self.root
            .canonicalize()
            .map_err(|_| FsError::Io(format!("ENOENT: {} root {} does not exist", self.name, self.root.display())))
    }

    /// Checks the path's form (relative, no `..`), then resolves it under the root; an existing
    /// prefix is canonicalised so that a symlink anywhere on the way is judged by its target.
    pub fn resolve(&self, path: &str, create_root: bool) -> Result<PathBuf, FsError> {
        if path.contains('\0') {
            return Err(self.violation(path, "contains a NUL byte"));
        }
        let relative = Path::new(path);
        if relative.is_absolute() {
            return Err(self.violation(path, "is absolute"));
        }
        for part in relative.components() {
            match part {
                Component::ParentDir => return Err(self.violation(path, "contains '..'")),
                Component::Prefix(_) | Component::RootDir => return Err(self.violation(path, "is absolute")),
                _ => {}
            }
        }
        let root = self.canonical_root(create_root)?;
        let joined = root.join(relative);
        // The deepest existing ancestor decides where the path really leads.
        let mut existing = joined.clone();
        let mut rest = Vec::new();
        loop {
            if std::fs::symlink_metadata(&existing).is_ok() {
                break;
            }
            match (existing.file_name().map(|n| n.to_os_string()), existing.parent()) {
                (Some(name), Some(parent)) => {
                    rest.push(name);
                    existing = parent.to_path_buf();
                }
                _ => break,
            }
        }
        let real = existing.canonicalize().map_err(|_| self.violation(path, "leads through a broken symbolic link"))?;
        if !real.starts_with(&root) {
            return Err(self.violation(path, "leads outside the root through a symbolic link"));
        }
        Ok(rest.into_iter().rev().fold(real, |p, n| p.join(n)))
    }

    /// The file's bytes.
    pub fn read(&self, path: &str) -> Result<Vec<u8>, FsError> {
        let file = self.resolve(path, false)?;
        std::fs::read(&file).map_err(|e| io_error(&e, path))
    }

    /// Writes (replaces) a file, creating its directories inside the root. The last component
    /// is opened without following a symbolic link.
    pub fn write(&self, path: &str, bytes: &[u8]) -> Result<(), FsError> {
        let file = self.resolve(path, true)?;
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io_error(&e, path))?;
            // Created directories are ours, but re-check in case one raced into a symlink.
            let real = parent.canonicalize().map_err(|e| io_error(&e, path))?;
            if !real.starts_with(self.canonical_root(false)?) {
                return Err(self.violation(path, "leads outside the root through a symbolic link"));
            }
        }
        let mut out = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .custom_flags(libc::O_NOFOLLOW)
            .open(&file)
            .map_err(|e| {
                if e.raw_os_error() == Some(libc::ELOOP) {
                    self.violation(path, "is a symbolic link")
                } else {
                    io_error(&e, path)
                }
            })?;
        out.write_all(bytes).map_err(|e| io_error(&e, path))
    }

    /// Whether the path exists (false for paths outside the root, which are still refused).
    pub fn exists(&self, path: &str) -> Result<bool, FsError> {
        match self.resolve(path, false) {
            Ok(p) => Ok(p.exists()),
            Err(FsError::Io(_)) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The names in a directory (`""` or `"."`: the root), sorted.
    pub fn read_dir(&self, path: &str) -> Result<Vec<String>, FsError> {
        let dir = self.resolve(if path.is_empty() { "." } else { path }, false)?;
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .map_err(|e| io_error(&e, path))?
            .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
            .collect();
        names.sort();
        Ok(names)
    }

    /// Every file below a directory, as root-relative slash paths, sorted (`list()` of
    /// artifacts). A missing root lists nothing.
    pub fn list_files(&self, path: &str) -> Result<Vec<String>, FsError> {
        let Ok(root) = self.canonical_root(false) else { return Ok(Vec::new()) };
        let start = self.resolve(if path.is_empty() { "." } else { path }, false)?;
        let mut out = Vec::new();
        for entry in walkdir::WalkDir::new(&start).follow_links(false).into_iter().filter_map(Result::ok) {
            if entry.file_type().is_file() {
                if let Ok(rel) = entry.path().strip_prefix(&root) {
                    out.push(crate::discover::slash_path(rel));
                }
            }
        }
        out.sort();
        Ok(out)
    }

    /// Removes a file (a directory with everything in it). Removing what is not there is fine.
    pub fn remove(&self, path: &str) -> Result<bool, FsError> {
        let target = self.resolve(path, false)?;
        if target == self.canonical_root(false)? {
            return Err(self.violation(path, "is the root itself"));
        }
        match std::fs::symlink_metadata(&target) {
            Err(_) => Ok(false),
            Ok(m) if m.is_dir() => std::fs::remove_dir_all(&target).map(|_| true).map_err(|e| io_error(&e, path)),
            Ok(_) => std::fs::remove_file(&target).map(|_| true).map_err(|e| io_error(&e, path)),
        }
    }
}

fn io_error(e: &std::io::Error, path: &str) -> FsError {
    let code = match e.kind() {
        std::io::ErrorKind::NotFound => "ENOENT: no such file or directory",
        std::io::ErrorKind::PermissionDenied => "EACCES: permission denied",
        std::io::ErrorKind::AlreadyExists => "EEXIST: file already exists",
        _ if e.raw_os_error() == Some(libc::EISDIR) => "EISDIR: illegal operation on a directory",
        _ if e.raw_os_error() == Some(libc::ENOTDIR) => "ENOTDIR: not a directory",
        _ => "EIO: i/o error",
    };
    FsError::Io(format!("{code}, '{path}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> ScopedDir {
        let dir = std::env::temp_dir().join(format!("fd-scoped-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        ScopedDir::new("fs", dir)
    }

    #[test]
    fn refuses_escapes_and_allows_inside() {
        let d = scratch("escape");
        assert!(matches!(d.resolve("/etc/passwd", false), Err(FsError::Violation(_))));
        assert!(matches!(d.resolve("a/../../x", false), Err(FsError::Violation(_))));
        d.write("sub/a.txt", b"hi").unwrap();
        assert_eq!(d.read("sub/a.txt").unwrap(), b"hi");
        assert_eq!(d.list_files("").unwrap(), vec!["sub/a.txt".to_string()]);
        std::os::unix::fs::symlink("/etc", d.root.join("out")).unwrap();
        assert!(matches!(d.read("out/passwd"), Err(FsError::Violation(_))));
        assert!(matches!(d.write("out/x", b"x"), Err(FsError::Violation(_))));
        std::os::unix::fs::symlink("/etc/hostname", d.root.join("host")).unwrap();
        assert!(matches!(d.read("host"), Err(FsError::Violation(_))));
        assert!(matches!(d.write("host", b"x"), Err(FsError::Violation(_))));
        assert!(d.remove("sub").unwrap());
        let _ = std::fs::remove_dir_all(&d.root);
    }
}
