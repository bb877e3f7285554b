// The analysis board: a board of its own (beside the game's, which goes on untouched), a game tree
// (tree.js) whose moves and variations are made on the board and listed by the board package's
// move-tree view (<escaque-move-tree>, escaque/board/move-tree), the engine's lines live (lines.js:
// MultiPV 1–5, the evaluation bar, arrows), comments, and PGN/FEN in and out (files: pgn-files.js).
// Opened from the menu (the last analysis, kept in storage), from a game (its PGN at the move shown),
// from a finished game, from a FEN/PGN or a .pgn file, or from the position editor (editor.js).
import { evalGraph } from 'escaque/board/eval-graph';
import 'escaque/board/move-tree';
import { toChess } from 'escaque/pgn';

import { BoardView } from '../board-view.js';
import { setMoveNavEnds } from '../move-nav.js';
import { formatClock } from '../timecontrol.js';
import { CAP, DEPTH, annotateMoves, evaluateLine, moveLabel, summary } from '../game-analysis.js';
import * as store from '../storage.js';
import { downloadPgn, gameLabel, gameTitle, known, listGamesOf, readListedGame, thousands } from './pgn-files.js';
import { PositionEditor } from './editor.js';
import { EngineLines } from './lines.js';
import { AnalysisTree } from './tree.js';

const $ = (id) => document.getElementById(id);
const KEY = 'escaque.app.analysis';
// A FEN, even a faulty one, begins with ranks separated by '/' (a PGN begins with a tag, a move number
// or a move; its only '/' are in "1/2-1/2"): read as a FEN, its error names the bad field.
const FEN_LIKE = /^\s*[^\s[/]*(\/[^\s/]*){3,}(\s|$)/;
const RESTART_MS = 120;  // navigation in quick steps (a held arrow key) restarts the search once
const ITEMS_PER_FRAME = 100;  // games of a .pgn file listed per animation frame
// The games of a file are listed in lists of this many (one <ol> each): a list out of view is not
// laid out (content-visibility), so adding games to a long file's listing costs the last list only.
const GAMES_PER_LIST = 500;

export class AnalysisBoard {
  #engine;
  #available;
  #board = null;
  #lines;
  #tree = null;
  #running = false;
  #orientation = 'w';
  #generation = 0;
  #restart = 0;
  #onClose;
  #notify;
  #showOpening;
  #lookOfBoard;
  #treeView = null;
  #shownGame = null;  // the tree the move list was last drawn from
  #fileListing = null;  // the listing of a .pgn file under way: {cancel}
  #editor = null;
  #playFrom;
  #reviewing = null;  // the game analysis under way: {cancelled}
  #unsaved = false;  // whether the person was told that the analysis cannot be saved
  #previous = null;  // {tree, orientation}: the analysis the last load replaced
  #graph = null;  // the eval graph shown ({svg, mark}), null without evals

  /**
   * engine: the app's EnginePlayer (its adviser analyses); available(): whether the build has the
   * engine; onClose(): back to the game; notify(text): the board's message line; showOpening(fens,
   * chess960): names the opening of the line shown; lookOfBoard(element): the settings' board look;
   * playFrom(text, chess960): a new game from a FEN or PGN (the new-game dialog): the editor's position, or
   * the analysis board's line to the move shown.
   */
  constructor({ engine, available, onClose, notify, showOpening = () => {}, lookOfBoard = () => {}, playFrom = () => {} }) {
    this.#playFrom = playFrom;
    this.#showOpening = showOpening;
    this.#lookOfBoard = lookOfBoard;
    this.#engine = engine;
    this.#available = available;
    this.#onClose = onClose;
    this.#notify = notify;
    this.#lines = new EngineLines({ bar: $('an-bar'), barText: $('an-bar-text'), list: $('an-lines'), depth: $('an-depth') });
    this.#lines.onPlay = (uci) => this.#play(uci);
    this.#lines.onArrows = (arrows) => this.#board?.element.set({ arrows: this.#running ? arrows : [] });
    this.#wire();
  }

  /** Whether the analysis board (or the position editor in its place) is shown instead of the game. */
  get isOpen() { return !$('analysis').hidden || this.editing; }
  /** Whether the position editor is shown (in place of the analysis board). */
  get editing() { return Boolean(this.#editor?.isOpen); }
  get tree() { return this.#tree; }

  /** Opens the board on `tree` (an AnalysisTree), or on the last analysis (the start position if none). */
  open(tree = null, orientation = 'w') {
    this.#editor?.close();
    if (!this.#board) {
      this.#board = new BoardView($('an-board-slot'));
      this.#board.element.id = 'an-board';
      this.#board.element.set({ label: 'Analysis board' });
      this.#board.onMove = (uci) => this.#play(uci);
      this.#board.onNavigate = (where) => this.#step(where);
      this.#treeView = document.createElement('escaque-move-tree');
      this.#treeView.setAttribute('label', 'Moves of the analysis');
      this.#treeView.addEventListener('nodeselect', (e) => { this.#tree.go(e.detail.node); this.#changed(false); });
      $('an-tree').replaceChildren(this.#treeView);
    }
    this.#lookOfBoard(this.#board.element);
    if (tree) {
      this.#replace(tree);
      this.#orientation = orientation;
    } else if (!this.#tree) {
      this.#replace(this.#restore() ?? AnalysisTree.fromFen());
    }
    document.querySelector('.play').hidden = true;
    document.querySelector('.side').hidden = true;
    $('analysis').hidden = false;
    document.body.dataset.mode = 'analysis';
    $('an-run').disabled = !this.#available() || Boolean(this.#reviewing);
    $('an-review').disabled = !this.#available();
    if (!this.#available()) $('an-run').textContent = 'No engine in this build';
    this.#changed(true);
    $('an-title').focus?.();
  }

  /**
   * Opens the board on a game's PGN (its mainline and comments) at position `ply` (0: the start); with
   * `analysed`, the review's evaluations of its mainline (game-analysis.js evaluateLine) written in.
   */
  openPgn(pgn, ply = 0, orientation = 'w', analysed = null) {
    let tree;
    try {
      tree = AnalysisTree.fromPgn(pgn);
    } catch (e) {
      this.#notify(`This game cannot be analysed: ${e.message}`);
      return;
    }
    for (let i = 0; i < ply && tree.forward(); i++) { /* to the position asked for */ }
    this.open(tree, orientation);
    // The play screen's review of this game (evaluateLine's answer, a position more than the moves): written
    // into the tree as "Analyse the game" would, without searching again.
    const { moves } = tree.game;
    if (analysed?.length === moves.length + 1 && moves.length > 0 && !moves.some((n) => n.uci === '0000')) {
      this.#writeAnalysis(tree.game, [...moves], analysed, -1);
    }
  }

  /** Redraws what does not change the search (the opening's name, once the table has arrived). */
  refresh() { if (this.#tree && this.isOpen) this.#opening(); }

  #opening() {
    const history = this.#tree.chess.history({ verbose: true });
    const fens = [this.#tree.game.fen, ...history.map((m) => m.after)];
    this.#showOpening(fens, this.#tree.game.chess960);
  }

  /** Sets up a position in the editor, starting from the one shown; the analysis waits behind it. */
  #edit() {
    this.#stop();
    this.#editor ??= new PositionEditor({
      lookOfBoard: this.#lookOfBoard,
      onCancel: () => this.#leaveEditor(),
      onAnalyse: (fen, chess960, orientation) => {
        this.#leaveEditor();
        this.#loadError('');
        this.#replace(AnalysisTree.fromFen(fen, chess960));
        this.#orientation = orientation;
        this.#changed();
        $('an-title').focus?.();
      },
      onPlay: (fen, chess960) => {
        this.close();
        this.#playFrom(fen, chess960);
      },
    });
    $('analysis').hidden = true;
    this.#editor.open(this.#tree.fen, this.#tree.game.chess960, this.#orientation);
  }

  // A game from the move shown: the line's PGN from the tree's start (so its repetitions count), or the
  // FEN where no move leads there.
  #playHere() {
    const { chess960 } = this.#tree.game;
    const text = this.#tree.node ? this.#tree.chess.pgn() : this.#tree.fen;
    this.close();
    this.#playFrom(text, chess960);
  }

  #leaveEditor() {
    this.#editor.close();
    $('analysis').hidden = false;
    $('an-edit').focus();
  }

  close() {
    this.#stop();
    this.#cancelReview();
    this.#editor?.close();
    $('analysis').hidden = true;
    document.querySelector('.play').hidden = false;
    document.querySelector('.side').hidden = false;
    delete document.body.dataset.mode;
    this.#onClose();
  }

  // ---- the tree ----

  // The tree shown becomes `tree`. The one it replaces, when it has moves or a comment, is kept (one, in
  // memory) for "Back to the previous analysis": a PGN loaded by mistake loses no work.
  #replace(tree) {
    if (tree !== this.#tree) this.#cancelReview();
    const old = this.#tree;
    if (old && old !== tree && (old.game.moves.length || old.game.comments.length)) {
      this.#previous?.tree.dispose();
      this.#previous = { tree: old, orientation: this.#orientation };
    } else if (old !== tree) {
      old?.dispose();
    }
    this.#tree = tree;
    $('an-back').hidden = !this.#previous;
  }

  /** "Back to the previous analysis": the tree a load replaced comes back; pressed again, the other one. */
  #back() {
    const previous = this.#previous;
    if (!previous) return;
    this.#cancelReview();
    this.#previous = { tree: this.#tree, orientation: this.#orientation };
    this.#tree = previous.tree;
    this.#orientation = previous.orientation;
    this.#loadError('');
    this.#changed();
    const title = gameTitle(this.#tree.game.tags);
    this.#notify(`Back to the previous analysis${title ? ` (${title})` : ''}; the one it replaced is a click away the same way.`);
  }

  #play(uci) {
    try {
      this.#tree.play(uci);
    } catch (e) {
      this.#notify(e.message);
      return false;
    }
    this.#changed();
    return true;
  }

  #step(where) {
    const t = this.#tree;
    const moved = { first: () => (t.toStart(), true), last: () => (t.toEnd(), true), prev: () => t.back(),
      next: () => t.forward() }[where]?.();
    if (moved) this.#changed(false);
  }

  /**
   * Redraws after the node shown changed, or the tree itself (`edited`: the move list is drawn anew);
   * keeps the tree in storage.
   */
  #changed(edited = true) {
    const t = this.#tree;
    const chess = t.chess;
    const fen = chess.fen();
    const node = t.node;
    this.#board.show({
      fen, chess960: t.game.chess960, orientation: this.#orientation, interactive: 'both', premoves: false,
      lastMove: node ? node.uci : null, game: chess, move: null,
    });
    this.#board.element.set({ arrows: [] });
    setMoveNavEnds('an', { atStart: node === null, atEnd: t.next().length === 0 });
    const redraw = edited || this.#shownGame !== t.game;  // else a step: only what marks the move shown changes
    if (redraw) {
      this.#treeView.game = t.game;
      this.#shownGame = t.game;
      const title = gameTitle(t.game.tags);
      $('an-game').textContent = title ?? '';
      $('an-game').hidden = title === null;
    }
    this.#treeView.current = node;
    this.#drawPlayers();
    this.#drawGraph(redraw);
    $('an-empty').hidden = t.game.moves.length > 0;
    $('an-fen').value = fen;
    this.#opening();
    $('an-comment').value = t.comment;
    this.#drawMarks();
    $('an-promote').disabled = !t.inVariation();
    $('an-delete').disabled = !t.inVariation();
    $('an-bar').dataset.orientation = this.#orientation;
    document.body.dataset.analysisFen = fen;
    this.#lines.reset(fen, this.#multiPv(), this.#tree.node?.eval ?? null);
    if (this.#running) this.#search();
    this.#save();
  }

  /**
   * The players above and below the board (the side at the bottom below), named by the game's tags with
   * their Elo, and each one's clock at the move shown; a strip with neither is hidden (a free analysis).
   */
  #drawPlayers() {
    const { tags } = this.#tree.game;
    const clocks = this.#tree.clocks();
    const bottom = this.#orientation;
    for (const [id, side] of [['an-bottom', bottom], ['an-top', bottom === 'w' ? 'b' : 'w']]) {
      const tag = side === 'w' ? 'White' : 'Black';
      const name = known(tags[tag]);
      const elo = known(tags[`${tag}Elo`]);
      const el = $(id);
      el.hidden = name === null && clocks[side] === null;
      el.querySelector('.an-name').textContent = name === null ? tag : elo ? `${name} (${elo})` : name;
      el.querySelector('.an-clock').textContent = clocks[side] === null ? '' : formatClock(clocks[side]);
    }
  }

  // ---- the engine ----

  #multiPv() { return Number($('an-multipv').value) || 1; }

  #start() {
    if (!this.#available()) return;
    this.#running = true;
    $('an-run').textContent = 'Stop analysis';
    $('an-run').setAttribute('aria-pressed', 'true');
    $('analysis').dataset.running = 'true';
    this.#lines.reset(this.#tree.fen, this.#multiPv(), this.#tree.node?.eval ?? null);
    this.#search();
  }

  #stop() {
    this.#running = false;
    this.#generation++;
    clearTimeout(this.#restart);
    this.#engine.stopAnalysis();
    this.#lines.flush();  // the lines shown on stopping are the last ones received, and stay
    $('an-run').textContent = 'Start analysis';
    $('an-run').setAttribute('aria-pressed', 'false');
    delete $('analysis').dataset.running;
    this.#board?.element.set({ arrows: [] });
  }

  /**
   * "Analyse the game": the adviser evaluates every position of the mainline (game-analysis.js); each
   * move gets its evaluation ([%eval]) and, where it lost much and carries no mark yet, the mark ?!, ? or
   * ?? with a comment naming the engine's move ("Mistake (−1.3). Best was Nf3."). Pressed again while
   * it runs, it stops; loading another game or leaving the board stops it too (nothing is written then).
   */
  async #analyseGame() {
    if (this.#reviewing) { this.#cancelReview(); return; }
    if (!this.#available()) return;
    this.#stop();
    const { game } = this.#tree;
    // The mainline up to its first null move ("--"): the engine plays legal moves only.
    const upTo = game.moves.findIndex((n) => n.uci === '0000');
    const nodes = upTo < 0 ? [...game.moves] : game.moves.slice(0, upTo);
    if (!nodes.length) {
      this.#notify(upTo === 0 ? 'The game starts with a null move (--): the engine cannot analyse it.'
        : 'No moves to analyse: make them on the board, or load a PGN.');
      return;
    }
    const run = { cancelled: false };
    this.#reviewing = run;
    const button = $('an-review');
    const label = (done) => `Stop (${done} of ${nodes.length + 1} positions)`;
    button.textContent = label(0);  // at once: the engine first forgets earlier searches
    $('an-run').disabled = true;
    let line = null;
    try {
      line = await evaluateLine(this.#engine, { fen: game.fen, chess960: game.chess960, moves: nodes.map((n) => n.uci),
        finalValue: upTo < 0 ? this.#finalValue(game, nodes.at(-1)) : null }, {
        onStep: (done) => { if (this.#reviewing === run) button.textContent = label(done); },
        cancelled: () => run.cancelled || this.#tree.game !== game,
      });
    } catch (e) {
      if (this.#reviewing === run) this.#notify(`The engine could not analyse the game: ${e.message}`);
    } finally {
      if (this.#reviewing === run) this.#reviewEnded();
    }
    if (!line || run.cancelled) return;
    this.#writeAnalysis(game, nodes, line, upTo);
  }

  /**
   * Writes a game analysis (evaluateLine's answer for `nodes`, the mainline up to `upTo`, its first null
   * move, or -1) into the tree: each move's [%eval], and for a move that lost much a mark (unless it has
   * one) and a comment naming the engine's move; what an earlier run wrote is replaced. Then the summary.
   */
  #writeAnalysis(game, nodes, line, upTo) {
    const gradedList = annotateMoves(nodes, line, game.fen);
    const values = line.map((p) => p.value);
    this.#changed();
    const cut = upTo < 0 ? ''
      : ` It stops at the null move (--) after ${moveLabel(game.fen, upTo, nodes[upTo - 1].san)}: the engine plays legal moves only.`;
    this.#notify(`Game analysed (${nodes.length} half-moves, depth ${DEPTH}): ${summary(gradedList, values, game.fen)}.${cut}`);
  }

  // A game analysis under way ends now (another game loaded, the board left, Stop): nothing of it is
  // written, the adviser's search stops, and the button is ready for the next run at once.
  #cancelReview() {
    if (!this.#reviewing) return;
    this.#reviewing.cancelled = true;
    this.#engine.stopEvaluation();
    this.#reviewEnded();
  }
  #reviewEnded() {
    this.#reviewing = null;
    $('an-review').textContent = 'Analyse the game';
    $('an-run').disabled = !this.#available();
  }

  // The value (pawns, White's view) of the line's last position when it has no search: the outcome on the
  // board there (a mate, a stalemate, a dead position); otherwise the game's result, when it has one.
  #finalValue(game, last) {
    let result = null;
    try {
      const end = toChess(game, last);
      try { result = end.outcome().result; } finally { end.dispose(); }
    } catch {
      // a line the rules cannot replay (a null move): the result tag alone
    }
    const r = result && result !== '*' ? result : game.tags.Result ?? game.result;
    return r === '1-0' ? CAP : r === '0-1' ? -CAP : r === '1/2-1/2' ? 0 : null;
  }

  // The mainline's evaluations ([%eval], from the game analysis or the PGN) as the package's eval graph
  // above the move list, a dot on each move marked ?!, ? or ??; a click goes to that move. None without evals.
  // `redraw`: the game or what it holds changed (a step along it only moves the marker).
  #drawGraph(redraw) {
    const { game } = this.#tree;
    if (redraw) {
      this.#graph = evalGraph(game.moves, (i) => {
        this.#tree.go(this.#tree.game.moves[i] ?? null);
        this.#changed(false);
      }, { fen: game.fen });
      $('an-graph').replaceChildren(...(this.#graph ? [this.#graph.svg] : []));
      $('an-graph').hidden = !this.#graph;
    }
    this.#graph?.mark(this.#tree.node ? game.moves.indexOf(this.#tree.node) : -1);  // -1: off the mainline or at the start
  }

  // Searches the position shown, infinitely; a search of an earlier position is dropped.
  #search() {
    const generation = ++this.#generation;
    clearTimeout(this.#restart);
    this.#engine.stopAnalysis();
    const position = this.#tree.position();
    const multiPv = this.#multiPv();
    this.#restart = setTimeout(() => {
      if (generation !== this.#generation) return;
      this.#engine.analyse(position, (info) => { if (generation === this.#generation) this.#lines.add(info); }, { multiPv })
        .catch((e) => this.#notify(`The engine could not analyse: ${e.message}`));
    }, RESTART_MS);
  }

  // ---- storage: the last analysis survives reloads ----

  // A save that fails (storage full, or refused) is told once, until a save succeeds again: the analysis
  // goes on in memory, and its PGN can be copied or downloaded.
  #save() {
    const path = this.#tree.path().map((n) => n.uci);
    const saved = store.writeJson(KEY, { pgn: this.#tree.pgn(), path });
    if (saved.ok) {
      this.#unsaved = false;
    } else if (!this.#unsaved) {
      this.#unsaved = true;
      $('an-storage').textContent = `This analysis cannot be kept for the next visit (${saved.error}): Copy PGN or Download PGN keeps it.`;
    }
    $('an-storage').hidden = !this.#unsaved;
  }

  #restore() {
    const { text } = store.readText(KEY);
    if (!text) return null;
    try {
      const saved = JSON.parse(text);
      const tree = AnalysisTree.fromPgn(saved.pgn);
      for (const uci of saved.path ?? []) {
        const n = tree.next().find((x) => x.uci === uci);
        if (!n) break;
        tree.go(n);
      }
      return tree;
    } catch {
      return null;  // a damaged entry: a fresh board (the analysis is a scratch pad, the games are kept apart)
    }
  }

  // ---- the controls ----

  #wire() {
    $('an-close').addEventListener('click', () => this.close());
    $('an-run').addEventListener('click', () => (this.#running ? this.#stop() : this.#start()));
    $('an-review').addEventListener('click', () => this.#analyseGame());
    $('an-back').addEventListener('click', () => this.#back());
    $('an-multipv').addEventListener('change', () => {
      this.#lines.reset(this.#tree.fen, this.#multiPv(), this.#tree.node?.eval ?? null);
      if (this.#running) this.#search();
    });
    $('an-first').addEventListener('click', () => this.#step('first'));
    $('an-prev').addEventListener('click', () => this.#step('prev'));
    $('an-next').addEventListener('click', () => this.#step('next'));
    $('an-last').addEventListener('click', () => this.#step('last'));
    $('an-flip').addEventListener('click', () => {
      this.#orientation = this.#orientation === 'w' ? 'b' : 'w';
      this.#changed(false);
    });
    $('an-promote').addEventListener('click', () => { if (this.#tree.promote()) this.#changed(); });
    $('an-delete').addEventListener('click', () => { if (this.#tree.deleteVariation()) this.#changed(); });
    for (const b of document.querySelectorAll('.an-marks button')) {
      b.addEventListener('click', () => {
        if (!this.#tree.node) return;
        const nag = Number(b.dataset.nag);
        this.#tree.mark = this.#tree.mark === nag ? null : nag;  // the mark pressed again: off
        this.#drawMarks();
        this.#annotated();
      });
    }
    $('an-comment').addEventListener('change', () => {
      this.#tree.comment = $('an-comment').value;
      this.#annotated();
    });
    $('an-copy-pgn').addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(this.#tree.pgn());
        this.#notify('PGN copied.');
      } catch {
        this.#notify('The PGN could not be copied here; use Download PGN.');
      }
    });
    $('an-download-pgn').addEventListener('click', () => downloadPgn(this.#tree.pgn(), this.#tree.game.tags));
    $('an-load').addEventListener('click', () => this.#loadText($('an-load-text').value));
    $('an-edit').addEventListener('click', () => this.#edit());
    $('an-play').addEventListener('click', () => this.#playHere());
    $('an-file').addEventListener('change', async () => {
      const file = $('an-file').files?.[0];
      if (!file) return;
      this.#openFile(file);
      $('an-file').value = '';
    });
    document.addEventListener('keydown', (e) => {
      if ($('analysis').hidden || e.target.closest?.('input, textarea, select, escaque-board-core, escaque-move-tree, dialog')) return;
      if (e.key === 'ArrowLeft') this.#step('prev');
      else if (e.key === 'ArrowRight') this.#step('next');
    });
  }

  // A comment or a mark changed: the move list is drawn again and the tree kept; the position, and so the
  // engine's search, stay as they are.
  #annotated() {
    this.#treeView.game = this.#tree.game;
    this.#treeView.current = this.#tree.node;
    this.#drawGraph(true);  // a mark puts a dot on its move's point
    this.#save();
  }

  // The mark buttons: pressed for the move shown's mark; none at the start (no move to mark).
  #drawMarks() {
    const mark = this.#tree.mark;
    for (const b of document.querySelectorAll('.an-marks button')) {
      b.disabled = !this.#tree.node;
      b.setAttribute('aria-pressed', String(Number(b.dataset.nag) === mark));
    }
  }

  #loadError(message) {
    $('an-load-error').textContent = message;
    $('an-load-error').hidden = !message;
    $('an-load-text').toggleAttribute('aria-invalid', Boolean(message));
  }

  /** A FEN or PGN typed or pasted: the board starts from it; a bad one is told, nothing changes. */
  #loadText(text) {
    if (!text.trim()) { this.#loadError('Paste a FEN or a PGN first.'); return; }
    try {
      const tree = FEN_LIKE.test(text) ? AnalysisTree.fromFen(text.trim()) : AnalysisTree.fromPgn(text);
      this.#loadError('');
      this.#replace(tree);
      this.#orientation = 'w';
      this.#changed();
    } catch (e) {
      this.#loadError(`${FEN_LIKE.test(text) ? 'This FEN' : 'This PGN'} cannot be loaded: ${e.message}`);
    }
  }

  /**
   * A .pgn file, of any size: a Worker reads it (pgn-files.js) and the games are listed as they come,
   * with the share of the file read; one game alone opens at once. The page only lists: at most
   * ITEMS_PER_FRAME games a frame, so that a frame's work (making the items, styling and laying them
   * out) stays short however fast the Worker reads.
   */
  #openFile(file) {
    this.#fileListing?.cancel();
    const name = file.name || 'The file';
    const entries = [];  // by index: {index, offset, line, column, tags} | {..., error}
    const queue = [];    // received, not listed yet
    const list = $('an-games-list');
    const progress = $('an-games-progress');
    const count = $('an-games-count');
    list.replaceChildren();
    $('an-games').hidden = true;
    progress.hidden = false;
    progress.value = 0;
    count.textContent = '';
    $('an-games-status').textContent = `Reading ${name}…`;
    let focused = false;
    let read = 0;         // bytes the Worker has read
    let done = null;      // the count of games, once the Worker has read the whole file
    let frame = 0;
    let shown = 0;        // games listed
    const item = (g) => {
      const li = document.createElement('li');
      if (g.error) {
        li.textContent = `Game ${g.index + 1} cannot be read: ${g.error}`;
        li.className = 'error';
        return li;
      }
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.index = String(g.index);
      b.textContent = gameLabel(g);
      li.append(b);
      return li;
    };
    const finish = (n) => {
      this.#fileListing = null;
      progress.hidden = true;
      count.textContent = '';
      if (n === 0) { $('an-games-status').textContent = ''; this.#loadError(`${name} holds no game.`); return; }
      if (n === 1 && !entries[0].error) {
        $('an-games-status').textContent = '';
        $('an-games').hidden = true;
        this.#openGameAt(listing, 0);
        return;
      }
      const bad = entries.filter((g) => g.error).length;
      $('an-games-status').textContent = `${name}: ${thousands(n)} games`
        + (bad ? ` (${thousands(bad)} cannot be read)` : '') + '.';
    };
    const showSome = () => {
      frame = 0;
      const touched = new Set();
      for (const g of queue.splice(0, ITEMS_PER_FRAME)) {
        let chunk = list.lastElementChild;
        if (!chunk || shown % GAMES_PER_LIST === 0) {
          chunk = document.createElement('ol');
          chunk.start = shown + 1;
          list.append(chunk);
        }
        chunk.append(item(g));
        shown++;
        touched.add(chunk);
      }
      for (const chunk of touched) {
        const last = chunk.start + chunk.childElementCount - 1;
        chunk.setAttribute('aria-label', `Games ${thousands(chunk.start)} to ${thousands(last)}`);
      }
      progress.value = file.size ? Math.min(1, read / file.size) : 1;
      count.textContent = `${thousands(shown)} games listed (${Math.floor(progress.value * 100)} % of the file read)`;
      if (shown > 1 || entries[0]?.error) {
        $('an-games').hidden = false;
        // The first game takes the focus, unless the person has moved on while the file was read; an
        // earlier load error goes then, once (a later one, from the text field, is the person's to read).
        const moved = ![document.body, $('an-file'), null].includes(document.activeElement);
        if (!focused) { focused = true; this.#loadError(''); if (!moved) list.querySelector('button')?.focus(); }
      }
      if (queue.length) frame = requestAnimationFrame(showSome);
      else if (done !== null) finish(done);
    };
    const listing = { file, entries };
    const stop = listGamesOf(file, {
      onGames: (games, bytes) => {
        for (const g of games) entries[g.index] = g;
        queue.push(...games);
        read = bytes;
        if (!frame) frame = requestAnimationFrame(showSome);
      },
      onDone: (n) => {
        done = n;
        if (!frame) {
          if (queue.length) frame = requestAnimationFrame(showSome);
          else finish(n);
        }
      },
      onFailed: (message) => {
        cancelAnimationFrame(frame);
        this.#fileListing = null;
        progress.hidden = true;
        $('an-games-status').textContent = '';
        this.#loadError(`${name} cannot be read: ${message}`);
      },
    });
    this.#fileListing = { cancel: () => { stop(); cancelAnimationFrame(frame); }, ...listing };
    list.onclick = (e) => {
      const b = e.target.closest('button[data-index]');
      if (b) this.#openGameAt(listing, Number(b.dataset.index));
    };
  }

  /** Game `index` of a listed file, read from its slice of the file. */
  async #openGameAt({ file, entries }, index) {
    try {
      const tree = new AnalysisTree(await readListedGame(file, entries[index], entries[index + 1]?.offset));
      this.#loadError('');
      this.#replace(tree);
      this.#orientation = 'w';
      this.#changed();
      this.#notify(`Opened: ${gameLabel({ tags: this.#tree.game.tags, index })}.`);
    } catch (e) {
      this.#loadError(`Game ${index + 1} cannot be opened: ${e.message}`);
    }
  }

}
