//! `ferridriver init`: a working project in the current directory — config, one feature, one
//! TypeScript step file using `this.page` and `expect`, the page they test, the TypeScript
//! declarations of the whole JS API with a `tsconfig.json` that uses them (editors complete and
//! type-check step files with no npm install), and `.ferridriver/` ignored by git.

use crate::cli::EXIT_USAGE;
use std::path::{Path, PathBuf};

/// `ferridriver init` arguments.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct InitArgs {
    /// Where to create the project (default: the current directory).
    pub dir: Option<String>,

    /// Overwrite files that already exist.
    #[arg(long)]
    pub force: bool,

    /// Only (re)write the TypeScript declarations in types/ (after upgrading ferridriver).
    #[arg(long)]
    pub types_only: bool,
}

/// The declarations of the JS API that step files and extensions see (globals, cucumber-js,
/// Playwright, the Node built-ins), and the extra globals of scripts (`ferridriver run`, MCP
/// `run_script`), kept apart so that step files do not see them.
const TYPES: &[(&str, &str)] = &[
    ("types/ferridriver.d.ts", include_str!("../assets/types/ferridriver.d.ts")),
    ("types/cucumber.d.ts", include_str!("../assets/types/cucumber.d.ts")),
    ("types/playwright.d.ts", include_str!("../assets/types/playwright.d.ts")),
    ("types/playwright-expect.d.ts", include_str!("../assets/types/playwright-expect.d.ts")),
    ("types/playwright-network.d.ts", include_str!("../assets/types/playwright-network.d.ts")),
    ("types/playwright-context.d.ts", include_str!("../assets/types/playwright-context.d.ts")),
    ("types/node.d.ts", include_str!("../assets/types/node.d.ts")),
    ("types/node-io.d.ts", include_str!("../assets/types/node-io.d.ts")),
    ("types/script/ferridriver-script.d.ts", include_str!("../assets/types/script/ferridriver-script.d.ts")),
];

const SCAFFOLD: &[(&str, &str)] = &[
    ("ferridriver.toml", include_str!("../assets/init/ferridriver.toml")),
    ("features/todo.feature", include_str!("../assets/init/todo.feature")),
    ("features/site/todo.html", include_str!("../assets/init/todo.html")),
    ("steps/todo.steps.ts", include_str!("../assets/init/todo.steps.ts")),
    ("tsconfig.json", include_str!("../assets/init/tsconfig.json")),
];

const IGNORED: &str = include_str!("../assets/init/gitignore");

/// Creates the project; returns the exit code.
pub fn run_init(args: InitArgs) -> i32 {
    let dir = PathBuf::from(args.dir.as_deref().unwrap_or("."));
    match init(&dir, &args) {
        Ok(written) => {
            for path in &written {
                println!("  created {path}");
            }
            if !args.types_only {
                println!("\nNext: `ferridriver bdd` runs the example; `ferridriver steps` lists the built-in steps.");
            }
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_USAGE
        }
    }
}

fn init(dir: &Path, args: &InitArgs) -> Result<Vec<String>, String> {
    let files: Vec<(&str, &str)> =
        if args.types_only { TYPES.to_vec() } else { SCAFFOLD.iter().chain(TYPES).copied().collect() };
    if !args.force && !args.types_only {
        let existing: Vec<&str> = files.iter().map(|(p, _)| *p).filter(|p| dir.join(p).exists()).collect();
        if !existing.is_empty() {
            return Err(format!(
                "{} already exist{} in {}\n  hint: nothing was written; pass --force to overwrite, or run init in an empty directory",
                existing.join(", "),
                if existing.len() == 1 { "s" } else { "" },
                dir.display()
            ));
        }
    }
    let mut written = Vec::new();
    for (path, text) in files {
        let target = dir.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&target, text).map_err(|e| format!("{}: {e}", target.display()))?;
        written.push(path.to_string());
    }
    if !args.types_only && add_ignores(&dir.join(".gitignore"))? {
        written.push(".gitignore".into());
    }
    Ok(written)
}

/// Adds the scaffold's ignore lines to `.gitignore` (keeping what is there); true if changed.
fn add_ignores(path: &Path) -> Result<bool, String> {
    let current = std::fs::read_to_string(path).unwrap_or_default();
    let missing: Vec<&str> = IGNORED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter(|l| !current.lines().any(|c| c.trim() == l.trim()))
        .collect();
    if missing.is_empty() {
        return Ok(false);
    }
    let mut text = current;
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    if text.is_empty() {
        text.push_str(IGNORED);
    } else {
        text.push_str(&missing.join("\n"));
        text.push('\n');
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(true)
}
