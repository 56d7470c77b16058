//! Which local files a page may load. In the MCP and script hosts an agent drives the browser
//! after reading untrusted pages, so a page must not become a way to read the user's files:
//! every `file:` request of a gated page (a typed URL, a clicked link, a redirect, an iframe, an
//! image) pauses at the network layer and is failed unless the file lies below an allowed root
//! (`network.rs` applies the gate). Only `file:` requests pause, so the gate costs nothing for
//! ordinary pages.

use std::path::PathBuf;
use std::sync::Arc;

/// A check a `file:` URL must pass; the reason when it does not.
pub type UrlGate = Arc<dyn Fn(&str) -> std::result::Result<(), String> + Send + Sync>;

/// The gate that lets through only files below `roots` (symbolic links resolved, so a link
/// inside a root that points outside it is refused).
pub fn file_roots_gate(roots: Vec<PathBuf>) -> UrlGate {
    Arc::new(move |url: &str| {
        if !is_file_url(url) {
            return Ok(());
        }
        let refused = || {
            format!(
                "{url} is refused: file: pages may only come from script_root, artifacts_root or [extensions.policy] fileRoots ({})",
                roots.iter().map(|r| r.display().to_string()).collect::<Vec<_>>().join(", ")
            )
        };
        let parsed = url::Url::parse(url.trim()).map_err(|_| refused())?;
        // `to_file_path` decodes escapes and refuses hosts other than localhost.
        let path = parsed.to_file_path().map_err(|_| refused())?;
        let real = path.canonicalize().map_err(|_| refused())?;
        // Resolved at each check: a root may be created after the gate (artifacts on first write).
        if roots.iter().filter_map(|r| r.canonicalize().ok()).any(|root| real.starts_with(root)) {
            Ok(())
        } else {
            Err(refused())
        }
    })
}

/// Whether `url` is a `file:` URL (any case, leading blanks ignored, as browsers read it).
pub fn is_file_url(url: &str) -> bool {
    url.trim_start().get(..5).is_some_and(|s| s.eq_ignore_ascii_case("file:"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_below_the_roots_pass() {
        let dir = std::env::temp_dir().join(format!("ferridriver-file-gate-{}", std::process::id()));
        let root = dir.join("root");
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::write(root.join("sub/a b.html"), "x").unwrap();
        std::fs::write(dir.join("secret.txt"), "s").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(dir.join("secret.txt"), root.join("link.txt")).unwrap();
        let gate = file_roots_gate(vec![root.clone()]);
        let url = |p: &std::path::Path| url::Url::from_file_path(p).unwrap().to_string();
        assert!(gate(&url(&root.join("sub/a b.html"))).is_ok());
        assert!(gate(&url(&dir.join("secret.txt"))).is_err());
        assert!(gate(&format!("{}/sub/../../secret.txt", url(&root))).is_err(), "dot segments");
        assert!(gate(&url(&root.join("link.txt"))).is_err(), "a link out of the root");
        assert!(gate("file://otherhost/etc/passwd").is_err());
        assert!(gate("FILE:///etc/passwd").is_err());
        assert!(gate(&url(&root.join("missing.html"))).is_err());
        assert!(gate("https://example.com/").is_ok(), "only file: URLs are gated");
        assert!(gate("/relative/page.html").is_ok());
        assert!(is_file_url("  File:///x") && !is_file_url("https://x"));
        let later = dir.join("later");
        let gate = file_roots_gate(vec![later.clone()]);
        std::fs::create_dir_all(&later).unwrap();
        std::fs::write(later.join("page.html"), "x").unwrap();
        assert!(gate(&url(&later.join("page.html"))).is_ok(), "a root made after the gate");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
