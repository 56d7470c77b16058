//! Cucumber Expressions and Regular Expressions for step definitions, with the parameter-type
//! registry that both resolve their parameters against. Pure text matching: may not know of
//! worlds, hosts or browsers.
//!
//! The pipeline for a Cucumber Expression is: [`tokenize`] → [`parse`] (a superset AST, see
//! `ARCHITECTURE.md` upstream) → [`CucumberExpression::new`] (validation and rewriting into a
//! regex) → [`CucumberExpression::match_text`] → [`Argument::value`].

mod argument;
mod ast;
mod cucumber_expression;
mod errors;
mod expression;
mod generator;
mod group;
mod parameter_type;
mod parser;
mod registry;
mod regular_expression;
mod tokenizer;
mod value;

pub use argument::Argument;
pub use ast::{Node, NodeType, Token, TokenType};
pub use cucumber_expression::CucumberExpression;
pub use errors::{ExpressionError, Problem};
pub use expression::Expression;
pub use generator::{CucumberExpressionGenerator, GeneratedExpression, MAX_EXPRESSIONS};
pub use group::{Group, GroupTree};
pub use parameter_type::{BuiltIn, ParameterType, TransformFn, Transformer};
pub use parser::parse;
pub use registry::ParameterTypeRegistry;
pub use regular_expression::RegularExpression;
pub use tokenizer::tokenize;
pub use value::ArgValue;
