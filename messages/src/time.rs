//! Timestamps, durations and the replaceable clock that produces them.

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};

/// A point in time since the Unix epoch.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timestamp {
    pub seconds: i64,
    pub nanos: i64,
}

/// A length of time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duration {
    pub seconds: i64,
    pub nanos: i64,
}

impl From<std::time::Duration> for Duration {
    fn from(d: std::time::Duration) -> Self {
        Duration { seconds: d.as_secs() as i64, nanos: d.subsec_nanos() as i64 }
    }
}

impl Timestamp {
    fn from_nanos(total: u128) -> Self {
        Timestamp { seconds: (total / 1_000_000_000) as i64, nanos: (total % 1_000_000_000) as i64 }
    }
}

/// Where timestamps come from. Tests replace the system clock with a fixed one so that
/// message streams compare exactly.
#[derive(Debug)]
pub enum Clock {
    /// The real wall clock.
    System,
    /// Starts at zero and advances one millisecond per reading.
    Fake(AtomicU64),
}

impl Clock {
    /// A clock that returns 0 ms, 1 ms, 2 ms… on successive readings.
    pub fn fake() -> Self {
        Clock::Fake(AtomicU64::new(0))
    }

    /// The current time.
    pub fn now(&self) -> Timestamp {
        match self {
            Clock::System => {
                let d = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
                Timestamp::from_nanos(d.as_nanos())
            }
            Clock::Fake(ms) => Timestamp::from_nanos(ms.fetch_add(1, Ordering::Relaxed) as u128 * 1_000_000),
        }
    }
}
