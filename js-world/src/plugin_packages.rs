//! Plugins named in the configuration (`plugins = ["@acme/ferridriver-box", "./plugins/local"]`):
//! each is resolved to one entry file as Node resolves a package — from the project's
//! `node_modules` for a bare name, from the project folder for a relative path — through its
//! `package.json` (`exports`, then `main`, then `index`). The entry is then bundled like an
//! extension file. Nothing is ever found by scanning `node_modules`: only what is listed loads.

use oxc_resolver::{ResolveError, ResolveOptions, Resolver};
use std::path::{Path, PathBuf};

/// The `exports` conditions that are active (as Node's, the package's own key order decides
/// among them). `ferridriver` lets a package point us at a build of its own (say, its
/// TypeScript source) while Node reads `import`/`require`.
const CONDITIONS: &[&str] = &["ferridriver", "import", "module", "default", "require", "node"];

/// The file extensions a path without one may have.
const EXTENSIONS: &[&str] = &[".ts", ".mts", ".cts", ".tsx", ".js", ".mjs", ".cjs", ".jsx"];

/// Resolves every listed plugin: the entry files found, and one message per plugin that was not.
pub fn resolve_plugins(root: &Path, specs: &[String]) -> (Vec<PathBuf>, Vec<String>) {
    if specs.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let resolver = Resolver::new(ResolveOptions {
        condition_names: CONDITIONS.iter().map(|c| c.to_string()).collect(),
        extensions: EXTENSIONS.iter().map(|e| e.to_string()).collect(),
        main_fields: vec!["main".into()],
        main_files: vec!["index".into()],
        ..ResolveOptions::default()
    });
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for spec in specs {
        match resolve_one(&resolver, root, spec) {
            Ok(file) => files.push(file),
            Err(message) => errors.push(message),
        }
    }
    (files, errors)
}

fn resolve_one(resolver: &Resolver, root: &Path, spec: &str) -> Result<PathBuf, String> {
    let spec = spec.trim();
    let local = spec.starts_with("./") || spec.starts_with("../") || spec == "." || spec == "..";
    if spec.is_empty() || Path::new(spec).is_absolute() {
        return Err(format!(
            "plugin {spec:?} in the config's `plugins`: expected a package name (\"@acme/box\") or a path relative to the project (\"./plugins/box\")"
        ));
    }
    match resolver.resolve(root, spec) {
        Ok(resolution) => Ok(resolution.into_path_buf()),
        Err(ResolveError::NotFound(_)) if !local => Err(format!(
            "plugin {spec:?} in the config's `plugins` is not installed (looked in the node_modules folders from {} up)\n  hint: npm install {spec}",
            root.display()
        )),
        Err(ResolveError::NotFound(_)) => Err(format!(
            "plugin {spec:?} in the config's `plugins` not found (looked for {})\n  hint: a local plugin is a file, or a folder with a package.json (`exports` or `main`) or an index file",
            root.join(spec).display()
        )),
        Err(e) => Err(format!(
            "plugin {spec:?} in the config's `plugins` cannot be resolved: {e}\n  hint: check its package.json `exports` and `main`"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, path: &str, text: &str) {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    #[test]
    fn packages_resolve_through_exports_main_and_index() {
        let root = std::env::temp_dir().join(format!("fd-plugin-packages-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        // `exports` with conditions: ours wins over Node's.
        write(
            &root,
            "node_modules/@acme/box/package.json",
            r#"{ "name": "@acme/box", "exports": { ".": { "ferridriver": "./src/box.ts", "import": "./dist/box.mjs" } } }"#,
        );
        write(&root, "node_modules/@acme/box/src/box.ts", "");
        write(&root, "node_modules/@acme/box/dist/box.mjs", "");
        // `main` only.
        write(&root, "node_modules/old/package.json", r#"{ "name": "old", "main": "lib/main.js" }"#);
        write(&root, "node_modules/old/lib/main.js", "");
        // A local folder without package.json: its index.
        write(&root, "plugins/local/index.ts", "");
        // A package whose exports do not list ".".
        write(&root, "node_modules/odd/package.json", r#"{ "name": "odd", "exports": { "./x": "./x.js" } }"#);
        let specs: Vec<String> =
            ["@acme/box", "old", "./plugins/local", "missing-box", "./plugins/nothing", "odd", "/abs"]
                .iter()
                .map(|s| s.to_string())
                .collect();
        let (files, errors) = resolve_plugins(&root, &specs);
        let names: Vec<String> =
            files.iter().map(|f| crate::discover::slash_path(f.strip_prefix(&root).unwrap())).collect();
        assert_eq!(
            names,
            ["node_modules/@acme/box/src/box.ts", "node_modules/old/lib/main.js", "plugins/local/index.ts"]
        );
        assert_eq!(errors.len(), 4, "{errors:#?}");
        assert!(
            errors[0].contains("\"missing-box\"") && errors[0].contains("npm install missing-box"),
            "{}",
            errors[0]
        );
        assert!(errors[1].contains("./plugins/nothing") && errors[1].contains("index file"), "{}", errors[1]);
        assert!(errors[2].contains("\"odd\""), "{}", errors[2]);
        assert!(errors[3].contains("relative to the project"), "{}", errors[3]);
        let _ = std::fs::remove_dir_all(&root);
    }
}
