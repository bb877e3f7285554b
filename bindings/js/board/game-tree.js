// A PGN game tree (the plain data escaque/pgn reads: {fen, moves: [node…]}, each node
// {san, uci, nags, commentsBefore, comments, variations: [[node…]…], clock?, eval?}) indexed for a
// viewer: where each node is, its move number and colour, and the moves around it (next, previous,
// the alternatives played from the same position). No rules, no DOM, no import of the package;
// shared by the move-tree view (move-tree.js) and <escaque-game> (escaque-game.js).
//
//   const tree = indexTree(game);
//   tree.info(node)   // {node, line, index, ply, number, color, parent, owner, depth, id}
//   tree.next(node)   tree.prev(node)   tree.alternatives(node)   tree.path(node)   tree.byId(id)
//   tree.step(node, 'next')   (STEP_KEYS: the keys of the viewers, ← → ↑ ↓ Home End, as steps)
//
// `null` stands for the start position (before the first move) everywhere a node is expected.

/**
 * @param {{fen?: string, moves: object[]}} game
 */
export function indexTree(game) {
  if (game === null || typeof game !== 'object' || !Array.isArray(game.moves)) {
    throw new TypeError('indexTree: expected a game tree ({fen, moves: [...]}), as escaque/pgn reads it');
  }
  const fields = String(game.fen ?? '').trim().split(/\s+/);
  const blackFirst = fields[1] === 'b';
  const firstNumber = Math.max(1, Number.parseInt(fields[5] ?? '1', 10) || 1);
  const infos = new Map();
  const ids = new Map();
  let count = 0;
  // parent: the node played just before `line[0]` (null at the start); owner: the node a
  // variation is an alternative to (null on the mainline).
  const walk = (line, parent, owner, depth, ply0) => {
    if (!Array.isArray(line)) throw new TypeError('indexTree: a line of moves is not an array');
    let before = parent;
    line.forEach((node, index) => {
      if (node === null || typeof node !== 'object' || typeof node.san !== 'string') {
        throw new TypeError('indexTree: a move node without its SAN');
      }
      if (infos.has(node)) throw new TypeError('indexTree: a node appears twice in the tree');
      const ply = ply0 + index + 1;           // moves from the start, this one included
      const p = ply - 1 + (blackFirst ? 1 : 0);
      const info = { node, line, index, ply, number: firstNumber + Math.floor(p / 2), color: p % 2 ? 'b' : 'w',
        parent: before, owner: index === 0 ? owner : null, depth, id: `m${count++}` };
      infos.set(node, info);
      ids.set(info.id, node);
      for (const v of node.variations ?? []) walk(v, before, node, depth + 1, ply - 1);
      before = node;
    });
  };
  walk(game.moves, null, null, 0, 0);

  const info = (node) => {
    const i = infos.get(node);
    if (!i) throw new RangeError('the node is not in this game tree');
    return i;
  };
  // The group of moves played from one position: the line's own move and the first moves of its
  // variations, in the order the PGN gives them.
  const group = (node) => {
    const i = info(node);
    const head = i.owner ?? node;
    return [head, ...(head.variations ?? []).filter((v) => v.length).map((v) => v[0])];
  };
  return {
    game,
    size: infos.size,
    has: (node) => node === null || infos.has(node),
    info,
    byId: (id) => ids.get(id) ?? null,
    /** The move after `node` on its own line (the first move of the game after null); null at a line's end. */
    next(node) {
      if (node === null) return game.moves[0] ?? null;
      const i = info(node);
      return i.line[i.index + 1] ?? null;
    },
    /** The move played before `node` (null: the start). */
    prev(node) { return node === null ? null : info(node).parent; },
    /** The moves played from the same position as `node` (itself included): [main, ...variations]. */
    alternatives(node) { return node === null ? [] : group(node); },
    /** The nodes played from the start to reach `node`, itself included ([] for null). */
    path(node) {
      const out = [];
      for (let n = node; n !== null; n = info(n).parent) out.push(n);
      return out.reverse();
    },
    /** The last move of the line `node` is on (the mainline's end for null). */
    lineEnd(node) {
      const line = node === null ? game.moves : info(node).line;
      return line.length ? line[line.length - 1] : null;
    },
    /**
     * Where a step goes from `node`: 'first' (the start), 'prev', 'next', 'last' (the line's end),
     * 'up' / 'down' (the previous / next alternative); undefined where there is none.
     */
    step(node, where) {
      if (where === 'first') return null;
      if (where === 'prev') return node === null ? undefined : this.prev(node);
      if (where === 'next') return this.next(node) ?? undefined;
      if (where === 'last') return this.lineEnd(node);
      if (where !== 'up' && where !== 'down') return undefined;
      const alts = this.alternatives(node);
      return alts[alts.indexOf(node) + (where === 'down' ? 1 : -1)];
    },
    /** Every node in reading order (mainline move, then its variations, depth first). */
    *nodes() {
      function* each(line) {
        for (const n of line) {
          yield n;
          for (const v of n.variations ?? []) yield* each(v);
        }
      }
      yield* each(game.moves);
    },
  };
}

/** The keys that step through a game in the viewers (tree.step's names). */
export const STEP_KEYS = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last', ArrowUp: 'up', ArrowDown: 'down' };

// ---- words for screen readers and glyphs ----

// n: [glyph, words]; the pairs about one side (14/15 … 138/139) are written once, for White, at the even
// number, and Black's glyph where it differs.
const NAGS = {
  1: ['!', 'good move'], 2: ['?', 'mistake'], 3: ['!!', 'brilliant move'], 4: ['??', 'blunder'],
  5: ['!?', 'interesting move'], 6: ['?!', 'dubious move'], 7: ['□', 'only move'], 10: ['=', 'equal position'],
  13: ['∞', 'unclear position'], 140: ['∆', 'with the idea'], 146: ['N', 'novelty'],
};
const SIDES = {
  14: ['⩲⩱', 'is slightly better'], 16: ['±∓', 'is better'], 18: ['+−−+', 'is winning'], 22: ['⨀', 'is in zugzwang'],
  32: ['⟳', 'has the development'], 36: ['→', 'has the initiative'], 40: ['↑', 'has the attack'],
  44: ['=∞', 'has compensation'], 132: ['⇆', 'has counterplay'], 138: ['⊕', 'is short of time'],
};
function nag(n) {
  if (NAGS[n]) return NAGS[n];
  const white = n % 2 === 0;
  const s = SIDES[white ? n : n - 1];
  if (!s) return null;
  const g = s[0];
  const half = g.length === 2 && g !== '=∞' ? 1 : g.length === 4 ? 2 : 0;
  return [half ? (white ? g.slice(0, half) : g.slice(half)) : g, `${white ? 'White' : 'Black'} ${s[1]}`];
}

/** The glyph of a NAG ("!", "±"…), or "$n" for one without a common glyph. */
export function nagGlyph(n) { return nag(n)?.[0] ?? `$${n}`; }
/** A NAG in words ("good move", "White is better"), or "annotation n". */
export function nagWords(n) { return nag(n)?.[1] ?? `annotation ${n}`; }

const PIECES = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' };

/**
 * A SAN move in words, without the rules: "knight takes e5, check", "castles kingside",
 * "pawn from e takes d5", "pawn to e8, promotes to queen, checkmate". English.
 */
export function sanWords(san) {
  const m = /^(?:(O-O-O|0-0-0)|(O-O|0-0)|([KQRBN])?([a-h]?[1-8]?)(x?)([a-h][1-8])(?:=?([QRBN]))?)([+#]?)[!?]*$/.exec(san);
  if (san === '--') return 'null move';
  if (!m) return san;
  let text;
  if (m[1]) text = 'castles queenside';
  else if (m[2]) text = 'castles kingside';
  else {
    text = m[3] ? PIECES[m[3]] : 'pawn';
    if (m[4]) text = m[3] ? `${text} from ${m[4]}` : `${m[4]}-pawn`;
    text += m[5] ? ` takes ${m[6]}` : ` to ${m[6]}`;
    if (m[7]) text += `, promotes to ${PIECES[m[7]]}`;
  }
  if (m[8] === '#') text += ', checkmate';
  else if (m[8] === '+') text += ', check';
  return text;
}

/** "12, White, knight takes e5, check, good move": a node with its number, colour and NAGs. */
export function moveLabel(info) {
  let text = `${info.number}, ${info.color === 'w' ? 'White' : 'Black'}, ${sanWords(info.node.san)}`;
  for (const n of info.node.nags ?? []) text += `, ${nagWords(n)}`;
  return text;
}

/** "12." before a White move, "12…" before a Black one. */
export function moveNumberText(info) { return info.color === 'w' ? `${info.number}.` : `${info.number}…`; }
