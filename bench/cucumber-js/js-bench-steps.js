// The JS bench's steps for cucumber-js: the same texts as bench/js-steps/steps/steps.js.
const { Given, When, Then } = require('@cucumber/cucumber')

Given('a JS basket with {int} items', function (_n) {})
When('I add {string} in JS', function (_item) {})
Then('the JS basket has {int} items', function (_n) {})
