//! Screencast frames of a traced or filmed page: Chromium sends a JPEG each time the page
//! paints (`Page.startScreencast`), each acknowledged so the next one comes; the trace viewer's
//! filmstrip and `npx playwright trace screenshot` show them, and a page's video is made of
//! them (`video.rs`). One stream serves both.

use super::recorder::{monotonic_ms, Tracer};
use crate::connection::CdpEvent;
use crate::page::PageInner;
use base64::Engine;
use serde_json::json;

/// Frames kept per trace; later ones are acknowledged and dropped (a page that animates for
/// minutes must not fill the memory).
const MAX_FRAMES: usize = 1000;

impl PageInner {
    /// The page's video while it is filmed.
    pub(crate) fn video(&self) -> Option<crate::video::Video> {
        self.video.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    /// Starts the page's screencast: frames as large as the viewport, at most 800 px wide, or
    /// at most the video's size when the page is filmed.
    pub(crate) async fn start_screencast(&self) {
        let _ = self.connection.call_raw("Page.startScreencast", self.screencast_params(), Some(&self.session)).await;
    }

    /// `Page.startScreencast`'s parameters for this page.
    pub(crate) fn screencast_params(&self) -> serde_json::Value {
        let (width, height) = self.video().map_or((800, 800), |v| v.size());
        json!({ "format": "jpeg", "quality": 70, "maxWidth": width, "maxHeight": height })
    }

    /// Ends the page's video, if it is filmed (the page closed or is gone).
    pub(crate) fn end_video(&self) {
        if let Some(video) = self.video() {
            video.end();
        }
    }

    /// Stops it when nothing needs it any more (the page is no longer traced and not filmed).
    pub(crate) async fn release_screencast(&self) {
        if self.video().is_some() || super::recorder::current(&self.trace).is_some() {
            return;
        }
        let _ = self.connection.call_raw("Page.stopScreencast", json!({}), Some(&self.session)).await;
    }

    /// Takes a `Page.screencastFrame` event: stored when traced, filmed when the page records a
    /// video, acknowledged in any case.
    pub(crate) fn screencast_frame(&self, tracer: Option<Tracer>, event: &CdpEvent) {
        let p = &event.params;
        let ack = json!({ "sessionId": p["sessionId"] });
        let (connection, session) = (self.connection.clone(), self.session.clone());
        tokio::spawn(async move {
            let _ = connection.call_raw("Page.screencastFrameAck", ack, Some(&session)).await;
        });
        let video = self.video();
        if tracer.is_none() && video.is_none() {
            return;
        }
        let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(p["data"].as_str().unwrap_or("")) else {
            return;
        };
        let metadata = &p["metadata"];
        let wall = metadata["timestamp"].as_f64().map(|s| s * 1000.0).unwrap_or(0.0);
        let Some(tracer) = tracer else {
            if let Some(video) = &video {
                video.frame(bytes);
            }
            return;
        };
        if let Some(video) = &video {
            video.frame(bytes.clone());
        }
        let (width, height) =
            (metadata["deviceWidth"].as_f64().unwrap_or(0.0), metadata["deviceHeight"].as_f64().unwrap_or(0.0));
        let page = self.trace_id();
        let mut recording = tracer.recording();
        if recording.screencast.len() >= MAX_FRAMES {
            return;
        }
        // The frame's number keeps names apart when two frames share a millisecond.
        let file = format!("screencast/{page}-{}-{}.jpeg", wall as u64, recording.screencast.len());
        recording.events.push(json!({ "type": "screencast-frame", "pageId": page, "file": file,
            "width": width, "height": height, "timestamp": monotonic_ms(), "frameSwapWallTime": wall }));
        recording.screencast.push((file, bytes));
    }
}
