//! The writing half of `node:fs` (and the directory reads that go with it): `writeFileSync`,
//! `appendFileSync`, `mkdirSync`, `readdirSync`, `statSync`, `unlinkSync`, `rmSync`,
//! `renameSync`, `rmdirSync` and their callback and promise forms, for suites that keep report folders and for plugins.
//!
//! Where JS may write is decided here, in Rust, before any file is touched: below the project
//! root in `bdd` (and in a plugin's setup), below script_root or artifacts_root in the agent
//! hosts (mcp, run), which hand their VMs a sandbox. A path is judged by where it really is:
//! its existing part is canonicalised (a symlink leads where it points), and a symlink as the
//! target itself is refused. Errors start with Node's code (`ENOENT: …`), which the prelude
//! copies to `error.code`.

use rquickjs::prelude::Opt;
use rquickjs::{Ctx, Exception, Function, Object, TypedArray};
use std::io::Write;
use std::path::{Component, Path, PathBuf};

/// The folders JS may write below, canonical.
#[derive(Debug, Clone)]
pub(crate) struct WritableRoots(Vec<PathBuf>);

impl WritableRoots {
    fn new(project: &Path, sandbox: Option<&crate::script::ScriptSandbox>) -> Self {
        let roots = match sandbox {
            Some(s) => vec![s.fs.root.clone(), s.artifacts.root.clone()],
            None => vec![project.to_path_buf()],
        };
        WritableRoots(roots.into_iter().map(|r| r.canonicalize().unwrap_or(r)).collect())
    }

    fn describe(&self) -> String {
        self.0.iter().map(|r| r.display().to_string()).collect::<Vec<_>>().join(" or ")
    }

    fn outside(&self, path: &str) -> String {
        format!(
            "EACCES: '{path}' is outside the folders node:fs may write ({})\n  hint: write below the project (bdd) or below script_root/artifacts_root (mcp, run)",
            self.describe()
        )
    }

    fn contains(&self, real: &Path) -> bool {
        self.0.iter().any(|r| real.starts_with(r.canonicalize().as_deref().unwrap_or(r)))
    }

    /// A root that does not exist yet (artifacts_root before the first write) is made when a
    /// path below it is written.
    fn make_root_of(&self, lexical: &Path) {
        for root in self.0.iter().filter(|r| lexical.starts_with(r) && !r.exists()) {
            let _ = std::fs::create_dir_all(root);
        }
    }

    /// Where a write of `path` lands: the real parent (which must exist) joined with the file's
    /// name, inside a root, and not a symlink.
    pub(crate) fn file(&self, path: &str) -> Result<PathBuf, String> {
        let lexical = lexical(path)?;
        self.make_root_of(&lexical);
        let name = lexical.file_name().ok_or_else(|| self.outside(path))?.to_owned();
        let parent = lexical.parent().ok_or_else(|| self.outside(path))?;
        let real_parent =
            parent.canonicalize().map_err(|_| format!("ENOENT: no such file or directory, open '{path}'"))?;
        let target = real_parent.join(name);
        let is_link = std::fs::symlink_metadata(&target).is_ok_and(|m| m.file_type().is_symlink());
        let is_root = self.0.iter().any(|r| r.canonicalize().is_ok_and(|r| r == target));
        if !self.contains(&real_parent) || is_link || is_root {
            return Err(self.outside(path));
        }
        Ok(target)
    }

    /// Where `mkdir` of `path` lands, and the first folder it makes (none when it exists): its
    /// nearest existing ancestor must be inside a root.
    fn directory(&self, path: &str) -> Result<(PathBuf, Option<PathBuf>), String> {
        let lexical = lexical(path)?;
        self.make_root_of(&lexical);
        let mut existing = lexical.as_path();
        while !existing.exists() {
            existing = existing.parent().ok_or_else(|| self.outside(path))?;
        }
        let real = existing.canonicalize().map_err(|e| format!("EIO: {e}, mkdir '{path}'"))?;
        if !self.contains(&real) {
            return Err(self.outside(path));
        }
        let rest = lexical.strip_prefix(existing).unwrap_or(Path::new(""));
        let first = rest.components().next().map(|c| real.join(c));
        Ok((real.join(rest), first))
    }
}

/// Where `node:fs` may read: below the project root and, outside the agent hosts' sandbox,
/// below the `node_modules` folders Node's resolution looks in above it (a workspace's
/// hoisted packages, a linked `node_modules`), whose files `require.resolve` names.
#[derive(Debug, Clone)]
pub(crate) struct ReadScope {
    root: PathBuf,
    packages: Vec<PathBuf>,
}

impl ReadScope {
    /// `root` is canonical; `with_packages` adds the `node_modules` folders of it and its
    /// ancestors that exist, canonical (where a link leads).
    pub(crate) fn new(root: &Path, with_packages: bool) -> Self {
        let packages = if with_packages {
            root.ancestors().filter_map(|a| a.join("node_modules").canonicalize().ok()).filter(|p| p.is_dir()).collect()
        } else {
            Vec::new()
        };
        ReadScope { root: root.to_path_buf(), packages }
    }

    fn admits(&self, real: &Path) -> bool {
        real.starts_with(&self.root) || self.packages.iter().any(|p| real.starts_with(p))
    }
}

/// `path` if it lies inside the scope (after resolving `..` and symbolic links), else why not.
pub(crate) fn scoped(scope: &ReadScope, path: &str) -> Result<PathBuf, String> {
    let root = &scope.root;
    let candidate = root.join(path);
    // A file that does not exist cannot be canonicalised; check its parent instead.
    let resolved = match candidate.canonicalize() {
        Ok(p) => p,
        Err(_) => match (candidate.parent().and_then(|p| p.canonicalize().ok()), candidate.file_name()) {
            (Some(dir), Some(name)) => dir.join(name),
            _ => return Err(format!("ENOENT: no such file or directory, open '{path}'")),
        },
    };
    if scope.admits(&resolved) {
        Ok(resolved)
    } else {
        Err(format!(
            "EACCES: '{path}' is outside the project root {}; node:fs may only read files below it",
            root.display()
        ))
    }
}

/// Whether the folder `dir` holds a symbolic link at any depth (not followed); a tree too
/// large to look through counts as holding one.
fn holds_a_link(dir: &Path) -> bool {
    if !std::fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir()) {
        return false;
    }
    let mut pending = vec![dir.to_path_buf()];
    let mut seen = 0usize;
    while let Some(folder) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else { return true };
        for entry in entries.flatten() {
            seen += 1;
            if seen > 100_000 {
                return true;
            }
            match entry.file_type() {
                Ok(t) if t.is_symlink() => return true,
                Ok(t) if t.is_dir() => pending.push(entry.path()),
                Ok(_) => {}
                Err(_) => return true,
            }
        }
    }
    false
}

/// An absolute path with `.` and `..` worked out (the prelude's `path.resolve` already made it
/// absolute against the project root).
fn lexical(path: &str) -> Result<PathBuf, String> {
    if path.contains('\0') || !Path::new(path).is_absolute() {
        return Err(format!("EINVAL: invalid path '{path}'"));
    }
    let mut out = PathBuf::new();
    for c in Path::new(path).components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Ok(out)
}

pub(crate) fn io(e: &std::io::Error, op: &str, path: &str) -> String {
    format!("{}, {op} '{path}'", io_code(e))
}

/// Node's code and words for an I/O error.
pub(crate) fn io_code(e: &std::io::Error) -> &'static str {
    match e.kind() {
        std::io::ErrorKind::NotFound => "ENOENT: no such file or directory",
        std::io::ErrorKind::AlreadyExists => "EEXIST: file already exists",
        std::io::ErrorKind::PermissionDenied => "EACCES: permission denied",
        std::io::ErrorKind::DirectoryNotEmpty => "ENOTEMPTY: directory not empty",
        std::io::ErrorKind::NotADirectory => "ENOTDIR: not a directory",
        std::io::ErrorKind::IsADirectory => "EISDIR: illegal operation on a directory",
        // `readlink` of something that is not a link.
        _ if e.raw_os_error() == Some(libc::EINVAL) => "EINVAL: invalid argument",
        _ if e.raw_os_error() == Some(libc::EBADF) => "EBADF: bad file descriptor",
        _ => "EIO: i/o error",
    }
}

/// Installs the natives on `native` (`__ferridriver_native`).
pub(crate) fn install<'js>(
    ctx: &Ctx<'js>,
    native: &Object<'js>,
    project: &Path,
    sandbox: Option<&crate::script::ScriptSandbox>,
) -> rquickjs::Result<()> {
    let roots = WritableRoots::new(project, sandbox);
    let readable = ReadScope::new(project, sandbox.is_none());
    let fail = |ctx: &Ctx<'_>, message: String| Exception::throw_message(ctx, &message);

    let r = roots.clone();
    native.set(
        "nodeFsWrite",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'_>, path: String, data: TypedArray<'_, u8>, flag: String| -> rquickjs::Result<()> {
                use std::os::unix::fs::OpenOptionsExt;
                let bytes = crate::bytes::copy(&data);
                let target = r.file(&path).map_err(|m| fail(&ctx, m))?;
                let append = flag.starts_with('a');
                let op = if append { "appendFile" } else { "open" };
                let mut options = std::fs::OpenOptions::new();
                options.write(true).append(append).truncate(!append);
                // `wx`/`ax`: only a new file (EEXIST otherwise).
                if flag.contains('x') {
                    options.create_new(true);
                } else {
                    options.create(true);
                }
                // A symlink put in place after the check is not followed.
                let mut file =
                    options.custom_flags(libc::O_NOFOLLOW).open(&target).map_err(|e| fail(&ctx, io(&e, op, &path)))?;
                file.write_all(&bytes).map_err(|e| fail(&ctx, io(&e, "write", &path)))
            },
        )?,
    )?;
    let r = roots.clone();
    native.set(
        "nodeFsMkdir",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'_>, path: String, recursive: bool| -> rquickjs::Result<Option<String>> {
                let (target, first) = r.directory(&path).map_err(|m| fail(&ctx, m))?;
                let made = if recursive { std::fs::create_dir_all(&target) } else { std::fs::create_dir(&target) };
                made.map_err(|e| fail(&ctx, io(&e, "mkdir", &path)))?;
                // Node's answer: the first folder a recursive mkdir made.
                Ok(first.filter(|_| recursive).map(|f| f.to_string_lossy().into_owned()))
            },
        )?,
    )?;
    let r = roots.clone();
    native.set(
        "nodeFsRemove",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'_>, path: String, recursive: bool, force: bool, file_only: bool| -> rquickjs::Result<()> {
                let target = r.file(&path).map_err(|m| fail(&ctx, m))?;
                let meta = match std::fs::symlink_metadata(&target) {
                    Ok(m) => m,
                    Err(_) if force => return Ok(()),
                    Err(e) => return Err(fail(&ctx, io(&e, if file_only { "unlink" } else { "rm" }, &path))),
                };
                let removed = if meta.is_dir() {
                    if file_only || !recursive {
                        let code = if file_only {
                            "EISDIR: illegal operation on a directory"
                        } else {
                            "ERR_FS_EISDIR: path is a directory (use { recursive: true })"
                        };
                        return Err(fail(&ctx, format!("{code}, rm '{path}'")));
                    }
                    std::fs::remove_dir_all(&target)
                } else {
                    std::fs::remove_file(&target)
                };
                removed.map_err(|e| fail(&ctx, io(&e, "rm", &path)))
            },
        )?,
    )?;
    let r = roots.clone();
    native.set(
        "nodeFsRename",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, from: String, to: String| -> rquickjs::Result<()> {
            // Both ends are writes: the file leaves one place and lands in the other.
            let missing = |m: String| {
                if m.starts_with("ENOENT") {
                    format!("ENOENT: no such file or directory, rename '{from}' -> '{to}'")
                } else {
                    m
                }
            };
            let source = r.file(&from).map_err(|m| fail(&ctx, missing(m)))?;
            let target = r.file(&to).map_err(|m| fail(&ctx, missing(m)))?;
            // A folder moved with a link inside would carry a way out to a place already
            // judged inside (where a write could follow it).
            if holds_a_link(&source) {
                return Err(fail(
                    &ctx,
                    format!(
                        "EACCES: '{from}' holds a symbolic link; node:fs does not move it, rename '{from}' -> '{to}'"
                    ),
                ));
            }
            std::fs::rename(&source, &target).map_err(|e| fail(&ctx, format!("{} -> '{to}'", io(&e, "rename", &from))))
        })?,
    )?;
    let r = roots.clone();
    native.set(
        "nodeFsRmdir",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, path: String, recursive: bool| -> rquickjs::Result<()> {
            let target = r.file(&path).map_err(|m| fail(&ctx, m))?;
            let removed = if recursive && target.is_dir() {
                std::fs::remove_dir_all(&target)
            } else {
                std::fs::remove_dir(&target)
            };
            removed.map_err(|e| fail(&ctx, io(&e, "rmdir", &path)))
        })?,
    )?;
    // Reads go where `readFileSync` may read: below the project root.
    let scope = readable.clone();
    native.set(
        "nodeFsReaddir",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, path: String| -> rquickjs::Result<String> {
            let dir = scoped(&scope, &path).map_err(|m| fail(&ctx, m))?;
            let entries = std::fs::read_dir(&dir).map_err(|e| fail(&ctx, io(&e, "scandir", &path)))?;
            let mut names: Vec<(String, bool)> = entries
                .filter_map(Result::ok)
                .map(|e| (e.file_name().to_string_lossy().into_owned(), e.file_type().is_ok_and(|t| t.is_dir())))
                .collect();
            names.sort();
            Ok(serde_json::json!(names).to_string())
        })?,
    )?;
    let scope = readable.clone();
    native.set(
        "nodeFsRealpath",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, path: String| -> rquickjs::Result<String> {
            // `scoped` resolved every link (a file that does not exist is an error here, as Node's).
            let file = scoped(&scope, &path).map_err(|m| fail(&ctx, m))?;
            file.canonicalize().map_err(|e| fail(&ctx, io(&e, "realpath", &path)))?;
            Ok(file.to_string_lossy().into_owned())
        })?,
    )?;
    let scope = readable.clone();
    native.set(
        "nodeFsReadlink",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, path: String| -> rquickjs::Result<String> {
            // The link itself must lie inside the project (its parent is what `scoped` checks
            // when the link is followed elsewhere).
            let lexical_path = lexical(&path).map_err(|m| fail(&ctx, m))?;
            let parent = lexical_path.parent().map(|p| p.to_string_lossy().into_owned()).unwrap_or_default();
            scoped(&scope, &parent).map_err(|m| fail(&ctx, m))?;
            let target = std::fs::read_link(&lexical_path).map_err(|e| fail(&ctx, io(&e, "readlink", &path)))?;
            Ok(target.to_string_lossy().into_owned())
        })?,
    )?;
    let scope = readable.clone();
    native.set(
        "nodeFsStat",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, path: String, follow: Opt<bool>| -> rquickjs::Result<String> {
            let file = scoped(&scope, &path).map_err(|m| fail(&ctx, m))?;
            // `lstat` (follow false) asks about a link itself: the lexical path's own entry.
            let link = match follow.0 {
                Some(false) => {
                    lexical(&path).ok().and_then(|p| std::fs::symlink_metadata(&p).ok()).filter(|m| m.is_symlink())
                }
                _ => None,
            };
            let meta = match link {
                Some(meta) => meta,
                None => std::fs::metadata(&file).map_err(|e| fail(&ctx, io(&e, "stat", &path)))?,
            };
            Ok(stat_json(&meta))
        })?,
    )?;
    crate::node_fs_fd::install(ctx, native, roots, readable)
}

/// What `stat` answers of a file, as JSON for js/node.js's `statOf`.
pub(crate) fn stat_json(meta: &std::fs::Metadata) -> String {
    let millis = |t: std::io::Result<std::time::SystemTime>| {
        t.ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    serde_json::json!({
        "file": meta.is_file(),
        "directory": meta.is_dir(),
        "symlink": meta.is_symlink(),
        "size": meta.len(),
        "mtimeMs": millis(meta.modified()),
        "birthtimeMs": millis(meta.created()),
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scope_is_enforced() {
        let root = std::env::temp_dir().canonicalize().unwrap();
        let scope = ReadScope::new(&root, true);
        assert!(scoped(&scope, "x-does-not-exist.txt").is_ok());
        assert!(scoped(&scope, "../etc/passwd").unwrap_err().contains("outside the project root"));
    }

    #[test]
    fn hoisted_packages_are_readable_outside_the_sandbox_only() {
        let base = std::env::temp_dir().join(format!("fd-read-scope-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(base.join("node_modules/pkg")).unwrap();
        std::fs::create_dir_all(base.join("packages/app")).unwrap();
        std::fs::write(base.join("node_modules/pkg/file.js"), "x").unwrap();
        std::fs::write(base.join("secret.txt"), "x").unwrap();
        let base = base.canonicalize().unwrap();
        let app = base.join("packages/app");
        let hoisted = base.join("node_modules/pkg/file.js").to_string_lossy().into_owned();
        assert!(scoped(&ReadScope::new(&app, true), &hoisted).is_ok(), "a workspace's hoisted package");
        assert!(scoped(&ReadScope::new(&app, false), &hoisted).is_err(), "not in the agent hosts");
        assert!(scoped(&ReadScope::new(&app, true), "../../secret.txt").is_err(), "nothing else above the project");
        let _ = std::fs::remove_dir_all(&base);
    }

    #[test]
    fn writes_stay_inside_their_roots() {
        let base = std::env::temp_dir().join(format!("fd-node-fs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let project = base.join("project");
        std::fs::create_dir_all(project.join("reports")).unwrap();
        std::fs::create_dir_all(base.join("elsewhere")).unwrap();
        std::os::unix::fs::symlink(base.join("elsewhere"), project.join("escape")).unwrap();
        std::os::unix::fs::symlink(base.join("elsewhere/x.txt"), project.join("link.txt")).unwrap();
        let roots = WritableRoots::new(&project, None);
        let p = |rel: &str| format!("{}/{rel}", project.display());
        let real = project.canonicalize().unwrap();
        assert_eq!(roots.file(&p("reports/a.json")).unwrap(), real.join("reports/a.json"));
        assert!(roots.file(&p("../elsewhere/a.txt")).unwrap_err().starts_with("EACCES"));
        assert!(roots.file(&p("escape/a.txt")).unwrap_err().starts_with("EACCES"), "a symlinked folder out");
        assert!(roots.file(&p("link.txt")).unwrap_err().starts_with("EACCES"), "a symlink as the target");
        assert!(roots.file(&p("missing/a.txt")).unwrap_err().starts_with("ENOENT"));
        assert!(roots.file("relative.txt").unwrap_err().starts_with("EINVAL"));
        assert!(roots.file(&project.display().to_string()).unwrap_err().starts_with("EACCES"), "the root itself");
        assert_eq!(roots.directory(&p("out/deep/er")).unwrap(), (real.join("out/deep/er"), Some(real.join("out"))));
        assert_eq!(roots.directory(&p("reports")).unwrap(), (real.join("reports"), None));
        assert!(roots.directory(&p("escape/new")).unwrap_err().starts_with("EACCES"));
        assert!(roots.directory(&format!("{}/elsewhere/new", base.display())).unwrap_err().starts_with("EACCES"));
        let _ = std::fs::remove_dir_all(&base);
    }
}
