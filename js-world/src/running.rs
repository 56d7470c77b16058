//! Who is running: the chain of code a call went through. A tool's handler that calls another
//! tool (`plugins[name](args)`) runs the callee with the caller still on the chain, so every
//! capability check can ask each of them: a call never lends the callee's capabilities to its
//! caller's plan, and never lends the caller's to the callee (capabilities only shrink along a
//! chain). `js/async_context.js` carries a chain's id across `await`s; Rust keeps the chains.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

/// One link of a chain.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Actor {
    /// The handler of the tool with this index in the program's tool table.
    Tool(usize),
    /// A plugin's own code outside its tools (its `on` event handlers).
    Plugin(String),
}

/// How a plugin's own event code is named where a tool's name would be (audit lines, denials).
pub fn events_label(plugin: &str) -> String {
    format!("on (the events of plugin {plugin})")
}

/// The chains seen in one VM, each under a small number (its id, what JS carries).
///
/// Chains are sets in call order: an actor already on a chain moves to its end instead of
/// being added twice, so recursion cannot grow them and their number stays that of the call
/// patterns a suite has.
#[derive(Debug, Default)]
pub struct Chains {
    list: Mutex<Vec<Arc<[Actor]>>>,
    ids: Mutex<HashMap<Arc<[Actor]>, usize>>,
}

impl Chains {
    /// The id of `chain`, given one if it is new.
    pub fn intern(&self, chain: Vec<Actor>) -> usize {
        let chain: Arc<[Actor]> = chain.into();
        let mut ids = self.ids.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(id) = ids.get(&chain) {
            return *id;
        }
        let mut list = self.list.lock().unwrap_or_else(PoisonError::into_inner);
        list.push(Arc::clone(&chain));
        ids.insert(chain, list.len() - 1);
        list.len() - 1
    }

    /// The chain with `id`.
    pub fn get(&self, id: usize) -> Option<Arc<[Actor]>> {
        self.list.lock().unwrap_or_else(PoisonError::into_inner).get(id).cloned()
    }

    /// The id of chain `id` (none: an empty chain) with `actor` called at its end.
    pub fn extend(&self, id: Option<usize>, actor: Actor) -> usize {
        let mut chain: Vec<Actor> = id.and_then(|id| self.get(id)).map(|c| c.to_vec()).unwrap_or_default();
        chain.retain(|a| *a != actor);
        chain.push(actor);
        self.intern(chain)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_are_interned_in_call_order_and_recursion_does_not_grow_them() {
        let chains = Chains::default();
        let a = chains.extend(None, Actor::Tool(0));
        let ab = chains.extend(Some(a), Actor::Tool(1));
        assert_eq!(&*chains.get(ab).unwrap(), &[Actor::Tool(0), Actor::Tool(1)]);
        assert_eq!(chains.extend(None, Actor::Tool(0)), a, "the same chain, the same id");
        let aba = chains.extend(Some(ab), Actor::Tool(0));
        assert_eq!(&*chains.get(aba).unwrap(), &[Actor::Tool(1), Actor::Tool(0)]);
        assert_eq!(chains.extend(Some(aba), Actor::Tool(0)), aba, "a tool calling itself");
        let p = chains.intern(vec![Actor::Plugin("box".into())]);
        assert_ne!(p, a);
        assert!(chains.get(99).is_none());
    }
}
