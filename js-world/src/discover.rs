//! Finding the JS/TS step files: the `[test] steps` globs (or the cucumber-js style defaults)
//! plus the `extensions` files and directories, relative to the project root, and the entry
//! files of the listed `plugins`.

use std::path::{Path, PathBuf};

/// Where the JS world looks for code. The runner fills it from the configuration file.
#[derive(Debug, Clone, Default)]
pub struct JsConfig {
    /// Step-definition globs relative to `root` (`[test] steps`). Empty means the defaults,
    /// `steps/**/*.{js,ts}`, `step_definitions/**/*.{js,ts}` and cucumber-js's
    /// `features/**/*.{js,mjs,cjs,ts,mts,cts}`.
    pub steps: Vec<String>,
    /// Extension files or directories (scanned recursively), relative to `root`.
    pub extensions: Vec<String>,
    /// Plugins by package name or relative path (`plugins = [...]`), resolved to their entry
    /// files as Node would (plugin_packages.rs).
    pub plugins: Vec<String>,
    /// The project root: globs are matched against paths relative to it, `node:fs` may read
    /// only below it, and definitions' source locations are written relative to it.
    pub root: PathBuf,
    /// The host the program is loaded for: files register by `ferridriver.host`, so the
    /// manifest VM must see the same host as the VMs that will run the definitions.
    pub host: crate::HostKind,
    /// The host loads again after each save (`bdd --watch`, the MCP server's watcher): keep
    /// the bundler for the next load, so only changed modules are parsed again.
    pub keep_bundler: bool,
    /// Variables the VMs' `process.env` starts with, set by the project's configuration file
    /// (cucumber-js's `cucumber.js` calling `dotenv.config()`), whatever `allowEnv` lists:
    /// they are the project's own values, not the process's environment.
    pub preset_env: Vec<(String, String)>,
}

/// The globs used when `[test] steps` is empty.
/// `features/**` is cucumber-js's own default (`features/step_definitions`, `features/support`),
/// so a cucumber-js project needs no globs in its config.
pub const DEFAULT_STEP_GLOBS: &[&str] =
    &["steps/**/*.{js,ts}", "step_definitions/**/*.{js,ts}", "features/**/*.{js,mjs,cjs,ts,mts,cts}"];

/// The source extensions an extension directory is scanned for.
pub const SOURCE_EXTENSIONS: &[&str] = &["js", "cjs", "mjs", "jsx", "ts", "cts", "mts", "tsx"];

/// Directories never descended into while matching globs.
const SKIPPED_DIRS: &[&str] = &["node_modules", ".git", "target"];

/// Every file the configuration names, absolute, sorted and without duplicates. A named
/// extension file that does not exist is an error (the others are still returned).
pub fn discover(config: &JsConfig) -> (Vec<PathBuf>, Vec<String>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    let globs: Vec<String> = if config.steps.is_empty() {
        DEFAULT_STEP_GLOBS.iter().map(|g| g.to_string()).collect()
    } else {
        // An absolute glob inside the project (`path.join(__dirname, 'steps/**/*.ts')` in a
        // cucumber-js config) is matched as the relative one it stands for.
        let roots: Vec<String> = [Some(config.root.clone()), config.root.canonicalize().ok()]
            .into_iter()
            .flatten()
            .map(|r| format!("{}/", r.to_string_lossy().trim_end_matches('/')))
            .collect();
        config
            .steps
            .iter()
            .map(|g| {
                let g = roots.iter().find_map(|r| g.strip_prefix(r.as_str())).unwrap_or(g);
                g.trim_start_matches("./").to_string()
            })
            .collect()
    };
    for glob in &globs {
        if let Err(e) = fast_glob::validate(glob) {
            errors.push(format!("step glob {glob:?} is not valid: {e:?}"));
        }
    }
    for glob in globs.iter().filter(|g| fast_glob::validate(g).is_ok()) {
        // A folder (cucumber-js's `require: ['features/support']`) stands for its source files.
        let folder = config.root.join(glob);
        if !glob.is_empty() && folder.is_dir() {
            files.extend(walk(&folder).into_iter().filter(|p| is_source(p)));
            continue;
        }
        // Only the glob's literal leading directories are walked, not the whole project.
        for entry in walk(&config.root.join(static_prefix(glob))) {
            let Ok(relative) = entry.strip_prefix(&config.root) else { continue };
            // Declarations (`*.d.ts`) are types, not code, whatever glob matched them.
            if fast_glob::glob_match(glob.as_str(), slash_path(relative).as_str())
                && !relative.to_string_lossy().ends_with(".d.ts")
            {
                files.push(entry);
            }
        }
    }
    for ext in &config.extensions {
        let path = config.root.join(ext);
        if path.is_dir() {
            files.extend(walk(&path).into_iter().filter(|p| is_source(p)));
        } else if path.is_file() {
            files.push(path);
        } else {
            errors.push(format!(
                "extension {ext} not found (looked for {})\n  hint: `extensions` lists files or directories relative to the project root",
                path.display()
            ));
        }
    }
    let (plugins, plugin_errors) = crate::plugin_packages::resolve_plugins(&config.root, &config.plugins);
    files.extend(plugins);
    errors.extend(plugin_errors);
    files.sort();
    files.dedup();
    (files, errors)
}

/// Whether a path has one of [`SOURCE_EXTENSIONS`] (and is not a `.d.ts` declaration).
pub fn is_source(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    !name.ends_with(".d.ts")
        && path.extension().and_then(|e| e.to_str()).is_some_and(|e| SOURCE_EXTENSIONS.contains(&e))
}

/// The leading directories of a glob that contain no pattern characters (`src/**/*.ts` → `src`).
fn static_prefix(glob: &str) -> String {
    let parts: Vec<&str> = glob.split('/').collect();
    let literal = parts
        .iter()
        .take(parts.len().saturating_sub(1))
        .take_while(|p| !p.contains(['*', '?', '[', '{', '!']))
        .copied()
        .collect::<Vec<_>>();
    literal.join("/")
}

/// A path with `/` separators, as globs and source locations use.
pub fn slash_path(path: &Path) -> String {
    path.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .follow_links(true)
        .into_iter()
        .filter_entry(|e| {
            !(e.file_type().is_dir()
                && e.depth() > 0
                && SKIPPED_DIRS.contains(&e.file_name().to_string_lossy().as_ref()))
        })
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_extensions() {
        let dir = std::env::temp_dir().join(format!("fd-discover-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for f in [
            "steps/a.ts",
            "steps/sub/b.js",
            "steps/c.txt",
            "ext/x/y.mts",
            "ext/z.d.ts",
            "other.ts",
            "features/support/world.ts",
            "features/support/types.d.ts",
            "features/a.feature",
        ] {
            let p = dir.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "").unwrap();
        }
        let cfg =
            JsConfig { root: dir.clone(), extensions: vec!["ext".into(), "missing.ts".into()], ..Default::default() };
        let (files, errors) = discover(&cfg);
        let names: Vec<String> = files.iter().map(|f| slash_path(f.strip_prefix(&dir).unwrap())).collect();
        assert_eq!(names, ["ext/x/y.mts", "features/support/world.ts", "steps/a.ts", "steps/sub/b.js"]);
        assert_eq!(errors.len(), 1);
        let absolute = format!("{}/steps/sub/*.js", dir.display());
        let cfg = JsConfig {
            root: dir.clone(),
            steps: vec![absolute, "steps/a.ts".into(), "features/support".into()],
            ..Default::default()
        };
        let names: Vec<String> = discover(&cfg).0.iter().map(|p| slash_path(p.strip_prefix(&dir).unwrap())).collect();
        assert_eq!(
            names,
            ["features/support/world.ts", "steps/a.ts", "steps/sub/b.js"],
            "an absolute glob inside the project, and a folder"
        );
        let cfg = JsConfig { root: dir.clone(), steps: vec!["./*.ts".into()], ..Default::default() };
        assert_eq!(discover(&cfg).0, vec![dir.join("other.ts")]);
        assert_eq!(static_prefix("steps/**/*.ts"), "steps");
        assert_eq!(static_prefix("a/b/c.ts"), "a/b");
        assert_eq!(static_prefix("*.ts"), "");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
