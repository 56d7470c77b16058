//! Where a reporter writes: stdout, or a file that appears only when complete.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A report destination. File reports are written to a temporary sibling and renamed into place
/// by `commit`, so a crash never leaves a half-written report behind.
pub enum Output {
    Stdout(BufWriter<io::Stdout>),
    File { writer: BufWriter<File>, temp: PathBuf, target: PathBuf },
}

impl Output {
    /// Opens stdout (None) or a temporary file next to `path`. Fails early when the directory
    /// is missing or not writable, before any test runs.
    pub fn open(path: Option<&str>) -> io::Result<Output> {
        match path {
            None => Ok(Output::Stdout(BufWriter::new(io::stdout()))),
            Some(p) => {
                let target = PathBuf::from(p);
                let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
                let temp = dir.join(format!(".{name}.{}.partial", std::process::id()));
                let file = File::create(&temp)?;
                Ok(Output::File { writer: BufWriter::new(file), temp, target })
            }
        }
    }

    /// Flushes and, for files, moves the finished report into place.
    pub fn commit(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.flush(),
            Output::File { writer, temp, target } => {
                writer.flush()?;
                std::fs::rename(&*temp, &*target)
            }
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(w) => w.write(buf),
            Output::File { writer, .. } => writer.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.flush(),
            Output::File { writer, .. } => writer.flush(),
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
