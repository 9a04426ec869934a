// Debian's chromium through playwright-core (which never downloads a browser), shared by the
// browser tests: a fresh profile per run, one page, and the page's errors collected.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.SATDOKU_CHROMIUM || '/usr/bin/chromium';
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
/// How long any one wait may take (the server answers in milliseconds; chromium starts in
/// about a second).
export const WAIT_MS = 20000;

/// Runs `body(page, problems)` in a fresh chromium with `flags` added and `options` (such as
/// the viewport) passed on; `problems` gathers page errors and console errors. A failure
/// prints `name: reason` on stderr and sets exit code 1.
export async function withPage(name, flags, options, body) {
  const profile = mkdtempSync(join(tmpdir(), 'satdoku-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS.concat(flags),
      timeout: WAIT_MS,
      ...options,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(WAIT_MS);
    const problems = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    await body(page, problems);
  } catch (error) {
    console.error(`${name}: ${error.stack || error}`);
    process.exitCode = 1;
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
