//! The audit log: one JSON line per capability use and per denial, appended to a file that is
//! rotated past [`ROTATE_AT`]. Targets are hosts, command and variable names: never a URL's path
//! or query, a command's arguments or a variable's value.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// Past this size the log moves to `<name>.1` (replacing an older one) and a new file starts.
pub const ROTATE_AT: u64 = 10 << 20;

/// One decision.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AuditEntry {
    /// RFC 3339, UTC.
    pub time: String,
    /// `bdd`, `mcp` or `run`.
    pub host: String,
    /// The MCP session's name (none in other hosts).
    pub session: Option<String>,
    /// The tool's plugin (none: the project's own tool, or code outside any handler).
    pub plugin: Option<String>,
    /// The tool whose handler asked (none: code outside any handler).
    pub tool: Option<String>,
    /// `net`, `env`, `commands` or `file` (a `file:` page of an agent host).
    pub capability: String,
    /// The host, command name or variable names.
    pub target: String,
    /// `allow` or `deny`.
    pub decision: String,
    /// Why (the denial's message, or what granted it).
    pub reason: String,
}

/// An append-only JSON-lines file shared by every session of a process.
#[derive(Debug)]
pub struct AuditLog {
    path: PathBuf,
    /// The open file and its size (kept here: no `stat` per line).
    file: Mutex<Option<(std::fs::File, u64)>>,
    /// A write failure is reported once, not per line.
    warned: AtomicBool,
}

impl AuditLog {
    /// A log at `path` (created, with its folder, at the first line).
    pub fn new(path: PathBuf) -> Self {
        AuditLog { path, file: Mutex::new(None), warned: AtomicBool::new(false) }
    }

    /// The process's one log at `path`: every load of the project (an MCP reload) writes
    /// through the same one, so lines never interleave and a rotation is seen by all.
    pub fn shared(path: PathBuf) -> Arc<AuditLog> {
        static LOGS: std::sync::OnceLock<Mutex<std::collections::HashMap<PathBuf, Arc<AuditLog>>>> =
            std::sync::OnceLock::new();
        let mut logs = LOGS.get_or_init(Mutex::default).lock().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(logs.entry(path.clone()).or_insert_with(|| Arc::new(AuditLog::new(path))))
    }

    /// Where the log is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends `entry` as one line. A log that cannot be written is reported once on stderr;
    /// the decision it records stands.
    pub fn record(&self, entry: &AuditEntry) {
        let Ok(mut line) = serde_json::to_vec(entry) else { return };
        line.push(b'\n');
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        if let Err(e) = self.append(&mut file, &line) {
            *file = None;
            if !self.warned.swap(true, Ordering::Relaxed) {
                eprintln!("warning: cannot write the audit log {}: {e}", self.path.display());
            }
        }
    }

    fn append(&self, file: &mut Option<(std::fs::File, u64)>, line: &[u8]) -> std::io::Result<()> {
        if file.is_none() {
            if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)?;
            }
            let opened = std::fs::OpenOptions::new().create(true).append(true).open(&self.path)?;
            let size = opened.metadata()?.len();
            *file = Some((opened, size));
        }
        let size = file.as_ref().map_or(0, |(_, size)| *size);
        if size > 0 && size + line.len() as u64 > ROTATE_AT {
            *file = None;
            let mut rotated = self.path.clone().into_os_string();
            rotated.push(".1");
            std::fs::rename(&self.path, rotated)?;
            return self.append(file, line);
        }
        match file.as_mut() {
            Some((f, size)) => {
                f.write_all(line)?;
                *size += line.len() as u64;
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// The last `count` entries of the log at `path` (with its rotated file before it), oldest
    /// first; lines that are not entries are skipped.
    pub fn tail(path: &Path, count: usize) -> std::io::Result<Vec<AuditEntry>> {
        let mut rotated = path.to_path_buf().into_os_string();
        rotated.push(".1");
        let mut entries: Vec<AuditEntry> = Vec::new();
        for file in [PathBuf::from(rotated), path.to_path_buf()] {
            match std::fs::read_to_string(&file) {
                Ok(text) => entries.extend(text.lines().filter_map(|l| serde_json::from_str(l).ok())),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
        }
        let skip = entries.len().saturating_sub(count);
        Ok(entries.split_off(skip))
    }
}

/// What one host session records with: the log, the host and the session's name.
#[derive(Debug, Clone)]
pub struct Auditor {
    log: Arc<AuditLog>,
    host: String,
    session: Option<String>,
}

impl Auditor {
    /// Records for `host` (and the MCP `session`) into `log`.
    pub fn new(log: Arc<AuditLog>, host: &str, session: Option<String>) -> Self {
        Auditor { log, host: host.to_string(), session }
    }

    /// One decision of `tool` (of `plugin`) about `capability` (a [`super::Capability`] name,
    /// or `file`) on `target`.
    pub fn record(
        &self,
        plugin: Option<&str>,
        tool: Option<&str>,
        capability: &str,
        target: &str,
        allowed: bool,
        reason: &str,
    ) {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        let time = chrono::DateTime::from_timestamp(now.as_secs() as i64, now.subsec_nanos())
            .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
            .unwrap_or_default();
        self.log.record(&AuditEntry {
            time,
            host: self.host.clone(),
            session: self.session.clone(),
            plugin: plugin.map(str::to_string),
            tool: tool.map(str::to_string),
            capability: capability.to_string(),
            target: target.to_string(),
            decision: if allowed { "allow" } else { "deny" }.to_string(),
            reason: reason.to_string(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_append_rotate_and_read_back_in_order() {
        let dir = std::env::temp_dir().join(format!("fd-audit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("nested/audit.jsonl");
        let log = Arc::new(AuditLog::new(path.clone()));
        let auditor = Auditor::new(Arc::clone(&log), "mcp", Some("s".into()));
        auditor.record(Some("box"), Some("box.login"), "net", "api.box.com", true, "declared");
        auditor.record(None, None, "commands", "deploy", false, "denied");
        let entries = AuditLog::tail(&path, 10).unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].plugin.as_deref(), Some("box"));
        assert_eq!(entries[1].decision, "deny");
        assert!(entries[0].time.ends_with('Z') && entries[0].time.contains('T'), "{}", entries[0].time);
        // Past the limit the file moves aside and reading still sees both, oldest first.
        std::fs::write(&path, vec![b'x'; ROTATE_AT as usize]).unwrap();
        *log.file.lock().unwrap() = None;
        auditor.record(None, Some("t"), "env", "HOME", true, "declared");
        assert!(std::fs::metadata(&path).unwrap().len() < 1000, "a new file started");
        let last = AuditLog::tail(&path, 1).unwrap();
        assert_eq!(last[0].capability, "env");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
