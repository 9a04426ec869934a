// Drives the workbench page of a running `satdoku serve` in Debian's chromium (playwright-core
// never downloads a browser): loads the page, pastes a link, waits for "unique" and the
// picture, turns on true candidates, steps through the explanation, and saves a screenshot.
// Prints one JSON line of what it saw; any failure exits 1 with the reason on stderr.
//
// usage: node workbench.mjs URL LINK SCREENSHOT.png
import { withPage } from './chromium.mjs';

const [url, link, screenshot] = process.argv.slice(2);
if (!url || !link || !screenshot) {
  console.error('usage: node workbench.mjs URL LINK SCREENSHOT.png');
  process.exit(2);
}

await withPage('workbench browser test', [], { viewport: { width: 1100, height: 900 } }, async (page, problems) => {
  await page.goto(url);
  await page.waitForSelector('#connection.up');
  await page.fill('#puzzle-input', link);
  await page.click('#load');
  await page.waitForFunction(() => document.querySelector('#verdict').textContent === 'unique');
  const picture = await page.locator('#picture > svg:not(.overlay)').count();
  const title = await page.textContent('#board-heading');

  await page.check('#candidates-toggle');
  await page.waitForSelector('#picture svg.overlay text.candidate');
  const candidates = await page.locator('#picture svg.overlay text.candidate').count();
  const empty = await page.evaluate(() => state.puzzle.givens.filter((digit) => digit === 0).length);

  await page.waitForSelector('#step-next:not([disabled])');
  const steps = await page.locator('#steps li').count();
  for (let i = 0; i < 3; i++) await page.click('#step-next');
  await page.click('#step-back');
  const position = await page.textContent('#step-position');
  const stepText = await page.textContent('#step-text');
  const highlighted = await page.locator('#picture svg.overlay rect.highlight').count();
  await page.waitForFunction(() => !document.querySelector('#rating').textContent.startsWith('…'));
  const rating = await page.textContent('#rating');

  await page.screenshot({ path: screenshot, fullPage: true });
  if (problems.length) throw new Error(problems.join('\n'));
  console.log(JSON.stringify({ picture, title, candidates, empty, steps, position, stepText, highlighted, rating }));
});
