//! Writes a recording as Playwright's trace zip: `trace.trace` and `trace.network` (one JSON
//! event per line) and the files under `resources/` they name.

use super::recorder::Tracer;
use std::io::Write;
use std::path::Path;

impl Tracer {
    /// The recording so far as a trace zip.
    pub fn archive(&self) -> std::io::Result<Vec<u8>> {
        self.archive_from(1, 0)
    }

    /// The zip of the events from index `events` and network entries from index `network` on
    /// (a chunk), after the recording's first event (what it says about itself).
    pub(crate) fn archive_from(&self, events: usize, network: usize) -> std::io::Result<Vec<u8>> {
        let (trace, network, mut files) = {
            let recording = self.recording();
            let chunk = whole_calls(recording.events.iter().take(1).chain(recording.events.iter().skip(events.max(1))));
            let entries = recording.network.get(network..).unwrap_or_default();
            let resources =
                recording.resources.iter().map(|(name, bytes)| (format!("resources/{name}"), bytes.clone()));
            let files: Vec<(String, Vec<u8>)> = resources.chain(recording.screencast.iter().cloned()).collect();
            (lines(&chunk), lines(entries), files)
        };
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let deflated = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
        zip.start_file("trace.trace", deflated).map_err(std::io::Error::other)?;
        zip.write_all(trace.as_bytes())?;
        zip.start_file("trace.network", deflated).map_err(std::io::Error::other)?;
        zip.write_all(network.as_bytes())?;
        for (path, bytes) in files.drain(..) {
            // Images are compressed already; text bodies are worth deflating.
            let options = if path.ends_with(".jpeg") || path.ends_with(".png") { stored } else { deflated };
            zip.start_file(path, options).map_err(std::io::Error::other)?;
            zip.write_all(&bytes)?;
        }
        Ok(zip.finish().map_err(std::io::Error::other)?.into_inner())
    }

    /// Writes the trace zip to `path` (its folder created), whole or not at all: a reader never
    /// sees half a zip.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        self.write_from(1, 0, path)
    }

    /// [`Tracer::write`] of a chunk (see [`Tracer::archive_from`]).
    pub(crate) fn write_from(&self, events: usize, network: usize, path: &Path) -> std::io::Result<()> {
        let bytes = self.archive_from(events, network)?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        // A name of its own (two writers never share it), created new (an existing file or
        // link there is not followed), then moved over the target.
        static PARTIALS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = PARTIALS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let partial = path.with_file_name(format!(".{name}.{}-{n}.partial", std::process::id()));
        let written = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&partial)
            .and_then(|mut file| file.write_all(&bytes));
        if let Err(e) = written {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
        std::fs::rename(&partial, path)
    }
}

/// The events of a chunk, without what belongs to calls that began before it (their `after`,
/// logs and snapshots would have no `before`), and without parents that began before it.
fn whole_calls<'a>(events: impl Iterator<Item = &'a serde_json::Value>) -> Vec<serde_json::Value> {
    let events: Vec<serde_json::Value> = events.cloned().collect();
    let began: std::collections::HashSet<String> = events
        .iter()
        .filter(|e| e["type"] == "before")
        .filter_map(|e| e["callId"].as_str().map(str::to_string))
        .collect();
    events
        .into_iter()
        .filter_map(|mut event| {
            let call = event["callId"].as_str().or_else(|| event.pointer("/snapshot/callId").and_then(|c| c.as_str()));
            if let Some(call) = call {
                if !began.contains(call) {
                    return None;
                }
            }
            let orphan = event["parentId"].as_str().is_some_and(|parent| !began.contains(parent));
            if let (true, Some(fields)) = (orphan, event.as_object_mut()) {
                fields.remove("parentId");
            }
            Some(event)
        })
        .collect()
}

fn lines(events: &[serde_json::Value]) -> String {
    let mut out = String::new();
    for event in events {
        out.push_str(&event.to_string());
        out.push('\n');
    }
    out
}
