// A stand-in for the f-puzzles editor: the globals the "Fpuzzles-SudokuSolver" userscript
// hooks and reads (buttons, sidebars, settings, grid, console, export), and nothing drawn.
// `standIn.load(json)` shows a puzzle; `standIn.compress` (set by the driver) is satdoku's own
// LZ-String coder from the workbench page, so what the script sends is a real `?load=` payload.
// The decoder only knows the texts this page encoded: the script decodes its own exports.

var canvas = { width: 2400, height: 1600 };
var buttonLH = 50, buttonGap = 10, buttonW = 200, buttonSH = 40, lineWW = 2;
var buttons = [], popups = { export: { w: 600, h: 400 } }, popup = null;
var boolSettings = [], defaultSettings = [];
var changes = [], changeIndex = -1;
var size = 9, grid = [], constraints = {}, cosmetics = {};
var consoleOutput = { style: { top: '50%', height: '40%' } };
var currentTool = 'Normal', previewMode = false, tempEnterMode = 'Normal';

function cID(name) {
  return name.toLowerCase().replace(/ /g, '');
}

/// An f-puzzles button: its default click toggles the setting named by its id.
function button(x, y, w, h, modes, id, title) {
  Object.assign(this, { x, y, w, h, modes, id, title });
}
button.prototype.hovering = () => true;
button.prototype.click = function () {
  if (boolSettings.includes(this.id)) boolSettings[this.id] = !boolSettings[this.id];
  return true;
};

/// A grid cell as the script reads and writes it.
function cell(i, j) {
  Object.assign(this, { i, j, value: 0, given: false, centerPencilMarks: [], candidates: [] });
}
cell.prototype.enter = function () {};
cell.prototype.showTop = function () {};

var consoleLines = [];
function log(text) {
  consoleLines.push(String(text));
}
function clearConsole() {
  consoleLines = [];
}

var sidebars = [];
function createSidebarConsole() {
  const titles = ['Solution Path', 'Step', 'Check', 'Solution Count'];
  const made = titles.map((title, k) => new button(0, 100 + 60 * k, 200, 50, ['Solving'], title, title));
  sidebars = sidebars.filter((sidebar) => sidebar.title !== 'Console');
  sidebars.push({ title: 'Console', buttons: made, sections: [{ y: 400 }] });
}
function createSidebarMain() {
  sidebars = sidebars.filter((sidebar) => sidebar.title !== 'Main');
  sidebars.push({ title: 'Main', buttons: [new button(0, 0, 200, 50, ['Solving'], 'Solve', 'Solve')] });
}
createSidebarConsole();
createSidebarMain();

function drawPopups() {}
function togglePopup() {}
function createOtherButtons() {}
function clearChangeHistory() {
  changes = [];
}
function forgetFutureChanges() {}
function onInputEnd() {}
function generateCandidates() {}
function resetKnownPuzzleInformation() {}

var standIn = { document: null, known: new Map(), compress: null };
var compressor = {
  compressToBase64(text) {
    const encoded = standIn.compress(text);
    standIn.known.set(encoded, text);
    return encoded;
  },
  decompressFromBase64(encoded) {
    if (!standIn.known.has(encoded)) throw new Error('the stand-in decodes only its own exports');
    return standIn.known.get(encoded);
  },
};

/// Shows the f-puzzles document `json`: its givens, every other cell empty.
standIn.load = function (json) {
  standIn.document = JSON.parse(json);
  size = standIn.document.size;
  grid = standIn.document.grid.map((row, i) =>
    row.map((source, j) => Object.assign(new cell(i, j), { value: source.value || 0, given: !!source.given })));
};

/// The current puzzle as f-puzzles exports it: the document with the digits entered and the
/// centre marks of the grid.
function exportPuzzle() {
  const document = JSON.parse(JSON.stringify(standIn.document));
  grid.forEach((row, i) =>
    row.forEach((shown, j) => {
      if (shown.given) return;
      const out = document.grid[i][j];
      if (shown.value) out.value = shown.value;
      else delete out.value;
      if (shown.centerPencilMarks.length) out.centerPencilMarks = shown.centerPencilMarks;
    }));
  return compressor.compressToBase64(JSON.stringify(document));
}
function importPuzzle(text) {
  standIn.load(compressor.decompressFromBase64(text));
}
