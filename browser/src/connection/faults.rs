//! Test-only fault injection under the DevTools connection (feature `fault-injection`): the
//! messages Chromium sends are delivered late, by seeded random amounts, in orders Chromium may
//! produce on a busy machine, so that code relying on the order events *usually* arrive in
//! fails in tests instead of on a user's CI.
//!
//! The model of what may legally happen:
//! - Events of one session (one target) keep their order: a target's agents emit them in
//!   order over one channel. Events of different sessions interleave arbitrarily.
//! - A command's reply is delayed on its own: later events of its session (and of any other)
//!   may overtake it, as they do for commands the browser process answers while the page's
//!   renderer goes on (navigation, history, targets, input). A reply never overtakes an event
//!   of its session that arrived before it.
//!
//! Enabled by `FERRIDRIVER_CDP_FAULTS=<seed>[:<max event delay ms>[:<max reply delay ms>]]`
//! (defaults 25 and 40 ms) or by [`FaultPlan`] given to `Connection::connect_with_faults`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// How much to disturb a connection's incoming messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FaultPlan {
    /// The random sequence; the same seed gives the same delays for the same messages.
    pub seed: u64,
    /// The most an event is held back.
    pub max_event_delay: Duration,
    /// The most a command's reply is held back.
    pub max_reply_delay: Duration,
}

impl FaultPlan {
    /// A plan with the default delays.
    pub fn seeded(seed: u64) -> FaultPlan {
        FaultPlan { seed, max_event_delay: Duration::from_millis(25), max_reply_delay: Duration::from_millis(40) }
    }

    /// The plan `FERRIDRIVER_CDP_FAULTS` asks for, if it is set (an unreadable value is
    /// reported and ignored).
    pub fn from_env() -> Option<FaultPlan> {
        let value = std::env::var("FERRIDRIVER_CDP_FAULTS").ok()?;
        let mut parts = value.split(':').map(str::parse::<u64>);
        let parsed = (|| {
            let mut plan = FaultPlan::seeded(parts.next()?.ok()?);
            if let Some(ms) = parts.next() {
                plan.max_event_delay = Duration::from_millis(ms.ok()?);
            }
            if let Some(ms) = parts.next() {
                plan.max_reply_delay = Duration::from_millis(ms.ok()?);
            }
            Some(plan)
        })();
        if parsed.is_none() {
            eprintln!("warning: FERRIDRIVER_CDP_FAULTS={value:?} is not <seed>[:<event ms>[:<reply ms>]]; ignored");
        }
        parsed
    }
}

/// A message on its way to dispatch, and when it may go.
type Held = (Instant, String);

/// A session's lane: where its events queue, and when the last of them may go.
type Lane = (mpsc::UnboundedSender<Held>, Instant);

/// Delays incoming messages per the plan and hands them to `deliver` in a legal order.
pub(crate) struct Faults {
    plan: FaultPlan,
    state: AtomicU64,
    /// One ordered lane per session for its events: a task delivers them in order.
    lanes: Mutex<HashMap<Option<String>, Lane>>,
    deliver: Arc<dyn Fn(&str) + Send + Sync>,
}

impl Faults {
    pub(crate) fn new(plan: FaultPlan, deliver: Arc<dyn Fn(&str) + Send + Sync>) -> Faults {
        // splitmix64 of the seed, so that small seeds still start far apart.
        Faults {
            plan,
            state: AtomicU64::new(plan.seed ^ 0x9E37_79B9_7F4A_7C15),
            lanes: Mutex::new(HashMap::new()),
            deliver,
        }
    }

    /// A uniform delay up to `max` from the seeded sequence (splitmix64).
    fn delay(&self, max: Duration) -> Duration {
        let mut z = self.state.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        let max_us = max.as_micros() as u64;
        Duration::from_micros(if max_us == 0 { 0 } else { z % (max_us + 1) })
    }

    /// Takes one incoming message (must be called in arrival order).
    pub(crate) fn receive(&self, text: String) {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) else { return (self.deliver)(&text) };
        let session = value.get("sessionId").and_then(|s| s.as_str()).map(str::to_string);
        let Ok(mut lanes) = self.lanes.lock() else { return (self.deliver)(&text) };
        let now = Instant::now();
        if value.get("id").is_some() {
            // A reply: delayed on its own, never before the events of its session that came first.
            // A millisecond later than the last of them: timers of one instant fire in no set order.
            let after_events = lanes.get(&session).map_or(now, |(_, last)| *last + Duration::from_millis(1));
            let at = (now + self.delay(self.plan.max_reply_delay)).max(after_events);
            let deliver = Arc::clone(&self.deliver);
            tokio::spawn(async move {
                tokio::time::sleep_until(at).await;
                deliver(&text);
            });
            return;
        }
        let delay = self.delay(self.plan.max_event_delay);
        let (lane, last) = lanes.entry(session).or_insert_with(|| {
            let (tx, mut rx) = mpsc::unbounded_channel::<Held>();
            let deliver = Arc::clone(&self.deliver);
            tokio::spawn(async move {
                while let Some((at, text)) = rx.recv().await {
                    tokio::time::sleep_until(at).await;
                    deliver(&text);
                }
            });
            (tx, now)
        });
        let at = (now + delay).max(*last);
        *last = at;
        let _ = lane.send((at, text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layer keeps what Chromium guarantees: each session's events in order, and a reply
    /// never ahead of an event of its session that came before it; it does reorder the rest.
    #[tokio::test(flavor = "current_thread")]
    async fn delays_stay_within_the_legal_orders() {
        let mut reordered = false;
        for seed in 0..20 {
            let seen = Arc::new(Mutex::new(Vec::<String>::new()));
            let sink = Arc::clone(&seen);
            let plan = FaultPlan {
                seed,
                max_event_delay: Duration::from_millis(8),
                max_reply_delay: Duration::from_millis(12),
            };
            let faults = Faults::new(plan, Arc::new(move |text: &str| sink.lock().unwrap().push(text.to_string())));
            let mut sent = Vec::new();
            for i in 0..30 {
                let session = if i % 2 == 0 { "A" } else { "B" };
                let text = if i % 5 == 4 {
                    format!(r#"{{"id":{i},"sessionId":"{session}","result":{{}}}}"#)
                } else {
                    format!(r#"{{"method":"E.e{i}","sessionId":"{session}","params":{{}}}}"#)
                };
                faults.receive(text.clone());
                sent.push(text);
            }
            tokio::time::sleep(Duration::from_millis(80)).await;
            let seen = seen.lock().unwrap().clone();
            assert_eq!(seen.len(), sent.len(), "seed {seed}: everything is delivered");
            let position = |t: &String| seen.iter().position(|s| s == t).unwrap();
            for (i, a) in sent.iter().enumerate() {
                for b in &sent[i + 1..] {
                    let session = |t: &str| if t.contains("\"A\"") { 'A' } else { 'B' };
                    let is_event = |t: &str| t.contains("method");
                    // a came first on the wire; b may only overtake it where the model allows.
                    if session(a) == session(b) && is_event(a) && position(b) < position(a) {
                        panic!("seed {seed}: {b} overtook {a} of its session");
                    }
                    if position(b) < position(a) {
                        reordered = true;
                    }
                }
            }
        }
        assert!(reordered, "some messages were delivered out of their wire order");
    }
}
