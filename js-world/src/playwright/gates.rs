//! Applies an operation's [`Gate`] before its handler runs, so no handler can forget it: the
//! handler receives what the gate admitted instead of reading the argument itself.

use super::operations::{Gate, Operation};
use super::request::{Failure, Request};
use super::session::Session;
use crate::net_policy::HopCheck;
use crate::JsErrorName;
use serde_json::Value;
use std::path::PathBuf;

/// What the gate let through for one request.
#[derive(Default)]
pub(super) struct Admitted {
    /// A navigation's or a fetch's URL, resolved against `baseURL` and checked.
    pub url: Option<String>,
    /// For a fetch: the running handler's `allow.net` check of each redirect.
    pub redirect_check: Option<HopCheck>,
    /// Where a file-writing operation may write (absent when the script passed no path).
    pub path: Option<PathBuf>,
    /// The operation as its errors name it (`page.screenshot`), for a failed write.
    pub what: String,
    /// Where a new context's `recordHar` may write its HAR (beside it: attached bodies).
    pub har_path: Option<PathBuf>,
}

impl Admitted {
    /// The admitted URL (the gate of the operation always sets it).
    pub(super) fn url(&self) -> Result<&str, Failure> {
        self.url.as_deref().ok_or_else(|| Failure::from("internal: an operation read a URL its gate does not check"))
    }
}

/// Checks `r` against `operation`'s gate, with the session's roots and the running handler as
/// Rust knows them.
pub(super) fn admit(session: &Session, operation: &Operation, r: &Request) -> Result<Admitted, Failure> {
    Ok(match operation.gate {
        Gate::Open => Admitted::default(),
        Gate::Navigation(i) => {
            let url = session.resolve(&r.arg::<String>(i)?)?;
            session
                .check_navigation(&url, r.running)
                .map_err(|message| Failure { name: JsErrorName::SandboxViolation, message })?;
            Admitted { url: Some(url), ..Admitted::default() }
        }
        Gate::Net(i) => {
            let url = session.resolve(&r.arg::<String>(i)?)?;
            let check = session
                .net()
                .admit(r.running, &url)
                .map_err(|refusal| Failure { name: refusal.name, message: refusal.message })?;
            Admitted { url: Some(url), redirect_check: check, ..Admitted::default() }
        }
        Gate::ContextOptions(i) => {
            // Judged as the browser will read them (names and their aliases alike); options
            // that do not parse are refused by the handler, which names what is wrong.
            let raw = r.args.get(i).cloned().unwrap_or(Value::Null);
            let Ok(options) = ferridriver_browser::ContextOptions::from_json(raw) else {
                return Ok(Admitted::default());
            };
            if let Some(ferridriver_browser::StorageStateSource::Path(path)) = &options.storage_state {
                super::files::project_source(&format!("{}: storageState", operation.label()), path)
                    .map_err(|message| Failure { name: JsErrorName::SandboxViolation, message })?;
            }
            let refused = |f: Failure| Failure { name: JsErrorName::SandboxViolation, message: f.message };
            let har_path = match &options.record_har {
                Some(record) => Some(
                    super::files::project_target(&format!("{}: recordHar.path", operation.label()), &record.path)
                        .map_err(refused)?,
                ),
                None => None,
            };
            // Without a directory, videos go to a scratch folder of ours (never the script's).
            match options.record_video.as_ref().and_then(|r| r.dir.as_ref()) {
                Some(dir) => {
                    let what = format!("{}: recordVideo.dir", operation.label());
                    let path = super::files::project_directory(&what, dir).map_err(refused)?;
                    Admitted { path: Some(path), what, har_path, ..Admitted::default() }
                }
                None => Admitted { har_path, ..Admitted::default() },
            }
        }
        Gate::ProjectWrite(i) => match r.args.get(i) {
            None | Some(Value::Null) => Admitted::default(),
            Some(_) => {
                let what = operation.label();
                let path = super::files::project_target(&what, &r.arg::<String>(i)?)?;
                Admitted { path: Some(path), what, ..Admitted::default() }
            }
        },
    })
}
