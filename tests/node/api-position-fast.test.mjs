// Position's calls for playout loops: moves() (shared frozen move objects), the UCI order of every
// list, sanAndPlay() (SAN and move in one call), repetitionCount() (on the move stack) and the
// cached status word. Each is checked against the slower calls it stands for (san() then play(),
// a key() table, a fresh Position from the FEN), over random games built to repeat positions,
// promote, castle and take en passant.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import {
  DisposedError, EscaqueError, IllegalMoveError, InvalidArgumentError, Position, init,
} from '../../dist/index.mjs';
import { FENS } from './helpers.mjs';

before(() => init());

const C960 = 'bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1';
const FEN_LIST = [FENS.start, FENS.kiwipete, FENS.endgame, FENS.promotions, FENS.discovered, FENS.enPassant,
  FENS.blackPromotes, 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1'];

function throwsCode(fn, Class, code) {
  let caught;
  assert.throws(fn, (e) => { caught = e; return true; });
  assert.ok(caught instanceof Class, `expected ${Class.name}, got ${caught?.name}: ${caught?.message}`);
  assert.ok(caught instanceof EscaqueError);
  assert.equal(caught.code, code);
}

function rng(seed) {
  let s = seed >>> 0;
  return (n) => { s = (Math.imul(s, 1103515245) + 12345) >>> 0; return (s >>> 8) % n; };
}

// A random game that often plays back the move made two plies before (knight and king shuffles), so
// positions repeat; calls visit(pos, ply) before every move. Returns the Position at the end.
function shufflingGame(fen, seed, plies, visit, options) {
  const rand = rng(seed);
  const pos = Position.fromFen(fen, options);
  const played = [];
  for (let ply = 0; ply < plies; ply++) {
    visit(pos, ply);
    const moves = pos.moves();
    if (moves.length === 0) break;
    let move = null;
    if (played.length >= 2 && rand(10) < 6) {
      const back = played[played.length - 2];
      move = moves.find((m) => m.from === back.to && m.to === back.from) ?? null;
    }
    move ??= moves[rand(moves.length)];
    pos.play(move);
    played.push(move);
  }
  return pos;
}

describe('Position: lists in UCI order', () => {
  test('moveIds, movesUci and moves list the same moves, sorted by their UCI text', () => {
    let promotionsSeen = 0;
    for (const [i, fen] of FEN_LIST.entries()) {
      const pos = shufflingGame(fen, 11 + i, 60, (p) => {
        const ucis = p.movesUci();
        assert.deepEqual(ucis, [...ucis].sort(), p.fen());
        assert.equal(new Set(ucis).size, ucis.length);
        assert.deepEqual(p.moveIds().map((id) => p.uci(id)), ucis);
        assert.deepEqual(p.moves().map((m) => m.uci), ucis);
        if (ucis.some((u) => u.length === 5)) promotionsSeen++;
      });
      pos.dispose();
    }
    assert.ok(promotionsSeen > 0, 'promotions were listed');
    // Promotions: b < n < q < r after the plain UCI text, as a string sort puts them.
    const promo = Position.fromFen('8/1P4k1/8/8/8/8/6K1/8 w - - 0 1');
    assert.deepEqual(promo.movesUci().filter((u) => u.startsWith('b7')), ['b7b8b', 'b7b8n', 'b7b8q', 'b7b8r']);
    // Castling sorts where its UCI text does: e1c1 before e1d1, e1g1 after e1f2.
    const castles = Position.fromFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1').movesUci().filter((u) => u.startsWith('e1'));
    assert.deepEqual(castles, ['e1c1', 'e1d1', 'e1d2', 'e1e2', 'e1f1', 'e1f2', 'e1g1']);
  });

  test('Chess960: king-takes-rook UCI text sorts as written', () => {
    const pos = Position.fromFen(C960, { chess960: true });
    shufflingGame(C960, 5, 40, (p) => {
      const ucis = p.movesUci();
      assert.deepEqual(ucis, [...ucis].sort());
    }, { chess960: true }).dispose();
    assert.ok(pos.movesUci().includes('f1g1'), 'O-O as king takes rook');
    assert.deepEqual(pos.movesUci(), [...pos.movesUci()].sort());
  });
});

describe('Position#moves()', () => {
  test('frozen objects shared by every list; fields agree with the id', () => {
    const pos = new Position();
    const a = pos.moves();
    const b = pos.moves();
    assert.notEqual(a, b, 'a new array each call');
    assert.equal(a.length, 20);
    for (let i = 0; i < a.length; i++) {
      assert.equal(a[i], b[i], 'the same object');
      assert.ok(Object.isFrozen(a[i]));
      const { id, uci, from, to, promotion } = a[i];
      assert.equal(id, pos.moveIds()[i]);
      assert.equal(uci, pos.uci(id));
      assert.equal(from + to + (promotion ?? ''), uci);
    }
    assert.throws(() => { 'use strict'; a[0].uci = 'x'; }, TypeError);
    // The same move in another position is the same object.
    const other = Position.fromFen(FENS.kiwipete);
    const g2g3 = a.find((m) => m.uci === 'g2g3');
    assert.equal(other.moves().find((m) => m.uci === 'g2g3'), g2g3);
    const promoting = Position.fromFen(FENS.promotions);
    const promo = promoting.moves().filter((m) => m.promotion);
    assert.equal(promo.length, promoting.movesUci().filter((u) => u.length === 5).length);
    assert.ok(promo.length >= 8);
    for (const m of promo) assert.deepEqual(Object.keys(m), ['id', 'uci', 'from', 'to', 'promotion']);
  });

  test('play, san and sanAndPlay take them; forged or foreign objects are refused, unchanged', () => {
    const pos = new Position();
    const e4 = pos.moves().find((m) => m.uci === 'e2e4');
    assert.equal(pos.san(e4), 'e4');
    pos.play(e4);
    assert.equal(pos.fen(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    const before = [pos.fen(), pos.plies()];
    // Not legal here (white's move, black to move): IllegalMoveError.
    throwsCode(() => pos.play(e4), IllegalMoveError, 'ILLEGAL_MOVE');
    throwsCode(() => pos.sanAndPlay(e4), IllegalMoveError, 'ILLEGAL_MOVE');
    // A look-alike that moves() did not make: InvalidArgumentError, even if its id is legal.
    const e5 = pos.moves().find((m) => m.uci === 'e7e5');
    throwsCode(() => pos.play({ ...e5 }), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => pos.sanAndPlay({ id: e5.id, uci: 'e7e5' }), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => pos.san({ from: 'e7', to: 'e5' }), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => pos.play(null), InvalidArgumentError, 'INVALID_ARGUMENT');
    assert.deepEqual([pos.fen(), pos.plies()], before);
  });
});

describe('Position#sanAndPlay()', () => {
  test('equals san() then play() over random games (checks, mates, promotions, castling, e.p.)', () => {
    const suffixes = new Set();
    let sans = 0;
    for (const [i, fen] of FEN_LIST.entries()) {
      for (let g = 0; g < 4; g++) {
        const rand = rng(100 * i + g);
        const slow = Position.fromFen(fen);
        const fast = Position.fromFen(fen);
        for (let ply = 0; ply < 150; ply++) {
          const moves = fast.moves();
          assert.deepEqual(moves.map((m) => m.id), slow.moveIds());
          if (moves.length === 0) break;
          const move = moves[rand(moves.length)];
          const expected = slow.san(move.id);
          slow.play(move.id);
          // By object, id or UCI text, in turn.
          const arg = ply % 3 === 0 ? move : ply % 3 === 1 ? move.id : move.uci;
          const san = fast.sanAndPlay(arg);
          assert.equal(san, expected, `${slow.fen()} after ${move.uci}`);
          assert.equal(fast.fen(), slow.fen());
          assert.equal(fast.plies(), slow.plies());
          assert.deepEqual([fast.inCheck(), fast.isCheckmate(), fast.isStalemate()],
            [slow.inCheck(), slow.isCheckmate(), slow.isStalemate()]);
          suffixes.add(san.at(-1) === '#' ? '#' : san.at(-1) === '+' ? '+' : san.includes('=') ? '=' : '');
          sans++;
        }
        slow.dispose();
        fast.dispose();
      }
    }
    assert.ok(sans > 1000, `${sans} moves`);
    assert.ok(suffixes.has('+') && suffixes.has('='), [...suffixes].join(' '));
  });

  test('check and mate suffixes, disambiguation, castling; undo after it', () => {
    const mate = Position.fromFen(FENS.start);
    assert.deepEqual(['f3', 'e5', 'g4', 'Qh4'].map((m) => mate.sanAndPlay(m)), ['f3', 'e5', 'g4', 'Qh4#']);
    assert.equal(mate.isCheckmate(), true);
    assert.deepEqual(mate.moves(), []);
    assert.equal(mate.undo(), true);
    assert.equal(mate.isCheckmate(), false, 'the status is the new position\'s after undo');
    assert.equal(mate.sanAndPlay('d8h4'), 'Qh4#');
    const twoRooks = Position.fromFen('4k3/8/8/8/8/8/4K3/R6R w - - 0 1');
    assert.equal(twoRooks.san('a1d1'), 'Rad1');
    assert.equal(twoRooks.sanAndPlay('a1d1'), 'Rad1');
    const rooks = Position.fromFen('4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1');
    assert.equal(rooks.sanAndPlay('e1g1'), 'O-O');
    rooks.undo();
    assert.equal(rooks.sanAndPlay('O-O-O'), 'O-O-O');
    const check = Position.fromFen('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1');
    assert.equal(check.sanAndPlay('a1a8'), 'Ra8+');
    assert.equal(check.inCheck(), true);
    assert.equal(check.isCheckmate(), false);
    const ep = Position.fromFen(FENS.enPassant);
    assert.equal(ep.sanAndPlay('e5f6'), 'exf6');
    const promo = Position.fromFen('8/1P4k1/8/8/8/8/6K1/8 w - - 0 1');
    assert.equal(promo.sanAndPlay('b7b8q'), 'b8=Q');
    const c960 = Position.fromFen(C960, { chess960: true });
    assert.equal(c960.sanAndPlay('f1g1'), 'O-O');
    assert.equal(c960.fen(), 'bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRRKB b kq - 1 1');
  });

  test('refusals leave everything unchanged; a disposed position throws', () => {
    const pos = new Position();
    pos.play('e4');
    const before = [pos.fen(), pos.plies(), pos.movesUci(), pos.isCheckmate()];
    throwsCode(() => pos.sanAndPlay('e2e4'), IllegalMoveError, 'ILLEGAL_MOVE');
    throwsCode(() => pos.sanAndPlay(70000), IllegalMoveError, 'ILLEGAL_MOVE');
    throwsCode(() => pos.sanAndPlay('Qxf7'), IllegalMoveError, 'ILLEGAL_MOVE');
    throwsCode(() => pos.sanAndPlay(2.5), InvalidArgumentError, 'INVALID_ARGUMENT');
    throwsCode(() => pos.sanAndPlay(), InvalidArgumentError, 'INVALID_ARGUMENT');
    assert.deepEqual([pos.fen(), pos.plies(), pos.movesUci(), pos.isCheckmate()], before);
    pos.dispose();
    throwsCode(() => pos.sanAndPlay('e5'), DisposedError, 'DISPOSED');
    throwsCode(() => pos.moves(), DisposedError, 'DISPOSED');
    throwsCode(() => pos.repetitionCount(), DisposedError, 'DISPOSED');
    throwsCode(() => pos.isCheckmate(), DisposedError, 'DISPOSED');
  });
});

describe('Position#repetitionCount()', () => {
  // The reference: key() of every position on the stack since the last capture or pawn move.
  test('agrees with a key() table over shuffling games, also after undo', () => {
    let maxSeen = 0;
    for (const [i, fen] of [FENS.start, FENS.kiwipete, FENS.endgame, FENS.enPassant, '8/8/4k3/8/8/3NK3/8/8 w - - 37 80']
      .entries()) {
      for (let g = 0; g < 3; g++) {
        const keys = [];
        const pos = shufflingGame(fen, 31 * i + g, 200, (p) => {
          keys.push(p.key());
          const window = Math.min(p.halfMoveClock(), keys.length - 1);
          const expected = keys.slice(keys.length - 1 - window).filter((k) => k === keys.at(-1)).length;
          assert.equal(p.repetitionCount(), expected, `${p.fen()} ply ${keys.length}`);
          maxSeen = Math.max(maxSeen, expected);
        });
        // Taking moves back: the count of each earlier position again.
        if (keys.length === pos.plies()) keys.push(pos.key());  // the last position (no visit after it)
        for (let back = 0; back < 40 && pos.undo(); back++) {
          keys.pop();
          const window = Math.min(pos.halfMoveClock(), keys.length - 1);
          const expected = keys.slice(keys.length - 1 - window).filter((k) => k === keys.at(-1)).length;
          assert.equal(pos.repetitionCount(), expected);
        }
        pos.dispose();
      }
    }
    assert.ok(maxSeen >= 5, `positions repeated up to ${maxSeen} times`);
  });

  test('FIDE\'s same position: castling rights and a possible e.p. capture count, clocks do not', () => {
    const pos = new Position();
    assert.equal(pos.repetitionCount(), 1);
    for (const m of ['Nf3', 'Nf6', 'Ng1', 'Ng8']) pos.play(m);
    assert.equal(pos.repetitionCount(), 2, 'the start position again');
    for (const m of ['Nf3', 'Nf6', 'Ng1', 'Ng8']) pos.play(m);
    assert.equal(pos.repetitionCount(), 3);
    pos.play('e4');
    assert.equal(pos.repetitionCount(), 1, 'a pawn move: nothing before it can recur');
    // The kings' walk loses the castling rights: same pieces, another position.
    const walk = new Position();
    for (const m of ['e4', 'e5', 'Ke2', 'Ke7', 'Ke1', 'Ke8']) walk.play(m);
    assert.equal(walk.repetitionCount(), 1);
    for (const m of ['Ke2', 'Ke7', 'Ke1', 'Ke8']) walk.play(m);
    assert.equal(walk.repetitionCount(), 2);
    // e.p.: after d2d4 the black pawn on e4 may take: that position differs from the one reached again
    // by the knights' shuffle (no e.p. then), so it does not count as a repetition of it.
    const ep = Position.fromFen('4k3/8/8/8/4p3/8/3P4/4K1N1 w - - 0 1');
    ep.play('d2d4');
    const withEp = ep.key();
    for (const m of ['Kd8', 'Nf3', 'Ke8', 'Ng1']) ep.play(m);
    assert.equal(ep.repetitionCount(), 1);
    assert.notEqual(ep.key(), withEp);
    for (const m of ['Kd8', 'Nf3', 'Ke8', 'Ng1']) ep.play(m);
    assert.equal(ep.repetitionCount(), 2, 'the one without e.p. recurs');
  });
});

describe('Position: cached state', () => {
  test('the status follows play, sanAndPlay and undo; clones keep their own', () => {
    const pos = Position.fromFen('4k3/8/8/8/8/8/8/R3K3 w Q - 7 30');
    assert.deepEqual([pos.turn(), pos.inCheck(), pos.halfMoveClock()], ['w', false, 7]);
    pos.play('a1a8');
    assert.deepEqual([pos.turn(), pos.inCheck(), pos.halfMoveClock()], ['b', true, 8]);
    const copy = pos.clone();
    pos.play('e8d7');
    assert.deepEqual([pos.turn(), pos.inCheck()], ['w', false]);
    assert.deepEqual([copy.turn(), copy.inCheck()], ['b', true]);
    pos.undo();
    assert.deepEqual([pos.turn(), pos.inCheck(), pos.halfMoveClock()], ['b', true, 8]);
    // Through every path, against a fresh Position of the same FEN.
    const game = shufflingGame(FENS.promotions, 3, 80, (p) => {
      const fresh = Position.fromFen(p.fen());
      assert.deepEqual(
        [p.turn(), p.inCheck(), p.isCheckmate(), p.isStalemate(), p.isInsufficientMaterial(), p.halfMoveClock()],
        [fresh.turn(), fresh.inCheck(), fresh.isCheckmate(), fresh.isStalemate(), fresh.isInsufficientMaterial(),
          fresh.halfMoveClock()]);
      fresh.dispose();
    });
    game.dispose();
  });
});
