//! Finding and starting Chromium: a fresh profile, headless, the flags this environment needs,
//! and the DevTools WebSocket address read from its stderr. Owns the processes it starts (they
//! die with their host, ADR 0020); may not open pages.

// Spawning so that a browser dies with its launcher, even one killed with SIGKILL; the
// browsers of this process, for a host that ends on a signal.
mod guard;

pub use guard::kill_launched_browsers;

use crate::error::{BrowserError, Result};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// How to start a browser.
#[derive(Debug, Clone)]
pub struct LaunchOptions {
    /// The browser binary; found with [`find_browser`] when absent.
    pub executable: Option<PathBuf>,
    pub headless: bool,
    /// Extra command-line switches (with their `--`).
    pub args: Vec<String>,
    /// How long to wait for the DevTools endpoint.
    pub timeout: Duration,
}

impl Default for LaunchOptions {
    fn default() -> Self {
        LaunchOptions { executable: None, headless: true, args: Vec::new(), timeout: Duration::from_secs(30) }
    }
}

/// Names tried on the `PATH`, in order, after `CHROME_PATH`.
const CANDIDATES: &[&str] = &["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

/// The browser to run: `explicit`, else `$CHROME_PATH`, else the first of chromium,
/// chromium-browser, google-chrome found on the `PATH`.
pub fn find_browser(explicit: Option<&Path>) -> Result<PathBuf> {
    if let Some(p) = explicit {
        return if p.is_file() {
            Ok(p.to_path_buf())
        } else {
            Err(BrowserError::NotFound { looked_for: p.display().to_string() })
        };
    }
    if let Some(p) = std::env::var_os("CHROME_PATH").map(PathBuf::from).filter(|p| p.is_file()) {
        return Ok(p);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in CANDIDATES {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Ok(candidate);
            }
        }
    }
    Err(BrowserError::NotFound { looked_for: format!("$CHROME_PATH, {}", CANDIDATES.join(", ")) })
}

/// A running browser process with its own profile directory. Dropping it kills the whole
/// process group and deletes the profile, so nothing outlives the run.
#[derive(Debug)]
pub struct BrowserProcess {
    child: Child,
    pub profile: PathBuf,
    pub ws_url: String,
}

/// The switches that make Chromium behave as our tests expect, wherever it runs: launched here,
/// or by a Selenium Grid node's chromedriver (which picks its own port and profile). The
/// user's `args` come last; their `--disable-features` joins ours (Chromium keeps only the
/// last one).
pub fn browser_switches(options: &LaunchOptions) -> Vec<String> {
    let mut switches: Vec<String> = [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        // A page restored from the back/forward cache fires no `load`; Playwright turns the
        // cache off for the same reason.
        "--disable-back-forward-cache",
        // Tests run many pages at once, most of them in the background; throttling those
        // only slows the run down.
        "--disable-background-timer-throttling",
        "--disable-backgrounding-occluded-windows",
        "--disable-renderer-backgrounding",
        // As under Playwright: no scrollbars taking 15 px of the layout width.
        "--hide-scrollbars",
        // Cross-origin iframes stay in their page's renderer (with `IsolateOrigins` and
        // `site-per-process` disabled below), so locators reach into them over the page's
        // own session, as into same-origin ones (ADR 0012).
        "--disable-site-isolation-trials",
        // Without a GPU, WebGL is drawn in software (SwiftShader); Chromium now wants that
        // opted into and otherwise warns that it will stop, leaving three.js pages without a
        // context. Playwright opts in too, so a 3D page behaves as under Playwright.
        "--enable-unsafe-swiftshader",
    ]
    .map(str::to_string)
    .to_vec();
    if options.headless {
        switches.push("--headless=new".into());
    }
    let mut disabled = vec!["IsolateOrigins".to_string(), "site-per-process".to_string()];
    for arg in &options.args {
        match arg.strip_prefix("--disable-features=") {
            Some(list) => disabled.extend(list.split(',').filter(|f| !f.is_empty()).map(str::to_string)),
            None => switches.push(arg.clone()),
        }
    }
    switches.push(format!("--disable-features={}", disabled.join(",")));
    switches
}

impl BrowserProcess {
    /// Starts the browser and waits for its DevTools endpoint.
    pub fn launch(options: &LaunchOptions) -> Result<BrowserProcess> {
        let executable = find_browser(options.executable.as_deref())?;
        let shown = executable.display().to_string();
        let launch_error = |reason: String| BrowserError::Launch { executable: shown.clone(), reason };
        static CLEANED: std::sync::Once = std::sync::Once::new();
        CLEANED.call_once(|| guard::remove_orphaned_profiles(&std::env::temp_dir()));
        let profile = std::env::temp_dir().join(format!("ferridriver-profile-{}-{}", std::process::id(), unique()));
        std::fs::create_dir_all(&profile)
            .map_err(|e| launch_error(format!("cannot create a profile directory: {e}")))?;
        let mut cmd = Command::new(&executable);
        cmd.args(browser_switches(options))
            .arg("--remote-debugging-port=0")
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank");
        cmd.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped());
        // Its own process group, so that renderers and helpers can be killed with it.
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = guard::spawn_guarded(cmd).map_err(|e| launch_error(e.to_string()))?;
        let stderr = child.stderr.take();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let Some(stderr) = stderr else { return };
            let mut sent = false;
            let mut tail: Vec<String> = Vec::new();
            for line in BufReader::new(stderr).lines().map_while(|l| l.ok()) {
                if !sent {
                    if let Some(url) = line.split("DevTools listening on ").nth(1) {
                        let _ = tx.send(Ok(url.trim().to_string()));
                        sent = true;
                    } else {
                        tail.push(line);
                        if tail.len() > 20 {
                            tail.remove(0);
                        }
                    }
                }
                // Keep draining stderr so the browser never blocks on a full pipe.
            }
            if !sent {
                let _ = tx.send(Err(tail.join("\n")));
            }
        });
        // Owned from here on: an early return kills the process and removes the profile.
        let mut process = BrowserProcess { child, profile, ws_url: String::new() };
        match rx.recv_timeout(options.timeout) {
            Ok(Ok(ws_url)) => {
                process.ws_url = ws_url;
                Ok(process)
            }
            Ok(Err(output)) => Err(launch_error(format!("it exited before opening DevTools:\n{output}"))),
            Err(_) => Err(launch_error(format!("no DevTools endpoint within {} s", options.timeout.as_secs()))),
        }
    }

    /// The browser's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills the process group, reaps the browser, kills whatever else still runs with this
    /// profile and waits until it is gone, then removes the profile. Chromium's zygote puts
    /// renderers in process groups of their own, which would otherwise linger for a second or
    /// two after the browser: a run that ends must leave no browser behind for the next step.
    pub fn kill(&mut self) {
        // Forgotten first: a shutdown racing this must not signal a process group whose id the
        // system may give to someone else once the browser is reaped.
        guard::unregister(self.child.id());
        let pgid = self.child.id() as libc::pid_t;
        // SAFETY: kill(2) with a negative pid signals the process group we created at spawn;
        // it has no memory-safety preconditions.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        guard::reap(&self.profile);
    }

    /// Waits up to `grace` for the browser to exit by itself (after `Browser.close`), then kills it.
    pub fn shutdown(&mut self, grace: Duration) {
        let deadline = std::time::Instant::now() + grace;
        while std::time::Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.kill();
    }
}

impl Drop for BrowserProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
    (nanos as u64) << 16 | N.fetch_add(1, Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_browser_says_how_to_install_one() {
        let err = find_browser(Some(Path::new("/nonexistent/chromium"))).unwrap_err().to_string();
        assert!(err.contains("/nonexistent/chromium"), "{err}");
        assert!(err.contains("apt-get install -y chromium") && err.contains("CHROME_PATH"), "{err}");
    }
}
