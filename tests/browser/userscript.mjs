// Runs the public "Fpuzzles-SudokuSolver" userscript (read from outside the repository) in
// Debian's chromium on the stand-in editor of standin.js, served as https://f-puzzles.com/ (the
// origin the real editor has), against a running `satdoku serve`: clicks Connect, True
// Candidates, Solve, Check, Estimate Count, Solution Count (with progress, then cancel),
// Solution Path and Step, and prints one JSON line of what the script wrote into the grid and
// the console after each. Any failure exits 1 with the reason on stderr.
//
// usage: node userscript.mjs HOST:PORT USERSCRIPT.js UNIQUE.json MANY.json
import { readFileSync } from 'node:fs';
import { withPage } from './chromium.mjs';

// A real chromium asks the user before a public page opens a local socket; allow it here.
const FLAGS = ['--disable-features=LocalNetworkAccessChecks'];

const [address, userscript, uniqueFile, manyFile] = process.argv.slice(2);
if (!address || !userscript || !uniqueFile || !manyFile) {
  console.error('usage: node userscript.mjs HOST:PORT USERSCRIPT.js UNIQUE.json MANY.json');
  process.exit(2);
}
const here = new URL('.', import.meta.url);
const read = (path) => readFileSync(path, 'utf8');

// satdoku's own LZ-String coder, from the workbench page (the constant and function between
// `const BASE64` and the next section rule).
const workbench = read(new URL('../../src/serve/page/workbench.js', here));
const coder = workbench.slice(workbench.indexOf('const BASE64'), workbench.indexOf('// ----', workbench.indexOf('const BASE64')));

// The script connects to ws://localhost:4545; the stand-in sends it to the test's server.
const redirect = `{ const Native = WebSocket;
  window.WebSocket = function (url) { return new Native(url.replace('localhost:4545', ${JSON.stringify(address)})); }; }`;
const html = `<!doctype html><title>stand-in f-puzzles</title>
<script>${read(new URL('standin.js', here))}</script>
<script>${coder}; standIn.compress = lzCompressToBase64; ${redirect}
standIn.load(${JSON.stringify(read(uniqueFile))});</script>`;

await withPage('userscript browser test', FLAGS, {}, async (page, problems) => {
  await page.route('https://f-puzzles.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  await page.goto('https://f-puzzles.com/');
  await page.addScriptTag({ content: read(userscript) });
  // The script installs itself from a 16 ms timer, adding its Connect button.
  await page.waitForFunction(() => buttons.some((b) => b.id === 'Connect'));

  const click = (title) => page.evaluate((title) => {
    // The sidebars first: the settings popup has a "Solution Count" toggle too.
    const all = sidebars.flatMap((sidebar) => sidebar.buttons).concat(buttons);
    const found = all.find((b) => (b.origTitle || b.title) === title || b.id === title);
    if (!found) throw new Error(`no button ${title}`);
    found.click();
  }, title);
  const idle = () => page.waitForFunction(() => buttons.find((b) => b.id === 'Connect').title === 'Disconnect');
  const seen = () => page.evaluate(() => ({
    values: grid.flat().map((shown) => shown.value),
    marks: grid.flat().map((shown) => shown.centerPencilMarks.length),
    console: consoleLines.join('\n'),
  }));
  const after = async (title) => {
    await click(title);
    await page.waitForFunction(() => buttons.find((b) => b.id === 'Connect').title === 'Calculating...');
    await idle();
    return seen();
  };
  const reload = (file) => page.evaluate((json) => standIn.load(json), read(file));

  const report = {};
  await click('Connect');
  await idle();
  report.trueCandidates = await after('TrueCandidates');
  await click('TrueCandidates');
  await reload(uniqueFile);
  report.solve = await after('Solve');
  await reload(uniqueFile);
  report.check = await after('Check');
  // The script keeps "Calculating..." after an estimate (it expects more to come).
  await click('Estimate Count');
  await page.waitForFunction(() => consoleLines.some((line) => line.startsWith('Solution Estimate')));
  report.estimate = await seen();
  await reload(uniqueFile);
  report.solvePath = await after('Solution Path');
  await reload(uniqueFile);
  report.step = await after('Step');
  await reload(manyFile);
  await click('Solution Count');
  await page.waitForFunction(() => consoleLines.some((line) => line.includes('solutions so far')));
  report.countProgress = await seen();
  await click('Solution Count');
  await page.waitForFunction(() => consoleLines.includes('Operation canceled.'));
  report.countCancelled = await seen();
  if (problems.length) throw new Error(problems.join('\n'));
  console.log(JSON.stringify(report));
});
