//! Browsers on a Selenium Grid 4: a worker asks the Grid for a WebDriver session (`POST
//! /session`, W3C capabilities), reads the session's CDP endpoint (`se:cdp`, which the Grid
//! proxies) and drives the browser over CDP like a local one (`WorkerBrowser`). The session is
//! deleted when the worker's browser is dropped or replaced, and on SIGINT/SIGTERM
//! (`end_all_grid_sessions`).

use super::source::{reachable, BrowserSettings};
use ferridriver_browser::Browser;
use serde_json::{json, Value};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// Where the Grid is and what to ask it for.
#[derive(Debug, Clone)]
pub struct GridSettings {
    /// The Grid's address (`http://host:4444`, basic auth in the URL allowed).
    pub url: String,
    /// More W3C capabilities, merged over ours (`--grid-capabilities`).
    pub capabilities: Value,
    /// How long a session request may wait in the Grid's queue (`--grid-timeout`).
    pub timeout: Duration,
}

impl GridSettings {
    /// The Grid of the flags `--grid`, `--grid-capabilities` and `--grid-timeout`: the flag's
    /// URL, else FERRIDRIVER_GRID, else `fallback` (a config file's); `None` without any.
    pub fn from_flags(
        url: Option<String>,
        fallback: Option<String>,
        capabilities: Option<&str>,
        timeout_secs: Option<u64>,
    ) -> Result<Option<GridSettings>, String> {
        let url = url.or_else(|| std::env::var("FERRIDRIVER_GRID").ok().filter(|v| !v.is_empty())).or(fallback);
        let Some(url) = url else {
            if capabilities.is_some() || timeout_secs.is_some() {
                return Err("--grid-capabilities and --grid-timeout need a Grid (--grid URL)".into());
            }
            return Ok(None);
        };
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(format!("--grid {url:?} is not an http(s) address\n  hint: e.g. --grid http://localhost:4444"));
        }
        let capabilities = match capabilities.map(serde_json::from_str::<Value>) {
            None => json!({}),
            Some(Ok(v)) if v.is_object() => v,
            Some(Ok(_)) => return Err("--grid-capabilities must be a JSON object".into()),
            Some(Err(e)) => return Err(format!("--grid-capabilities is not valid JSON: {e}")),
        };
        let timeout = Duration::from_secs(timeout_secs.unwrap_or(60).max(1));
        Ok(Some(GridSettings { url, capabilities, timeout }))
    }
}

/// A session this process holds on a Grid: the Grid's address and the session id.
type HeldSession = (String, String);

/// Every Grid session this process holds, so that a signal can end them all.
static HELD: Mutex<Vec<HeldSession>> = Mutex::new(Vec::new());

/// Set once the process is ending on a signal: a session the Grid hands out after that is
/// deleted at once instead of being held.
static ENDING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// A browser session on a Grid, deleted when dropped (or by [`GridSession::end`] in async
/// code, which must not block on the deletion).
pub(crate) struct GridSession {
    grid: String,
    /// `None` once deleted.
    id: Option<String>,
}

impl GridSession {
    /// Asks `grid` for a session with the launch arguments of `settings` and connects to it.
    pub(crate) async fn start(
        settings: &BrowserSettings,
        grid: &GridSettings,
    ) -> Result<(Browser, GridSession), String> {
        let (id, cdp) = new_session(grid, capabilities(settings, grid)).await?;
        let session = GridSession { grid: grid.url.clone(), id: Some(id) };
        match Browser::connect_with_headers(&cdp, &basic_auth(&grid.url)).await {
            Ok(browser) => Ok((browser, session)),
            Err(e) => Err(format!("the Grid session's DevTools endpoint {cdp} did not answer: {e}")),
        }
    }
}

impl GridSession {
    /// Deletes the session without blocking the runtime.
    pub(crate) async fn end(mut self) {
        if let Some(id) = self.id.take() {
            end_session(&self.grid, &id).await;
        }
    }
}

impl Drop for GridSession {
    fn drop(&mut self) {
        if let Some(id) = self.id.take() {
            end_session_blocking(&self.grid, &id);
        }
    }
}

/// The capabilities of a new session: Chrome with the switches of a local launch (headless
/// unless `--headed`: the same layout, iframes in their page's renderer, no throttling), the
/// browser binary when one was given, and the user's capabilities merged over them.
fn capabilities(settings: &BrowserSettings, grid: &GridSettings) -> Value {
    let local = ferridriver_browser::LaunchOptions {
        headless: !settings.headed,
        args: settings.args.clone(),
        ..Default::default()
    };
    let mut chrome = json!({ "args": ferridriver_browser::browser_switches(&local) });
    if let Some(binary) = &settings.executable {
        chrome["binary"] = json!(binary.to_string_lossy());
    }
    let mut capabilities = json!({ "browserName": "chrome", "goog:chromeOptions": chrome });
    merge(&mut capabilities, &grid.capabilities);
    capabilities
}

/// Merges `more` into `base`, object by object (other values replace).
fn merge(base: &mut Value, more: &Value) {
    match (base, more) {
        (Value::Object(base), Value::Object(more)) => {
            for (key, value) in more {
                merge(base.entry(key.clone()).or_insert(Value::Null), value);
            }
        }
        (base, more) => *base = more.clone(),
    }
}

fn client(timeout: Duration) -> Result<reqwest::Client, String> {
    // reqwest is built without a default TLS provider; install ring's once per process.
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(5))
        .timeout(timeout)
        .build()
        .map_err(|e| e.to_string())
}

/// `url` without a trailing slash, for joining paths.
fn base(url: &str) -> &str {
    url.trim_end_matches('/')
}

/// Asks the Grid for a session; its id and CDP endpoint.
async fn new_session(grid: &GridSettings, capabilities: Value) -> Result<(String, String), String> {
    let body = json!({ "capabilities": { "alwaysMatch": capabilities } });
    let request = client(grid.timeout)?
        .post(format!("{}/session", base(&grid.url)))
        .header("content-type", "application/json; charset=utf-8")
        .body(body.to_string())
        .send();
    tokio::pin!(request);
    // A request the Grid queues (every slot busy) says so once, then waits its time.
    let answer = tokio::select! {
        answer = &mut request => answer,
        () = tokio::time::sleep(Duration::from_secs(3)) => {
            eprintln!(
                "waiting for a browser session on the Grid {} (its slots are busy; up to {} s, --grid-timeout)",
                redacted(&grid.url),
                grid.timeout.as_secs()
            );
            request.await
        }
    };
    let answer = answer.map_err(|e| unreachable_grid(&grid.url, grid.timeout, &e))?;
    let status = answer.status();
    let reply: Value = answer.json().await.unwrap_or(Value::Null);
    if !status.is_success() {
        let message = reply.pointer("/value/message").and_then(Value::as_str).unwrap_or("no message");
        return Err(format!(
            "the Grid {} refused a session ({status}): {message}\n  hint: check --grid-capabilities against what the Grid's nodes offer",
            redacted(&grid.url)
        ));
    }
    let id = reply.pointer("/value/sessionId").and_then(Value::as_str).unwrap_or("").to_string();
    let cdp = reply.pointer("/value/capabilities/se:cdp").and_then(Value::as_str).unwrap_or("").to_string();
    if id.is_empty() {
        return Err(format!("the Grid {} answered a session request without a session id", redacted(&grid.url)));
    }
    let ending = {
        let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
        let ending = ENDING.load(std::sync::atomic::Ordering::SeqCst);
        if !ending {
            held.push((grid.url.clone(), id.clone()));
        }
        ending
    };
    if ending {
        end_session(&grid.url, &id).await;
        return Err("the process is ending; the Grid session was given back".into());
    }
    if cdp.is_empty() {
        end_session(&grid.url, &id).await;
        return Err(format!(
            "the Grid {} gave a session without a DevTools endpoint (se:cdp)\n  hint: ferridriver drives Chromium over CDP; ask for browserName chrome (or edge)",
            redacted(&grid.url)
        ));
    }
    Ok((id, reachable(&cdp, &grid.url)))
}

/// One error for a Grid that is down or unreachable.
fn unreachable_grid(url: &str, timeout: Duration, e: &reqwest::Error) -> String {
    if e.is_timeout() {
        format!(
            "no browser session from the Grid {} within {} s (its queue is full or its nodes are gone)\n  hint: raise --grid-timeout, or add nodes",
            redacted(url),
            timeout.as_secs()
        )
    } else {
        format!(
            "cannot reach the Selenium Grid at {}: {e}\n  hint: start it (java -jar selenium-server.jar standalone) or fix --grid",
            redacted(url)
        )
    }
}

/// The basic-auth header of a Grid address with credentials (`https://user:pass@grid`), for
/// the WebSocket to its CDP endpoint (reqwest sends it on the HTTP requests itself).
fn basic_auth(url: &str) -> Vec<(String, String)> {
    use base64::Engine;
    let Ok(parsed) = url::Url::parse(url) else { return Vec::new() };
    if parsed.username().is_empty() {
        return Vec::new();
    }
    let user = percent_decoded(parsed.username());
    let password = percent_decoded(parsed.password().unwrap_or(""));
    let token = base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"));
    vec![("Authorization".to_string(), format!("Basic {token}"))]
}

/// `%XX` escapes of a URL's user or password decoded (`+` stays a plus there).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `url` without its password.
fn redacted(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) if u.password().is_some() => {
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        _ => url.to_string(),
    }
}

/// Checks, within seconds, that the Grid answers (`GET /status`): a Grid that is down is one
/// clear error before any scenario, not one per scenario.
pub async fn check_grid(grid: &GridSettings) -> Result<(), String> {
    let answer = client(Duration::from_secs(10))?
        .get(format!("{}/status", base(&grid.url)))
        .send()
        .await
        .map_err(|e| unreachable_grid(&grid.url, Duration::from_secs(10), &e))?;
    let status = answer.status();
    let reply: Value = answer.json().await.unwrap_or(Value::Null);
    if !status.is_success() || reply.pointer("/value/ready").is_none() {
        return Err(format!(
            "{} does not answer as a Selenium Grid ({status})\n  hint: --grid takes the Grid's address, e.g. http://localhost:4444",
            redacted(&grid.url)
        ));
    }
    Ok(())
}

/// Deletes a session. A deletion the Grid does not confirm is a warning on stderr (the Grid
/// ends the session itself after its own session timeout, but the slot stays busy until then).
async fn end_session(grid: &str, id: &str) {
    let answer = match client(Duration::from_secs(10)) {
        Ok(client) => client.delete(format!("{}/session/{id}", base(grid))).send().await.map_err(|e| e.to_string()),
        Err(e) => Err(e),
    };
    // 404: the Grid already ended the session (its timeout, or a node that went away).
    let failure = match answer {
        Ok(answer) if answer.status().is_success() || answer.status() == reqwest::StatusCode::NOT_FOUND => None,
        Ok(answer) => Some(format!("it answered {}", answer.status())),
        Err(e) => Some(e),
    };
    if let Some(failure) = failure {
        eprintln!(
            "warning: the Grid {} did not confirm deleting session {id} ({failure}); its slot stays busy until the Grid's session timeout",
            redacted(grid)
        );
    }
    HELD.lock().unwrap_or_else(PoisonError::into_inner).retain(|(g, i)| !(g == grid && i == id));
}

/// [`end_session`] from synchronous code (a drop, a signal), on a thread of its own.
fn end_session_blocking(grid: &str, id: &str) {
    let (grid, id) = (grid.to_string(), id.to_string());
    let ended = std::thread::spawn(move || {
        if let Ok(rt) = tokio::runtime::Builder::new_current_thread().enable_all().build() {
            rt.block_on(end_session(&grid, &id));
        }
    });
    let _ = ended.join();
}

/// Ends every Grid session this process holds (on SIGINT/SIGTERM, before exiting).
pub fn end_all_grid_sessions() {
    let held: Vec<HeldSession> = {
        let held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
        // Under the lock `new_session` records under: no session slips between the two.
        ENDING.store(true, std::sync::atomic::Ordering::SeqCst);
        held.clone()
    };
    for (grid, id) in held {
        end_session_blocking(&grid, &id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endpoint_the_runner_cannot_reach_goes_through_the_grid_address() {
        let same = "ws://grid.example:4444/session/1/se/cdp";
        assert_eq!(reachable(same, "http://grid.example:4444"), same);
        assert_eq!(
            reachable("ws://172.17.0.3:4444/session/1/se/cdp", "https://u:p@grid.example/"),
            "wss://grid.example/session/1/se/cdp"
        );
        assert_eq!(
            reachable("ws://localhost:5555/session/1/se/cdp", "http://10.0.0.2:4444"),
            "ws://10.0.0.2:4444/session/1/se/cdp"
        );
    }

    #[test]
    fn a_grid_browser_gets_the_switches_of_a_local_one_but_port_and_profile() {
        let grid = GridSettings { url: "http://grid:4444".into(), capabilities: json!({}), timeout: Duration::ZERO };
        let caps = capabilities(&BrowserSettings::default(), &grid);
        let args: Vec<&str> =
            caps["goog:chromeOptions"]["args"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
        for wanted in ["--headless=new", "--hide-scrollbars", "--disable-site-isolation-trials", "--no-sandbox"] {
            assert!(args.contains(&wanted), "{wanted} in {args:?}");
        }
        assert!(args.contains(&"--disable-features=IsolateOrigins,site-per-process"), "{args:?}");
        assert!(!args.iter().any(|a| a.starts_with("--remote-debugging-port") || a.starts_with("--user-data-dir")));
        let headed = BrowserSettings { headed: true, ..Default::default() };
        assert!(!capabilities(&headed, &grid)["goog:chromeOptions"]["args"].to_string().contains("headless"));
    }

    #[test]
    fn capabilities_merge_object_by_object() {
        let mut base = json!({ "browserName": "chrome", "goog:chromeOptions": { "args": ["--no-sandbox"] } });
        merge(&mut base, &json!({ "platformName": "linux", "goog:chromeOptions": { "binary": "/b" } }));
        assert_eq!(
            base,
            json!({ "browserName": "chrome", "platformName": "linux", "goog:chromeOptions": { "args": ["--no-sandbox"], "binary": "/b" } })
        );
        assert_eq!(redacted("http://u:secret@grid:4444/"), "http://u:***@grid:4444/");
        assert_eq!(basic_auth("http://ada:p%40ss@grid:4444/")[0].1, "Basic YWRhOnBAc3M=");
        assert_eq!(percent_decoded("a+b%2Fc%"), "a+b/c%");
        assert!(basic_auth("http://grid:4444/").is_empty());
    }
}
