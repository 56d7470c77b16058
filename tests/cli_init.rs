//! `ferridriver init` as a new user runs it: in an empty directory, then `ferridriver bdd`
//! passes on the first try against the page the scaffold ships, and the scaffold's step file
//! type-checks with its own tsconfig.json and declarations (tsc from tests/types; needs Node,
//! which CI installs).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ferridriver(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ferridriver")).args(args).current_dir(dir).output().unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ferridriver-init-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn chromium_available() -> bool {
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .any(|b| Command::new(b).arg("--version").output().is_ok_and(|o| o.status.success()));
    assert!(found, "this test needs Chromium: apt-get install -y chromium (or run .ci/run)");
    found
}

/// tsc from tests/types (the test fails without it).
fn tsc() -> Option<PathBuf> {
    let tsc = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/types/node_modules/.bin/tsc");
    assert!(tsc.exists(), "{} missing: run `npm ci` in tests/types (or .ci/run)", tsc.display());
    Some(tsc)
}

#[test]
fn init_scaffolds_a_project_that_passes_and_type_checks() {
    let dir = scratch("fresh");
    std::fs::write(dir.join(".gitignore"), "target/\n").unwrap();
    let out = ferridriver(&dir, &["init"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    for file in [
        "ferridriver.toml",
        "features/todo.feature",
        "features/site/todo.html",
        "steps/todo.steps.ts",
        "tsconfig.json",
        "types/ferridriver.d.ts",
        "types/cucumber.d.ts",
        "types/playwright.d.ts",
        "types/playwright-expect.d.ts",
        "types/playwright-network.d.ts",
        "types/playwright-context.d.ts",
        "types/node.d.ts",
        "types/node-io.d.ts",
        "types/script/ferridriver-script.d.ts",
    ] {
        assert!(dir.join(file).is_file(), "{file} missing");
    }
    let ignore = std::fs::read_to_string(dir.join(".gitignore")).unwrap();
    assert!(ignore.starts_with("target/\n") && ignore.contains(".ferridriver/"), "{ignore}");

    if chromium_available() {
        let run = ferridriver(&dir, &["bdd", "--format", "summary"]);
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert_eq!(run.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&run.stderr));
        assert!(stdout.contains("2 scenarios (2 passed)"), "{stdout}");
    }

    if let Some(tsc) = tsc() {
        let check = Command::new(&tsc).args(["-p", "tsconfig.json"]).current_dir(&dir).output().unwrap();
        assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stdout));
        // The declarations are really in use: a misspelt locator method is an error.
        let steps = dir.join("steps/todo.steps.ts");
        let text = std::fs::read_to_string(&steps).unwrap();
        std::fs::write(&steps, text.replace(".fill(item)", ".fil(item)")).unwrap();
        let check = Command::new(&tsc).args(["-p", "tsconfig.json"]).current_dir(&dir).output().unwrap();
        assert!(!check.status.success());
        assert!(String::from_utf8_lossy(&check.stdout).contains("steps/todo.steps.ts"));
    }

    // Running it again overwrites nothing.
    std::fs::write(dir.join("features/todo.feature"), "Feature: mine\n").unwrap();
    let again = ferridriver(&dir, &["init"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("ferridriver.toml, features/todo.feature"));
    assert_eq!(std::fs::read_to_string(dir.join("features/todo.feature")).unwrap(), "Feature: mine\n");
    // --types-only refreshes the declarations alone.
    std::fs::write(dir.join("types/playwright.d.ts"), "old").unwrap();
    assert_eq!(ferridriver(&dir, &["init", "--types-only"]).status.code(), Some(0));
    assert!(std::fs::read_to_string(dir.join("types/playwright.d.ts")).unwrap().len() > 1000);
    assert_eq!(std::fs::read_to_string(dir.join("features/todo.feature")).unwrap(), "Feature: mine\n");
    let _ = std::fs::remove_dir_all(&dir);
}
