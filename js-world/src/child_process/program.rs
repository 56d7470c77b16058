//! Which file a program the code names is, and whether `[scripting] allowCommands` lets it
//! run (ADR 0036). A name (`git`) is found on ferridriver's own `PATH`, then in the project's
//! `node_modules/.bin` (where npm scripts find theirs) — never on a `PATH` the code passes. A
//! path (`./bin/tool`, `/…/node_modules/.bin/cucumber-js`) runs only when it is the very file
//! a listed name finds, or the config lists that path.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Why a program does not run.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Unresolved {
    /// The list does not allow it: the sentence to throw.
    NotListed(String),
    /// Allowed, but there is no such program (Node's `ENOENT`).
    NotFound,
}

/// The file to run for `given` (started in `cwd`), under the `listed` names and paths.
pub(crate) fn resolve(given: &str, cwd: &Path, root: &Path, listed: &[String]) -> Result<PathBuf, Unresolved> {
    if !given.contains('/') {
        if !listed.iter().any(|l| l == given) {
            return Err(Unresolved::NotListed(format!(
                "CAPABILITY_DENIED: may not run \"{given}\": test code runs only the programs [scripting] allowCommands lists in ferridriver.toml (add \"{given}\" there to allow it)"
            )));
        }
        return find(given, root).ok_or(Unresolved::NotFound);
    }
    let file = cwd.join(given);
    let Ok(real) = file.canonicalize() else { return Err(Unresolved::NotFound) };
    let same = |entry: &String| {
        let candidate = if entry.contains('/') { Some(root.join(entry)) } else { find(entry, root) };
        candidate.and_then(|c| c.canonicalize().ok()).is_some_and(|c| c == real)
    };
    if listed.iter().any(same) {
        return Ok(file);
    }
    Err(Unresolved::NotListed(format!(
        "CAPABILITY_DENIED: may not run \"{given}\": a program given by its path runs only when [scripting] allowCommands in ferridriver.toml lists that path, or a name that finds that same file (on PATH or in node_modules/.bin)"
    )))
}

/// The first executable file called `name` on ferridriver's `PATH`, then in the project's
/// `node_modules/.bin`.
fn find(name: &str, root: &Path) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .filter(|dir| dir.is_absolute())
        .chain(std::iter::once(root.join("node_modules/.bin")))
        .map(|dir| dir.join(name))
        .find(|file| std::fs::metadata(file).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project() -> PathBuf {
        let root = std::env::temp_dir().join(format!("fd-program-{}", std::process::id()));
        let bin = root.join("node_modules/.bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::create_dir_all(root.join("elsewhere")).unwrap();
        for file in [bin.join("tool-fd"), root.join("elsewhere/tool-fd"), root.join("elsewhere/sh")] {
            std::fs::write(&file, "#!/bin/sh\n").unwrap();
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        root
    }

    #[test]
    fn names_and_paths_resolve_to_the_listed_files_only() {
        let root = project();
        let listed = ["sh".to_string(), "tool-fd".to_string()];
        let sh = resolve("sh", &root, &root, &listed).unwrap();
        assert!(sh.is_absolute() && !sh.starts_with(&root), "{sh:?}: found on PATH");
        assert_eq!(resolve("tool-fd", &root, &root, &listed).unwrap(), root.join("node_modules/.bin/tool-fd"));
        // The file the name finds, given by its path: from the root or from elsewhere.
        assert!(resolve("./node_modules/.bin/tool-fd", &root, &root, &listed).is_ok());
        assert!(resolve("../node_modules/.bin/tool-fd", &root.join("elsewhere"), &root, &listed).is_ok());
        // Another file with a listed name is not the listed program.
        for (given, cwd) in [("./elsewhere/tool-fd", root.clone()), ("./sh", root.join("elsewhere"))] {
            let why = resolve(given, &cwd, &root, &listed).unwrap_err();
            assert!(matches!(&why, Unresolved::NotListed(m) if m.contains("by its path")), "{given}: {why:?}");
        }
        assert!(matches!(resolve("git-fd", &root, &root, &listed), Err(Unresolved::NotListed(_))));
        // A listed path.
        assert!(resolve("elsewhere/tool-fd", &root, &root, &["elsewhere/tool-fd".into()]).is_ok());
        assert_eq!(resolve("./no-such", &root, &root, &listed), Err(Unresolved::NotFound));
        assert_eq!(resolve("nosuch-fd", &root, &root, &["nosuch-fd".into()]), Err(Unresolved::NotFound));
        let _ = std::fs::remove_dir_all(&root);
    }
}
