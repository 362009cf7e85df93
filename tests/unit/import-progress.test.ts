import { describe, expect, it } from 'vitest';
import { ImportProgressBoard } from '../../server/imports/import-progress';

describe('import progress', () => {
  it('fills the first half while rows are checked and the second while they are written', () => {
    const board = new ImportProgressBoard();
    board.start('a', 'me');
    expect(board.read('a', 'me')).toEqual({ Pass: 'check', Rows: 0, Percent: 0 });
    board.report('a', 'check', 500, 0.5);
    expect(board.read('a', 'me')).toEqual({ Pass: 'check', Rows: 500, Percent: 25 });
    board.report('a', 'write', 1000, 0.5);
    expect(board.read('a', 'me')).toEqual({ Pass: 'write', Rows: 1000, Percent: 75 });
    board.finish('a');
    expect(board.read('a', 'me')).toMatchObject({ Pass: 'done', Percent: 100 });
  });

  it('answers only the person who started the upload, and keeps a share within 0 and 1', () => {
    const board = new ImportProgressBoard();
    board.start('a', 'me');
    expect(board.read('a', 'someone else')).toBeUndefined();
    expect(board.read('b', 'me')).toBeUndefined();
    board.report('a', 'check', 10, 7);
    expect(board.read('a', 'me')?.Percent).toBe(50);
  });
});
