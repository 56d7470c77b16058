//! `ferridriver mcp`: flags (with `[mcp]` config defaults), the project, the session table, and
//! the transport (stdio, or streamable HTTP with `--http`).

use crate::host_setup::{host_setup, loaded_from, HostFlags};
use crate::http::{serve_http, HttpOptions};
use crate::instances::Instances;
use crate::server::{McpServer, ServerState};
use crate::sessions::{SessionLimits, Sessions};
use ferridriver_js_world::HostKind;
use ferridriver_runner::config::McpConfig;
use rmcp::ServiceExt;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// `ferridriver mcp` arguments.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct McpArgs {
    /// Serve streamable HTTP on HOST:PORT (endpoint /mcp) instead of stdio; port 0 picks a free one.
    #[arg(long, value_name = "HOST:PORT")]
    pub http: Option<String>,
    /// Bearer token HTTP clients must send (default: FERRIDRIVER_MCP_TOKEN, else a random one, printed).
    #[arg(long)]
    pub token: Option<String>,
    /// Serve HTTP without a token (only on a loopback address).
    #[arg(long)]
    pub no_auth: bool,
    /// A browser origin allowed to call the HTTP endpoint (repeatable; loopback origins always are).
    #[arg(long = "allowed-origin", value_name = "ORIGIN")]
    pub allowed_origins: Vec<String>,
    /// A Host header value accepted besides the loopback names (repeatable).
    #[arg(long = "allowed-host", value_name = "HOST")]
    pub allowed_hosts: Vec<String>,
    /// The most a call may ask as timeout_ms (default 1800000).
    #[arg(long)]
    pub max_timeout_ms: Option<u64>,
    /// The most a call may ask as memory_limit_mb (default 2048).
    #[arg(long)]
    pub max_memory_limit_mb: Option<u64>,
    /// Idle seconds after which a session ends (default 1800).
    #[arg(long)]
    pub idle_timeout_secs: Option<u64>,
    /// The most sessions at once (default 32).
    #[arg(long)]
    pub max_sessions: Option<usize>,
    /// The most sessions that keep their VM between calls (default 16); past it the least
    /// recently used idle ones give theirs back (their globalThis resets, vars stay).
    #[arg(long)]
    pub max_warm_sessions: Option<usize>,
    /// Record a Playwright trace of each session (its calls as groups, every browser action,
    /// snapshots, network, console) and write it to DIR when the session ends.
    #[arg(long, value_name = "DIR")]
    pub save_trace: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub host: HostFlags,
}

/// Whether `addr` only listens on this machine.
fn is_loopback(addr: &SocketAddr) -> bool {
    addr.ip().is_loopback()
}

/// A random token (32 bytes, hex).
fn random_token() -> Result<String, String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| format!("cannot generate a token: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The HTTP options from flags, environment and config, or why they are refused.
fn http_options(args: &McpArgs, mcp: &McpConfig, listen: &str) -> Result<HttpOptions, String> {
    let addr: SocketAddr = listen
        .parse()
        .or_else(|_| listen.replace("localhost", "127.0.0.1").parse())
        .map_err(|_| format!("--http {listen}: expected HOST:PORT, e.g. 127.0.0.1:8931 (port 0 picks a free one)"))?;
    // Flags win over the config file: `--token` turns authentication on whatever it says.
    let no_auth = args.no_auth || (args.token.is_none() && mcp.no_auth.unwrap_or(false));
    if no_auth && !is_loopback(&addr) {
        return Err(format!(
            "--no-auth is refused on {addr}: without a token only a loopback address (127.0.0.1, ::1) may be used"
        ));
    }
    let token = if no_auth {
        None
    } else {
        let given = args
            .token
            .clone()
            .or_else(|| std::env::var("FERRIDRIVER_MCP_TOKEN").ok().filter(|t| !t.is_empty()))
            .or_else(|| mcp.token.clone());
        Some(match given {
            Some(t) => t,
            None => {
                let t = random_token()?;
                eprintln!("ferridriver mcp token: {t}\n  (clients send it as `Authorization: Bearer {t}`; set --token or FERRIDRIVER_MCP_TOKEN to choose it)");
                t
            }
        })
    };
    let mut allowed_origins = mcp.allowed_origins.clone().unwrap_or_default();
    allowed_origins.extend(args.allowed_origins.iter().cloned());
    let mut allowed_hosts = mcp.allowed_hosts.clone().unwrap_or_default();
    allowed_hosts.extend(args.allowed_hosts.iter().cloned());
    Ok(HttpOptions { addr, token, allowed_origins, allowed_hosts })
}

/// Runs `ferridriver mcp`; returns the exit code.
pub fn run_mcp(args: McpArgs) -> i32 {
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return 2;
        }
    };
    let code = match runtime.block_on(serve(args)) {
        Ok(Ended::Normally) => 0,
        Ok(Ended::BySignal(code)) => code,
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    };
    // A session thread still inside a call (its script holds no further interest) must not
    // keep the process: its browser is gone already.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    code
}

/// How the server stopped.
enum Ended {
    /// Its client went away (stdio) or its listener stopped.
    Normally,
    /// SIGINT (130) or SIGTERM (143).
    BySignal(i32),
}

/// How long sessions get to end on a signal before their browsers are killed: a call still
/// running is not waited for.
const SIGNAL_GRACE: Duration = Duration::from_secs(3);

async fn serve(mut args: McpArgs) -> Result<Ended, String> {
    args.host.trace_dir = args.save_trace.clone();
    // The watcher reloads the extensions after each save: keep the module graph so only the
    // changed files are parsed again.
    let setup = host_setup(&args.host, HostKind::Mcp, ".ferridriver/scripts", true)?;
    let mcp = setup.project.config.mcp.clone();
    let listen = args.http.clone().or_else(|| mcp.http.clone());
    let http = listen.as_deref().map(|l| http_options(&args, &mcp, l)).transpose()?;
    let limits = SessionLimits {
        idle_timeout: Duration::from_secs(args.idle_timeout_secs.or(mcp.idle_timeout_secs).unwrap_or(30 * 60)),
        max_sessions: args.max_sessions.or(mcp.max_sessions).unwrap_or(32).max(1),
        max_warm: args.max_warm_sessions.or(mcp.max_warm_sessions).unwrap_or(16).max(1),
    };
    let instances = Arc::new(Instances::new(setup.browser.clone(), tokio::runtime::Handle::current()));
    let state = Arc::new(ServerState {
        sessions: Sessions::new(instances, Arc::clone(&setup.context), limits),
        loaded: std::sync::RwLock::new(Arc::new(loaded_from(
            Arc::clone(&setup.project),
            Arc::clone(&setup.context.policy),
        ))),
        peers: std::sync::Mutex::default(),
        list_changed: tokio::sync::broadcast::channel(16).0,
        max_timeout: Duration::from_millis(args.max_timeout_ms.or(mcp.max_timeout_ms).unwrap_or(30 * 60 * 1000)),
        max_memory_mb: args.max_memory_limit_mb.or(mcp.max_memory_limit_mb).unwrap_or(2048),
        executable: std::env::current_exe().unwrap_or_else(|_| Path::new("ferridriver").to_path_buf()),
    });
    let stop = CancellationToken::new();
    let watcher =
        tokio::spawn(crate::watch::watch(Arc::clone(&state), args.host.clone(), setup.context.kind, stop.clone()));
    let maintenance = {
        let (state, stop) = (Arc::clone(&state), stop.clone());
        let every = (limits.idle_timeout / 4).clamp(Duration::from_millis(200), Duration::from_secs(30));
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    () = tokio::time::sleep(every) => state.sessions.expire_idle().await,
                    () = stop.cancelled() => break,
                }
            }
        })
    };
    let mut signalled = None;
    let result = match http {
        Some(options) => {
            let server = serve_http(Arc::clone(&state), options, stop.clone());
            tokio::select! {
                r = server => r,
                code = shutdown_signal() => { signalled = Some(code); Ok(()) }
            }
        }
        None => {
            let service = McpServer::new(Arc::clone(&state))
                .serve(crate::framing::guarded_stdio())
                .await
                .map_err(|e| format!("the MCP session could not start: {e}"))?;
            tokio::select! {
                r = service.waiting() => r.map(|_| ()).map_err(|e| format!("the MCP session ended: {e}")),
                code = shutdown_signal() => { signalled = Some(code); Ok(()) }
            }
        }
    };
    stop.cancel();
    let _ = maintenance.await;
    let _ = watcher.await;
    match signalled {
        None => {
            state.sessions.close_all().await;
            result.map(|()| Ended::Normally)
        }
        Some(code) => {
            // Sessions end cleanly if they can; a call in flight is not waited for: every
            // browser this process launched is killed (and waited for), Grid sessions deleted.
            let _ = tokio::time::timeout(SIGNAL_GRACE, state.sessions.close_all()).await;
            tokio::task::spawn_blocking(|| {
                ferridriver_browser::kill_launched_browsers();
                ferridriver_steps::lease::end_all_grid_sessions();
            })
            .await
            .map_err(|e| format!("ending the browsers failed: {e}"))?;
            Ok(Ended::BySignal(code))
        }
    }
}

/// Resolves on SIGINT (130) or SIGTERM (143), with the exit code the shell reports for them.
async fn shutdown_signal() -> i32 {
    let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
        Ok(s) => s,
        Err(_) => return std::future::pending().await,
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => 130,
        _ = term.recv() => 143,
    }
}
