//! Watching the project's step and extension files: when one changes (or appears, or goes), the
//! project is loaded again (the JS loader's caches skip what did not change), every session
//! switches to the new definitions (a fresh VM; its page, `vars` and persistent processes
//! stay), and connected clients get `notifications/tools/list_changed`. A load that fails keeps
//! serving the previous one.

use crate::host_setup::{host_setup, loaded_from, HostFlags};
use crate::server::ServerState;
use ferridriver_js_world::{discover, HostKind, JsConfig};
use ferridriver_runner::project::Project;
use std::path::PathBuf;
use std::sync::{Arc, PoisonError};
use std::time::{Duration, SystemTime};
use tokio_util::sync::CancellationToken;

/// How often the files are looked at.
const EVERY: Duration = Duration::from_millis(500);

/// The files a project loads, with what says whether they changed.
fn fingerprint(project: &Project, host: HostKind) -> Vec<(PathBuf, Option<SystemTime>, u64)> {
    let config = JsConfig {
        steps: project.config.test.steps.clone().unwrap_or_default(),
        extensions: project.config.extensions.files.clone(),
        plugins: project.config.plugins.clone(),
        root: project.root.clone(),
        host,
        keep_bundler: false,
        preset_env: Vec::new(),
    };
    let (files, _) = discover(&config);
    files
        .into_iter()
        .map(|f| {
            let meta = std::fs::metadata(&f).ok();
            let modified = meta.as_ref().and_then(|m| m.modified().ok());
            let len = meta.map_or(0, |m| m.len());
            (f, modified, len)
        })
        .collect()
}

/// Watches until `stop`.
pub async fn watch(state: Arc<ServerState>, flags: HostFlags, host: HostKind, stop: CancellationToken) {
    let mut last = fingerprint(&state.loaded().project, host);
    loop {
        tokio::select! {
            () = tokio::time::sleep(EVERY) => {}
            () = stop.cancelled() => return,
        }
        let now = fingerprint(&state.loaded().project, host);
        if now == last {
            continue;
        }
        last = now;
        let flags = flags.clone();
        let setup = tokio::task::spawn_blocking(move || host_setup(&flags, host, ".ferridriver/scripts", true)).await;
        let setup = match setup {
            Ok(Ok(setup)) => setup,
            Ok(Err(e)) => {
                eprintln!("error: reloading the extensions: {e}\n  hint: the previous definitions are still served");
                continue;
            }
            Err(_) => continue,
        };
        let loaded = Arc::new(loaded_from(Arc::clone(&setup.project), Arc::clone(&setup.context.policy)));
        state.sessions.reload(Arc::clone(&setup.context));
        *state.loaded.write().unwrap_or_else(PoisonError::into_inner) = loaded;
        match setup.context.program.as_ref().map(|p| (p.compiled.bundle.rebuilt, p.compiled.bundle.modules.len())) {
            Some((rebuilt, all)) => {
                eprintln!("ferridriver mcp: extensions reloaded ({rebuilt} of {all} modules rebuilt)")
            }
            None => eprintln!("ferridriver mcp: extensions reloaded"),
        }
        let _ = state.list_changed.send(());
        let peers: Vec<rmcp::Peer<rmcp::RoleServer>> =
            state.peers.lock().unwrap_or_else(PoisonError::into_inner).drain(..).collect();
        let mut alive = Vec::new();
        for peer in peers {
            if peer.notify_tool_list_changed().await.is_ok() {
                alive.push(peer);
            }
        }
        state.peers.lock().unwrap_or_else(PoisonError::into_inner).extend(alive);
    }
}
