//! A page's video (Playwright's `recordVideo`, ADR 0031): the page hands its screencast frames
//! to a thread of its own that encodes them into `<dir>/<page id>.webm`; the file is finished
//! when the page closes, and [`Video::finished`] waits for that.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

/// Frames closer together than this are thinned to the newest (Playwright's 25 per second).
const FRAME_GAP_MS: u64 = 40;

/// The largest side a VP8 frame may have.
const MAX_SIDE: u32 = 16383;

/// What the page sends its encoder.
enum Message {
    /// A screencast JPEG and when it was shown (ms from the start).
    Frame(Vec<u8>, u64),
    /// The page closed at this time (ms from the start).
    End(u64),
}

/// The video of one page. Clones share it.
#[derive(Clone)]
pub struct Video {
    inner: Arc<Recording>,
}

impl std::fmt::Debug for Video {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Video").field("path", &self.inner.path).field("size", &self.inner.size).finish()
    }
}

struct Recording {
    path: PathBuf,
    size: (u32, u32),
    /// The encoder's inbox; `None` once the video ended.
    inbox: Mutex<Option<mpsc::Sender<Message>>>,
    /// Wall-clock start (ms since the epoch), the zero of the video's timeline.
    start_ms: f64,
    /// The encoder's outcome, once the file is finished.
    done: tokio::sync::watch::Sender<Option<Result<(), String>>>,
}

impl Video {
    /// Starts recording `width × height` frames into a new file in `dir` (made if missing),
    /// named after `page`.
    pub(crate) fn start(dir: &Path, page: &str, (width, height): (u32, u32)) -> Result<Video, String> {
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(format!(
                "recordVideo: a size of {width}×{height} cannot be encoded (1 to {MAX_SIDE} per side)"
            ));
        }
        std::fs::create_dir_all(dir).map_err(|e| format!("recordVideo: {}: {e}", dir.display()))?;
        let path = dir.join(format!("{}.webm", page.to_ascii_lowercase()));
        let file = std::fs::File::create(&path).map_err(|e| format!("recordVideo: {}: {e}", path.display()))?;
        let (inbox, frames) = mpsc::channel();
        let done = tokio::sync::watch::Sender::new(None);
        let inner = Arc::new(Recording {
            path,
            size: (width, height),
            inbox: Mutex::new(Some(inbox)),
            start_ms: now_ms(),
            done,
        });
        let recording = Arc::clone(&inner);
        std::thread::Builder::new()
            .name("video-encoder".into())
            .spawn(move || {
                let outcome = encode(std::io::BufWriter::new(file), (width, height), &frames, recording.start_ms);
                recording.done.send_replace(Some(outcome));
            })
            .map_err(|e| format!("recordVideo: cannot start its encoder: {e}"))?;
        Ok(Video { inner })
    }

    /// The size of the video's frames.
    pub fn size(&self) -> (u32, u32) {
        self.inner.size
    }

    /// Where the video is written (complete once [`Video::finished`] answers).
    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// Waits until the file is complete (the page closed); the encoder's error if it failed.
    pub async fn finished(&self) -> Result<(), String> {
        let mut done = self.inner.done.subscribe();
        let outcome = done.wait_for(Option::is_some).await.map_err(|_| "the video encoder is gone".to_string())?;
        outcome.clone().unwrap_or_else(|| Err("the video encoder is gone".into()))
    }

    /// Copies the finished video to `to` (waiting for the page to close, as Playwright's
    /// `video.saveAs`).
    pub async fn save_as(&self, to: &Path) -> Result<(), String> {
        self.finished().await?;
        std::fs::copy(&self.inner.path, to).map(|_| ()).map_err(|e| format!("{}: {e}", to.display()))
    }

    /// Removes the video once it is finished (Playwright's `video.delete`).
    pub async fn delete(&self) -> Result<(), String> {
        let _ = self.finished().await;
        match std::fs::remove_file(&self.inner.path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(format!("{}: {e}", self.inner.path.display())),
            _ => Ok(()),
        }
    }

    /// Hands a screencast frame shown at `wall_ms` (ms since the epoch) to the encoder.
    pub(crate) fn frame(&self, jpeg: Vec<u8>, wall_ms: f64) {
        let at = (wall_ms - self.inner.start_ms).max(0.0) as u64;
        if let Some(inbox) = self.inner.inbox.lock().unwrap_or_else(PoisonError::into_inner).as_ref() {
            let _ = inbox.send(Message::Frame(jpeg, at));
        }
    }

    /// Ends the video now (the page closed); later frames are ignored.
    pub(crate) fn end(&self) {
        let at = (now_ms() - self.inner.start_ms).max(0.0) as u64;
        if let Some(inbox) = self.inner.inbox.lock().unwrap_or_else(PoisonError::into_inner).take() {
            let _ = inbox.send(Message::End(at));
        }
    }
}

/// The encoder's loop: writes frames until the page ends the video (or every sender is gone),
/// then finishes the file. A frame that cannot be decoded is skipped.
fn encode<W: std::io::Write + std::io::Seek>(
    out: W,
    size: (u32, u32),
    frames: &mpsc::Receiver<Message>,
    start_ms: f64,
) -> Result<(), String> {
    let mut writer = crate::video_encoder::WebmWriter::new(out, size.0, size.1)?;
    let mut last_written: Option<u64> = None;
    // The newest frame of a burst, written when the burst is over or the video ends.
    let mut held: Option<(Vec<u8>, u64)> = None;
    let mut end = None;
    while let Ok(message) = frames.recv() {
        match message {
            Message::Frame(jpeg, at) if last_written.is_none_or(|last| at >= last + FRAME_GAP_MS) => {
                held = None;
                if writer.add_jpeg(&jpeg, at).is_ok() {
                    last_written = Some(at);
                }
            }
            Message::Frame(jpeg, at) => held = Some((jpeg, at)),
            Message::End(at) => {
                end = Some(at);
                break;
            }
        }
    }
    if let Some((jpeg, at)) = held {
        let _ = writer.add_jpeg(&jpeg, at);
    }
    writer.finish(end.unwrap_or_else(|| (now_ms() - start_ms).max(0.0) as u64))
}

fn now_ms() -> f64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs_f64() * 1000.0).unwrap_or(0.0)
}

/// The size of a page's video when the options give none: the viewport scaled down to fit
/// 800×800, as Playwright.
pub(crate) fn default_size((width, height): (u32, u32)) -> (u32, u32) {
    let scale = (800.0 / f64::from(width.max(height).max(1))).min(1.0);
    ((f64::from(width) * scale).floor().max(1.0) as u32, (f64::from(height) * scale).floor().max(1.0) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_size_fits_the_viewport_into_800_by_800() {
        assert_eq!(default_size((1280, 720)), (800, 450));
        assert_eq!(default_size((640, 480)), (640, 480));
        assert_eq!(default_size((390, 844)), (369, 800));
    }

    #[test]
    fn a_size_vp8_cannot_carry_is_refused() {
        let dir = std::env::temp_dir();
        assert!(Video::start(&dir, "X", (0, 10)).unwrap_err().contains("1 to 16383"));
        assert!(Video::start(&dir, "X", (20000, 10)).is_err());
    }
}
