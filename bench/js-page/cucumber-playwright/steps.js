// The page bench's steps for cucumber-js + Playwright, as such suites write them: one browser
// per worker, a fresh context and page per scenario.
const { Before, After, BeforeAll, AfterAll, Given, Then } = require('@cucumber/cucumber')
const { chromium } = require('playwright-core')

let browser
BeforeAll(async function () {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ['--no-sandbox'] })
})
AfterAll(async function () {
  await browser.close()
})
Before(async function () {
  this.context = await browser.newContext()
  this.page = await this.context.newPage()
})
After(async function () {
  await this.context.close()
})

Given('the bench page is open', async function () {
  await this.page.goto('data:text/html,<title>bench</title><p>ok</p>')
})

Then('the bench page is still there', function () {
  if (!this.page.url().startsWith('data:text/html')) throw new Error(`at ${this.page.url()}`)
})
