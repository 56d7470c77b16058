//! Measures, on the bench's todo page: context+page creation (and close), and the median
//! latency of fill, click and textContent through locators. Usage: BASE_URL … [ROUNDS]

use ferridriver_browser::{Browser, LaunchOptions, TextMatch};
use std::time::Instant;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut args = std::env::args().skip(1);
    let base = args.next().expect("BASE_URL");
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let t = Instant::now();
    let browser = Browser::launch(&LaunchOptions::default()).await.expect("launch");
    println!("launch_ms {:.1}", t.elapsed().as_secs_f64() * 1e3);

    let mut creation = Vec::new();
    for _ in 0..20 {
        let t = Instant::now();
        let context = browser.new_context().await.expect("context");
        let mut page = context.new_page().await.expect("page");
        creation.push(t.elapsed().as_secs_f64() * 1e3);
        page.close().await.expect("close page");
        context.close().await.expect("close context");
    }
    println!("context_page_ms {:.2}", median(creation));

    let context = browser.new_context().await.expect("context");
    let page = context.new_page().await.expect("page");
    page.goto(&format!("{base}/todo.html?user=bench")).await.expect("goto");
    let field = page.get_by_label(TextMatch::Exact("New todo".into()));
    let add = page.get_by_role("button", Some(TextMatch::Exact("Add".into())));
    let left = page.locator("#left");
    let (mut fill, mut click, mut text) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..rounds {
        let t = Instant::now();
        field.fill(&format!("item {i}")).await.expect("fill");
        fill.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        add.click().await.expect("click");
        click.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        left.text_content().await.expect("textContent");
        text.push(t.elapsed().as_secs_f64() * 1e3);
    }
    println!("fill_ms {:.2}", median(fill));
    println!("click_ms {:.2}", median(click));
    println!("text_content_ms {:.2}", median(text));
    browser.close().await;
}
