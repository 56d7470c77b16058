//! Locators, actions and web-first assertions in real Chromium against a fixture page.

mod support;

use ferridriver_browser::{expect, expect_page, Browser, Page, TextMatch};
use std::time::Duration;

const PAGES: &[(&str, &str)] = &[("/form", include_str!("site/form.html"))];

async fn open() -> Option<(Browser, Page, String)> {
    support::open_at(PAGES, "/form").await
}

#[tokio::test(flavor = "current_thread")]
async fn finds_by_role_label_text_placeholder_alt_title_and_test_id() {
    let Some((browser, page, _)) = open().await else { return };
    let sign_in = page.get_by_role("button", Some(TextMatch::Exact("Sign in".into())));
    assert_eq!(sign_in.count().await.unwrap(), 1, "roles come from the accessibility tree");
    assert_eq!(page.get_by_role("heading", None).text_content().await.unwrap(), "Sign in");
    assert_eq!(
        page.get_by_role("button", Some("remove".into())).count().await.unwrap(),
        2,
        "substring, case-insensitive"
    );
    assert_eq!(page.get_by_label("User name").get_attribute("id").await.unwrap().as_deref(), Some("user"));
    assert_eq!(page.get_by_label("Password").get_attribute("id").await.unwrap().as_deref(), Some("pass"));
    assert_eq!(page.get_by_label("Plan").get_attribute("id").await.unwrap().as_deref(), Some("plan"));
    assert_eq!(page.get_by_placeholder("your password").count().await.unwrap(), 1);
    assert_eq!(page.get_by_alt_text("Company logo").count().await.unwrap(), 1);
    assert_eq!(page.get_by_title("Logo").count().await.unwrap(), 1);
    assert_eq!(page.get_by_test_id("item").count().await.unwrap(), 2);
    assert_eq!(page.get_by_text("Pears").count().await.unwrap(), 1);
    assert_eq!(page.get_by_text(TextMatch::regex("^app", "i")).count().await.unwrap(), 1);
    let pears = page.get_by_test_id("item").filter_has_text("Pears");
    assert_eq!(pears.get_by_role("button", None).count().await.unwrap(), 1, "chained inside the filtered item");
    assert_eq!(page.get_by_test_id("item").last().text_content().await.unwrap().trim(), "Pears Remove");
    let with_button = page.locator("li").filter_has(&page.locator("button"));
    assert_eq!(with_button.count().await.unwrap(), 2);
    assert_eq!(page.locator("li").all().await.unwrap().len(), 2);
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn actions_fill_check_select_click_and_press() {
    let Some((browser, page, _)) = open().await else { return };
    page.get_by_label("User name").fill("ada").await.unwrap();
    page.get_by_label("Password").fill("secret").await.unwrap();
    assert_eq!(page.get_by_label("User name").input_value().await.unwrap(), "ada");
    page.get_by_label("Remember me").check().await.unwrap();
    assert!(page.get_by_label("Remember me").is_checked().await.unwrap());
    page.get_by_label("Remember me").uncheck().await.unwrap();
    assert!(!page.get_by_label("Remember me").is_checked().await.unwrap());
    assert_eq!(page.get_by_label("Plan").select_option(&["Professional"]).await.unwrap(), vec!["pro"]);
    page.get_by_role("button", Some(TextMatch::Exact("Sign in".into()))).click().await.unwrap();
    expect(&page.get_by_role("status", None)).to_have_text("Welcome, ada").await.unwrap();

    page.get_by_label("User name").fill("").await.unwrap();
    page.get_by_label("User name").type_text("bob").await.unwrap();
    page.get_by_label("User name").press("Enter").await.unwrap();
    expect(&page.locator("#message")).to_have_text("Wrong user name or password").await.unwrap();

    // Auto-waiting: the button appears after 300 ms.
    page.get_by_role("button", Some("Later".into())).click().await.unwrap();
    expect(&page.locator("#message")).to_contain_text("Later").await.unwrap();
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn strictness_actionability_and_assertion_failures_are_explained() {
    let Some((browser, page, _)) = open().await else { return };
    let err = page.get_by_role("button", Some("Remove".into())).click().await.unwrap_err().to_string();
    assert!(err.contains("strict mode violation") && err.contains("2 elements"), "{err}");
    assert!(err.contains("Apples") && err.contains("Pears"), "the matches are named: {err}");

    let disabled = page.get_by_role("button", Some("Reset".into())).with_timeout(Duration::from_millis(300));
    let err = disabled.click().await.unwrap_err().to_string();
    assert!(err.contains("not enabled") && err.contains("300 ms"), "{err}");
    expect(&disabled).to_be_disabled().await.unwrap();

    let covered = page.locator("#covered").with_timeout(Duration::from_millis(300));
    let err = covered.click().await.unwrap_err().to_string();
    assert!(err.contains("would receive the click instead"), "{err}");

    let err = expect(&page.locator("#message"))
        .timeout(Duration::from_millis(200))
        .to_have_text("Nope")
        .await
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("Expected: 'Nope'") && err.contains("Received: ''") && err.contains("locator('#message')"),
        "{err}"
    );
    expect(&page.locator("#message")).not().to_have_text("Nope").await.unwrap();
    expect(&page.get_by_test_id("item")).to_have_count(2).await.unwrap();
    expect(&page.get_by_label("User name")).to_have_attribute("name", "user").await.unwrap();
    expect(&page.get_by_label("User name")).to_be_enabled().await.unwrap();
    expect(&page.locator("#nothing")).to_be_hidden().await.unwrap();
    expect_page(&page).to_have_title("Sign in").await.unwrap();
    expect_page(&page).to_have_url(TextMatch::regex("/form$", "")).await.unwrap();
    let err =
        expect_page(&page).timeout(Duration::from_millis(100)).to_have_title("Other").await.unwrap_err().to_string();
    assert!(err.contains("Received: 'Sign in'"), "{err}");
    browser.close().await;
}

const FRAMES: &[(&str, &str)] = &[
    (
        "/frames",
        r#"<!DOCTYPE html><title>Frames</title>
<div style="height: 150px">spacer</div>
<iframe id="checkout" style="margin-left: 40px" srcdoc="<label for=card>Card number</label> <input id=card>
  <button onclick=&quot;document.getElementById('out').textContent = 'Paid with ' + document.getElementById('card').value&quot;>Pay</button>
  <p id=out role=status></p>"></iframe>"#,
    ),
    (
        "/two-frames",
        r#"<!DOCTYPE html><title>Two frames</title>
<iframe id="a" srcdoc="<p>first</p>"></iframe><iframe id="b" srcdoc="<p>second</p>"></iframe>"#,
    ),
];

#[tokio::test(flavor = "current_thread")]
async fn locators_reach_into_same_origin_iframes() {
    let Some((browser, page, base)) = support::open_at(FRAMES, "/frames").await else { return };
    let frame = page.frame_locator("#checkout");
    expect(&frame.get_by_role("button", Some(TextMatch::Exact("Pay".into())))).to_be_visible().await.unwrap();
    frame.get_by_label("Card number").fill("4242").await.unwrap();
    frame.get_by_role("button", Some(TextMatch::Exact("Pay".into()))).click().await.unwrap();
    expect(&frame.get_by_role("status", None)).to_have_text("Paid with 4242").await.unwrap();
    assert_eq!(
        page.get_by_role("button", Some("Pay".into())).count().await.unwrap(),
        0,
        "the frame's content is not the page's"
    );
    assert_eq!(
        frame.get_by_role("status", None).description(),
        "locator('#checkout').contentFrame().getByRole('status')"
    );

    // A frame locator steps into one frame, as in Playwright.
    page.goto(&format!("{base}/two-frames")).await.unwrap();
    expect(&page.frame_locator("#b").locator("p")).to_have_text("second").await.unwrap();
    let err = page.frame_locator("iframe").locator("p").count().await.unwrap_err().to_string();
    assert!(err.contains("strict mode violation: locator('iframe') resolved to 2 elements"), "{err}");
    let frames = page.frame_locator("iframe");
    expect(&frames.first().locator("p")).to_have_text("first").await.unwrap();
    expect(&frames.last().locator("p")).to_have_text("second").await.unwrap();
    expect(&frames.nth(1).get_by_text("second")).to_be_visible().await.unwrap();
    expect(&frames.owner()).to_have_count(2).await.unwrap();
    let b = page.locator("#b").content_frame();
    expect(&b.locator("p")).to_have_text("second").await.unwrap();
    assert_eq!(b.locator("p").description(), "locator('#b').contentFrame().locator('p')", "the same frame either way");
    assert_eq!(frames.first().locator("p").description(), "locator('iframe').first().contentFrame().locator('p')");
    browser.close().await;
}

/// The same server reached under another host name is another origin (and site): the outer
/// page is on 127.0.0.1, the frame on localhost.
const CROSS_ORIGIN_FRAMES: &[(&str, &str)] = &[
    (
        "/shop",
        r#"<!DOCTYPE html><title>Shop</title>
<div style="height: 120px">spacer</div>
<div style="padding: 25px 0 0 60px"><iframe id="pay" style="border: 7px solid #ccc" width="420" height="220"></iframe></div>
<script>
  document.getElementById('pay').src = location.href.replace('127.0.0.1', 'localhost').replace(/\/shop$/, '/pay')
</script>"#,
    ),
    (
        "/pay",
        r#"<!DOCTYPE html><title>Pay</title>
<div style="height: 60px"></div>
<label for=card>Card number</label> <input id=card>
<button onclick="document.getElementById('out').textContent = 'Paid with ' + document.getElementById('card').value + ' on ' + location.hostname">Pay</button>
<p id=out role=status></p>"#,
    ),
];

#[tokio::test(flavor = "current_thread")]
async fn locators_reach_into_cross_origin_iframes() {
    let Some((browser, page, _)) = support::open_at(CROSS_ORIGIN_FRAMES, "/shop").await else { return };
    let frame = page.frame_locator("#pay");
    let pay = frame.get_by_role("button", Some(TextMatch::Exact("Pay".into())));
    expect(&pay).to_be_visible().await.unwrap();
    assert_eq!(
        page.evaluate("document.getElementById('pay').contentDocument === null").await.unwrap(),
        serde_json::json!(true),
        "the page's scripts cannot see into the frame: it is cross-origin"
    );
    frame.get_by_label("Card number").fill("4242").await.unwrap();
    // The click lands on the button only if the frame's offset (padding, border) is right.
    pay.click().await.unwrap();
    expect(&frame.get_by_role("status", None)).to_have_text("Paid with 4242 on localhost").await.unwrap();
    assert_eq!(frame.locator("#card").input_value().await.unwrap(), "4242");
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn negative_filters_and_regex_or_list_matchers() {
    let Some((browser, page, _)) = open().await else { return };
    let items = page.get_by_test_id("item");
    assert_eq!(items.filter_has_not_text("Pears").text_content().await.unwrap().trim(), "Apples Remove");
    // and / or: identity in the page, document order, no duplicates.
    let pears = items.and(&page.locator("li").filter_has_text("Pears"));
    assert_eq!(pears.count().await.unwrap(), 1);
    assert!(pears.text_content().await.unwrap().contains("Pears"));
    assert_eq!(items.and(&page.locator("h1")).count().await.unwrap(), 0);
    let either = page.get_by_label("Password").or(&page.get_by_label("User name"));
    assert_eq!(either.first().get_attribute("id").await.unwrap().as_deref(), Some("user"), "document order");
    assert_eq!(either.count().await.unwrap(), 2);
    assert_eq!(items.or(&items.first()).count().await.unwrap(), 2, "each element once");
    assert_eq!(items.and(&page.locator("li")).description(), "getByTestId('item').and(locator('li'))");
    assert_eq!(page.locator("li, h1").filter_has_not(&page.locator("button")).count().await.unwrap(), 1);
    expect(&items).to_have_texts(&["Apples Remove".into(), TextMatch::regex("^Pears", "")]).await.unwrap();
    let err =
        expect(&items).timeout(Duration::from_millis(200)).to_have_texts(&["Apples Remove".into()]).await.unwrap_err();
    assert!(err.to_string().contains("Received: [\"Apples Remove\", \"Pears Remove\"]"), "{err}");
    let user = page.get_by_label("User name");
    user.fill("ada99").await.unwrap();
    expect(&user).to_have_value(TextMatch::regex("^ada\\d+$", "")).await.unwrap();
    assert_eq!(user.evaluate("(el, s) => el.value + s", serde_json::json!("?")).await.unwrap(), "ada99?");
    let err = user.evaluate("async () => { throw new Error('boom') }", serde_json::Value::Null).await.unwrap_err();
    assert!(err.to_string().contains("boom"), "{err}");
    let texts =
        items.evaluate_all("els => els.map(e => e.firstChild.textContent.trim())", serde_json::Value::Null).await;
    assert_eq!(texts.unwrap(), serde_json::json!(["Apples", "Pears"]));
    let none = page.locator(".nothing-here").evaluate_all("(els, n) => els.length + n", serde_json::json!(1)).await;
    assert_eq!(none.unwrap(), 1);
    expect(&user).to_have_attribute("id", TextMatch::regex("^us", "")).await.unwrap();
    page.evaluate("document.getElementById('user').className = 'wide field'").await.unwrap();
    expect(&user).to_have_class("wide field").await.unwrap();
    expect(&user).to_contain_class("field").await.unwrap();
    expect(&user).not().to_have_class("field").await.unwrap();
    page.evaluate("document.querySelectorAll('[data-testid=item]')[1].className = 'ripe'").await.unwrap();
    expect(&items).to_contain_texts(&["Apples", "Pears"]).await.unwrap();
    expect(&items).not().to_contain_texts(&["Pears", "Apples"]).await.unwrap();
    expect(&items).to_contain_matches(&[TextMatch::regex("^Pears", "")]).await.unwrap();
    expect(&items).to_have_classes(&["".into(), TextMatch::regex("^ri", "")]).await.unwrap();
    expect(&items).to_contain_classes(&["", "ripe"]).await.unwrap();
    let err = expect(&items).timeout(Duration::from_millis(200)).to_contain_classes(&["ripe", ""]).await.unwrap_err();
    assert!(err.to_string().contains("toContainClass") && err.to_string().contains("\"ripe\""), "{err}");
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn keyboard_and_mouse_work_at_page_level() {
    let Some((browser, page, _)) = open().await else { return };
    page.get_by_label("User name").click().await.unwrap();
    page.keyboard_type("ada").await.unwrap();
    page.keyboard_press("Tab").await.unwrap();
    page.keyboard_type("secret").await.unwrap();
    assert_eq!(page.get_by_label("Password").input_value().await.unwrap(), "secret", "Tab moved the focus");
    page.keyboard_press("Enter").await.unwrap();
    expect(&page.locator("#message")).to_have_text("Welcome, ada").await.unwrap();
    let point = page.evaluate("(() => { const r = document.getElementById('overlay').getBoundingClientRect(); return [r.x + 5, r.y + 5]; })()").await.unwrap();
    page.mouse_click(point[0].as_f64().unwrap(), point[1].as_f64().unwrap()).await.unwrap();
    expect(&page.locator("#overlay")).to_have_count(0).await.unwrap();

    // Combinations, held modifiers, IME-style text.
    let name = page.get_by_label("User name");
    name.fill("ada lovelace").await.unwrap();
    name.press("Control+A").await.unwrap();
    page.keyboard_press("Backspace").await.unwrap();
    assert_eq!(name.input_value().await.unwrap(), "", "Control+A selected everything");
    page.keyboard_insert_text("Grace ").await.unwrap();
    page.keyboard_down("Shift").await.unwrap();
    page.keyboard_press("ArrowLeft").await.unwrap();
    page.keyboard_press("ArrowLeft").await.unwrap();
    page.keyboard_up("Shift").await.unwrap();
    page.keyboard_type("X").await.unwrap();
    assert_eq!(name.input_value().await.unwrap(), "GracX", "Shift+ArrowLeft selected the last two characters");
    let err = page.keyboard_press("Hyper+A").await.unwrap_err().to_string();
    assert!(err.contains("unknown key 'Hyper'") && err.contains("hint"), "{err}");
    browser.close().await;
}
