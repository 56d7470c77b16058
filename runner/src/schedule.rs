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

/// Parses `I/N` with 1 ≤ I ≤ N.
pub fn parse_shard(value: &str) -> Result<Shard, String> {
    let bad = || format!("--shard '{value}' must be INDEX/TOTAL with 1 <= INDEX <= TOTAL, e.g. 2/4");
    let (i, n) = value.split_once('/').ok_or_else(bad)?;
    let (index, total): (u32, u32) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if index == 0 || total == 0 || index > total {
        return Err(bad());
    }
    Ok(Shard { index, total })
}

#[cfg(test)]
mod tests {
    use super::*;

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
