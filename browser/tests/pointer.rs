//! Pointer actions as a user's mouse: the pointer reaches the element (hover state, `mouseover`)
//! before the press, a click waits for an element that is still sliding into place, and an
//! element that jumps away when hovered is followed to where it lands.

mod support;

use ferridriver_browser::TextMatch;
use serde_json::json;

const PAGES: &[(&str, &str)] = &[(
    "/pointer",
    r#"<!DOCTYPE html><title>Pointer</title>
<style>
  @keyframes slide { from { transform: translateX(300px) } to { transform: none } }
  #sliding { animation: slide 400ms linear }
  #menu .item { display: none } #menu:hover .item { display: block }
  #shy { position: relative }
</style>
<script>
  const log = [];
  const record = (e) => log.push(e.type + ':' + (e.target.id || e.target.localName));
  for (const t of ['mouseover', 'mousedown', 'mouseup', 'click', 'dblclick']) addEventListener(t, record, true);
</script>
<button id="plain">Plain</button>
<button id="sliding" onclick="this.textContent = 'Caught'">Sliding</button>
<div id="menu"><span>Menu</span><button class="item" id="item" onclick="this.textContent = 'Chosen'">Item</button></div>
<button id="shy" onmouseenter="if (!this.dataset.moved) { this.dataset.moved = 1; this.style.left = '150px' }"
  onclick="this.textContent = 'Pressed'">Shy</button>"#,
)];

#[tokio::test(flavor = "current_thread")]
async fn pointer_actions_hover_wait_for_stability_and_follow_the_element() {
    let Some((browser, page, _base)) = support::open_at(PAGES, "/pointer").await else { return };
    let log = || async { page.evaluate("log.splice(0)").await.unwrap() };

    // The pointer is over the button before the press: mouseover, then the click's events.
    page.locator("#plain").click().await.unwrap();
    assert_eq!(log().await, json!(["mouseover:plain", "mousedown:plain", "mouseup:plain", "click:plain"]));
    page.locator("#plain").dblclick().await.unwrap();
    let events = log().await;
    assert_eq!(events.as_array().unwrap().iter().filter(|e| *e == "dblclick:plain").count(), 1, "{events}");

    // Still sliding in when asked: the click waits until it stands still, and lands on it.
    page.evaluate("document.getElementById('sliding').style.animation = 'none'; void document.body.offsetWidth; document.getElementById('sliding').style.animation = ''").await.unwrap();
    page.get_by_role("button", Some(TextMatch::Exact("Sliding".into()))).click().await.unwrap();
    assert_eq!(page.locator("#sliding").text_content().await.unwrap(), "Caught");

    // Shown only while hovered: hover opens the menu, and the item is then clickable.
    page.locator("#menu span").hover().await.unwrap();
    page.get_by_role("button", Some(TextMatch::Exact("Item".into()))).click().await.unwrap();
    assert_eq!(page.locator("#item").text_content().await.unwrap(), "Chosen");

    // Jumps away when the pointer reaches it: the click follows it to where it stopped.
    page.locator("#shy").click().await.unwrap();
    assert_eq!(page.locator("#shy").text_content().await.unwrap(), "Pressed");
    browser.close().await;
}
