//! Screencast frames of a traced page: Chromium sends a JPEG each time the page paints
//! (`Page.startScreencast`), each acknowledged so the next one comes; the viewer's filmstrip
//! and `npx playwright trace screenshot` show them.

use super::recorder::{monotonic_ms, Tracer};
use crate::connection::CdpEvent;
use crate::page::PageInner;
use base64::Engine;
use serde_json::json;

/// Frames kept per trace; later ones are acknowledged and dropped (a page that animates for
/// minutes must not fill the memory).
const MAX_FRAMES: usize = 1000;

impl PageInner {
    /// Starts the page's screencast (frames as large as the viewport, at most 800 px wide).
    pub(crate) async fn start_screencast(&self) {
        let params = json!({ "format": "jpeg", "quality": 70, "maxWidth": 800, "maxHeight": 800 });
        let _ = self.connection.call_raw("Page.startScreencast", params, Some(&self.session)).await;
    }

    /// Stops it (the page is no longer traced).
    pub(crate) async fn stop_screencast(&self) {
        let _ = self.connection.call_raw("Page.stopScreencast", json!({}), Some(&self.session)).await;
    }

    /// Takes a `Page.screencastFrame` event: stored when traced, acknowledged in any case.
    pub(crate) fn screencast_frame(&self, tracer: Option<Tracer>, event: &CdpEvent) {
        let p = &event.params;
        let ack = json!({ "sessionId": p["sessionId"] });
        let (connection, session) = (self.connection.clone(), self.session.clone());
        tokio::spawn(async move {
            let _ = connection.call_raw("Page.screencastFrameAck", ack, Some(&session)).await;
        });
        let Some(tracer) = tracer else { return };
        let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(p["data"].as_str().unwrap_or("")) else {
            return;
        };
        let metadata = &p["metadata"];
        let wall = metadata["timestamp"].as_f64().map(|s| s * 1000.0).unwrap_or(0.0);
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
