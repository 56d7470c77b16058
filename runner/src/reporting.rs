//! The reporter thread: owns every reporter and feeds it the envelopes of the run, in order.

use ferridriver_messages::Envelope;
use ferridriver_reporters::Reporter;
use std::sync::mpsc::Receiver;
use std::thread::JoinHandle;

/// Starts the thread. Join it after the last sender is dropped; it returns the first write
/// error, if any (later envelopes still reach the other reporters).
pub fn spawn_reporters(
    mut reporters: Vec<Box<dyn Reporter>>,
    events: Receiver<Vec<Envelope>>,
) -> JoinHandle<Result<(), String>> {
    std::thread::spawn(move || {
        let mut first_error: Option<String> = None;
        let mut failed = vec![false; reporters.len()];
        for envelope in events.into_iter().flatten() {
            for (i, r) in reporters.iter_mut().enumerate() {
                if failed[i] {
                    continue;
                }
                if let Err(e) = r.on_envelope(&envelope) {
                    failed[i] = true;
                    first_error.get_or_insert(format!("cannot write report: {e}"));
                }
            }
        }
        for (i, r) in reporters.iter_mut().enumerate() {
            if !failed[i] {
                if let Err(e) = r.finish() {
                    first_error.get_or_insert(format!("cannot complete report: {e}"));
                }
            }
        }
        match first_error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    })
}
