// The position editor ("Set up a position", opened from the analysis board): a board of its own on which
// pieces are moved (dragged, or clicked and put down), put (a piece chosen beside the board, then a click or
// Enter on a square; the same piece again takes it off) and taken off, with the side to move, the castling
// rights and the en passant square. The position is the package's Setup (plain data: anything goes while
// editing, no kings, nine queens); whether a game can start from it is the package's own judgement
// (Chess.fromSetup), said under the FEN as the position changes. "Analyse" hands the position to the
// analysis board, "Play from here" to the new-game dialog.
import 'escaque/board/core';
import { Chess, Setup } from 'escaque';
import { START_FEN } from 'escaque/board/core';

const $ = (id) => document.getElementById(id);
// Where a side's king and rooks stand for its castling rights in standard chess (a Chess960 position keeps
// its rights as loaded or ticked, and the package judges them).
const HOME = { w: { rank: '1', king: 'e1' }, b: { rank: '8', king: 'e8' } };
// Each castling right: its side, its wing (as Setup#castlingRights names it) and its checkbox.
const RIGHTS = [['w', 'king', 'ed-wk'], ['w', 'queen', 'ed-wq'], ['b', 'king', 'ed-bk'], ['b', 'queen', 'ed-bq']];

// What is wrong with the position, without where in the FEN text it was found (the package's `detail`:
// "white has 0 kings; each side needs exactly one"): the person edits a board, not the text.
function reasonOf(e) {
  return e?.detail ?? String(e?.message ?? e);
}

const TYPES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const nameOf = ({ color, type }) => `${color === 'w' ? 'white' : 'black'} ${TYPES[type]}`;

export class PositionEditor {
  #board = null;
  #setup = new Setup(START_FEN);
  #orientation = 'w';
  #onAnalyse;
  #onPlay;
  #onCancel;
  #lookOfBoard;

  /**
   * onAnalyse(fen, chess960, orientation), onPlay(fen, chess960): a position a game can start from, asked
   * for by those buttons; onCancel(): back without it; lookOfBoard(element): the settings' board look.
   */
  constructor({ onAnalyse, onPlay, onCancel, lookOfBoard = () => {} }) {
    this.#onAnalyse = onAnalyse;
    this.#onPlay = onPlay;
    this.#onCancel = onCancel;
    this.#lookOfBoard = lookOfBoard;
    this.#wire();
    this.#dragTiles();
  }

  get isOpen() { return !$('editor').hidden; }

  // A tile dragged onto the board puts its piece there (a click on a tile only chooses it). Touch, pen and
  // mouse alike; the tile's piece follows the pointer.
  #dragTiles() {
    for (const tile of document.querySelectorAll('.ed-piece')) {
      tile.addEventListener('pointerdown', (e) => {
        if (e.button !== 0) return;
        const input = tile.querySelector('input');
        const start = { x: e.clientX, y: e.clientY };
        let ghost = null;
        tile.setPointerCapture?.(e.pointerId);
        const move = (ev) => {
          if (!ghost && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < 4) return;
          if (!ghost) {
            input.checked = true;
            this.#brushChosen();
            ghost = document.createElement('span');
            ghost.className = 'ed-ghost';
            ghost.setAttribute('aria-hidden', 'true');
            ghost.textContent = tile.querySelector('[aria-hidden]').textContent;
            const cell = this.#board.getBoundingClientRect().width / 8;
            ghost.style.fontSize = `${Math.round(cell * 0.8)}px`;
            document.body.append(ghost);
          }
          ghost.style.transform = `translate(${ev.clientX}px, ${ev.clientY}px) translate(-50%, -50%)`;
        };
        const end = (ev) => {
          tile.removeEventListener('pointermove', move);
          tile.removeEventListener('pointerup', end);
          tile.removeEventListener('pointercancel', end);
          if (!ghost) return;
          ghost.remove();
          const square = ev.type === 'pointerup' ? this.#board.squareAt(ev.clientX, ev.clientY) : null;
          if (square) this.#put(square, true);
        };
        tile.addEventListener('pointermove', move);
        tile.addEventListener('pointerup', end);
        tile.addEventListener('pointercancel', end);
      });
    }
  }

  /** Shows the editor on `fen` (the start position if none). */
  open(fen = START_FEN, chess960 = false, orientation = 'w') {
    if (!this.#board) {
      const board = document.createElement('escaque-board-core');
      board.id = 'ed-board';
      board.setAttribute('coordinates', '');
      board.set({ label: 'Position editor board', free: true, showLegal: false });
      board.addEventListener('move', (e) => this.#move(e.detail));
      board.addEventListener('square', (e) => this.#put(e.detail.square));
      $('ed-board-slot').replaceChildren(board);
      this.#board = board;
    }
    this.#lookOfBoard(this.#board);
    this.#setup = Setup.fromFen(fen, { chess960 });
    this.#orientation = orientation;
    $('editor').hidden = false;
    this.#changed();
    // The heading takes the focus without scrolling past the board: on a phone the board is above it.
    $('ed-title').focus?.({ preventScroll: true });
    $('editor').scrollIntoView?.({ block: 'start' });
  }

  close() { $('editor').hidden = true; }

  #brush() { return document.querySelector('input[name="ed-brush"]:checked')?.value ?? 'move'; }
  // "moves pieces": the board's pieces can be picked up; a piece chosen: every press is a square intent.
  #interactive() { return this.#brush() === 'move' ? 'both' : 'none'; }
  // Another brush changes only what the board takes, not the position.
  #brushChosen() { this.#board?.set({ interactive: this.#interactive() }); }

  // A piece moved on the board ('move' mode): whatever stood on the target is replaced.
  #move({ from, to }) {
    const piece = this.#setup.get(from);
    if (!piece || from === to) return;
    this.#setup.remove(from);
    this.#setup.put(piece, to);
    this.#board.announce(`${nameOf(piece)} from ${from} to ${to}`);
    this.#changed();
  }

  // A click or Enter on a square with a piece chosen: put it there (the same piece there: take it off,
  // unless `dropped` from a tile); with "takes a piece off": empty the square.
  #put(square, dropped = false) {
    const brush = this.#brush();
    if (brush === 'move') return;
    const there = this.#setup.get(square);
    if (brush === 'erase' || (!dropped && there && there.color === brush[0] && there.type === brush[1])) {
      if (!there) return;
      this.#setup.remove(square);
      this.#board.announce(`${nameOf(there)} taken off ${square}`);
    } else {
      const piece = { color: brush[0], type: brush[1] };
      this.#setup.put(piece, square);
      this.#board.announce(`${nameOf(piece)} on ${square}`);
    }
    this.#changed();
  }

  // Whether a castling right could stand: the king and that rook on their squares (standard chess).
  #rightPossible(color, side) {
    if (this.#setup.isChess960()) return true;
    const { rank, king } = HOME[color];
    const k = this.#setup.get(king);
    const r = this.#setup.get((side === 'king' ? 'h' : 'a') + rank);
    return k?.type === 'k' && k.color === color && r?.type === 'r' && r.color === color;
  }

  // The squares an en passant capture could be made on: behind a pawn of the side not to move that may
  // have just made a double step (the two squares it crossed empty).
  #enPassantSquares() {
    const turn = this.#setup.turn();
    const them = turn === 'w' ? 'b' : 'w';
    const [pawnRank, behind, start] = turn === 'w' ? ['5', '6', '7'] : ['4', '3', '2'];
    const out = [];
    for (const file of 'abcdefgh') {
      const p = this.#setup.get(file + pawnRank);
      if (p?.type === 'p' && p.color === them && !this.#setup.get(file + behind) && !this.#setup.get(file + start)) {
        out.push(file + behind);
      }
    }
    return out;
  }

  // After every edit: rights that can no longer stand are dropped, then everything is drawn again.
  #changed() {
    for (const [color, side] of RIGHTS) {
      if (this.#setup.castlingRights(color)[side] && !this.#rightPossible(color, side)) {
        this.#setup.setCastlingRights(color, { [side]: false });
      }
    }
    const ep = this.#setup.enPassant();
    if (ep && !this.#enPassantSquares().includes(ep)) this.#setup.setEnPassant(null);
    this.#render();
  }

  #render() {
    const fen = this.#setup.fen();
    $('editor').dataset.fen = fen;  // the position held, whatever the FEN field shows while being typed in
    this.#board.set({
      fen, orientation: this.#orientation === 'w' ? 'white' : 'black',
      interactive: this.#interactive(),
    });
    $('ed-turn').value = this.#setup.turn();
    for (const [color, side, id] of RIGHTS) {
      $(id).checked = this.#setup.castlingRights(color)[side];
      $(id).disabled = !this.#rightPossible(color, side);
    }
    const ep = $('ed-ep');
    const squares = this.#enPassantSquares();
    ep.replaceChildren(new Option('none', ''), ...squares.map((sq) => new Option(sq, sq)));
    ep.value = this.#setup.enPassant() ?? '';
    ep.disabled = squares.length === 0;
    if (document.activeElement !== $('ed-fen')) $('ed-fen').value = fen;
    $('ed-fen').removeAttribute('aria-invalid');
    const problem = this.#problem();
    $('ed-status').textContent = problem ? `No game can start here: ${problem}` : '';
  }

  /** Why no game can start from the position (the package's words), or null. */
  #problem() {
    try {
      Chess.fromSetup(this.#setup).dispose();
      return null;
    } catch (e) {
      return reasonOf(e);
    }
  }

  // A FEN typed or pasted in the field (on Enter or leaving it): the board shows it; one that cannot be
  // read is told, and the position stays as it was.
  #typedFen() {
    const text = $('ed-fen').value.trim();
    if (!text || text === this.#setup.fen()) {  // nothing new (the FEN shown again after a bad one): as it is
      $('ed-fen').value = this.#setup.fen();
      this.#render();
      return;
    }
    try {
      this.#setup = Setup.fromFen(text, { chess960: this.#setup.isChess960() });
    } catch (e) {
      $('ed-fen').setAttribute('aria-invalid', 'true');
      $('ed-status').textContent = `This FEN cannot be read: ${reasonOf(e)}`;
      return;
    }
    this.#changed();
    $('ed-fen').value = this.#setup.fen();
  }

  // "Analyse" and "Play from here": only a position a game can start from; else the reason, said again.
  #finish(then) {
    const problem = this.#problem();
    if (problem) {
      $('ed-status').textContent = '';
      queueMicrotask(() => { $('ed-status').textContent = `No game can start here: ${problem}`; });
      return;
    }
    then(this.#setup.fen(), this.#setup.isChess960());
  }

  #wire() {
    for (const radio of document.querySelectorAll('input[name="ed-brush"]')) {
      radio.addEventListener('change', () => this.#brushChosen());
    }
    $('ed-turn').addEventListener('change', () => {
      this.#setup.setTurn($('ed-turn').value);
      this.#changed();
    });
    $('ed-ep').addEventListener('change', () => {
      this.#setup.setEnPassant($('ed-ep').value || null);
      // A pawn has just moved: the halfmove clock is 0 (the package refuses the contradiction).
      if ($('ed-ep').value) this.#setup.setHalfMoveClock(0);
      this.#changed();
    });
    for (const [color, side, id] of RIGHTS) {
      $(id).addEventListener('change', () => {
        this.#setup.setCastlingRights(color, { [side]: $(id).checked });
        this.#changed();
      });
    }
    $('ed-start').addEventListener('click', () => {
      this.#setup = Setup.fromFen(START_FEN);
      this.#changed();
    });
    $('ed-clear').addEventListener('click', () => {
      this.#setup.clear();
      this.#changed();
    });
    $('ed-flip').addEventListener('click', () => {
      this.#orientation = this.#orientation === 'w' ? 'b' : 'w';
      this.#render();
    });
    $('ed-fen').addEventListener('change', () => this.#typedFen());
    $('ed-fen').addEventListener('keydown', (e) => { if (e.key === 'Enter') this.#typedFen(); });
    $('ed-cancel').addEventListener('click', () => this.#onCancel());
    $('ed-analyse').addEventListener('click', () => this.#finish((fen, chess960) => this.#onAnalyse(fen, chess960, this.#orientation)));
    $('ed-play').addEventListener('click', () => this.#finish((fen, chess960) => this.#onPlay(fen, chess960)));
  }
}
