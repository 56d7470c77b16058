//! Id generation. One generator per run hands out every id, so ids are unique across all
//! messages of the run. The sequential kind makes output reproducible for conformance tests.

use std::sync::atomic::{AtomicU64, Ordering};

/// Hands out message ids. Shared by reference between threads.
#[derive(Debug)]
pub enum IdGenerator {
    /// "0", "1", "2"… as the reference Gherkin implementation does in its tests.
    Incrementing(AtomicU64),
    /// Random-looking ids, unique per process run (a counter mixed with a per-run seed).
    Unique { seed: u64, next: AtomicU64 },
}

impl IdGenerator {
    /// Sequential ids from "0".
    pub fn incrementing() -> Self {
        IdGenerator::Incrementing(AtomicU64::new(0))
    }

    /// Ids formatted like UUIDs, distinct between runs.
    pub fn unique() -> Self {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
            ^ (std::process::id() as u64).rotate_left(32);
        IdGenerator::Unique { seed, next: AtomicU64::new(0) }
    }

    /// The next id.
    pub fn next_id(&self) -> String {
        match self {
            IdGenerator::Incrementing(n) => n.fetch_add(1, Ordering::Relaxed).to_string(),
            IdGenerator::Unique { seed, next } => {
                let n = next.fetch_add(1, Ordering::Relaxed);
                let hi = splitmix(seed ^ n);
                let lo = splitmix(hi ^ n.wrapping_mul(0x9E37_79B9));
                format!(
                    "{:08x}-{:04x}-4{:03x}-{:04x}-{:012x}",
                    (hi >> 32) as u32,
                    (hi >> 16) as u16,
                    (hi as u16) & 0x0fff,
                    ((lo >> 48) as u16 & 0x3fff) | 0x8000,
                    lo & 0xffff_ffff_ffff
                )
            }
        }
    }
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incrementing_ids_count_from_zero() {
        let ids = IdGenerator::incrementing();
        assert_eq!(ids.next_id(), "0");
        assert_eq!(ids.next_id(), "1");
    }

    #[test]
    fn unique_ids_do_not_repeat() {
        let ids = IdGenerator::unique();
        let set: std::collections::HashSet<String> = (0..10_000).map(|_| ids.next_id()).collect();
        assert_eq!(set.len(), 10_000);
    }
}
