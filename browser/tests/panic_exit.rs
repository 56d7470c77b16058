//! A process that panics while its browser is open leaves no browser behind, and has waited for
//! it: the panic unwinds, dropping the browser, which kills the process and waits for it (the
//! parent-death signal is the other guard, for exits that run no destructor; see
//! `tests/no_leftovers.rs` for SIGKILL of each host).

mod support;

use std::process::{Command, Stdio};

/// Set in the child: it launches a browser, opens a page and panics.
const CHILD: &str = "FERRIDRIVER_PANIC_CHILD";

#[test]
fn a_process_that_panics_with_its_browser_open_leaves_no_browser() {
    if std::env::var_os(CHILD).is_some() {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
        rt.block_on(async {
            let browser = ferridriver_browser::Browser::launch(&ferridriver_browser::LaunchOptions::default())
                .await
                .expect("chromium launches");
            let context = browser.new_context().await.expect("a context");
            let page = context.new_page().await.expect("a page");
            page.set_content("<p>open</p>").await.expect("content");
            panic!("deliberate panic with the browser open");
        });
        return;
    }
    support::browser_available();
    let exe = std::env::current_exe().expect("this test binary");
    let mut child = Command::new(exe)
        .args(["--exact", "a_process_that_panics_with_its_browser_open_leaves_no_browser", "--test-threads=1"])
        .env(CHILD, "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the child starts");
    let pid = child.id();
    let status = child.wait().expect("the child ends");
    let mut out = String::new();
    if let Some(mut stderr) = child.stderr.take() {
        use std::io::Read;
        let _ = stderr.read_to_string(&mut out);
    }
    if let Some(mut stdout) = child.stdout.take() {
        use std::io::Read;
        let _ = stdout.read_to_string(&mut out);
    }
    assert!(out.contains("deliberate panic with the browser open"), "the child reached its panic:\n{out}");
    assert!(!status.success(), "a panicking child fails");
    let left = support::processes_mentioning(&format!("ferridriver-profile-{pid}-"));
    assert_eq!(left, 0, "no process of the child's browser is left once the child has exited");
}
