//! The TypeScript declarations (runner/assets/types) hold: tsc (pinned in tests/types) accepts
//! realistic step files, scripts and the Compatibility Kit's own step files, and rejects the
//! wrong uses marked `@ts-expect-error` in tests/types/negative. Needs `npm ci` in tests/types
//! (`.ci/run` does it); without it the test fails with that command.

#[path = "conformance/locate.rs"]
mod locate;

use std::path::{Path, PathBuf};
use std::process::Command;

fn types_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/types")
}

fn tsc() -> Option<PathBuf> {
    let tsc = types_dir().join("node_modules/.bin/tsc");
    assert!(tsc.exists(), "{} missing: run `npm ci` in tests/types (or .ci/run)", tsc.display());
    Some(tsc)
}

fn check(tsc: &Path, project: &Path) {
    let out = Command::new(tsc).arg("-p").arg(project).current_dir(types_dir()).output().unwrap();
    assert!(
        out.status.success(),
        "tsc -p {}:\n{}{}",
        project.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn step_files_and_scripts_type_check_and_wrong_uses_are_rejected() {
    let Some(tsc) = tsc() else { return };
    check(&tsc, &types_dir().join("tsconfig.json"));
    check(&tsc, &types_dir().join("tsconfig.script.json"));
}

#[test]
fn the_compatibility_kit_step_files_type_check() {
    let Some(tsc) = tsc() else { return };
    let Some(conformance) = locate::conformance_dir() else { return };
    // The kit lives wherever FERRIDRIVER_CONFORMANCE says: a project naming it absolutely.
    let dir = std::env::temp_dir().join(format!("ferridriver-types-cck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = serde_json::json!({
        "extends": types_dir().join("tsconfig.base.json"),
        "include": [
            Path::new(env!("CARGO_MANIFEST_DIR")).join("runner/assets/types/*.d.ts"),
            conformance.join("cck/samples/*/*.ts"),
        ],
    });
    let project = dir.join("tsconfig.json");
    std::fs::write(&project, serde_json::to_string_pretty(&config).unwrap()).unwrap();
    check(&tsc, &project);
    let _ = std::fs::remove_dir_all(&dir);
}
