// The runner bench's steps for cucumber-js: the same three no-op steps.
const { Given, When, Then } = require('@cucumber/cucumber')

Given('a basket with {int} items', function (_n) {})
When('I add {string}', function (_item) {})
Then('the basket has {int} items', function (_n) {})
