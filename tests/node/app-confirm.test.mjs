// The two-click confirmation of Resign (web/app/confirm.js), on fake timers: a second click within 3 s
// confirms, a question lapses after 3 s (and clears the message line only if it still shows it), and the
// timer of an earlier question never cancels a later one (it did: a resignation confirmed, a new game, and
// the first question's timer, still running, took the new question away before its second click).
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';

import { confirmer } from '../../web/app/confirm.js';

describe('two-click confirmation', { timeout: 10_000 }, () => {
  let line;
  let confirmAction;
  const button = () => ({ dataset: {} });
  beforeEach(() => {
    mock.timers.enable({ apis: ['setTimeout'] });
    line = '';
    confirmAction = confirmer({ say: (t) => { line = t; }, said: () => line });
  });
  afterEach(() => mock.timers.reset());

  test('the first click asks, a second within 3 s confirms', () => {
    const b = button();
    assert.equal(confirmAction(b, 'Resign? Click again.'), false);
    assert.equal(b.dataset.confirm, 'pending');
    assert.equal(line, 'Resign? Click again.');
    mock.timers.tick(2999);
    assert.equal(confirmAction(b, 'Resign? Click again.'), true);
    assert.equal(b.dataset.confirm, undefined);
  });

  test('after 3 s the question lapses: the next click asks again', () => {
    const b = button();
    confirmAction(b, 'Resign? Click again.');
    mock.timers.tick(3000);
    assert.equal(b.dataset.confirm, undefined);
    assert.equal(line, '', 'the lapsed question leaves the message line');
    assert.equal(confirmAction(b, 'Resign? Click again.'), false);
    assert.equal(b.dataset.confirm, 'pending');
  });

  test('a lapsing question leaves a newer message alone', () => {
    const b = button();
    confirmAction(b, 'Resign? Click again.');
    line = 'White offers a draw.';
    mock.timers.tick(3000);
    assert.equal(line, 'White offers a draw.');
  });

  test('an earlier question\'s timer does not cancel a later question', () => {
    const b = button();
    confirmAction(b, 'Resign as White? Click again.');
    mock.timers.tick(500);
    assert.equal(confirmAction(b, 'Resign as White? Click again.'), true);  // resigned
    mock.timers.tick(1500);                                                // a new game; Resign again
    assert.equal(confirmAction(b, 'Resign as Black? Click again.'), false);
    mock.timers.tick(1500);  // the first question's 3 s are over; the second's are not
    assert.equal(b.dataset.confirm, 'pending');
    assert.equal(line, 'Resign as Black? Click again.');
    assert.equal(confirmAction(b, 'Resign as Black? Click again.'), true);
  });

  test('a question asked again after lapsing gets its own 3 s', () => {
    const b = button();
    confirmAction(b, 'q');
    mock.timers.tick(3000);
    mock.timers.tick(100);
    confirmAction(b, 'q');
    mock.timers.tick(2900);
    assert.equal(b.dataset.confirm, 'pending');
    mock.timers.tick(100);
    assert.equal(b.dataset.confirm, undefined);
  });
});
