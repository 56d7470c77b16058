//! Where a reporter writes: stdout, or a file that appears only when complete.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A report destination. File reports are written to a temporary sibling and renamed into place
/// by `commit`, so a crash never leaves a half-written report behind.
pub enum Output {
    /// The process's standard output.
    Stdout(BufWriter<io::Stdout>),
    /// A file written under a temporary name and renamed into place by `commit`.
    File { writer: BufWriter<File>, temp: PathBuf, target: PathBuf },
    /// Something that is not a regular file (`/dev/null`, `/dev/stdout`, a pipe): written
    /// directly, since renaming a file over it would replace the device with a file.
    Device(BufWriter<File>),
    /// An in-memory buffer, read back through the [`MemoryBuffer`] handle (tests, embedding).
    Memory(MemoryBuffer),
}

/// A shared byte buffer an [`Output::Memory`] writes into. Cloning shares the same bytes, so the
/// caller keeps one handle while the reporter owns the output.
#[derive(Clone, Default, Debug)]
pub struct MemoryBuffer(Arc<Mutex<Vec<u8>>>);

impl MemoryBuffer {
    /// A copy of everything written so far.
    pub fn contents(&self) -> Vec<u8> {
        // A poisoned lock only means a writer panicked mid-write; the bytes are still readable.
        match self.0.lock() {
            Ok(bytes) => bytes.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Everything written so far as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.contents()).into_owned()
    }

    fn append(&self, buf: &[u8]) {
        match self.0.lock() {
            Ok(mut bytes) => bytes.extend_from_slice(buf),
            Err(poisoned) => poisoned.into_inner().extend_from_slice(buf),
        }
    }
}

impl Output {
    /// Opens stdout (None) or a temporary file next to `path`. Fails early when the directory
    /// is missing or not writable, before any test runs.
    pub fn open(path: Option<&str>) -> io::Result<Output> {
        match path {
            None => Ok(Output::Stdout(BufWriter::new(io::stdout()))),
            Some(p) => {
                let target = PathBuf::from(p);
                if std::fs::metadata(&target).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
                    let device = std::fs::OpenOptions::new().write(true).open(&target)?;
                    return Ok(Output::Device(BufWriter::new(device)));
                }
                let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
                // A report's folder is made, as cucumber-js makes it (`json:reports/run.json`).
                std::fs::create_dir_all(dir)?;
                let temp = dir.join(format!(".{name}.{}.partial", std::process::id()));
                let file = File::create(&temp)?;
                Ok(Output::File { writer: BufWriter::new(file), temp, target })
            }
        }
    }

    /// An in-memory output and the handle to read it back.
    pub fn memory() -> (Output, MemoryBuffer) {
        let buffer = MemoryBuffer::default();
        (Output::Memory(buffer.clone()), buffer)
    }

    /// True when this output is an interactive terminal (stdout attached to a TTY).
    pub fn is_terminal(&self) -> bool {
        use std::io::IsTerminal;
        matches!(self, Output::Stdout(_)) && io::stdout().is_terminal()
    }

    /// Flushes and, for files, moves the finished report into place.
    pub fn commit(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.flush(),
            Output::Memory(_) => Ok(()),
            Output::File { writer, temp, target } => {
                writer.flush()?;
                std::fs::rename(&*temp, &*target)
            }
            Output::Device(w) => w.flush(),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(w) => w.write(buf),
            Output::File { writer, .. } | Output::Device(writer) => writer.write(buf),
            Output::Memory(m) => {
                m.append(buf);
                Ok(buf.len())
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.flush(),
            Output::File { writer, .. } | Output::Device(writer) => writer.flush(),
            Output::Memory(_) => Ok(()),
        }
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        // A report that was never committed is incomplete: remove it rather than leave it.
        if let Output::File { temp, .. } = self {
            let _ = std::fs::remove_file(temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::FileTypeExt;

    #[test]
    fn a_report_to_a_pipe_or_device_is_written_into_it_not_renamed_over_it() {
        let dir = std::env::temp_dir().join(format!("fd-output-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("report.pipe");
        let name = std::ffi::CString::new(fifo.to_string_lossy().as_bytes()).unwrap();
        // SAFETY: a NUL-terminated path and a mode.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        let mut out = Output::open(Some(fifo.to_str().unwrap())).unwrap();
        out.write_all(b"the report").unwrap();
        out.commit().unwrap();
        drop(out);
        assert_eq!(reader.join().unwrap(), "the report");
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo(), "still a pipe, not a file renamed over it");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
