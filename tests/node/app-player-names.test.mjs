// The names the app gives the players (web/app/pgn.js playerName): shown above and below the board,
// in the finished-games list and in the PGN's White/Black tags.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { playerName } from '../../web/app/pgn.js';
import { LEVELS } from '../../web/app/levels.js';

test('the engine is named with its level, one pair of brackets', { timeout: 10_000 }, () => {
  assert.equal(playerName({ type: 'engine', level: 'club' }), 'escaque (Club player, ≈ 1400)');
  assert.equal(playerName({ type: 'engine', level: 'beginner' }), 'escaque (Beginner, ≈ 800)');
  assert.equal(playerName({ type: 'engine', level: 'full' }), 'escaque (Full strength)');
  for (const { id } of LEVELS) {
    const name = playerName({ type: 'engine', level: id });
    assert.equal(name.split('(').length, 2, `${id}: ${name}`);
    assert.ok(name.endsWith(')'), name);
  }
});

test('a person keeps the name given, else "Player"; no player is "?"', { timeout: 10_000 }, () => {
  assert.equal(playerName({ type: 'human', name: 'Ana (club)' }), 'Ana (club)');
  assert.equal(playerName({ type: 'human', name: '' }), 'Player');
  assert.equal(playerName({ type: 'human' }), 'Player');
  assert.equal(playerName(undefined), '?');
});
