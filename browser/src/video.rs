//! A page's video (Playwright's `recordVideo`, ADR 0031): the page hands its screencast frames
//! to a thread of its own that encodes them into `<dir>/<page id>.webm`; the file is finished
//! when the page closes, and [`Video::finished`] waits for that.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Frames closer together than this are thinned to the newest (Playwright's 25 per second).
const FRAME_GAP: Duration = Duration::from_millis(40);

/// The time between frames of a video of `fps` frames per second (Playwright's 25 without).
pub(crate) fn frame_gap(fps: Option<f64>) -> Duration {
    // Bounded both ways: a frame a millisecond at most, one an hour at least (a tiny `fps`
    // must not overflow the encoder's clock).
    let gap = |f: f64| Duration::try_from_secs_f64(1.0 / f).unwrap_or(Duration::MAX);
    fps.filter(|f| *f > 0.0).map_or(FRAME_GAP, |f| gap(f).clamp(Duration::from_millis(1), Duration::from_secs(3600)))
}

/// Where videos go when `recordVideo` names no directory (Playwright's artifacts folder): each
/// file is removed with its video's last handle (when its scenario or session lets it go).
pub(crate) fn scratch_dir() -> PathBuf {
    std::env::temp_dir().join(format!("ferridriver-videos-{}", std::process::id()))
}

/// The most pixels a frame may have (4096 × 4096): a page's canvas and the encoder's buffers
/// stay within a few hundred MB even at that size.
const MAX_PIXELS: u64 = 4096 * 4096;

/// Frames waiting for the encoder at most; a page that paints faster than they are encoded
/// loses the frames past these (the video thins them anyway), never the memory.
const INBOX: usize = 16;

/// The largest side a VP8 frame may have.
const MAX_SIDE: u32 = 16383;

/// What the page sends its encoder.
enum Message {
    /// A screencast JPEG and when it came (from the start).
    Frame(Vec<u8>, Duration),
    /// The page closed at this time (from the start).
    End(Duration),
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
    /// Written where the options named no directory: the file goes when the video does.
    temporary: bool,
    size: (u32, u32),
    /// The encoder's inbox; `None` once the video ended.
    inbox: Mutex<Option<mpsc::SyncSender<Message>>>,
    /// The zero of the video's timeline. Frames are placed by when they arrive, on this one
    /// clock: a remote browser's own clock may differ from ours.
    start: Instant,
    /// The encoder's outcome, once the file is finished (the encoder holds the other end).
    done: tokio::sync::watch::Receiver<Option<Result<(), String>>>,
}

impl Drop for Recording {
    /// A video nobody holds any more ends now (its page is gone without a close).
    fn drop(&mut self) {
        self.end();
        if self.temporary {
            // The encoder may still be writing: the name goes now, the data when it closes.
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

impl Recording {
    fn end(&self) {
        if let Some(inbox) = self.inbox.lock().unwrap_or_else(PoisonError::into_inner).take() {
            // Waits for room: the end must reach the encoder.
            let _ = inbox.send(Message::End(self.start.elapsed()));
        }
    }
}

/// Reports the encoder's outcome when it returns, or an error if it panicked: whoever waits
/// for the file never waits for ever.
struct Outcome(tokio::sync::watch::Sender<Option<Result<(), String>>>);

impl Drop for Outcome {
    fn drop(&mut self) {
        self.0.send_if_modified(|done| {
            done.get_or_insert_with(|| Err("the video encoder failed".into()));
            true
        });
    }
}

impl Video {
    /// Starts recording `width × height` frames into a new file in `dir` (made if missing),
    /// named after `page`, at most one frame per `gap`; a `temporary` file is removed with the
    /// last handle of the video.
    pub(crate) fn start(
        dir: &Path,
        page: &str,
        (width, height): (u32, u32),
        gap: Duration,
        temporary: bool,
    ) -> Result<Video, String> {
        let pixels = u64::from(width) * u64::from(height);
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE || pixels > MAX_PIXELS {
            return Err(format!(
                "recordVideo: a size of {width}×{height} cannot be encoded (1 to {MAX_SIDE} per side, at most 4096×4096 pixels)"
            ));
        }
        std::fs::create_dir_all(dir).map_err(|e| format!("recordVideo: {}: {e}", dir.display()))?;
        let path = dir.join(format!("{}.webm", page.to_ascii_lowercase()));
        let file = std::fs::File::create(&path).map_err(|e| format!("recordVideo: {}: {e}", path.display()))?;
        let (inbox, frames) = mpsc::sync_channel(INBOX);
        let (outcome, done) = tokio::sync::watch::channel(None);
        let outcome = Outcome(outcome);
        // The thread holds the inbox's receiving end and the outcome only: when every sender
        // is gone (the video ended or was dropped), it finishes the file.
        std::thread::Builder::new()
            .name("video-encoder".into())
            .spawn(move || {
                let result = encode(file, (width, height), gap, &frames);
                outcome.0.send_replace(Some(result));
            })
            .map_err(|e| format!("recordVideo: cannot start its encoder: {e}"))?;
        let inner = Arc::new(Recording {
            path,
            temporary,
            size: (width, height),
            inbox: Mutex::new(Some(inbox)),
            start: Instant::now(),
            done,
        });
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
        let mut done = self.inner.done.clone();
        let outcome = done.wait_for(Option::is_some).await.map_err(|_| "the video encoder is gone".to_string())?;
        outcome.clone().unwrap_or_else(|| Err("the video encoder is gone".into()))
    }

    /// Copies the finished video to `to` (waiting for the page to close, as Playwright's
    /// `video.saveAs`); saving it onto itself leaves it as it is.
    pub async fn save_as(&self, to: &Path) -> Result<(), String> {
        self.finished().await?;
        let same = match (to.canonicalize(), self.inner.path.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if same {
            return Ok(());
        }
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

    /// Hands a screencast frame that just came to the encoder.
    pub(crate) fn frame(&self, jpeg: Vec<u8>) {
        let at = self.inner.start.elapsed();
        if let Some(inbox) = self.inner.inbox.lock().unwrap_or_else(PoisonError::into_inner).as_ref() {
            // A full inbox drops the frame: the page's events never wait for the encoder.
            let _ = inbox.try_send(Message::Frame(jpeg, at));
        }
    }

    /// Ends the video now (the page closed); later frames are ignored.
    pub(crate) fn end(&self) {
        self.inner.end();
    }
}

/// The videos a run asked for (`bdd --video`): every page of a context that films into it
/// (`BrowserContext::set_filming`) gets a video in `dir`, listed here as it starts. Clones share
/// the list.
#[derive(Clone, Debug)]
pub struct Filming {
    dir: PathBuf,
    videos: Arc<Mutex<Vec<Video>>>,
}

/// Numbers the files of one process: a page filmed again (a context kept between scenarios)
/// never writes over its last video.
static FILMED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl Filming {
    /// Videos written into `dir` (made if missing).
    pub fn new(dir: impl Into<PathBuf>) -> Filming {
        Filming { dir: dir.into(), videos: Arc::default() }
    }

    /// The videos started so far, in the order they started.
    pub fn videos(&self) -> Vec<Video> {
        self.videos.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Starts a video of `size` for the page `page` (its target id) and lists it.
    pub(crate) fn start(&self, page: &str, size: (u32, u32)) -> Result<Video, String> {
        let n = FILMED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let video = Video::start(&self.dir, &format!("{page}-{n}"), size, FRAME_GAP, false)?;
        self.videos.lock().unwrap_or_else(PoisonError::into_inner).push(video.clone());
        Ok(video)
    }

    /// Ends every video started so far (their pages are no longer filmed for this run).
    pub fn end_all(&self) {
        for video in self.videos() {
            video.end();
        }
    }

    /// Whether `video` is one of these.
    pub(crate) fn made(&self, video: &Video) -> bool {
        self.videos.lock().unwrap_or_else(PoisonError::into_inner).iter().any(|v| Arc::ptr_eq(&v.inner, &video.inner))
    }
}

/// The encoder's loop: writes frames until the page ends the video (or every sender is gone),
/// then finishes and flushes the file. At most one frame per `gap` is written: a frame
/// that comes sooner is held (replacing one held before), and written when the burst has been
/// quiet that long or the video ends, so the last thing a page showed is never lost; a frame
/// that comes later supersedes it. A frame that cannot be decoded is skipped.
fn encode(
    file: std::fs::File,
    size: (u32, u32),
    gap: Duration,
    frames: &mpsc::Receiver<Message>,
) -> Result<(), String> {
    let out = std::io::BufWriter::new(file);
    let mut writer = crate::video_encoder::WebmWriter::new(out, size.0, size.1)?;
    let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    let mut last_written: Option<Duration> = None;
    let mut held: Option<(Vec<u8>, Duration)> = None;
    let mut end = None;
    loop {
        let message = match &held {
            Some(_) => match frames.recv_timeout(gap) {
                Ok(message) => Some(message),
                Err(mpsc::RecvTimeoutError::Timeout) => None,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            },
            None => match frames.recv() {
                Ok(message) => Some(message),
                Err(_) => break,
            },
        };
        match message {
            // The burst went quiet: its newest frame is written.
            None => {
                if let Some((jpeg, at)) = held.take() {
                    if writer.add_jpeg(&jpeg, ms(at)).is_ok() {
                        last_written = Some(at);
                    }
                }
            }
            Some(Message::Frame(jpeg, at)) => {
                if last_written.is_none_or(|last| at >= last + gap) {
                    held = None;
                    if writer.add_jpeg(&jpeg, ms(at)).is_ok() {
                        last_written = Some(at);
                    }
                } else {
                    held = Some((jpeg, at));
                }
            }
            Some(Message::End(at)) => {
                end = Some(at);
                break;
            }
        }
    }
    if let Some((jpeg, at)) = held {
        let _ = writer.add_jpeg(&jpeg, ms(at));
    }
    let end = end.or(last_written).unwrap_or_default();
    let mut out = writer.finish(ms(end))?;
    use std::io::Write;
    out.flush().map_err(|e| format!("cannot write the video: {e}"))?;
    out.get_ref().sync_all().map_err(|e| format!("cannot write the video: {e}"))
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
    fn fps_sets_the_time_between_frames() {
        assert_eq!(frame_gap(Some(5.0)), Duration::from_millis(200));
        assert_eq!(frame_gap(None), FRAME_GAP, "Playwright's 25 a second");
        assert_eq!(frame_gap(Some(1e-300)), Duration::from_secs(3600), "no overflow");
        assert_eq!(frame_gap(Some(1e9)), Duration::from_millis(1));
    }

    #[test]
    fn the_default_size_fits_the_viewport_into_800_by_800() {
        assert_eq!(default_size((1280, 720)), (800, 450));
        assert_eq!(default_size((640, 480)), (640, 480));
        assert_eq!(default_size((390, 844)), (369, 800));
    }

    #[test]
    fn a_size_vp8_cannot_carry_is_refused() {
        let dir = std::env::temp_dir();
        assert!(Video::start(&dir, "X", (0, 10), FRAME_GAP, false).unwrap_err().contains("1 to 16383"));
        assert!(Video::start(&dir, "X", (20000, 10), FRAME_GAP, false).is_err());
        assert!(Video::start(&dir, "X", (16000, 16000), FRAME_GAP, false).unwrap_err().contains("4096×4096"));
    }
}
