//! Playwright's `context.tracing`: `start`, `startChunk`, `group`/`groupEnd`, `stopChunk`,
//! `stop`, writing the same trace zips as `--trace`. A context the run already traces (the
//! lease attached a tracer) keeps that tracer: `start` then marks where the user's recording
//! begins and `stop` writes it, so a suite's own tracing and `--trace` work together.

use super::recorder::{TraceOptions, Tracer};
use super::user_recording::{Mark, UserTracing};
use crate::context::BrowserContext;
use crate::error::{BrowserError, Result};
use std::path::Path;

/// The options of `tracing.start` that change what is recorded.
#[derive(Debug, Clone, Default)]
pub struct TracingStart {
    pub title: Option<String>,
    pub snapshots: bool,
    pub screenshots: bool,
}

impl Tracer {
    fn mark(&self) -> Mark {
        let recording = self.recording();
        Mark { events: recording.events.len(), network: recording.network.len() }
    }
}

impl BrowserContext {
    /// `tracing.start(options)`.
    pub async fn tracing_start(&self, options: TracingStart) -> Result<()> {
        let (tracer, attached) = match self.tracer() {
            Some(running) => (running, false),
            None => {
                let options = TraceOptions {
                    title: options.title.unwrap_or_default(),
                    viewport: None,
                    snapshots: options.snapshots,
                    screenshots: options.screenshots,
                };
                (Tracer::start(options), true)
            }
        };
        {
            // Checked and taken under one lock: of two `start`s at once, one fails.
            let mut slot = self.user_tracing_slot();
            if slot.is_some() {
                return Err(BrowserError::Evaluation("tracing.start: tracing has already been started".into()));
            }
            let chunk = Some(tracer.mark());
            *slot = Some(UserTracing { tracer: tracer.clone(), attached, chunk, groups: Vec::new() });
        }
        if attached {
            self.set_tracer(Some(tracer)).await;
        }
        Ok(())
    }

    /// `tracing.startChunk()`: a new chunk begins (after `start`, the first one has begun).
    pub fn tracing_start_chunk(&self) -> Result<()> {
        self.with_user_tracing("startChunk", |user| {
            if user.chunk.is_some() {
                return Err(BrowserError::Evaluation("tracing.startChunk: a chunk is already being recorded".into()));
            }
            user.chunk = Some(user.tracer.mark());
            Ok(())
        })
    }

    /// `tracing.group(name)` / `tracing.groupEnd()`.
    pub fn tracing_group(&self, name: Option<&str>) -> Result<()> {
        self.with_user_tracing("group", |user| {
            match name {
                Some(name) => {
                    let id = user.tracer.group(name, None);
                    user.groups.push(id);
                }
                // Only the user's own groups: a step's group is the runner's to close.
                None => {
                    if let Some(id) = user.groups.pop() {
                        user.tracer.group_end(&id, None);
                    }
                }
            }
            Ok(())
        })
    }

    /// `tracing.stopChunk({ path })`: writes the chunk to `path` (if given).
    pub async fn tracing_stop_chunk(&self, path: Option<&Path>) -> Result<()> {
        let (tracer, mark) = self.with_user_tracing("stopChunk", |user| {
            let mark = user.chunk.take().ok_or_else(|| {
                BrowserError::Evaluation("tracing.stopChunk: no chunk is being recorded (call startChunk)".into())
            })?;
            Ok((user.tracer.clone(), mark))
        })?;
        write_chunk(&tracer, mark, path).await
    }

    /// `tracing.stop({ path })`: writes what was recorded since the last chunk began and stops.
    pub async fn tracing_stop(&self, path: Option<&Path>) -> Result<()> {
        let taken = self.user_tracing_slot().take();
        let Some(user) = taken else {
            return Err(BrowserError::Evaluation("tracing.stop: tracing was not started".into()));
        };
        if user.attached {
            self.set_tracer(None).await;
        }
        match user.chunk {
            Some(mark) => write_chunk(&user.tracer, mark, path).await,
            None => Ok(()),
        }
    }

    /// Ends a recording JS started and did not stop (the context is being reset for the next
    /// scenario); nothing is written.
    pub(crate) async fn forget_user_tracing(&self) {
        let taken = self.user_tracing_slot().take();
        if let Some(user) = taken {
            if user.attached {
                self.set_tracer(None).await;
            }
        }
    }

    fn with_user_tracing<T>(&self, method: &str, f: impl FnOnce(&mut UserTracing) -> Result<T>) -> Result<T> {
        let mut slot = self.user_tracing_slot();
        match slot.as_mut() {
            Some(user) => f(user),
            None => {
                Err(BrowserError::Evaluation(format!("tracing.{method}: tracing was not started (call tracing.start)")))
            }
        }
    }
}

async fn write_chunk(tracer: &Tracer, mark: Mark, path: Option<&Path>) -> Result<()> {
    let Some(path) = path else { return Ok(()) };
    tracer.settled().await;
    let (tracer, path_buf) = (tracer.clone(), path.to_path_buf());
    let written = tokio::task::spawn_blocking(move || tracer.write_from(mark.events, mark.network, &path_buf)).await;
    match written {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(BrowserError::Evaluation(format!("tracing: cannot write {}: {e}", path.display()))),
        Err(e) => Err(BrowserError::Evaluation(format!("tracing: cannot write {}: {e}", path.display()))),
    }
}
