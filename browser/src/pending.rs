//! What the browser layer is waiting for right now, per thread, so that a step that runs out of
//! time can say which action or assertion it was stuck in (`locator('#save').click()`,
//! `page.goto(…)`). Each operation is noted while it runs; futures of one thread may overlap,
//! so the latest one still running is the answer.

use std::cell::RefCell;

thread_local! {
    static PENDING: RefCell<Vec<(u64, String)>> = const { RefCell::new(Vec::new()) };
    static NEXT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The latest browser operation still running on this thread, as Playwright would write it.
pub fn pending_action() -> Option<String> {
    PENDING.with(|p| p.borrow().last().map(|(_, d)| d.clone()))
}

/// The error of a step that ran out of `timeout`, naming the browser operation it was waiting
/// for (`pending`, read before the step's future is dropped).
pub fn timed_out(timeout: std::time::Duration, pending: Option<&str>) -> String {
    match pending {
        Some(action) => format!(
            "timed out after {} ms while waiting for {action}\n  hint: raise the step's timeout ({{ timeout: ms }} or --timeout) if the page is slow, or check the locator",
            timeout.as_millis()
        ),
        None => format!("timed out after {} ms", timeout.as_millis()),
    }
}

/// Notes `description` as running until the returned guard is dropped.
pub(crate) fn note(description: String) -> Noted {
    let id = NEXT.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    });
    PENDING.with(|p| p.borrow_mut().push((id, description)));
    Noted(id)
}

/// Removes its operation from the pending ones when dropped (also when the operation's future
/// is dropped half-way, as at a step's timeout).
pub(crate) struct Noted(u64);

impl Drop for Noted {
    fn drop(&mut self) {
        // The thread-local may already be gone while the thread ends.
        let _ = PENDING.try_with(|p| p.borrow_mut().retain(|(id, _)| *id != self.0));
    }
}
