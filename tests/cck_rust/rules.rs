//! Port of cck/samples/rules.
use ferridriver::steps::registry::StepFailure;
use ferridriver::{given, then, when};

#[derive(Default)]
struct Shop {
    money: i64,
    stock: Vec<&'static str>,
    chocolate: Option<&'static str>,
}

#[given(expr = "the customer has {int} cents")]
async fn money(w: &mut Shop, cents: i64) {
    w.money = cents;
}

#[given(expr = "there are chocolate bars in stock")]
async fn in_stock(w: &mut Shop) {
    w.stock = vec!["Mars"];
}

#[given(expr = "there are no chocolate bars in stock")]
async fn none_in_stock(w: &mut Shop) {
    w.stock.clear();
}

#[when(expr = "the customer tries to buy a {int} cent chocolate bar")]
async fn buy(w: &mut Shop, price: i64) {
    if w.money >= price {
        w.chocolate = w.stock.pop();
    }
}

#[then(expr = "the sale should not happen")]
async fn no_sale(w: &mut Shop) -> Result<(), StepFailure> {
    match w.chocolate {
        None => Ok(()),
        Some(c) => Err(StepFailure::new("AssertionError", format!("expected no sale, got {c}"))),
    }
}

#[then(expr = "the sale should happen")]
async fn sale(w: &mut Shop) -> Result<(), StepFailure> {
    w.chocolate.map(|_| ()).ok_or_else(|| StepFailure::new("AssertionError", "expected a sale"))
}
