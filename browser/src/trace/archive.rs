//! Writes a recording as Playwright's trace zip: `trace.trace` and `trace.network` (one JSON
//! event per line) and the files under `resources/` they name.

use super::recorder::Tracer;
use std::io::Write;
use std::path::Path;

impl Tracer {
    /// The recording so far as a trace zip.
    pub fn archive(&self) -> std::io::Result<Vec<u8>> {
        let (trace, network, mut files) = {
            let recording = self.recording();
            let resources =
                recording.resources.iter().map(|(name, bytes)| (format!("resources/{name}"), bytes.clone()));
            let files: Vec<(String, Vec<u8>)> = resources.chain(recording.screencast.iter().cloned()).collect();
            (lines(&recording.events), lines(&recording.network), files)
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
        let bytes = self.archive()?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let partial = path.with_extension("zip.partial");
        std::fs::write(&partial, bytes)?;
        std::fs::rename(&partial, path)
    }
}

fn lines(events: &[serde_json::Value]) -> String {
    let mut out = String::new();
    for event in events {
        out.push_str(&event.to_string());
        out.push('\n');
    }
    out
}
