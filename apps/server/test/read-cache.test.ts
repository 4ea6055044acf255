import { describe, expect, it } from 'vitest';
import { ReadCache } from '../src/read-cache.ts';

describe('ReadCache', () => {
  let time = 0;
  const cache = (capacity = 10, maxAgeMs = 1000) => new ReadCache<string>(capacity, maxAgeMs, () => time);

  it('keeps a read until its key is dropped', () => {
    const c = cache();
    c.put('ann', 'list 1', c.begin());
    expect(c.get('ann')).toBe('list 1');
    c.drop('ann');
    expect(c.get('ann')).toBeUndefined();
  });

  it('refuses a read that began before a drop of its key, and takes one begun after', () => {
    const c = cache();
    const early = c.begin();
    const other = c.begin();
    c.drop('ann');
    c.put('ann', 'old rows', early);
    expect(c.get('ann')).toBeUndefined();
    c.put('bob', 'untouched', other); // another key's drop does not refuse it
    expect(c.get('bob')).toBe('untouched');
    c.put('ann', 'new rows', c.begin());
    expect(c.get('ann')).toBe('new rows');
  });

  it('dropWhere drops the matching entries and refuses every read begun before it', () => {
    const c = cache();
    c.put('s1', 'ann', c.begin());
    c.put('s2', 'bob', c.begin());
    const inFlight = c.begin();
    c.dropWhere((user) => user === 'ann');
    expect(c.get('s1')).toBeUndefined();
    expect(c.get('s2')).toBe('bob');
    c.put('s3', 'ann', inFlight);
    expect(c.get('s3')).toBeUndefined();
  });

  it('forgets the least recently used entry over capacity', () => {
    const c = cache(2);
    c.put('a', 'A', c.begin());
    c.put('b', 'B', c.begin());
    c.get('a');
    c.put('c', 'C', c.begin());
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual(['A', undefined, 'C']);
  });

  it('still refuses an old read of a key whose drop stamp it no longer keeps', () => {
    const c = cache(2);
    const old = c.begin();
    c.drop('a');
    c.drop('b');
    c.drop('c'); // 'a' leaves the stamps: reads as old as its drop are refused outright
    c.put('a', 'old rows', old);
    expect(c.get('a')).toBeUndefined();
  });

  it('ages entries out', () => {
    const c = cache(10, 1000);
    time = 0;
    c.put('a', 'A', c.begin());
    time = 1000;
    expect(c.get('a')).toBe('A');
    time = 1001;
    expect(c.get('a')).toBeUndefined();
  });
});
