//! Finding the conformance data: `FERRIDRIVER_CONFORMANCE`, else `../shared/conformance` next to
//! the repository. Missing data fails the run on CI and skips the check elsewhere.

use std::path::PathBuf;

/// The conformance folder, or None when it is absent and we are not on CI.
pub fn conformance_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("FERRIDRIVER_CONFORMANCE") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance"),
    };
    if dir.is_dir() {
        return Some(dir);
    }
    let on_ci = std::env::var("CI").map(|v| v == "true" || v == "1").unwrap_or(false);
    assert!(!on_ci, "conformance data not found at {} (set FERRIDRIVER_CONFORMANCE)", dir.display());
    eprintln!("conformance data not found at {}; skipping", dir.display());
    None
}
