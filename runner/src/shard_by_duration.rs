//! `--shard I/N --shard-by duration:FILE`: shards of even duration. The durations come from a
//! previous run's message stream (`--format message:FILE`, or a merged one): each pickle is
//! known by its content key ([`pickle_key`]: file, name, steps…), so ids and line moves do not
//! matter. Pickles are dealt longest first, each to the shard with the least time so far
//! (longest-processing-time first); pickles the file does not know are then dealt by count.
//! Every shard computes the same split from the same inputs, so together they run the suite
//! once. The split becomes the `only` filter of the run (its content keys).

use crate::execute::Shard;
use crate::filters::pickle_key;
use ferridriver_messages::Pickle;
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// How shards are made (`--shard-by`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShardBy {
    /// Every N-th selected pickle (the default).
    Count,
    /// Even summed durations, as a previous run's message file measured them.
    Duration(std::path::PathBuf),
}

impl ShardBy {
    /// Reads `count` or `duration:FILE`.
    pub fn parse(value: &str) -> Result<ShardBy, String> {
        match value.split_once(':') {
            None if value == "count" => Ok(ShardBy::Count),
            Some(("duration", file)) if !file.is_empty() => Ok(ShardBy::Duration(file.into())),
            _ => Err(format!(
                "--shard-by {value:?} must be `count` or `duration:FILE`\n  hint: FILE is a message file of an earlier run (--format message:FILE)"
            )),
        }
    }
}

/// Each pickle's duration in seconds (all its attempts), by content key, from a message file.
pub fn durations_from(file: &Path) -> Result<HashMap<u64, f64>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| {
        format!("--shard-by duration:{}: {e}\n  hint: write it with --format message:FILE", file.display())
    })?;
    let mut keys: HashMap<String, u64> = HashMap::new(); // pickle id → key
    let mut cases: HashMap<String, String> = HashMap::new(); // test case id → pickle id
    let mut started: HashMap<String, (String, f64)> = HashMap::new(); // started id → (case, at)
    let mut durations: HashMap<u64, f64> = HashMap::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let envelope: Value = serde_json::from_str(line)
            .map_err(|e| format!("{}:{}: not a message envelope: {e}", file.display(), n + 1))?;
        if let Some(pickle) = envelope.get("pickle") {
            if let Ok(pickle) = serde_json::from_value::<Pickle>(pickle.clone()) {
                keys.insert(pickle.id.clone(), pickle_key(&pickle));
            }
        } else if let Some(case) = envelope.get("testCase") {
            if let (Some(id), Some(pickle)) = (case["id"].as_str(), case["pickleId"].as_str()) {
                cases.insert(id.to_string(), pickle.to_string());
            }
        } else if let Some(start) = envelope.get("testCaseStarted") {
            if let (Some(id), Some(case)) = (start["id"].as_str(), start["testCaseId"].as_str()) {
                started.insert(id.to_string(), (case.to_string(), seconds(&start["timestamp"])));
            }
        } else if let Some(end) = envelope.get("testCaseFinished") {
            let Some((case, at)) = end["testCaseStartedId"].as_str().and_then(|id| started.get(id)) else { continue };
            let key = cases.get(case).and_then(|pickle| keys.get(pickle));
            if let Some(key) = key {
                *durations.entry(*key).or_default() += (seconds(&end["timestamp"]) - at).max(0.0);
            }
        }
    }
    Ok(durations)
}

fn seconds(timestamp: &Value) -> f64 {
    timestamp["seconds"].as_f64().unwrap_or(0.0) + timestamp["nanos"].as_f64().unwrap_or(0.0) / 1e9
}

/// The content keys shard `shard` runs, of `keys` (the selected pickles in defined order).
pub fn split(keys: &[u64], durations: &HashMap<u64, f64>, shard: Shard) -> HashSet<u64> {
    let total = shard.total.max(1) as usize;
    let mut unique: Vec<u64> = Vec::new();
    let mut seen = HashSet::new();
    for key in keys {
        if seen.insert(*key) {
            unique.push(*key);
        }
    }
    // (position, key) of the pickles the file measured, and of the others.
    type Placed = Vec<(usize, u64)>;
    let (mut known, unknown): (Placed, Placed) =
        unique.iter().copied().enumerate().partition(|(_, k)| durations.contains_key(k));
    // Longest first; equal durations in defined order, so every shard sorts alike.
    known.sort_by(|(ia, a), (ib, b)| durations[b].total_cmp(&durations[a]).then(ia.cmp(ib)));
    let mut load = vec![0.0f64; total];
    let mut owner: HashMap<u64, usize> = HashMap::new();
    for (_, key) in known {
        let lightest = (0..total).min_by(|a, b| load[*a].total_cmp(&load[*b]).then(a.cmp(b))).unwrap_or(0);
        load[lightest] += durations[&key];
        owner.insert(key, lightest);
    }
    for (n, (_, key)) in unknown.into_iter().enumerate() {
        owner.insert(key, n % total);
    }
    let mine = shard.index as usize - 1;
    owner.into_iter().filter(|(_, s)| *s == mine).map(|(k, _)| k).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_first_to_the_lightest_shard_then_unknown_by_count() {
        let durations: HashMap<u64, f64> = [(1, 8.0), (2, 1.0), (3, 1.0), (4, 1.0), (5, 5.0)].into_iter().collect();
        let keys = [1, 2, 3, 4, 5, 6, 7, 2];
        let one = split(&keys, &durations, Shard { index: 1, total: 2 });
        let two = split(&keys, &durations, Shard { index: 2, total: 2 });
        assert_eq!(one, [1, 6].into_iter().collect(), "8 s, then an unknown one");
        assert_eq!(two, [5, 2, 3, 4, 7].into_iter().collect(), "5 + 1 + 1 + 1 s");
        assert!(one.is_disjoint(&two));
        assert_eq!(ShardBy::parse("duration:run.ndjson"), Ok(ShardBy::Duration("run.ndjson".into())));
        assert_eq!(ShardBy::parse("count"), Ok(ShardBy::Count));
        assert!(ShardBy::parse("duration:").is_err() && ShardBy::parse("time").is_err());
    }
}
