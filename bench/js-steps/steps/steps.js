// The runner bench's steps in JavaScript for ferridriver (ESM): the same no-op steps as
// cucumber-js/js-bench-steps.js (their own texts, so they never clash with the Rust bench steps
// linked into the bench binary).
import { Given, When, Then } from '@cucumber/cucumber'

Given('a JS basket with {int} items', function (_n) {})
When('I add {string} in JS', function (_item) {})
Then('the JS basket has {int} items', function (_n) {})
