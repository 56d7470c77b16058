//! Sharding and ordering the selected pickles before they are queued.

use crate::execute::{Order, Shard};

/// Keeps shard `index` of `total` (by position in defined order, so every shard of the same
/// suite agrees), then orders what is left.
pub fn schedule<T>(items: Vec<T>, shard: Option<Shard>, order: Order) -> Vec<T> {
    let mut kept: Vec<T> = match shard {
        Some(s) => items.into_iter().enumerate().filter(|(i, _)| s.keeps(*i as u32)).map(|(_, p)| p).collect(),
        None => items,
    };
    match order {
        Order::Defined => {}
        Order::Reverse => kept.reverse(),
        Order::Random(seed) => shuffle(&mut kept, seed),
    }
    kept
}

/// Fisher–Yates with a splitmix64 stream: the same seed gives the same order on every machine.
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for i in (1..items.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// Parses `defined`, `reverse`, `random` or `random:SEED`.
pub fn parse_order(value: &str) -> Result<Order, String> {
    match value.split_once(':') {
        None if value == "defined" => Ok(Order::Defined),
        None if value == "reverse" => Ok(Order::Reverse),
        None if value == "random" => {
            let seed = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64 % 1_000_000)
                .unwrap_or(0);
            Ok(Order::Random(seed))
        }
        Some(("random", seed)) => seed
            .parse()
            .map(Order::Random)
            .map_err(|_| format!("--order random:{seed}: the seed must be a whole number")),
        _ => Err(format!("--order '{value}' is not one of defined, reverse, random, random:SEED")),
    }
}

/// Parses `I/N` with 1 ≤ I ≤ N, or `auto`: the CI's parallel job, from GitLab's
/// `CI_NODE_INDEX`/`CI_NODE_TOTAL` (1-based).
pub fn parse_shard(value: &str) -> Result<Shard, String> {
    if value == "auto" {
        return auto_shard(std::env::var("CI_NODE_INDEX").ok(), std::env::var("CI_NODE_TOTAL").ok());
    }
    let bad = || format!("--shard '{value}' must be INDEX/TOTAL with 1 <= INDEX <= TOTAL (e.g. 2/4), or auto");
    let (i, n) = value.split_once('/').ok_or_else(bad)?;
    let (index, total): (u32, u32) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if index == 0 || total == 0 || index > total {
        return Err(bad());
    }
    Ok(Shard { index, total })
}

/// `--shard auto` from the CI's variables.
fn auto_shard(index: Option<String>, total: Option<String>) -> Result<Shard, String> {
    match (index, total) {
        (Some(i), Some(n)) => parse_shard(&format!("{i}/{n}"))
            .map_err(|e| format!("{e}\n  (from CI_NODE_INDEX={i} and CI_NODE_TOTAL={n})")),
        _ => Err("--shard auto reads CI_NODE_INDEX and CI_NODE_TOTAL (GitLab's `parallel:` jobs set them); they are not set\n  hint: give --shard INDEX/TOTAL".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_shards_come_from_the_ci_variables() {
        assert_eq!(auto_shard(Some("2".into()), Some("3".into())), Ok(Shard { index: 2, total: 3 }));
        assert!(auto_shard(None, Some("3".into())).unwrap_err().contains("CI_NODE_INDEX"));
        assert!(auto_shard(Some("4".into()), Some("3".into())).unwrap_err().contains("CI_NODE_INDEX=4"));
    }

    #[test]
    fn shards_partition_the_suite() {
        let all: Vec<u32> = (0..10).collect();
        let mut union: Vec<u32> =
            (1..=3).flat_map(|i| schedule(all.clone(), Some(Shard { index: i, total: 3 }), Order::Defined)).collect();
        union.sort();
        assert_eq!(union, all);
        assert_eq!(schedule(all.clone(), Some(Shard { index: 1, total: 3 }), Order::Defined), vec![0, 3, 6, 9]);
    }

    #[test]
    fn random_order_is_reproducible() {
        let all: Vec<u32> = (0..50).collect();
        let a = schedule(all.clone(), None, Order::Random(42));
        assert_eq!(a, schedule(all.clone(), None, Order::Random(42)));
        assert_ne!(a, all);
        assert_eq!(schedule(all.clone(), None, Order::Reverse)[0], 49);
    }

    #[test]
    fn parses_flags() {
        assert_eq!(parse_order("random:7"), Ok(Order::Random(7)));
        assert!(parse_order("sideways").is_err());
        assert_eq!(parse_shard("2/4"), Ok(Shard { index: 2, total: 4 }));
        assert!(parse_shard("5/4").is_err());
        assert!(parse_shard("0/4").is_err());
    }
}
