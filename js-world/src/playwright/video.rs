//! `page.video()` and its `Video` (ADR 0031): the file a page of a `recordVideo` context is
//! filmed into, answered from the session's record of it, so that `saveAs` and `delete` work
//! once the page has closed (where Playwright's suites call them).

use super::gates::Admitted;
use super::operations::VideoOp;
use super::request::{Failure, Request};
use super::session::Session;
use serde_json::{json, Value};

pub(super) async fn video_op(
    session: &Session,
    r: &Request,
    op: VideoOp,
    admitted: Admitted,
) -> Result<Value, Failure> {
    let video = session.video(r.page).ok_or_else(|| {
        Failure::from("this page records no video\n  hint: open its context with browser.newContext({ recordVideo: { dir: 'videos' } })")
    })?;
    Ok(match op {
        VideoOp::Path => json!(video.path().to_string_lossy()),
        VideoOp::SaveAs => {
            let to = admitted.path.ok_or_else(|| Failure::type_error("video.saveAs: a path is required".into()))?;
            video.save_as(&to).await.map_err(|e| format!("video.saveAs: {e}"))?;
            Value::Null
        }
        VideoOp::Delete => {
            video.delete().await.map_err(|e| format!("video.delete: {e}"))?;
            Value::Null
        }
    })
}
