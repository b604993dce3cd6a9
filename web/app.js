// dtb's analysis board: draws the variant's board from GET /api/variants, asks /api/probe and
// /api/line for values, and keeps the game as a history of queries (FEN, moves played from
// it, counters) so that every position can be linked and reproduced exactly. A PDN game is
// checked by POST /api/annotate and stepped through as such a history.
'use strict';

const SQ = 60;      // square size in SVG units
const MARGIN = 22;  // room for coordinates

const state = {
  variants: {},       // name -> /api/variants entry
  variant: null,      // the entry shown
  history: [],        // [{fen, moves: [], counters: ''}]
  at: -1,             // index into history
  pieces: {},         // square name -> 'wm' | 'wk' | 'bm' | 'bk'
  side: 'W',
  flipped: false,
  editing: false,
  tool: 'wm',
  lastMove: null,     // {from, to, path} of the move that led here
  games: [],          // POST /api/annotate's games of the PDN read
  game: null,         // the one stepped through
  pdnBody: null,      // the PDN sent, to send again under other values
};

const $ = (id) => document.getElementById(id);

// --- talking to dtb serve -------------------------------------------------------------------

class ApiError extends Error {
  constructor(message, code) { super(message); this.code = code; }
}

// GET path?params, or with `init` (method, body) another request; the answer's JSON.
async function api(path, params, init) {
  const url = path + (params ? '?' + new URLSearchParams(params).toString() : '');
  document.body.dataset.busy = String(Number(document.body.dataset.busy) + 1);
  try {
    const res = await fetch(url, init);
    const body = await res.json().catch(() => { throw new ApiError('HTTP ' + res.status); });
    if (!res.ok)
      throw new ApiError(body.error ? body.error.message : 'HTTP ' + res.status,
        body.error && body.error.code);
    return body;
  } finally {
    document.body.dataset.busy = String(Number(document.body.dataset.busy) - 1);
  }
}

function queryParams(entry) {
  const p = { variant: state.variant.name, fen: entry.fen };
  if (entry.moves.length) p.moves = entry.moves.join(' ');
  if (entry.counters) p.counters = entry.counters;
  return p;
}

// --- FEN ------------------------------------------------------------------------------------

// Reads "W:WKa1,Kc3:Bh8" (and ranges "31-35" on numbered boards) into pieces by square name.
function readFen(fen) {
  const parts = fen.trim().split(':');
  const pieces = {};
  const names = state.variant.board.squares.map((s) => s.name);
  for (const part of parts.slice(1)) {
    const colour = part[0] && part[0].toUpperCase();
    if (colour !== 'W' && colour !== 'B') continue;
    for (let item of part.slice(1).split(',')) {
      item = item.trim();
      if (!item) continue;
      const king = item[0].toUpperCase() === 'K';
      if (king) item = item.slice(1);
      const range = item.match(/^(\d+)-(\d+)$/);
      const list = range ? rangeNames(+range[1], +range[2]) : [item.toLowerCase()];
      for (const name of list)
        if (names.includes(name)) pieces[name] = colour.toLowerCase() + (king ? 'k' : 'm');
    }
  }
  return { side: (parts[0] || 'W').toUpperCase(), pieces };
}

function rangeNames(from, to) {
  const out = [];
  for (let n = from; n <= to; ++n) out.push(String(n));
  return out;
}

function writeFen(side, pieces) {
  const list = (colour) => state.variant.board.squares
    .filter((s) => pieces[s.name] && pieces[s.name][0] === colour)
    .map((s) => (pieces[s.name][1] === 'k' ? 'K' : '') + s.name).join(',');
  return `${side}:W${list('w')}:B${list('b')}`;
}

// --- the board ------------------------------------------------------------------------------

const SVG_NS = 'http://www.w3.org/2000/svg';

function svg(tag, attrs, parent) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Top-left corner of a square (row and column from White's lower left) as drawn.
function corner(row, col) {
  const b = state.variant.board;
  const shownRow = state.flipped ? row : b.ranks - 1 - row;
  const shownCol = state.flipped ? b.files - 1 - col : col;
  return { x: MARGIN + shownCol * SQ, y: shownRow * SQ };
}

function squareByName(name) {
  return state.variant.board.squares.find((s) => s.name === name);
}

function drawBoard() {
  const b = state.variant.board;
  const root = $('board');
  root.textContent = '';
  root.setAttribute('viewBox', `0 0 ${MARGIN + b.files * SQ} ${b.ranks * SQ + MARGIN}`);
  const playable = new Set(b.squares.map((s) => s.row + ',' + s.col));
  // Squares no piece stands on (the light squares of dark-square boards).
  for (let row = 0; row < b.ranks; ++row)
    for (let col = 0; col < b.files; ++col)
      if (!playable.has(row + ',' + col)) {
        const c = corner(row, col);
        svg('rect', { x: c.x, y: c.y, width: SQ, height: SQ, fill: 'var(--light)' }, root);
      }
  const path = state.lastMove ? state.lastMove.path : [];
  for (const s of b.squares) {
    const c = corner(s.row, s.col);
    // The 64-square board is played on every square: one plain colour, ruled.
    const g = svg('g', { 'data-square': s.name }, root);
    svg('rect', {
      x: c.x, y: c.y, width: SQ, height: SQ,
      class: 'sq ' + (b.dark_only ? 'sq-dark' : 'sq-plain') + (path.includes(s.name) ? ' last' : ''),
    }, g);
    if (b.numbered) {
      const t = svg('text', { x: c.x + 3, y: c.y + 12, class: 'name' }, g);
      t.textContent = s.name;
    }
    g.addEventListener('click', () => squareClicked(s.name));
  }
  if (!b.numbered) drawCoordinates(root, b);
  for (const [name, piece] of Object.entries(state.pieces)) drawPiece(root, name, piece);
  animateLastMove(root);
}

function drawCoordinates(root, b) {
  for (let col = 0; col < b.files; ++col) {
    const c = corner(0, col);
    const t = svg('text', { x: c.x + SQ / 2, y: b.ranks * SQ + 16, class: 'coord' }, root);
    t.textContent = String.fromCharCode(97 + col);
  }
  for (let row = 0; row < b.ranks; ++row) {
    const c = corner(row, 0);
    const t = svg('text', { x: MARGIN / 2, y: c.y + SQ / 2 + 5, class: 'coord' }, root);
    t.textContent = String(row + 1);
  }
}

function drawPiece(root, name, piece) {
  const s = squareByName(name);
  const c = corner(s.row, s.col);
  const colour = piece[0] === 'w' ? 'white' : 'black';
  const g = svg('g', { class: 'piece', 'data-square': name, 'data-piece': piece }, root);
  const cx = c.x + SQ / 2, cy = c.y + SQ / 2;
  svg('circle', { cx, cy, r: SQ * 0.38, class: colour }, g);
  svg('circle', { cx, cy, r: SQ * 0.28, class: colour }, g);
  if (piece[1] === 'k') svg('circle', { cx, cy, r: SQ * 0.13, class: 'crown-' + colour }, g);
}

// Slides the piece that just moved from where it came.
function animateLastMove(root) {
  const m = state.lastMove;
  if (!m || !m.animate) return;
  m.animate = false;
  const piece = root.querySelector(`.piece[data-square="${m.to}"]`);
  const from = squareByName(m.from), to = squareByName(m.to);
  if (!piece || !from || !to) return;
  const a = corner(from.row, from.col), b = corner(to.row, to.col);
  piece.style.transition = 'none';
  piece.style.transform = `translate(${a.x - b.x}px, ${a.y - b.y}px)`;
  piece.getBoundingClientRect();  // commit the start before the transition
  piece.style.transition = '';
  piece.style.transform = '';
}

// The squares a move's text names: "c3-d4", "22x15", "c3:e5:g7".
function moveSquares(text) {
  return text.split(/[-x:]/).map((t) => t.trim().toLowerCase())
    .filter((t) => squareByName(t));
}

// --- setting up a position --------------------------------------------------------------------

function squareClicked(name) {
  if (!state.editing) return;
  const tool = state.tool;
  if (tool === 'empty' || state.pieces[name] === tool) delete state.pieces[name];
  else state.pieces[name] = tool;
  state.lastMove = null;
  const fen = writeFen(state.side, state.pieces);
  drawBoard();
  startFrom(fen);
}

function setEditing(on) {
  state.editing = on;
  $('edit').setAttribute('aria-pressed', String(on));
  $('setup').hidden = !on;
}

function setTool(tool) {
  state.tool = tool;
  for (const b of document.querySelectorAll('#tools button'))
    b.classList.toggle('on', b.dataset.tool === tool);
}

function setSide(side) {
  state.side = side;
  $('side-white').classList.toggle('on', side === 'W');
  $('side-black').classList.toggle('on', side === 'B');
}

// --- the game as a history of queries --------------------------------------------------------

function current() { return state.history[state.at]; }

// A new game from a FEN: fresh counters, no moves.
function startFrom(fen) {
  state.history = [{ fen, moves: [], counters: '' }];
  state.at = 0;
  state.lastMove = null;
  return show();
}

function push(entry, lastMove) {
  state.history = state.history.slice(0, state.at + 1);
  state.history.push(entry);
  state.at = state.history.length - 1;
  state.lastMove = lastMove;
  return show();
}

// The counters after a move, as /api/probe's counters parameter takes them.
function countersOf(ruleState) {
  return Object.entries(ruleState || {})
    .map(([name, c]) => `${name}=${c.plies === null ? 'idle' : c.plies}`).join(',');
}

function lastMoveOf(text, animate) {
  const path = moveSquares(text);
  return { from: path[0], to: path[path.length - 1], path, animate };
}

// Counters set by hand go on from those a move leaves (its record's state); fresh counters
// are run up by the moves themselves.
function countersAfter(e, stateAfter) {
  return e.counters && stateAfter ? countersOf(stateAfter) : '';
}

// Plays a move of the position shown: its record in /api/probe's moves.
function playMove(record) {
  const e = current();
  const counters = countersAfter(e, record.counters && record.counters.state);
  return push({ fen: e.fen, moves: e.moves.concat([record.move]), counters },
    lastMoveOf(record.move, true));
}

// Plays the best line's moves up to index k (each step says the counters after it).
function playLine(line, k) {
  const e = current();
  const moves = line.slice(0, k + 1).map((m) => m.move);
  return push({ fen: e.fen, moves: e.moves.concat(moves), counters: countersAfter(e, line[k].state) },
    lastMoveOf(moves[moves.length - 1], true));
}

function go(delta) { return stepTo(state.at + delta, delta > 0); }

function stepTo(to, animate) {
  if (to < 0 || to >= state.history.length) return;
  state.at = to;
  const e = current();
  state.lastMove = e.moves.length ? lastMoveOf(e.moves[e.moves.length - 1], animate) : null;
  return show();
}

// --- showing a position ------------------------------------------------------------------------

function setStatus(text) { $('status').textContent = text || ''; }

async function show() {
  const e = current();
  updateLink(e);
  $('back').disabled = state.at <= 0;
  $('forward').disabled = state.at >= state.history.length - 1;
  markGameMove(e);
  let answer;
  try {
    answer = await api('/api/probe', queryParams(e));
  } catch (err) {
    if (e !== current()) return;
    // The position is drawn all the same where it is known: a game's FEN after each move.
    const known = e.shownFen || (e.moves.length ? null : e.fen);
    if (known) {
      const r = readFen(known);
      state.pieces = r.pieces;
      setSide(r.side === 'B' ? 'B' : 'W');
      $('fen').value = known;
      drawBoard();
    }
    clearValues();
    if (known) $('side-to-move').textContent = `${known[0].toUpperCase() === 'B' ? 'Black' : 'White'} to move`;
    setStatus(err.code === 'not_available' && known ? outsideText(known, err.message) : err.message);
    return;
  }
  if (e !== current()) return;  // a later click won
  setStatus('');
  const r = readFen(answer.fen);
  state.pieces = r.pieces;
  setSide(r.side);
  $('fen').value = answer.fen;
  drawBoard();
  showValue(answer);
  showCounters(answer);
  showMoves(answer);
  showLine(e);
}

// Why a position drawn has no value: more pieces than the tables hold, else the server's words.
function outsideText(fen, message) {
  const n = Object.keys(readFen(fen).pieces).length;
  if (n > state.variant.largest)
    return `No value: ${n} pieces, outside the tables (they hold up to ${state.variant.largest}).`;
  return `No value: ${message}`;
}

function clearValues() {
  for (const id of ['side-to-move', 'value-pure', 'value-counters', 'moves', 'line'])
    $(id).textContent = '';
  $('counters-form').hidden = true;
}

const CLASS_WORDS = {
  'win': 'win', 'cursed-win': 'cursed win', 'draw': 'draw',
  'blessed-loss': 'blessed loss', 'loss': 'loss',
};

function plies(n) { return n === 1 ? '1 ply' : `${n} plies`; }

function pureText(v) {
  if (v.wdl === 'draw') return 'draw';
  if (v.dtw === undefined) return v.wdl;
  return `${v.wdl} in ${plies(v.dtw)} (DTC ${v.dtc})`;
}

function showValue(a) {
  const side = a.fen[0].toUpperCase() === 'B' ? 'Black' : 'White';
  $('side-to-move').textContent = `${side} to move`;
  const pure = $('value-pure');
  pure.textContent = pureText(a);
  pure.className = 'class-' + a.wdl;
  const shown = $('value-counters');
  const r = a.counters;
  if (!r || r.error || !r.class) {
    shown.textContent = r && r.error ? `not available (${r.error})` : 'no counters apply';
    shown.className = '';
    shown.dataset.class = '';
    return;
  }
  shown.textContent = CLASS_WORDS[r.class] + (r.plies != null ? ` in ${plies(r.plies)}` : '');
  shown.className = 'class-' + r.class;
  shown.dataset.class = r.class;
}

function showCounters(a) {
  const r = a.counters;
  const form = $('counters-form');
  const names = r && r.state ? Object.keys(r.state) : [];
  form.hidden = names.length === 0;
  $('counter-set').textContent = r && r.counter_set ? `(${r.counter_set})` : '';
  const table = $('counters');
  table.textContent = '';
  const least = Math.min(...names.map((n) => (r.state[n].plies === null ? Infinity : r.state[n].left)));
  for (const name of names) {
    const c = r.state[name];
    const tr = document.createElement('tr');
    if (c.plies !== null && c.left === least && a.wdl !== (r.wdl || a.wdl)) tr.className = 'deciding';
    const input = `<input type="number" min="0" data-counter="${name}" value="${c.plies === null ? '' : c.plies}" placeholder="waiting">`;
    tr.innerHTML = `<td>${name}</td><td>${input}</td><td>${c.plies === null ? 'waiting' : c.left + ' left'}</td>`;
    table.appendChild(tr);
  }
}

// Which group a move falls in, for the side that plays it: its value after the move is the
// opponent's, so a loss there is a win here.
const GROUP_OF_CLASS = {
  'loss': 'winning', 'blessed-loss': 'cursed', 'draw': 'drawn', 'cursed-win': 'blessed', 'win': 'losing',
};
const GROUP_OF_WDL = { loss: 'winning', draw: 'drawn', win: 'losing' };
const GROUP_TITLES = {
  winning: 'winning', cursed: 'cursed wins (drawn by the counters)', drawn: 'drawing',
  blessed: 'blessed losses (saved by the counters)', losing: 'losing',
};

function showMoves(a) {
  const box = $('moves');
  box.textContent = '';
  if (!a.moves.length) {
    box.textContent = 'No legal move: the game is over.';
    return;
  }
  // Each record holds the move's pure value and, under the counters, its value there.
  const groups = {};
  for (const m of a.moves) {
    const group = m.counters ? GROUP_OF_CLASS[m.counters.class] : GROUP_OF_WDL[m.wdl];
    (groups[group] = groups[group] || []).push(m);
  }
  // Under the counters, the fastest win and the longest loss first; pure order otherwise.
  const key = (m) => (m.counters && m.counters.plies != null ? m.counters.plies : 0);
  if (groups.winning) groups.winning.sort((x, y) => key(x) - key(y));
  if (groups.losing) groups.losing.sort((x, y) => key(y) - key(x));
  for (const group of ['winning', 'cursed', 'drawn', 'blessed', 'losing']) {
    if (!groups[group]) continue;
    const section = document.createElement('section');
    section.className = 'group-' + group;
    section.dataset.group = group;
    section.innerHTML = `<h3>${GROUP_TITLES[group]}</h3>`;
    for (const m of groups[group]) {
      const button = document.createElement('button');
      button.className = 'move';
      button.dataset.move = m.move;
      const badges = [];
      if (m.wdl !== 'draw' && m.dtw !== undefined)
        badges.push(`<span class="badge dtw" title="DTW after the move">DTW ${m.dtw}</span>`,
          `<span class="badge dtc" title="DTC after the move">DTC ${m.dtc}</span>`);
      if (m.counters && m.counters.plies != null)
        badges.push(`<span class="badge plies" title="plies to the end under the counters">${plies(m.counters.plies)}</span>`);
      button.innerHTML = `<span>${m.move}</span><span class="badges">${badges.join('')}</span>`;
      button.addEventListener('click', () => playMove(m));
      section.appendChild(button);
    }
    box.appendChild(section);
  }
}

async function showLine(entry) {
  const list = $('line');
  list.textContent = '';
  const params = queryParams(entry);
  if ($('line-pure').checked) params.pure = '1';
  let answer;
  try {
    answer = await api('/api/line', params);
  } catch (err) {
    list.textContent = err.message;
    return;
  }
  if (entry !== current()) return;
  if (!answer.line.length) {
    const li = document.createElement('li');
    li.textContent = answer.wdl === 'draw' ? 'drawn: no forced end of the game' : 'the game is over';
    list.appendChild(li);
    return;
  }
  answer.line.forEach((m, k) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.className = 'line-move';
    button.dataset.index = String(k);
    button.textContent = m.move;
    button.addEventListener('click', () => playLine(answer.line, k));
    li.appendChild(button);
    const meta = document.createElement('span');
    meta.className = 'meta';
    meta.textContent = m.budget !== undefined ? `budget ${m.budget}` : `DTW ${m.dtw}`;
    li.appendChild(meta);
    list.appendChild(li);
  });
}

// --- a game from PDN: checked by POST /api/annotate, stepped through on the board -------------

function setGameStatus(text) { $('game-status').textContent = text || ''; }

function clearGame() {
  state.games = [];
  state.game = null;
  state.pdnBody = null;
  for (const id of ['game-info', 'game-moves', 'game-errors', 'game-select']) $(id).textContent = '';
  $('game-choice').hidden = true;
  setGameStatus('');
}

// Sends PDN (text pasted, or a file's bytes: the server finds their encoding) to be checked.
async function readGames(body) {
  state.pdnBody = body;
  setGameStatus('');
  let answer;
  try {
    answer = await api('/api/annotate', { variant: state.variant.name, under: $('game-under').value },
      { method: 'POST', body, headers: { 'Content-Type': 'application/octet-stream' } });
  } catch (err) {
    setGameStatus(err.message);
    return;
  }
  state.games = answer.games;
  const select = $('game-select');
  select.textContent = '';
  answer.games.forEach((g, k) => {
    const option = document.createElement('option');
    option.value = String(k);
    const thrown = g.thrown.length ? ` (${g.thrown.length} ?)` : '';
    option.textContent = `${g.index}. ${g.white || 'White'} – ${g.black || 'Black'} ${g.result}${thrown}`;
    select.appendChild(option);
  });
  $('game-choice').hidden = answer.games.length < 2;
  const first = Math.max(0, answer.games.findIndex((g) => g.moves.length));
  select.value = String(first);
  return chooseGame(first);
}

// One entry per position of the game: its start, then the moves played from it, so that
// /api/probe runs the counters up by the game's moves; shownFen draws it outside the tables.
function gameHistory(g) {
  const entries = [{ fen: g.start, moves: [], counters: '', game: g, shownFen: g.start }];
  g.moves.forEach((m, i) => entries.push({
    fen: g.start, moves: g.moves.slice(0, i + 1).map((x) => x.move), counters: '', game: g,
    shownFen: m.fen,
  }));
  return entries;
}

function chooseGame(k) {
  const g = state.games[k];
  state.game = g;
  showGameInfo(g);
  showGameMoves(g);
  showGameErrors(g);
  if (!g.start) return;  // not replayed at all: the reason is listed
  setEditing(false);
  return stepToPly(g, 0);
}

// Shows the position after `ply` moves of g (0: its start).
function stepToPly(g, ply) {
  if (!current() || current().game !== g) state.history = gameHistory(g);
  return stepTo(ply, false);
}

const OUTCOME_TEXT = { white: 'W', draw: '=', black: 'B' };

// Who wins a held position by the value that decides: 'white', 'draw', 'black' (or null).
function outcomeOf(p) {
  if (p.value === 'draw') return 'draw';
  if (p.value !== 'win' && p.value !== 'loss') return null;
  return (p.value === 'win') === (p.side === 'white') ? 'white' : 'black';
}

function heldText(p) {
  const side = p.side === 'white' ? 'White' : 'Black';
  let s = `${side} to move: ${pureText(p.pure)}`;
  if (p.counted) s += `; under the counters ${CLASS_WORDS[p.counted.class]}` +
    (p.counted.plies != null ? ` in ${plies(p.counted.plies)}` : '');
  return s;
}

function outcomeBadge(p) {
  const outcome = p && outcomeOf(p);
  if (!outcome) return '';
  return `<span class="outcome outcome-${outcome}" data-outcome="${outcome}" title="${heldText(p)}">${OUTCOME_TEXT[outcome]}</span>`;
}

function thrownText(t) {
  return `${t.written}${t.nag} throws the ${t.before} away (${t.after}); ${t.best} keeps the ${t.best_value}`;
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

function showGameInfo(g) {
  const box = $('game-info');
  const first = g.first_in_tables;
  let reached = 'does not reach the tables';
  if (first) {
    reached = `reaches the tables ${first.ply ? 'after ply ' + first.ply : 'at its start'}: ` +
      `${first.side === 'white' ? 'White' : 'Black'} to move, ${first.value}`;
    if (first.agrees !== null) reached += first.agrees ? ', as the result says' : ', the result differs';
  }
  box.innerHTML = `<div class="players">${escapeHtml(g.white || 'White')} – ${escapeHtml(g.black || 'Black')} ` +
    `${escapeHtml(g.result)}</div><div class="small">${g.moves.length} plies; ${reached}</div>`;
}

function showGameMoves(g) {
  const box = $('game-moves');
  box.textContent = '';
  const held = {};
  for (const p of g.positions) held[p.ply] = p;
  const thrown = {};
  for (const t of g.thrown) thrown[t.ply] = t;
  const button = (ply, label, title) => {
    const b = document.createElement('button');
    b.className = 'ply';
    b.dataset.ply = String(ply);
    b.innerHTML = `<span>${label}</span>` + outcomeBadge(held[ply]);
    if (title) b.title = title;
    b.addEventListener('click', () => stepToPly(g, ply));
    box.appendChild(b);
    return b;
  };
  button(0, 'start', held[0] ? '' : 'the start: not in the tables');
  // Numbered as PDN numbers moves: a number before each move of the side that moves first in
  // the variant, "1..." before a game that starts with the other side's.
  const first = state.variant.first_to_move;
  let number = 0;
  g.moves.forEach((m, i) => {
    if (m.side === first || i === 0) {
      number += 1;
      const n = document.createElement('span');
      n.className = 'number';
      n.textContent = m.side === first ? `${number}.` : `${number}...`;
      box.appendChild(n);
    }
    const t = thrown[m.ply];
    const b = button(m.ply, escapeHtml(m.written) + (t ? `<span class="nag">${t.nag}</span>` : ''),
      t ? thrownText(t) : (held[m.ply] ? '' : `${m.pieces} pieces: not in the tables`));
    b.dataset.move = m.move;
    if (t) {
      b.classList.add(t.nag === '??' ? 'nag-qq' : 'nag-q');
      b.dataset.nag = t.nag;
    }
  });
}

function showGameErrors(g) {
  const list = $('game-errors');
  list.textContent = '';
  const item = (text, className, ply) => {
    const li = document.createElement('li');
    li.textContent = text;
    if (className) li.className = className;
    if (ply !== undefined) {
      li.style.cursor = 'pointer';
      li.addEventListener('click', () => stepToPly(g, ply));
    }
    list.appendChild(li);
  };
  for (const t of g.thrown)
    item(`ply ${t.ply}, ${t.player}: ${thrownText(t)}`, 'thrown', t.ply - 1);
  if (g.failure)
    item(`ply ${g.failure.ply} '${g.failure.written}' cannot be played: ${g.failure.reason}`,
      'failure');
  else if (g.error)
    item(`not checked: ${g.error}`, 'failure');
  for (const p of g.problems) item(`not read: ${p}`, 'problem');
}

// The game's move of the position shown, marked in the list.
function markGameMove(e) {
  for (const b of document.querySelectorAll('#game-moves button.ply')) {
    const on = Boolean(e && e.game && e.game === state.game && Number(b.dataset.ply) === e.moves.length);
    b.classList.toggle('current', on);
    if (on) b.scrollIntoView({ block: 'nearest' });
  }
}

function wireGame() {
  $('pdn-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = $('pdn').value;
    if (!text.trim()) return setGameStatus('Paste a game in PDN first.');
    readGames(text);
  });
  $('pdn-file').addEventListener('change', () => {
    const file = $('pdn-file').files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => { $('pdn-file').value = ''; readGames(reader.result); };
    reader.onerror = () => setGameStatus(`${file.name}: cannot be read`);
    reader.readAsArrayBuffer(file);  // the bytes as they are: cp1251 and cp1252 files too
  });
  $('game-select').addEventListener('change', () => chooseGame(Number($('game-select').value)));
  $('game-under').addEventListener('change', () => { if (state.pdnBody) readGames(state.pdnBody); });
  document.addEventListener('keydown', (ev) => {
    if (ev.target.closest && ev.target.closest('input, textarea, select')) return;
    const step = { ArrowLeft: () => go(-1), ArrowRight: () => go(1),
      Home: () => stepTo(0, false), End: () => stepTo(state.history.length - 1, false) }[ev.key];
    if (!step || !current()) return;
    ev.preventDefault();
    step();
  });
}

// --- the link: the FEN, moves and counters in the URL ----------------------------------------

function updateLink(e) {
  const url = new URL(location.href);
  url.search = new URLSearchParams(queryParams(e)).toString();
  $('link').href = url.toString();
  history.replaceState(null, '', url.toString());
}

// --- start ------------------------------------------------------------------------------------

function chooseVariant(name) {
  state.variant = state.variants[name];
  $('variant').value = name;
}

function wire() {
  $('variant').addEventListener('change', () => {
    chooseVariant($('variant').value);
    clearGame();
    state.pieces = {};
    setEditing(true);
    state.history = [];
    state.at = -1;
    state.lastMove = null;
    clearValues();
    drawBoard();
    setStatus(`Set up a position of at most ${state.variant.largest} pieces, or enter a FEN.`);
  });
  $('fen-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    startFrom($('fen').value.trim());
  });
  $('back').addEventListener('click', () => go(-1));
  $('forward').addEventListener('click', () => go(1));
  $('flip').addEventListener('click', () => { state.flipped = !state.flipped; drawBoard(); });
  $('edit').addEventListener('click', () => setEditing(!state.editing));
  for (const b of document.querySelectorAll('#tools button'))
    b.addEventListener('click', () => setTool(b.dataset.tool));
  const side = (s) => () => {
    setSide(s);
    startFrom(writeFen(s, state.pieces));
  };
  $('side-white').addEventListener('click', side('W'));
  $('side-black').addEventListener('click', side('B'));
  $('clear').addEventListener('click', () => {
    state.pieces = {};
    state.history = [];
    state.at = -1;
    clearValues();
    drawBoard();
  });
  $('counters-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const set = [...document.querySelectorAll('#counters input')]
      .map((i) => `${i.dataset.counter}=${i.value === '' ? 'idle' : i.value}`).join(',');
    const e = current();
    push({ fen: e.fen, moves: e.moves.slice(), counters: set }, state.lastMove);
  });
  $('counters-fresh').addEventListener('click', () => {
    const e = current();
    push({ fen: e.fen, moves: e.moves.slice(), counters: '' }, state.lastMove);
  });
  $('line-pure').addEventListener('change', () => { if (current()) showLine(current()); });
  wireGame();
}

async function main() {
  wire();
  setTool('wm');
  let variants;
  try {
    variants = await api('/api/variants');
  } catch (err) {
    setStatus('Cannot reach dtb serve: ' + err.message);
    return;
  }
  for (const v of variants) {
    state.variants[v.name] = v;
    const option = document.createElement('option');
    option.value = v.name;
    option.textContent = `${v.name} (≤ ${v.largest} pieces)`;
    $('variant').appendChild(option);
  }
  if (!variants.length) return setStatus('No tables are served.');
  const q = new URLSearchParams(location.search);
  chooseVariant(state.variants[q.get('variant')] ? q.get('variant') : variants[0].name);
  if (q.get('fen')) {
    state.history = [{
      fen: q.get('fen'),
      moves: (q.get('moves') || '').split(/\s+/).filter(Boolean),
      counters: q.get('counters') || '',
    }];
    state.at = 0;
    const e = current();
    state.lastMove = e.moves.length ? lastMoveOf(e.moves[e.moves.length - 1], false) : null;
    await show();
  } else {
    setEditing(true);
    drawBoard();
    setStatus(`Set up a position of at most ${state.variant.largest} pieces, or enter a FEN.`);
  }
  document.body.dataset.ready = 'true';
}

main();
