//! Turning what a step or hook attached into `attachment` messages.

use base64::Engine;
use ferridriver_messages::{Attachment, AttachmentContentEncoding, Timestamp};
use ferridriver_steps::registry::PendingAttachment;

/// What an attachment belongs to.
pub enum AttachTo<'a> {
    TestStep { test_case_started_id: &'a str, test_step_id: &'a str },
    TestRunHook { test_run_hook_started_id: &'a str },
}

/// The message for one attachment: text as is, bytes base64-encoded.
pub fn attachment_message(a: PendingAttachment, to: AttachTo<'_>, timestamp: Timestamp) -> Attachment {
    let (body, content_encoding) = if a.is_text {
        (String::from_utf8_lossy(&a.body).into_owned(), AttachmentContentEncoding::Identity)
    } else {
        (base64::engine::general_purpose::STANDARD.encode(&a.body), AttachmentContentEncoding::Base64)
    };
    let mut m = Attachment {
        body,
        content_encoding,
        file_name: a.file_name,
        media_type: a.media_type,
        test_case_started_id: None,
        test_step_id: None,
        url: None,
        test_run_started_id: None,
        test_run_hook_started_id: None,
        timestamp: Some(timestamp),
    };
    match to {
        AttachTo::TestStep { test_case_started_id, test_step_id } => {
            m.test_case_started_id = Some(test_case_started_id.to_string());
            m.test_step_id = Some(test_step_id.to_string());
        }
        AttachTo::TestRunHook { test_run_hook_started_id } => {
            m.test_run_hook_started_id = Some(test_run_hook_started_id.to_string());
        }
    }
    m
}
