//! Steps for a small in-memory shop: typed arguments, a custom parameter type, a data table,
//! a doc string, per-scenario state, world parameters and hooks.

use ferridriver::{after, before, given, parameter_type, then, when, DataTable, StepFailure, StepResult, World};
use std::collections::BTreeMap;

/// A price such as `€4.50`, kept in cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Price(pub i64);

#[parameter_type(name = "price", regex = r"€(\d+)\.(\d\d)")]
fn price(euros: &str, cents: &str) -> Price {
    Price(euros.parse::<i64>().unwrap_or(0) * 100 + cents.parse::<i64>().unwrap_or(0))
}

/// One scenario's shop.
#[derive(Default)]
pub struct Shop {
    prices: BTreeMap<String, i64>,
    cart: Vec<String>,
    receipt: Option<String>,
}

#[before]
async fn open_shop(world: &mut World) {
    world.log("shop opened");
}

#[after(tags = "@receipt")]
async fn attach_receipt(world: &mut World) {
    let receipt = world.state::<Shop>().receipt.clone();
    if let Some(r) = receipt {
        world.attach_text(r, "text/plain");
    }
}

#[given(expr = "the catalogue:")]
async fn catalogue(shop: &mut Shop, table: &DataTable) -> StepResult {
    for row in table.hashes() {
        let p = row.get("price").ok_or("the catalogue needs a price column")?;
        let cents = p.replace(['€', '.'], "").parse::<i64>().map_err(|e| format!("bad price {p}: {e}"))?;
        shop.prices.insert(row.get("item").cloned().unwrap_or_default(), cents);
    }
    Ok(())
}

#[given(expr = "{word} costs {price}")]
async fn costs(shop: &mut Shop, item: String, price: Price) {
    shop.prices.insert(item, price.0);
}

#[when(expr = "I add {int} {word} to the cart")]
async fn add(shop: &mut Shop, count: usize, item: String) -> StepResult {
    if !shop.prices.contains_key(&item) {
        return Err(StepFailure::new("ShopError", format!("{item} is not in the catalogue")));
    }
    shop.cart.extend(std::iter::repeat_n(item, count));
    Ok(())
}

#[when(expr = "I check out")]
async fn check_out(shop: &mut Shop) {
    let total: i64 = shop.cart.iter().map(|i| shop.prices[i]).sum();
    shop.receipt = Some(format!("{} items, €{}.{:02}", shop.cart.len(), total / 100, total % 100));
}

#[then(expr = "the total is {price}")]
async fn total_is(shop: &mut Shop, expected: Price) -> StepResult {
    let total: i64 = shop.cart.iter().map(|i| shop.prices[i]).sum();
    if total == expected.0 {
        Ok(())
    } else {
        Err(StepFailure::new("AssertionError", format!("expected total {} cents, got {total}", expected.0)))
    }
}

#[then(expr = "the receipt reads:")]
async fn receipt_reads(shop: &mut Shop, doc_string: &str) -> StepResult {
    match &shop.receipt {
        Some(r) if r == doc_string.trim() => Ok(()),
        other => Err(StepFailure::new("AssertionError", format!("receipt is {other:?}, expected {doc_string:?}"))),
    }
}

#[then(expr = "the currency is the one from the world parameters")]
async fn currency(world: &mut World) -> StepResult {
    match world.parameters.get("currency").and_then(|c| c.as_str()) {
        Some("EUR") => Ok(()),
        other => Err(StepFailure::new("AssertionError", format!("currency parameter is {other:?}"))),
    }
}

#[when(expr = "the till crashes")]
async fn crash(_shop: &mut Shop) {
    panic!("the till crashed");
}

#[when(expr = "the till hangs")]
async fn hang(_shop: &mut Shop) {
    tokio_sleep_forever().await;
}

async fn tokio_sleep_forever() {
    std::future::pending::<()>().await
}

#[when(expr = "the loyalty scheme is applied")]
async fn loyalty(_shop: &mut Shop) -> ferridriver::StepOutcome {
    // Not written yet: cucumber-js's `return 'pending'`.
    ferridriver::StepOutcome::Pending
}
