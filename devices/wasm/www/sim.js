// owlet board simulator: draws the board and its LEDs from owlet.wasm (the
// firmware's Station: debouncer, referee, analysis, LED frame), runs the
// sensor scan on a timer, turns clicks into stones put down and lifted, and
// hands the console's GTP lines to the firmware's engine (one game with the
// board, as on the Pico).
// `?script=STEPS` replays a game through the same handlers and writes the
// result as JSON into <pre id="result"> (scripts/sim-check reads it).
'use strict';

const SCAN_MS = 20;      // one sensor scan
const TICK_MS = 50;      // one blink tick (the Pico's LED frame)
const HEADER = 16, PER_POINT = 10;
const LETTERS = 'ABCDEFGHJKLMNOPQRST';
const KINDS = ['', 'played', 'passed', 'removed', 'illegal', 'out', 'in-sync', 'toggled', 'resumed',
  'undone', 'new-game'];
const REASONS = ['', 'occupied', 'suicide', 'ko', 'wrong turn'];

const t0 = performance.now();
const params = new URLSearchParams(location.search);
const canvas = document.getElementById('board');
const ctx = canvas.getContext('2d');
const $ = id => document.getElementById(id);
let wasm = null;           // the module's exports
let size = 19;
let firstFrameMs = null;
const moveMs = [];         // sim_scan calls that played and analysed a move
const log = [];            // [kind, text]

function vertex(i) { return LETTERS[i % size] + (Math.floor(i / size) + 1); }
function index(v) {
  const col = LETTERS.indexOf(v[0].toUpperCase());
  const row = parseInt(v.slice(1), 10) - 1;
  return (col < 0 || !(row >= 0) || col >= size || row >= size) ? -1 : row * size + col;
}
function bytes(n) { return new Uint8Array(wasm.memory.buffer, wasm.sim_buf(), n); }
function text(n) { return new TextDecoder().decode(bytes(n)); }

/** The simulator's state at blink `tick`, decoded. */
function state(tick = 0) {
  const b = bytes(wasm.sim_state(tick)).slice();
  const u16 = i => b[i] | (b[i + 1] << 8);
  const s = {
    size: b[0], toMove: b[1] === 1 ? 'black' : 'white', scoring: b[2] === 1,
    inSync: b[3] === 1, illegal: REASONS[b[4]], quiet: b[5] === 1,
    owl: b[6] === 1, bounce: b[7] === 1,
    captures: { black: u16(8), white: u16(10) },
    lastMove: u16(12) ? vertex(u16(12) - 1) : null, moves: u16(14), points: [],
  };
  for (let i = 0; i < s.size * s.size; i++) {
    const o = HEADER + PER_POINT * i;
    s.points.push({
      raw: b[o], stable: b[o + 1], stone: b[o + 2], rgb: [b[o + 3], b[o + 4], b[o + 5]],
      blink: b[o + 6], lit: b[o + 7] === 1, flags: b[o + 8], flags2: b[o + 9],
    });
  }
  return s;
}

/** Points of `s` whose flags have `bit`, as vertices. */
function having(s, bit, second = false) {
  return s.points.map((p, i) => ((second ? p.flags2 : p.flags) & bit) ? vertex(i) : null).filter(Boolean);
}

/** The game's board as rows of `X`, `O`, `.` from the top line down. */
function boardRows(s) {
  const rows = [];
  for (let r = s.size - 1; r >= 0; r--) {
    let line = '';
    for (let c = 0; c < s.size; c++) line += '.XO'[s.points[r * s.size + c].stone];
    rows.push(line);
  }
  return rows;
}

/** What the page shows, for scripts/sim-check and window.simState(). */
function summary() {
  const s = state(0);
  return {
    size: s.size, toMove: s.toMove, scoring: s.scoring, inSync: s.inSync,
    illegal: s.illegal, captures: s.captures, lastMove: s.lastMove, moves: s.moves,
    board: boardRows(s), toRemove: having(s, 1), missing: having(s, 2), extra: having(s, 4),
    dead: having(s, 8), atari: having(s, 16), threats: having(s, 32), vital: having(s, 64),
    ko: having(s, 2, true), unsure: having(s, 4, true), lit: s.points.filter(p => p.rgb.some(x => x)).length,
    score: text(wasm.sim_score()), event: log.length ? log[log.length - 1][1] : '',
    eventKind: KINDS[wasm.sim_event_kind()],
  };
}
window.simState = summary;

// ---- drawing -------------------------------------------------------------

function geometry() {
  const margin = 30, span = canvas.width - 2 * margin;
  const step = span / (size - 1);
  return { margin, step, x: c => margin + c * step, y: r => canvas.height - margin - r * step };
}

function draw() {
  const tick = Math.floor(performance.now() / TICK_MS);
  const s = state(tick);
  const g = geometry();
  ctx.fillStyle = '#dcb35c';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.strokeStyle = '#333';
  ctx.lineWidth = 1;
  ctx.fillStyle = '#333';
  ctx.font = '11px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let k = 0; k < size; k++) {
    ctx.beginPath();
    ctx.moveTo(g.x(0), g.y(k)); ctx.lineTo(g.x(size - 1), g.y(k));
    ctx.moveTo(g.x(k), g.y(0)); ctx.lineTo(g.x(k), g.y(size - 1));
    ctx.stroke();
    ctx.fillText(LETTERS[k], g.x(k), canvas.height - 12);
    ctx.fillText(String(k + 1), 12, g.y(k));
  }
  const star = size >= 13 ? [3, (size - 1) / 2, size - 4] : [2, (size - 1) / 2, size - 3];
  for (const c of star) for (const r of star) {
    ctx.beginPath(); ctx.arc(g.x(c), g.y(r), 2.5, 0, 7); ctx.fill();
  }
  const rad = g.step * 0.46;
  s.points.forEach((p, i) => {
    const x = g.x(i % size), y = g.y(Math.floor(i / size));
    const [r, gr, b] = p.rgb;
    const has = r || gr || b;
    const lit = p.lit && has;
    if (lit) {  // the LED under the point: a glow around it
      const glow = ctx.createRadialGradient(x, y, rad * 0.6, x, y, rad * 1.4);
      glow.addColorStop(0, `rgba(${r},${gr},${b},1)`);
      glow.addColorStop(1, `rgba(${r},${gr},${b},0)`);
      ctx.fillStyle = glow;
      ctx.beginPath(); ctx.arc(x, y, rad * 1.4, 0, 7); ctx.fill();
    }
    if (p.raw === 1 || p.raw === 2) {  // the stone that stands there
      ctx.beginPath(); ctx.arc(x, y, rad * 0.92, 0, 7);
      ctx.fillStyle = p.raw === 1 ? '#111' : '#f8f8f8';
      ctx.fill();
      ctx.strokeStyle = '#000'; ctx.lineWidth = 1; ctx.stroke();
    } else if (p.raw === 3) {  // both sensing elements: a stone in mid-air
      ctx.beginPath(); ctx.arc(x, y, rad * 0.92, 0, 7);
      ctx.fillStyle = 'rgba(128,128,128,0.6)'; ctx.fill();
    } else if (p.stone) {  // the game has a stone here: missing
      ctx.beginPath(); ctx.arc(x, y, rad * 0.8, 0, 7);
      ctx.setLineDash([3, 3]);
      ctx.strokeStyle = p.stone === 1 ? '#000' : '#fff'; ctx.lineWidth = 2; ctx.stroke();
      ctx.setLineDash([]);
    }
    if (has) {  // the LED's ring: full while lit, faint in a blink's dark phase
      ctx.beginPath(); ctx.arc(x, y, rad * (p.raw ? 1.0 : 0.55), 0, 7);
      ctx.strokeStyle = `rgba(${r},${gr},${b},${lit ? 1 : 0.35})`;
      ctx.lineWidth = 3; ctx.stroke();
    }
    if (lit && p.raw) {  // and seen through the stone
      ctx.beginPath(); ctx.arc(x, y, rad * 0.3, 0, 7);
      ctx.fillStyle = `rgb(${r},${gr},${b})`; ctx.fill();
    }
  });
  const turn = s.scoring ? 'scoring: touch a group to toggle it dead' : `${s.toMove} to move`;
  $('status').textContent =
    `${turn} · captured by black ${s.captures.black}, by white ${s.captures.white}` +
    (s.inSync ? '' : ' · OUT OF SYNC') + (s.illegal ? ` · illegal (${s.illegal})` : '') +
    (s.quiet ? '' : ' · settling…');
  $('score').textContent = s.scoring ? text(wasm.sim_score()) : '';
  $('resume').disabled = !s.scoring;
  if (firstFrameMs === null) firstFrameMs = performance.now() - t0;
}

// ---- events and the scan loop ---------------------------------------------

function note() {
  const kind = KINDS[wasm.sim_event_kind()];
  const words = text(wasm.sim_event());
  log.push([kind, words]);
  const li = document.createElement('li');
  li.className = kind;
  li.textContent = words;
  $('log').prepend(li);
}

let lastTick = -1;
function loop() {
  const before = performance.now();
  const r = wasm.sim_scan();
  if (r & 2) moveMs.push(performance.now() - before);
  if (r & 1) note();
  const tick = Math.floor(performance.now() / TICK_MS);
  if ((r & 1) || tick !== lastTick) { lastTick = tick; draw(); }
  return r;
}

function newGame(n) {
  size = n;
  $('gtp-out').textContent = '';
  wasm.sim_new(n);
  wasm.sim_set_bounce($('bounce').checked ? 1 : 0);
  wasm.sim_set_owl($('owl').checked ? 1 : 0);
  wasm.sim_set_komi(Math.round(parseFloat($('komi').value || '0') * 2));
  log.length = 0;
  $('log').textContent = '';
  draw();
}

function click(i, how) { wasm.sim_click(i, how); draw(); }

/** Runs one GTP command on the simulator's console; answers its answer. */
function gtp(line) {
  const bytesIn = new TextEncoder().encode(line).slice(0, 511);
  new Uint8Array(wasm.memory.buffer, wasm.sim_gtp_line(), bytesIn.length).set(bytesIn);
  const events = wasm.sim_events();
  const answer = text(wasm.sim_gtp(bytesIn.length));
  if (wasm.sim_events() !== events) note();
  const out = $('gtp-out');
  out.textContent += `> ${line}\n${answer}`;
  out.scrollTop = out.scrollHeight;
  draw();
  return answer;
}
window.simGtp = gtp;
function pass() { if (wasm.sim_pass()) note(); draw(); }
function resume() { wasm.sim_resume(); note(); draw(); }

canvas.addEventListener('click', ev => {
  const g = geometry(), rect = canvas.getBoundingClientRect();
  const px = (ev.clientX - rect.left) * canvas.width / rect.width;
  const py = (ev.clientY - rect.top) * canvas.height / rect.height;
  const c = Math.round((px - g.margin) / g.step), r = Math.round((canvas.height - g.margin - py) / g.step);
  if (c < 0 || r < 0 || c >= size || r >= size) return;
  click(r * size + c, (ev.shiftKey || $('knock').checked) ? 1 : ev.altKey ? 2 : 0);
});
$('new').onclick = () => newGame(parseInt($('size').value, 10));
$('size').onchange = () => newGame(parseInt($('size').value, 10));
$('pass').onclick = pass;
$('console').onsubmit = ev => {
  ev.preventDefault();
  const line = $('gtp').value.trim();
  if (line) gtp(line);
  $('gtp').value = '';
};
$('resume').onclick = resume;
$('bounce').onchange = () => wasm.sim_set_bounce($('bounce').checked ? 1 : 0);
$('owl').onchange = () => { wasm.sim_set_owl($('owl').checked ? 1 : 0); draw(); };
$('komi').onchange = () => { wasm.sim_set_komi(Math.round(parseFloat($('komi').value || '0') * 2)); draw(); };

// ---- scripted games ---------------------------------------------------------
// STEPS, comma-separated: VERTEX (a click), k:VERTEX (knock off), o:VERTEX
// (place the other colour), g:COMMAND (a GTP command on the console; its
// answer is the step's `answer`), pass, resume, bounce:0|1, owl:0|1, wait:N
// (N scans with nothing done). Each step
// waits until the board is quiet and one debounce window more. `stop=N`
// ends after N steps (for screenshots of the middle of a game).

function sleep(ms) { return new Promise(res => setTimeout(res, ms)); }

async function settle() {
  await sleep(SCAN_MS * 6);
  for (let i = 0; i < 500 && !state(0).quiet; i++) await sleep(SCAN_MS);
  await sleep(SCAN_MS * 2);
}

async function runScript(steps, stop, pauses) {
  const out = [];
  for (const [n, step] of steps.entries()) {
    if (n >= stop) break;
    const logAt = log.length;
    const colon = step.indexOf(':');
    const [op, arg] = colon >= 0 ? [step.slice(0, colon), step.slice(colon + 1)] : ['', step];
    let answer;
    if (step === 'pass') pass();
    else if (op === 'g') answer = gtp(arg);
    else if (step === 'resume') resume();
    else if (op === 'bounce') { $('bounce').checked = arg === '1'; wasm.sim_set_bounce(arg === '1' ? 1 : 0); }
    else if (op === 'owl') { $('owl').checked = arg === '1'; wasm.sim_set_owl(arg === '1' ? 1 : 0); }
    else if (op === 'wait') await sleep(SCAN_MS * parseInt(arg, 10));
    else {
      const i = index(arg);
      if (i < 0) throw new Error(`bad step ${step}`);
      click(i, op === 'k' ? 1 : op === 'o' ? 2 : 0);
    }
    await settle();
    const s = summary();
    out.push({ step, answer, events: log.slice(logAt).map(([k, w]) => ({ kind: k, text: w })), ...s });
    if (pauses.includes(n + 1)) {  // a screenshot now: wait for simContinue()
      draw();
      await new Promise(res => { window.simContinue = res; document.title = `pause:${n + 1}`; });
      document.title = '';
    }
  }
  return out;
}

// ---- the timing bench ---------------------------------------------------
// `bench=M`: M moves on random empty points of the board (seeded), each
// placed and scanned at once until the referee answers (illegal ones are
// lifted again, captured stones removed); every move's scan, analysis
// included, is timed into moveMs.

function bench(moves) {
  let seed = 12345;
  const random = n => { seed = (seed * 1103515245 + 12345) >>> 0; return (seed >>> 8) % n; };
  const scanUntilEvent = () => { for (let i = 0; i < 3 * 4 + 2; i++) if (loop() & 1) return; };
  let played = 0;
  for (let tries = 0; played < moves && tries < 20 * moves; tries++) {
    const s = state(0);
    const empty = s.points.map((p, i) => (p.raw === 0 && !p.stone ? i : -1)).filter(i => i >= 0);
    if (!empty.length) break;
    const at = empty[random(empty.length)];
    wasm.sim_click(at, 0);
    scanUntilEvent();
    const after = summary();
    if (after.eventKind === 'played') {
      played++;
      for (const v of after.toRemove) { wasm.sim_click(index(v), 0); scanUntilEvent(); }
    } else {
      wasm.sim_click(at, 0);
      scanUntilEvent();
    }
  }
  draw();
  return played;
}

async function main() {
  const response = await fetch('owlet.wasm');
  if (!response.ok) throw new Error(`owlet.wasm: ${response.status}`);
  const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
  wasm = instance.exports;
  const n = parseInt(params.get('size') || '19', 10);
  $('size').value = String(n);
  if (params.has('komi')) $('komi').value = params.get('komi');
  newGame(n);
  if (params.has('owl')) { $('owl').checked = params.get('owl') === '1'; wasm.sim_set_owl($('owl').checked ? 1 : 0); }
  if (params.has('bench')) {
    const result = { firstFrameMs, played: bench(parseInt(params.get('bench'), 10)), moveMs, final: summary() };
    result.totalMs = performance.now() - t0;
    $('result').textContent = JSON.stringify(result);
    document.title = 'done';
    return;
  }
  const timer = setInterval(loop, SCAN_MS);
  const script = params.get('script');
  if (script === null) return;
  const steps = script.split(',').map(x => x.trim()).filter(Boolean);
  const stop = parseInt(params.get('stop') || String(steps.length), 10);
  const result = { ok: false };
  try {
    const pauses = (params.get('pause') || '').split(',').filter(Boolean).map(Number);
    result.steps = await runScript(steps, stop, pauses);
    result.final = summary();
    result.ok = true;
  } catch (e) {
    result.error = String(e && e.stack || e);
  }
  result.firstFrameMs = firstFrameMs;
  result.moveMs = moveMs;
  result.totalMs = performance.now() - t0;
  $('result').textContent = JSON.stringify(result);
  document.title = 'done';
  if (params.get('halt') === '1') { clearInterval(timer); draw(); }  // lets virtual time run out
}

main().catch(e => { $('status').textContent = 'failed to load owlet.wasm: ' + e; });
