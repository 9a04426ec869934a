// The satdoku workbench page: reads a puzzle, asks `satdoku serve` about it over the websocket
// (the f-puzzles solver protocol plus satdoku's own commands, one request at a time) and
// draws the answers over the puzzle's picture.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

/// The solution counts true candidates are counted up to (f-puzzles' "colored" option).
const CANDIDATE_CAP = 8;

/// The colour of a candidate that `count` solutions use (the cap meaning "cap or more"), on
/// the userscript's scale: green for one solution, then light to deep blue up to the cap
/// (darkened at the light end so that every digit stays readable on white).
function candidateColour(count) {
  if (count <= 1) return '#1f7a18';
  const share = Math.min(count - 2, CANDIDATE_CAP - 2) / (CANDIDATE_CAP - 2);
  const [from, to] = [[0x70, 0x70, 0xe0], [0x00, 0x00, 0xc0]];
  const channel = (i) => Math.round(from[i] + share * (to[i] - from[i]));
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`;
}

// ---------------------------------------------------------------------------------------------
// LZ-String's compressToBase64, as f-puzzles writes its `?load=` payloads: an LZW coder over
// UTF-16 units writing variable-width codes, least significant bit first, six bits a character.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';

function lzCompressToBase64(text) {
  const out = [];
  let value = 0;
  let position = 0;
  const write = (bits, code) => {
    for (let i = 0; i < bits; i++) {
      value = (value << 1) | (code & 1);
      code >>= 1;
      if (position === 5) {
        out.push(BASE64.charAt(value));
        value = 0;
        position = 0;
      } else {
        position++;
      }
    }
  };
  const dictionary = new Map();
  const fresh = new Set();
  let size = 3;
  let bits = 2;
  let enlargeIn = 2;
  const grow = () => {
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** bits;
      bits++;
    }
  };
  const emit = (word) => {
    if (fresh.has(word)) {
      const unit = word.charCodeAt(0);
      const wide = unit >= 256;
      write(bits, wide ? 1 : 0);
      write(wide ? 16 : 8, unit);
      grow();
      fresh.delete(word);
    } else {
      write(bits, dictionary.get(word));
    }
    grow();
  };
  let word = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charAt(i);
    if (!dictionary.has(unit)) {
      dictionary.set(unit, size++);
      fresh.add(unit);
    }
    const longer = word + unit;
    if (dictionary.has(longer)) {
      word = longer;
    } else {
      emit(word);
      dictionary.set(longer, size++);
      word = unit;
    }
  }
  if (word !== '') emit(word);
  write(bits, 2);
  // Zero bits up to the next character, which is always written (LZ-String's own flush).
  const written = out.length;
  while (out.length === written) write(1, 0);
  const padding = ['', '===', '==', '='][out.length % 4];
  return out.join('') + padding;
}

// ---------------------------------------------------------------------------------------------
// The connection: one request at a time; each gets a nonce, its progress messages and one final
// message (`invalid` rejects). A cancel drops the queue and stops the running job.

class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

class Connection {
  /// `onState` hears `up` and `down`; `onBusy` whether a request is at work.
  constructor(url, onState, onBusy) {
    this.url = url;
    this.onState = onState;
    this.onBusy = onBusy;
    this.nonce = 0;
    this.queue = [];
    this.current = null;
    this.open();
  }

  open() {
    this.socket = new WebSocket(this.url);
    this.socket.onopen = () => {
      this.onState('up');
      this.pump();
    };
    this.socket.onclose = () => {
      this.onState('down');
      this.failAll(new Error('the connection to satdoku serve closed'));
      setTimeout(() => this.open(), 2000);
    };
    this.socket.onmessage = (event) => this.receive(JSON.parse(event.data));
  }

  /// Sends `command` with `fields` once the requests before it are answered; `onProgress`
  /// hears its progress messages; resolves with its final message.
  request(command, fields = {}, onProgress = () => {}) {
    return new Promise((resolve, reject) => {
      this.queue.push({ command, fields, onProgress, resolve, reject });
      this.pump();
    });
  }

  pump() {
    if (this.current || this.queue.length === 0 || this.socket.readyState !== WebSocket.OPEN) return;
    const job = this.queue.shift();
    job.nonce = ++this.nonce;
    this.current = job;
    this.onBusy(true);
    this.socket.send(JSON.stringify({ nonce: job.nonce, command: job.command, ...job.fields }));
  }

  receive(message) {
    const job = this.current;
    if (!job || message.nonce !== job.nonce) return;
    if (message.type === 'progress' || message.inProgress === true) {
      job.onProgress(message);
      return;
    }
    this.current = null;
    this.onBusy(false);
    if (message.type === 'invalid') job.reject(new Error(message.message));
    else job.resolve(message);
    this.pump();
  }

  /// Drops every queued request and cancels the running one.
  cancelAll() {
    if (this.current && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ nonce: ++this.nonce, command: 'cancel' }));
    }
    this.failAll(new Cancelled());
  }

  failAll(error) {
    const jobs = this.current ? [this.current, ...this.queue] : this.queue;
    this.current = null;
    this.queue = [];
    this.onBusy(false);
    jobs.forEach((job) => job.reject(error));
  }
}

// ---------------------------------------------------------------------------------------------
// The page's state: the puzzle shown, its explanation and where the stepper is, its candidates.

const state = {
  puzzle: null, // the `puzzle` message
  steps: [], // the explanation's steps
  position: 0, // how many steps are applied
  candidates: null, // solutionsPerCandidate, or null
};

const connection = new Connection(
  `ws://${location.host}/`,
  (status) => {
    const line = $('connection');
    line.textContent = status === 'up' ? `connected to satdoku serve at ${location.host}` : 'not connected: is satdoku serve running?';
    line.className = status;
  },
  (busy) => { $('cancel').disabled = !busy; },
);

/// The request fields that carry the puzzle to satdoku's own commands.
function satdokuData(puzzle = state.puzzle) {
  return { dataType: 'satdoku', data: puzzle.text };
}

/// The request fields that carry the puzzle to the f-puzzles protocol's commands, with the
/// f-puzzles document's `options` (such as `truecandidatesoptions`); null when f-puzzles cannot
/// carry the puzzle.
function fpuzzlesData(options = {}) {
  if (!state.puzzle.fpuzzlesJson) return null;
  const document = { ...JSON.parse(state.puzzle.fpuzzlesJson), ...options };
  return { dataType: 'fpuzzles', data: lzCompressToBase64(JSON.stringify(document)) };
}

/// Shows `text` in the element `id`; `failed` errors in red, a cancel as such.
function say(id, text) {
  $(id).textContent = text;
}

function failure(error) {
  return error instanceof Cancelled ? 'cancelled' : `error: ${error.message}`;
}

// ---------------------------------------------------------------------------------------------
// Loading a puzzle: draw it, then ask whether it is unique, explain it, rate it, and count its
// solutions when there are several.

async function load(text) {
  connection.cancelAll();
  $('load-error').hidden = true;
  let puzzle;
  try {
    puzzle = await connection.request('render', { dataType: 'satdoku', data: text });
  } catch (error) {
    if (error instanceof Cancelled) return;
    $('load-error').textContent = error.message;
    $('load-error').hidden = false;
    return;
  }
  show(puzzle);
  const questions = [askUniqueness, askExplanation, askRating];
  if ($('candidates-toggle').checked) questions.push(askCandidates);
  for (const ask of questions) {
    if (state.puzzle !== puzzle) return;
    await ask(puzzle);
  }
}

function show(puzzle) {
  Object.assign(state, { puzzle, steps: [], position: 0, candidates: null });
  $('picture').innerHTML = puzzle.svg;
  $('board-heading').textContent = puzzle.title || 'Board';
  $('rules').textContent = `${puzzle.size}×${puzzle.size}, rules: ${puzzle.rules}`;
  showLinks($('links'), puzzle);
  $('warnings').textContent = (puzzle.warnings || []).map((w) => (w.startsWith('note: ') ? w : `note: ${w}`)).join('\n');
  $('warnings').hidden = !(puzzle.warnings || []).length;
  ['verdict', 'rating'].forEach((id) => say(id, '…'));
  say('step-text', '');
  $('steps').replaceChildren();
  $('candidates-legend').hidden = true;
  ['minimise', 'complete', 'generate'].forEach((id) => { $(id).disabled = false; });
  drawOverlay();
  updateStepper();
}

function showLinks(element, puzzle) {
  element.replaceChildren();
  if (!puzzle.fpuzzles) {
    element.textContent = `no links: ${puzzle.linkError}`;
    return;
  }
  for (const [name, href] of [['Open in f-puzzles', puzzle.fpuzzles], ['Open in SudokuPad', puzzle.sudokupad]]) {
    const link = document.createElement('a');
    Object.assign(link, { href, textContent: name, target: '_blank', rel: 'noopener' });
    element.append(link);
  }
}

async function askUniqueness(puzzle) {
  const data = fpuzzlesData();
  if (!data) {
    say('verdict', `not counted: ${puzzle.linkError}`);
    return;
  }
  try {
    const checked = await connection.request('check', data);
    const verdicts = ['no solution', 'unique', 'multiple solutions'];
    say('verdict', verdicts[Math.min(checked.count, 2)]);
    if (checked.count >= 2) await askCount(data);
  } catch (error) {
    say('verdict', failure(error));
  }
}

async function askCount(data) {
  say('verdict', 'multiple solutions: counting…');
  try {
    const counted = await connection.request('count', data, (progress) => {
      say('verdict', `multiple solutions: at least ${progress.count} so far…`);
    });
    const note = counted.message ? ` (${counted.message})` : '';
    say('verdict', `${counted.count} solutions${note}`);
  } catch (error) {
    say('verdict', `multiple solutions (count ${failure(error)})`);
  }
}

async function askRating(puzzle) {
  try {
    const rating = await connection.request('rate', satdokuData(puzzle));
    const hardest = rating.hardest ? `, hardest step: ${rating.hardest}` : '';
    const unfinished = rating.outcome === 'solved' ? '' : ` (the logic is ${rating.outcome})`;
    say('rating', `${rating.score.toFixed(1)} ${rating.grade}${hardest}${unfinished}`);
  } catch (error) {
    say('rating', failure(error));
  }
}

async function askExplanation(puzzle) {
  try {
    const explanation = await connection.request('explain', satdokuData(puzzle));
    state.steps = explanation.steps;
    const list = $('steps');
    list.replaceChildren(...explanation.steps.map((step, index) => {
      const item = document.createElement('li');
      item.textContent = step.text;
      item.addEventListener('click', () => goToStep(index + 1));
      return item;
    }));
    if (explanation.outcome !== 'solved') {
      const end = document.createElement('li');
      end.textContent = `the logic is ${explanation.outcome} here`;
      end.className = 'note';
      list.append(end);
    }
  } catch (error) {
    say('step-text', failure(error));
  }
  updateStepper();
}

async function askCandidates() {
  const data = fpuzzlesData({ truecandidatesoptions: ['colored'] });
  if (!data) {
    say('candidates-legend', `no candidates: ${state.puzzle.linkError}`);
    $('candidates-legend').hidden = false;
    return;
  }
  const puzzle = state.puzzle;
  try {
    const found = await connection.request('truecandidates', data);
    if (state.puzzle === puzzle) state.candidates = found.solutionsPerCandidate;
    showLegend();
  } catch (error) {
    say('candidates-legend', failure(error));
    $('candidates-legend').hidden = false;
  }
  drawOverlay();
}

function showLegend() {
  const legend = $('candidates-legend');
  legend.replaceChildren('solutions through a candidate: ');
  for (const [count, label] of [[1, '1'], [2, '2'], [4, '4'], [6, '6'], [CANDIDATE_CAP, `${CANDIDATE_CAP}+`]]) {
    const key = document.createElement('span');
    key.style.color = candidateColour(count);
    key.textContent = label;
    legend.append(key);
  }
  legend.hidden = false;
}

// ---------------------------------------------------------------------------------------------
// The overlay over the picture: the candidates, the digits the steps placed, the current step's
// cells and the candidates it removes.

function drawOverlay() {
  const picture = $('picture');
  picture.querySelector('svg.overlay')?.remove();
  const base = picture.querySelector('svg');
  if (!base || !state.puzzle) return;
  const { size, cellPixels: cell, givens } = state.puzzle;
  const side = base.viewBox.baseVal.width;
  const origin = (side - size * cell) / 2;
  const overlay = document.createElementNS(SVG, 'svg');
  overlay.setAttribute('viewBox', `0 0 ${side} ${side}`);
  overlay.setAttribute('class', 'overlay');
  overlay.setAttribute('aria-hidden', 'true');
  const corner = (index) => [origin + (index % size) * cell, origin + Math.floor(index / size) * cell];
  const add = (name, attributes, text) => {
    const element = document.createElementNS(SVG, name);
    Object.entries(attributes).forEach(([key, value]) => element.setAttribute(key, value));
    if (text !== undefined) element.textContent = text;
    overlay.append(element);
    return element;
  };
  const step = state.steps[state.position - 1];
  for (const index of step ? step.cells : []) {
    const [x, y] = corner(index);
    add('rect', { x, y, width: cell, height: cell, fill: 'rgba(255, 214, 10, 0.45)', class: 'highlight' });
  }
  const placed = placedDigits();
  placed.forEach((digit, index) => {
    if (!digit || givens[index]) return;
    const [x, y] = corner(index);
    add('text', { x: x + cell / 2, y: y + cell * 0.7, 'font-size': cell * 0.6, 'text-anchor': 'middle', fill: '#0550ae', class: 'placed' }, digit);
  });
  const small = smallDigit(size, cell);
  if (state.candidates) {
    for (let index = 0; index < size * size; index++) {
      if (givens[index] || placed[index]) continue;
      for (let digit = 1; digit <= size; digit++) {
        const count = state.candidates[index * size + digit - 1];
        if (count > 0) small(add, corner(index), digit, { fill: candidateColour(count), class: 'candidate' });
      }
    }
  }
  for (const [index, digit] of step ? step.eliminations : []) {
    small(add, corner(index), digit, { fill: '#b3261e', class: 'eliminated' }, true);
  }
  picture.append(overlay);
}

/// Draws `digit` small in its place in the cell at `[x, y]` (a √N×√N layout inside the cell),
/// struck through when `struck`.
function smallDigit(size, cell) {
  const across = Math.ceil(Math.sqrt(size));
  const pitch = cell / across;
  const font = Math.min(pitch * 0.8, cell * 0.3);
  return (add, [x, y], digit, attributes, struck = false) => {
    const left = x + pitch * ((digit - 1) % across);
    const top = y + pitch * Math.floor((digit - 1) / across);
    add('text', {
      x: left + pitch / 2,
      y: top + pitch / 2 + font * 0.36,
      'font-size': font,
      'text-anchor': 'middle',
      'font-weight': 600,
      ...attributes,
    }, digit);
    if (struck) {
      const inset = pitch * 0.15;
      add('line', {
        x1: left + inset, y1: top + pitch - inset, x2: left + pitch - inset, y2: top + inset,
        stroke: attributes.fill, 'stroke-width': pitch * 0.08,
      });
    }
  };
}

/// The digit each cell holds after the steps applied so far (0 where none).
function placedDigits() {
  const placed = new Array(state.puzzle.size ** 2).fill(0);
  state.steps.slice(0, state.position).forEach((step) => {
    step.placements.forEach(([index, digit]) => { placed[index] = digit; });
  });
  return placed;
}

// ---------------------------------------------------------------------------------------------
// The stepper.

function goToStep(position) {
  state.position = Math.max(0, Math.min(position, state.steps.length));
  updateStepper();
  drawOverlay();
}

function updateStepper() {
  const { position, steps } = state;
  $('step-back').disabled = position === 0;
  $('step-next').disabled = position >= steps.length;
  say('step-position', steps.length ? `step ${position} of ${steps.length}` : 'no steps yet');
  say('step-text', position ? steps[position - 1].text : '');
  [...$('steps').children].forEach((item, index) => {
    if (index === position - 1) {
      item.setAttribute('aria-current', 'step');
      item.scrollIntoView({ block: 'nearest' });
    } else {
      item.removeAttribute('aria-current');
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Making puzzles: minimise, complete, generate, with progress and cancel.

async function make(command, fields) {
  $('result').hidden = true;
  say('progress', `${command}: working…`);
  try {
    const made = await connection.request(command, { ...satdokuData(), ...fields }, (progress) => {
      say('progress', `${command}: attempt ${progress.attempt}, ${progress.givens} givens (fewest so far ${progress.fewest})`);
    });
    say('progress', '');
    showResult(command, made);
  } catch (error) {
    say('progress', `${command}: ${failure(error)}`);
  }
}

function showResult(command, made) {
  const givens = made.givens.filter((digit) => digit).length;
  const details = {
    minimise: () => `${made.removed} removed`,
    complete: () => `added ${made.added.join(' ') || 'nothing'}`,
    generate: () => `after ${made.attempts} attempt${made.attempts === 1 ? '' : 's'}`,
  }[command]();
  const stopped = made.stopped ? `; stopped (${made.stopped}): unique, perhaps not minimal` : '';
  $('result-picture').innerHTML = made.svg;
  say('result-summary', `${command}: ${givens} givens, ${details}${stopped}`);
  showLinks($('result-links'), made);
  $('result-open').onclick = () => {
    $('puzzle-input').value = made.text;
    load(made.text);
  };
  $('result').hidden = false;
}

function generateOptions() {
  const most = $('givens-at-most').value;
  return {
    seed: Number($('seed').value || 0),
    symmetry: $('symmetry').value,
    givensAtMost: most === '' ? null : Number(most),
  };
}

// ---------------------------------------------------------------------------------------------
// Wiring.

$('load-form').addEventListener('submit', (event) => {
  event.preventDefault();
  load($('puzzle-input').value);
});
$('puzzle-input').addEventListener('paste', () => setTimeout(() => load($('puzzle-input').value)));
$('candidates-toggle').addEventListener('change', (event) => {
  if (!state.puzzle) return;
  if (event.target.checked) {
    askCandidates();
  } else {
    state.candidates = null;
    $('candidates-legend').hidden = true;
    drawOverlay();
  }
});
$('step-back').addEventListener('click', () => goToStep(state.position - 1));
$('step-next').addEventListener('click', () => goToStep(state.position + 1));
document.addEventListener('keydown', (event) => {
  if (!event.target.closest('textarea, input, select') && state.steps.length) {
    if (event.key === 'ArrowRight') goToStep(state.position + 1);
    if (event.key === 'ArrowLeft') goToStep(state.position - 1);
  }
});
$('minimise').addEventListener('click', () => make('minimise', {}));
$('complete').addEventListener('click', () => make('complete', {}));
$('generate').addEventListener('click', () => make('generate', generateOptions()));
$('cancel').addEventListener('click', () => connection.cancelAll());
