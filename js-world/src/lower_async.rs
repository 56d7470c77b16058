//! Async functions of a bundle with extension tools become generators driven by promise
//! callbacks (oxc's async-to-generator and async-generator transforms, helpers from
//! `@oxc-project/runtime`, which rolldown bundles).
//!
//! Why: `allow.net` follows the running handler into its `fetch` calls, also after an `await`
//! and while other handlers run (extensions.md). QuickJS resumes a native `await` from its job
//! queue with no hook around the resumption, so nothing can tell whose continuation runs. A
//! lowered `await` resumes through `Promise.prototype.then`, which the prelude wraps to carry
//! the handler's identity (`js/async_context.js`). Bundles without tools are left alone.

use oxc::ast::ast::{CallExpression, Expression};
use oxc::ast::AstType;
use oxc::ast_visit::{walk_mut, VisitMut};
use oxc::semantic::SemanticBuilder;
use oxc::span::{SourceType, Span};
use oxc::transformer::{EnvOptions, HelperLoaderMode, HelperLoaderOptions, JsxOptions, TransformOptions, Transformer};
use rolldown_ecmascript::{EcmaAst, WithMutFields};
use std::path::Path;

/// Lowers the async functions and async generators of one module in place. TypeScript and JSX
/// are left for rolldown's own transform, which runs next.
pub(crate) fn lower(ast: &mut EcmaAst, path: &Path) -> Result<(), String> {
    let mut options = TransformOptions { jsx: JsxOptions::disable(), ..TransformOptions::default() };
    options.env = EnvOptions::default();
    options.env.es2017.async_to_generator = true;
    options.env.es2018.async_generator_functions = true;
    options.helper_loader = HelperLoaderOptions { mode: HelperLoaderMode::Runtime, ..HelperLoaderOptions::default() };
    ast.program.with_mut(|WithMutFields { program, allocator, .. }| {
        // The TypeScript pass must not run here (rolldown runs it with the project's settings):
        // the transformer only runs it for a TypeScript source type.
        let original = program.source_type;
        program.source_type = SourceType::mjs().with_jsx(original.is_jsx());
        let scoping = SemanticBuilder::new().build(program).semantic.into_scoping();
        let result = Transformer::new(allocator, path, &options).build_with_scoping(scoping, program);
        program.source_type = original;
        SpanSynthetic::default().visit_program(program);
        let errors: Vec<String> = result
            .diagnostics
            .iter()
            .filter(|d| d.severity == oxc::diagnostics::Severity::Error)
            .map(|d| d.to_string())
            .collect();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(format!("{}: {}", path.display(), errors.join("; ")))
        }
    })
}

/// Gives the nodes the transform made (which have no span) the start of their nearest original
/// ancestor. QuickJS reports a call's position at whatever node came last; without a span that
/// position maps nowhere and an error (say, a bad `defineTool` at load) loses its `file:line`.
#[derive(Default)]
struct SpanSynthetic {
    /// The span each open node passes on to its children.
    open: Vec<Span>,
}

impl<'a> VisitMut<'a> for SpanSynthetic {
    fn enter_node(&mut self, _kind: AstType) {
        let inherited = self.open.last().copied().unwrap_or_default();
        self.open.push(inherited);
    }

    fn leave_node(&mut self, _kind: AstType) {
        self.open.pop();
    }

    fn visit_call_expression(&mut self, call: &mut CallExpression<'a>) {
        // The transform wraps a function in a made-up IIFE that carries the original function's
        // span, so its closing `}()` (where QuickJS places the call that receives it, e.g. the
        // `Given(...)` a step's location is read from) would map to the function's last line.
        // The wrapper is told apart by a made-up part (no span, or the call and the function
        // sharing one span, which a written IIFE's parentheses never do).
        let call_span = call.span;
        if let Expression::FunctionExpression(function) = call.callee.get_inner_expression_mut() {
            let made_up = call_span.is_unspanned() || function.span.is_unspanned() || call_span == function.span;
            let anchor = if call_span.is_unspanned() { function.span } else { call_span };
            if made_up && !anchor.is_unspanned() {
                let point = Span::new(anchor.start, anchor.start + 1);
                function.span = point;
                if let Some(body) = function.body.as_mut() {
                    body.span = point;
                }
                call.span = point;
            }
        }
        walk_mut::walk_call_expression(self, call);
    }

    fn visit_span(&mut self, span: &mut Span) {
        let Some(top) = self.open.last_mut() else { return };
        if span.is_unspanned() {
            // One character at the ancestor's start: the made-up wrapper's closing brackets
            // must map to where the original function starts, not to where it ends.
            if !top.is_unspanned() {
                *span = Span::new(top.start, top.start + 1);
            }
        } else {
            *top = *span;
        }
    }
}
