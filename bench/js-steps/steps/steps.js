// The runner bench's steps in JavaScript for ferridriver (ESM): the same no-op steps as
// cucumber-js/features/step_definitions/steps.js.
import { Given, When, Then } from '@cucumber/cucumber'

Given('a basket with {int} items', function (_n) {})
When('I add {string}', function (_item) {})
Then('the basket has {int} items', function (_n) {})
