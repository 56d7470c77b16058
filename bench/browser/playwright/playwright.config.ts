// playwright-bdd on the same .feature files as ferridriver, Debian's Chromium, 2 workers.
import { defineConfig } from '@playwright/test';
import { defineBddConfig } from 'playwright-bdd';

const testDir = defineBddConfig({ features: '../features/*.feature', featuresRoot: '..', steps: 'steps.ts' });

export default defineConfig({
  testDir,
  workers: 2,
  fullyParallel: true,
  reporter: 'line',
  use: {
    baseURL: process.env.BASE_URL,
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
