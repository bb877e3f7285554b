// The monkey (issue 17): seeded random pointer, keyboard and typed-move events sent at a page as a
// person would send them (Playwright's mouse and keyboard: real input events), with a check of the
// page's state after every `checkEvery` events. Used by tests/browser/app-monkey.test.mjs for the app
// (web/index.html) and the embedding demo (web/embed.html).
//
// Each event is planned inside the page (what is on screen now: the controls that can be reached,
// an open dialog first, the board's legal moves) from random numbers drawn here from the seed, and
// then sent from here. The same seed on the same page gives the same events, so a failure is
// reproduced with MONKEY_SEED=<seed> (and MONKEY_EVENTS to stop sooner).
import { seededRandom } from '../node/compat-helpers.mjs';

/** Installs the page's side: window.__monkey = {plan(kind, randoms), check()}. */
function install(kind) {
  // Controls of the page's own flows, picked half the time a control is clicked (else any control
  // on screen): a take-back needs a casual game started through the dialog, which a pick among
  // all controls rarely makes.
  const PRIORITY = kind === 'app'
    ? ['#take-back', '#nav-first', '#nav-prev', '#nav-next', '#nav-last', '#back-to-game', '#new-game', '#ng-casual',
      '#ng-start', '#ng-cancel', '#resign', '#offer-draw', '#accept-draw', '#decline-draw', '#claim-draw', '#flip',
      '#open-settings', '#open-analysis', '#an-close', '#start-friend', '#start-engine', '#stop-engine', '#rematch',
      '#an-first', '#an-prev', '#an-next', '#an-last', '#an-edit', '#ed-cancel', '#ed-analyse', '#ed-play', '#ed-clear',
      '#ed-start']
    : ['#play-undo', '#play-flip', '#play-reset', '#replay-first', '#replay-prev', '#replay-next', '#replay-last'];
  const visible = (el) => {
    if (!el.isConnected || el.closest('[hidden], [inert]')) return false;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none' && !el.disabled;
  };
  const center = (el) => {
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  };
  let tagged = 0;
  const selectorOf = (el) => {
    if (el.id) return `#${CSS.escape(el.id)}`;
    if (!el.dataset.monkey) el.dataset.monkey = String(++tagged);
    return `[data-monkey="${el.dataset.monkey}"]`;
  };
  // Typing into a field: focus it and select its text, as a click into it and a select-all would.
  const typing = (field, text, enter, what) => {
    field.scrollIntoView({ block: 'nearest' });
    field.focus();
    field.select?.();
    return { type: 'type', text, enter, what };
  };
  const pick = (list, r) => list[Math.min(list.length - 1, Math.floor(r * list.length))];
  // Controls a person can click: buttons, checkboxes, radios, selects, summaries; no file field (a
  // file chooser), no link (the monkey stays on its page).
  // (The position editor's piece tiles are labels whose radio is hidden: the label is what a person clicks.)
  const CONTROLS = 'button, input[type="checkbox"], input[type="radio"], select, summary, escaque-move-tree, label.ed-piece';
  const controls = (scope) => [...scope.querySelectorAll(CONTROLS)].filter(visible);
  const TEXTS = 'input[type="text"]:not([readonly]), input[type="number"], input:not([type]), textarea:not([readonly])';
  const KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown', 'Enter',
    ' ', 'Escape', 'Tab', 'Shift+Tab', 'Delete', 'Backspace', 'e', '4', 'n', 'f', 'x', 'q', '+'];
  const JUNK = ['', 'e5', 'Ke9', 'O-O-O', 'zz', 'Nf3', 'e2e4', 'exd6', 'a8=Q', '0-0', '1. e4 e5', 'Qh4#', 'xx yy',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', '8/8/8/8/8/8/8/8 w - - 0 1', '[Event "x"] 1. f3 e5 *'];

  // A board's square centre on screen (`host` is the board element; its `.board` is in its shadow).
  const squareAt = (host, orientation, square) => {
    const board = host.shadowRoot?.querySelector('.board') ?? host.querySelector('.board');
    const box = board.getBoundingClientRect();
    const f = square.charCodeAt(0) - 97;
    const r = square.charCodeAt(1) - 49;
    const col = orientation === 'black' ? 7 - f : f;
    const row = orientation === 'black' ? r : 7 - r;
    return { x: box.x + (col + 0.5) * box.width / 8, y: box.y + (row + 0.5) * box.height / 8 };
  };
  const SQUARES = [...'abcdefgh'].flatMap((f) => [...'12345678'].map((r) => f + r));

  // The pieces drawn on a board (what the person sees), square -> "wn"; a piece being dragged is not on it.
  const drawn = (host, orientation) => {
    const out = {};
    for (const el of host.shadowRoot.querySelectorAll('.pieces .piece')) {
      const m = /translate\((-?[\d.]+)%, ?(-?[\d.]+)%\)/.exec(el.style.transform);
      if (!m) continue;
      const col = Math.round(Number(m[1]) / 100), row = Math.round(Number(m[2]) / 100);
      const sq = orientation === 'black' ? 'abcdefgh'[7 - col] + (row + 1) : 'abcdefgh'[col] + (8 - row);
      out[sq] = (out[sq] ? `${out[sq]}+` : '') + el.dataset.code;
    }
    return out;
  };
  const placementOf = (fen) => {
    const out = {};
    fen.split(' ')[0].split('/').forEach((rank, i) => {
      let f = 0;
      for (const ch of rank) {
        if (/\d/.test(ch)) { f += Number(ch); continue; }
        out['abcdefgh'[f] + (8 - i)] = (ch === ch.toUpperCase() ? 'w' : 'b') + ch.toLowerCase();
        f++;
      }
    });
    return out;
  };
  const samePlacement = (a, b) => {
    const ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
    return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
  };
  const diff = (shown, want) => SQUARES.filter((s) => shown[s] !== want[s]).map((s) => `${s}: ${shown[s] ?? '-'} ≠ ${want[s] ?? '-'}`).join(', ');

  // A move of a board: a legal one (from the game) or any two squares; clicked, or dragged.
  const boardAction = (host, orientation, legal, rs) => {
    let from, to;
    if (legal.length && rs[1] < 0.75) {
      const m = pick(legal, rs[2]);
      from = m.from; to = m.to;
    } else {
      from = pick(SQUARES, rs[2]);
      to = pick(SQUARES, rs[3]);
    }
    const a = squareAt(host, orientation, from), b = squareAt(host, orientation, to);
    if (rs[4] < 0.3) return { type: 'drag', from: a, to: b, what: `drag ${from}-${to}` };
    if (rs[4] < 0.35) return { type: 'click', at: a, what: `click ${from}` };
    if (rs[4] < 0.4) return { type: 'wheel', at: a, delta: rs[3] < 0.5 ? -120 : 120, what: `wheel on the board at ${from}` };
    return { type: 'clicks', at: [a, b], what: `click ${from} ${to}` };
  };
  const controlAction = (scope, rs) => {
    const first = PRIORITY.map((sel) => scope.querySelector(sel)).filter((el) => el && visible(el));
    const list = first.length && rs[6] < 0.5 ? first : controls(scope);
    if (!list.length) return { type: 'key', key: pick(KEYS, rs[2]), what: 'key (no control)' };
    const el = pick(list, rs[2]);
    if (el.tagName === 'SELECT') {
      return { type: 'select', selector: selectorOf(el), index: Math.floor(rs[3] * el.options.length),
        what: `select ${selectorOf(el)}` };
    }
    if (el.tagName === 'ESCAQUE-MOVE-TREE') {
      const moves = [...el.shadowRoot.querySelectorAll('.move')].filter(visible);
      if (!moves.length) return { type: 'key', key: pick(KEYS, rs[3]), what: 'key (empty tree)' };
      return { type: 'click', at: center(pick(moves, rs[3])), what: 'click a move of the tree' };
    }
    const double = rs[5] < 0.1;
    return { type: 'click', at: center(el), double,
      what: `${double ? 'double-' : ''}click ${selectorOf(el)} "${(el.textContent || el.value || '').trim().slice(0, 30)}"` };
  };
  const textAction = (scope, rs, legalSans) => {
    const fields = [...scope.querySelectorAll(TEXTS)].filter(visible);
    if (!fields.length) return { type: 'key', key: pick(KEYS, rs[2]), what: 'key (no field)' };
    const field = pick(fields, rs[2]);
    const text = legalSans.length && rs[3] < 0.6 ? pick(legalSans, rs[4]) : pick(JUNK, rs[4]);
    return typing(field, text, rs[5] < 0.8, `type "${text}" into ${selectorOf(field)}`);
  };

  const app = {
    // What the page holds now, for the run's record (not a check).
    summary() {
      const { ctrl } = window.__escaque;
      return { plies: ctrl.record.moves.length, over: ctrl.over, timed: !ctrl.record.tc.untimed,
        analysis: !document.getElementById('analysis').hidden, dialog: document.querySelector('dialog[open]')?.id ?? null };
    },
    plan(rs) {
      const { ctrl } = window.__escaque;
      const dialog = [...document.querySelectorAll('dialog[open]')].at(-1);
      if (dialog) {
        if (rs[0] < 0.6) return controlAction(dialog, rs);
        if (rs[0] < 0.8) return textAction(dialog, rs, []);
        return { type: 'key', key: pick(KEYS, rs[2]), what: 'key in a dialog' };
      }
      const editor = !document.getElementById('editor').hidden;
      const analysis = editor || !document.getElementById('analysis').hidden;
      const host = editor ? document.getElementById('ed-board')
        : analysis ? document.getElementById('an-board') ?? document.querySelector('#an-board-slot escaque-board-core')
          : document.querySelector('#board-slot escaque-board-core');
      const legal = analysis ? [] : ctrl.game.moves({ verbose: true });
      if (rs[0] < 0.3 && host && visible(host)) return boardAction(host, host.orientation, legal, rs);
      if (rs[0] < 0.45) {
        const input = document.getElementById('move-input');
        if (!analysis && visible(input)) {
          const text = legal.length && rs[3] < 0.75 ? pick(legal, rs[4]).san : pick(JUNK, rs[4]);
          return typing(input, text, true, `move "${text}"`);
        }
        return textAction(document, rs, []);
      }
      if (rs[0] < 0.6) { const key = pick(KEYS, rs[2]); return { type: 'key', key, what: `key ${key}` }; }
      return controlAction(document, rs);
    },
    // The page as the game says it must be; a list of what differs.
    async check() {
      const { ctrl, clock } = window.__escaque;
      // The clocks' text read before the first await: a clock tick can rewrite it at any yield, which
      // would hide a wrong text (or the planted one of the test's own check) from the comparison below.
      const clockText = { top: document.querySelector('#clock-top .clock-time').textContent,
        bottom: document.querySelector('#clock-bottom .clock-time').textContent };
      const clockState = clock.state;
      const { formatClock } = await import('/app/timecontrol.js');
      const out = [];
      const { record, game } = ctrl;
      const history = game.history({ verbose: true });
      if (record.moves.join(' ') !== history.map((m) => m.uci).join(' ')) {
        out.push(`the record's moves (${record.moves.join(' ')}) are not the game's (${history.map((m) => m.uci).join(' ')})`);
      }
      let language = 'en';
      try { language = JSON.parse(localStorage.getItem('escaque.app.settings') ?? '{}').language ?? 'en'; } catch { /* default */ }
      const sans = game.history({ language });
      const listed = [...document.querySelectorAll('#move-list button.move')].map((b) => b.textContent);
      if (listed.join(' ') !== sans.join(' ')) out.push(`the move list (${listed.join(' ')}) is not the game (${sans.join(' ')})`);
      const viewing = !document.getElementById('viewing').hidden;
      const current = document.querySelector('#move-list [aria-current]');
      const ply = current ? Number(current.dataset.ply) : 0;
      if (!viewing && ply !== history.length) out.push(`live, but the move list marks ply ${ply} of ${history.length}`);
      const fen = !viewing ? game.fen() : (ply === 0 ? record.setup.fen : history[ply - 1].after);
      if (document.getElementById('fen-out').value !== fen) out.push(`the FEN shown (${document.getElementById('fen-out').value}) is not ${fen}`);
      const core = document.querySelector('#board-slot escaque-board-core');
      const shown = drawn(core, core.orientation);
      if (!samePlacement(shown, placementOf(fen))) out.push(`the board is not the position at ply ${ply}: ${diff(shown, placementOf(fen))}`);
      if (document.body.dataset.plies !== String(record.moves.length)) out.push(`data-plies ${document.body.dataset.plies} ≠ ${record.moves.length}`);
      // The clocks: "–" untimed; else the side not running shows exactly its time, the running side
      // no more than its time at the last press, and only while the game goes on.
      const bottom = core.orientation === 'black' ? 'b' : 'w';
      const text = { [bottom]: clockText.bottom, [bottom === 'w' ? 'b' : 'w']: clockText.top };
      const parse = (t) => {
        const m = /^(?:(\d+):)?(\d+):(\d+)(?:\.(\d))?$/.exec(t);
        return m ? ((Number(m[1] ?? 0) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4] ?? 0) * 100 : NaN;
      };
      if (record.tc.untimed) {
        if (text.w !== '–' || text.b !== '–') out.push(`an untimed game shows clocks ${text.w} / ${text.b}`);
      } else if (clockState) {
        const { remaining, running } = clockState;
        if (running && ctrl.over) out.push(`the clock runs (${running}) after the game ended`);
        if (running && running !== ctrl.turn()) out.push(`the clock of ${running} runs, ${ctrl.turn()} is to move`);
        for (const side of ['w', 'b']) {
          const want = formatClock(remaining[side]);
          if (side !== running && text[side] !== want) out.push(`${side}'s clock shows ${text[side]}, its time is ${want}`);
          if (side === running && !(parse(text[side]) <= parse(want))) {
            out.push(`${side}'s running clock shows ${text[side]}, more than its time ${want}`);
          }
          if (!(parse(text[side]) >= 0)) out.push(`${side}'s clock shows "${text[side]}"`);
        }
      }
      // The analysis board, when open: its board shows the FEN it names.
      if (!document.getElementById('analysis').hidden) {
        const an = document.querySelector('#an-board-slot escaque-board-core') ?? document.getElementById('an-board');
        const anFen = document.getElementById('an-fen').value;
        if (an && anFen && !samePlacement(drawn(an, an.orientation), placementOf(anFen))) {
          out.push(`the analysis board is not its FEN ${anFen}: ${diff(drawn(an, an.orientation), placementOf(anFen))}`);
        }
      }
      // The position editor, when open: its board shows the position it holds.
      const editor = document.getElementById('editor');
      if (!editor.hidden) {
        const ed = document.getElementById('ed-board');
        const edFen = editor.dataset.fen;
        if (!ed || !edFen) out.push('the position editor is open without a board or a position');
        else if (!samePlacement(drawn(ed, ed.orientation), placementOf(edFen))) {
          out.push(`the editor's board is not its position ${edFen}: ${diff(drawn(ed, ed.orientation), placementOf(edFen))}`);
        }
      }
      return out;
    },
  };

  const embed = {
    summary() {
      const play = document.getElementById('play');
      return { plies: play.plyCount, ply: play.ply, over: Boolean(play.outcome), replayPly: document.getElementById('replay').ply };
    },
    plan(rs) {
      const play = document.getElementById('play');
      const live = play.ply === play.plyCount;
      const legal = live && play.game ? play.game.moves({ verbose: true }) : [];
      if (rs[0] < 0.3) {
        const boards = ['play', 'play', 'replay'].map((id) => document.getElementById(id));
        const host = pick(boards, rs[5]);
        host.scrollIntoView({ block: 'nearest' });
        return boardAction(host, host.orientation, host === play ? legal : [], rs);
      }
      if (rs[0] < 0.45) {
        const field = play.shadowRoot.querySelector('input');
        if (field && visible(field)) {
          const text = legal.length && rs[3] < 0.75 ? pick(legal, rs[4]).san : pick(JUNK, rs[4]);
          return typing(field, text, true, `move "${text}"`);
        }
      }
      if (rs[0] < 0.6) {
        // Keys on a board or its field (focus it first), or wherever the focus is.
        const target = pick([play, document.getElementById('replay'), document.getElementById('viewer'), null], rs[3]);
        const key = pick(KEYS, rs[2]);
        return { type: 'key', key, focus: target ? `#${target.id}` : null, what: `key ${key} on ${target?.id ?? 'focus'}` };
      }
      return controlAction(document, rs);
    },
    async check() {
      const out = [];
      for (const id of ['play', 'replay']) {
        const board = document.getElementById(id);
        const game = board.game;
        if (!game) { out.push(`#${id} has no game`); continue; }
        const history = game.history({ verbose: true });
        if (board.plyCount !== history.length) out.push(`#${id}: plyCount ${board.plyCount} ≠ ${history.length} moves`);
        const ply = board.ply;
        if (!(ply >= 0 && ply <= history.length)) { out.push(`#${id}: ply ${ply} out of 0..${history.length}`); continue; }
        const fen = ply === history.length ? game.fen() : (ply === 0 ? history[0].before : history[ply - 1].after);
        const shown = drawn(board, board.orientation);
        if (!samePlacement(shown, placementOf(fen))) out.push(`#${id} is not its game at ply ${ply}: ${diff(shown, placementOf(fen))}`);
        if (board.fen !== game.fen()) out.push(`#${id}.fen ${board.fen} ≠ its game's ${game.fen()}`);
      }
      const replay = document.getElementById('replay');
      const said = document.getElementById('replay-ply').textContent;
      if (said !== `move ${replay.ply} of ${replay.plyCount}`) out.push(`the replay says "${said}" at ply ${replay.ply} of ${replay.plyCount}`);
      // The annotated game: its board shows the position of the move the tree marks.
      const viewer = document.getElementById('viewer');
      const vb = viewer.shadowRoot?.querySelector('escaque-board-core, escaque-board');
      if (vb && viewer.fen) {
        const shown = drawn(vb, vb.orientation);
        if (!samePlacement(shown, placementOf(viewer.fen))) out.push(`the viewer's board is not its position: ${diff(shown, placementOf(viewer.fen))}`);
      }
      return out;
    },
  };

  window.__monkey = kind === 'app' ? app : embed;
}

const VIEWPORTS = [{ width: 1280, height: 800 }, { width: 390, height: 844 }, { width: 900, height: 700 }];

// Sends one planned action. Pointer events and typed text go straight to the browser's input
// (DevTools Input domain: the same trusted events a person's mouse and keyboard make), all of one
// action sent at once and awaited together — in order, at a third of the round trips of
// Playwright's mouse, which waits for each.
async function send(page, cdp, action) {
  const mouse = (type, at, extra = {}) => cdp.send('Input.dispatchMouseEvent',
    { type, x: at.x, y: at.y, button: 'left', buttons: type === 'mouseReleased' ? 0 : 1, clickCount: 1, ...extra });
  const click = (at) => [mouse('mousePressed', at), mouse('mouseReleased', at)];
  switch (action.type) {
    case 'click':
      await Promise.all(action.double
        ? [...click(action.at), mouse('mousePressed', action.at, { clickCount: 2 }), mouse('mouseReleased', action.at, { clickCount: 2 })]
        : click(action.at));
      break;
    case 'wheel':
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x: action.at.x, y: action.at.y, deltaX: 0, deltaY: action.delta });
      break;
    case 'clicks': await Promise.all(action.at.flatMap(click)); break;
    case 'drag': {
      const mid = { x: (action.from.x + action.to.x) / 2, y: (action.from.y + action.to.y) / 2 };
      await Promise.all([mouse('mouseMoved', action.from, { button: 'none', buttons: 0 }), mouse('mousePressed', action.from),
        mouse('mouseMoved', mid), mouse('mouseMoved', action.to), mouse('mouseReleased', action.to)]);
      break;
    }
    case 'key':
      if (action.focus) await page.focus(action.focus).catch(() => {});
      await page.keyboard.press(action.key);
      break;
    case 'select': await page.selectOption(action.selector, { index: action.index }, { timeout: 2000 }); break;
    case 'type': {
      // The field was focused and its text selected by the plan (a person's click into it): the text
      // replaces it as typed input, then Enter.
      const sent = [cdp.send('Input.insertText', { text: action.text })];
      if (action.enter) {
        const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 };
        sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...enter }),
          cdp.send('Input.dispatchKeyEvent', { type: 'char', text: '\r', ...enter }),
          cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter }));
      }
      await Promise.all(sent);
      break;
    }
    default: throw new Error(`unknown action ${action.type}`);
  }
}

/**
 * Runs `events` random events at `page` (already loaded; `kind` 'app' or 'embed'), checking every
 * `checkEvery`. problems: the page's errors, collected by the caller (a page error or console error
 * fails the run at the next check). Returns {events, checks, log (the events sent), states (the
 * page's summary at each check)}; throws with the seed, the event
 * number and the last events on the first failure.
 */
export async function runMonkey(page, { kind, seed, events, checkEvery = 100, problems, settle = 1500 }) {
  const random = seededRandom(seed);
  const cdp = await page.context().newCDPSession(page);
  await page.evaluate(install, kind);
  const log = [];
  const states = [];  // the page's summary at each check
  let checks = 0;
  const ms = { plan: 0, send: 0, check: 0 };
  let t = Date.now();
  const lap = (what) => { const now = Date.now(); ms[what] += now - t; t = now; };
  const fail = (i, what) => {
    throw new Error(`monkey (${kind}, seed ${seed}): after event ${i}: ${what}\n` +
      `reproduce: MONKEY_SEED=${seed} MONKEY_EVENTS=${i}\nlast events:\n  ${log.slice(-15).join('\n  ')}`);
  };
  for (let i = 1; i <= events; i++) {
    const rs = Array.from({ length: 7 }, random);
    if (random() < 0.01) {
      // Now and then the window changes size (a phone turned, a window dragged): the board is redrawn.
      const size = VIEWPORTS[Math.floor(rs[6] * VIEWPORTS.length)];
      await page.setViewportSize(size);
      log.push(`${i}: viewport ${size.width}x${size.height}`);
    }
    t = Date.now();
    const action = await page.evaluate((r) => window.__monkey.plan(r), rs);
    lap('plan');
    log.push(`${i}: ${action.what}`);
    // An action may find its target gone (a dialog closed, a field hidden by the event before): that
    // is what a person's click in the wrong place does too, not a failure.
    await send(page, cdp, action).catch((e) => { log.push(`   (not sent: ${e.message.split('\n')[0]})`); });
    lap('send');
    if (i % checkEvery === 0 || i === events) {
      checks++;
      // The page may be busy (a move animating, the engine answering): a state is wrong only if it
      // stays wrong for `settle` ms.
      const until = Date.now() + settle;
      let wrong;
      for (;;) {
        wrong = await page.evaluate(async () => {
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          return window.__monkey.check();
        });
        if (!wrong.length || Date.now() > until) break;
        await page.waitForTimeout(100);
      }
      if (problems.length) fail(i, `page problems: ${problems.join(' | ')}`);
      if (wrong.length) fail(i, wrong.join('; '));
      states.push(await page.evaluate(() => window.__monkey.summary()));
      lap('check');
    }
  }
  return { events, checks, log, states, ms };
}
