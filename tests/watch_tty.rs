//! Watch mode as a person uses it: `ferridriver bdd --watch` in a real pseudo-terminal (tmux),
//! driven by keys and saves, read back from the screen. Needs tmux (`.ci/run` installs it;
//! without it the test fails).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    fn available() -> bool {
        let found = Command::new("tmux").arg("-V").output().is_ok_and(|o| o.status.success());
        assert!(found, "the watch-mode terminal test needs tmux: apt-get install -y tmux (or run .ci/run)");
        found
    }

    fn start(dir: &Path, command: &str) -> Tmux {
        let socket = format!("ferridriver-watch-{}", std::process::id());
        let shell = format!("cd '{}' && {command}; echo EXITED $?; sleep 60", dir.display());
        let ok = Command::new("tmux")
            .args(["-L", &socket, "new-session", "-d", "-s", "w", "-x", "200", "-y", "200", &shell])
            .status()
            .unwrap();
        assert!(ok.success());
        Tmux { socket }
    }

    fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p", "-S", "-", "-t", "w"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &str) {
        Command::new("tmux").args(["-L", &self.socket, "send-keys", "-t", "w", keys]).status().unwrap();
    }

    /// Waits until the screen shows `text` `times` times (or fails with the screen).
    fn wait_for(&self, text: &str, times: usize) -> String {
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            let screen = self.screen();
            if screen.matches(text).count() >= times {
                return screen;
            }
            assert!(Instant::now() < end, "never saw {text:?} ×{times}:\n{screen}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux").args(["-L", &self.socket, "kill-server"]).status();
    }
}

const FEATURE: &str = "Feature: A
  Scenario: one
    Given a basket with 1 items
    Then the basket holds 1 items

  Scenario: two
    Given a basket with 2 items
    Then the basket holds 2 items
";

fn project() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ferridriver-watch-tty-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("features")).unwrap();
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::write(dir.join("ferridriver.toml"), "[test]\nsteps = [\"steps/*.ts\"]\nparallel = 1\n").unwrap();
    std::fs::write(
        dir.join("steps/basket.ts"),
        "import { Given, Then } from '@cucumber/cucumber'\nimport assert from 'node:assert'\n\n\
         Given('a basket with {int} items', function (n: number) {\n  this.items = n\n})\n\n\
         Then('the basket holds {int} items', function (n: number) {\n  assert.equal(this.items, n)\n})\n",
    )
    .unwrap();
    std::fs::write(dir.join("features/a.feature"), FEATURE).unwrap();
    std::fs::write(dir.join("features/b.feature"), "Feature: B\n  Scenario: three\n    Given a basket with 3 items\n")
        .unwrap();
    dir
}

#[test]
fn keys_and_saves_drive_the_watcher_in_a_terminal() {
    if !Tmux::available() {
        eprintln!("tmux not found; skipping");
        return;
    }
    let dir = project();
    let tmux = Tmux::start(&dir, &format!("{} bdd --watch", env!("CARGO_BIN_EXE_ferridriver")));
    let prompt = "[watch] watching for changes";
    tmux.wait_for("[watch] run 1 · all 3 scenarios · first run", 1);
    tmux.wait_for(prompt, 1);

    tmux.keys("a");
    tmux.wait_for("[watch] run 2 · all 3 scenarios · all scenarios", 1);
    tmux.wait_for(prompt, 2);

    tmux.keys("Enter");
    tmux.wait_for("[watch] run 3 · all 3 scenarios · re-run of the last set", 1);
    tmux.wait_for(prompt, 3);

    std::fs::write(dir.join("features/a.feature"), FEATURE.replace("holds 2 items", "holds 5 items")).unwrap();
    tmux.wait_for("[watch] run 4 · 1 of 3 scenarios · features/a.feature saved: 1 changed", 1);
    let screen = tmux.wait_for("f failed (1)", 1);
    assert!(screen.contains("1 scenario (1 failed)"), "{screen}");

    tmux.keys("f");
    tmux.wait_for("[watch] run 5 · 1 of 3 scenarios · the failed scenarios", 1);
    tmux.wait_for(prompt, 5);

    std::fs::write(dir.join("features/a.feature"), format!("{FEATURE}  oops\n")).unwrap();
    let screen = tmux.wait_for("has syntax errors, shown above", 1);
    assert!(screen.contains("features/a.feature:9:3:"), "the error names file:line:\n{screen}");
    tmux.wait_for(prompt, 6);

    tmux.keys("q");
    let screen = tmux.wait_for("EXITED ", 1);
    assert!(screen.contains("EXITED 1"), "the last run failed:\n{screen}");
    assert!(!screen.contains("panicked"), "{screen}");
    let _ = std::fs::remove_dir_all(&dir);
}
