// The page bench's steps for ferridriver: `this.page` is the scenario's page (ferridriver
// opens it on first use and closes it when the scenario ends).
import { Given, Then } from '@cucumber/cucumber'

Given('the bench page is open', async function () {
  await this.page.goto('data:text/html,<title>bench</title><p>ok</p>')
})

Then('the bench page is still there', function () {
  if (!this.page.url().startsWith('data:text/html')) throw new Error(`at ${this.page.url()}`)
})
