//! Several locator operations at once on one page (a JS step's `Promise.all`, assertions polled
//! side by side): none may lose the element it resolved to another operation's clean-up. Runs
//! under the fault-injecting transport with a fixed seed, which delays replies so operations
//! overlap; before handles were counted per operation, the batched release of remote objects
//! failed some with "Could not find object with given id".

mod support;

use ferridriver_browser::{Browser, FaultPlan, LaunchOptions};

const LIST: &str = "<title>list</title><ul>\
    <li id=a data-n=1>Apples</li><li id=b data-n=2>Bread</li><li id=c data-n=3>Cheese</li>\
    <li id=d data-n=4>Dates</li></ul><input id=q value=tea>";

static PAGES: &[(&str, &str)] = &[("/list", LIST)];

#[tokio::test(flavor = "current_thread")]
async fn overlapping_operations_keep_their_elements() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let browser = Browser::launch_with_faults(&LaunchOptions::default(), FaultPlan::seeded(7)).await.expect("chromium");
    let page = browser.new_context().await.unwrap().new_page().await.unwrap();
    page.goto(&format!("{base}/list")).await.unwrap();
    let mut failures = Vec::new();
    for round in 0..12 {
        let reads = ["#a", "#b", "#c", "#d"].into_iter().cycle().take(24).enumerate().map(|(i, id)| {
            let page = &page;
            async move {
                let l = page.locator(id);
                let r = match i % 3 {
                    0 => l.text_content().await.map(|t| t.len()),
                    1 => l.get_attribute("data-n").await.map(|v| v.map_or(0, |v| v.len())),
                    _ => page.locator("#q").input_value().await.map(|v| v.len()),
                };
                r.map_err(|e| format!("round {round}, {id}: {e}"))
            }
        });
        failures.extend(futures::future::join_all(reads).await.into_iter().filter_map(Result::err));
    }
    browser.close().await;
    assert!(failures.is_empty(), "{} of 288 operations failed:\n{}", failures.len(), failures.join("\n"));
}
