import { describe, expect, it } from 'vitest';
import { move } from './reorder';

describe('move', () => {
  it('moves an item forward and back without touching the input', () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(move(items, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(move(items, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });

  it('clamps the target and ignores a missing source', () => {
    expect(move(['a', 'b'], 0, 9)).toEqual(['b', 'a']);
    expect(move(['a', 'b'], 1, -3)).toEqual(['b', 'a']);
    expect(move(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});
