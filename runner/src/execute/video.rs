//! `--video`: a WebM of every page a test case attempt used (Playwright's `video` option, same
//! modes as `--trace`). The attempt's lease films the pages of its contexts into a
//! [`Filming`]; once the attempt's browser is given back, this file keeps the videos under the
//! scenario's name and attaches them to the test case, or deletes them.

use super::plan::PlannedCase;
use super::TraceMode;
use ferridriver_browser::Filming;
use ferridriver_messages::{Attachment, TestStepResultStatus, Timestamp};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where videos go unless `--output` says otherwise.
pub const DEFAULT_VIDEO_DIR: &str = ".ferridriver/videos";

/// How long a video's encoder may take to finish its file once its page was given back.
const FINISH_LIMIT: Duration = Duration::from_secs(10);

/// The videos of one attempt being filmed.
pub(super) struct AttemptVideo {
    filming: Filming,
    mode: TraceMode,
    /// The first page's file; later pages' add `-page2`, `-page3`….
    path: PathBuf,
}

impl AttemptVideo {
    /// Filming for `attempt` of `case` when the mode asks for it (the files are written in
    /// `dir`, under names of their own until the attempt ends).
    pub fn start(mode: TraceMode, dir: &Path, case: &PlannedCase, attempt: u32) -> Option<AttemptVideo> {
        if !mode.records(attempt) {
            return None;
        }
        let path = super::trace::attempt_path(dir, case, attempt, "webm");
        Some(AttemptVideo { filming: Filming::new(dir), mode, path })
    }

    /// What the attempt's lease films into.
    pub fn filming(&self) -> &Filming {
        &self.filming
    }

    /// Once the attempt's browser was given back (its pages closed or no longer filmed): waits
    /// for each video's file, then keeps it under the scenario's name and answers an attachment
    /// naming it, or deletes it when the mode does not keep this attempt's. A video that cannot
    /// be finished or moved is a warning on stderr.
    pub async fn finish(
        self,
        status: TestStepResultStatus,
        will_be_retried: bool,
        test_case_started_id: &str,
        timestamp: Timestamp,
    ) -> Vec<Attachment> {
        let keep = self.mode.keeps(status, will_be_retried);
        let mut attachments = Vec::new();
        // Every video ends now (a page that outlived its lease's teardown, a browser that
        // stopped answering): none is waited for past the limit.
        self.filming.end_all();
        for (n, video) in self.filming.videos().into_iter().enumerate() {
            let finished = match tokio::time::timeout(FINISH_LIMIT, video.finished()).await {
                Ok(Ok(())) => true,
                Ok(Err(e)) => {
                    eprintln!("warning: the video {} failed: {e}", video.path().display());
                    false
                }
                Err(_) => {
                    eprintln!("warning: the video {} was not finished in time", video.path().display());
                    false
                }
            };
            if !keep || !finished {
                let _ = std::fs::remove_file(video.path());
                continue;
            }
            let target = numbered(&self.path, n);
            if let Err(e) = std::fs::rename(video.path(), &target) {
                eprintln!("warning: cannot keep the video {}: {e}", target.display());
                continue;
            }
            attachments.push(super::trace::file_attachment(&target, "video/webm", test_case_started_id, timestamp));
        }
        attachments
    }
}

/// The file of the `n`-th page (0-based) filmed in an attempt whose first page's is `first`.
fn numbered(first: &Path, n: usize) -> PathBuf {
    if n == 0 {
        return first.to_path_buf();
    }
    let stem = first.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    first.with_file_name(format!("{stem}-page{}.webm", n + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_pages_are_numbered_after_the_first() {
        let first = Path::new("out/shop-3-buy.webm");
        assert_eq!(numbered(first, 0), Path::new("out/shop-3-buy.webm"));
        assert_eq!(numbered(first, 1), Path::new("out/shop-3-buy-page2.webm"));
    }
}
