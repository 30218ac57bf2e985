import { describe, expect, it } from 'vitest';
import { Emitter } from './events';

describe('Emitter', () => {
  it('delivers payloads until unsubscribed', () => {
    const emitter = new Emitter<{ 'not-logged-in': { code: 999 } }>();
    const seen: number[] = [];
    const off = emitter.on('not-logged-in', (p) => seen.push(p.code));
    emitter.emit('not-logged-in', { code: 999 });
    off();
    emitter.emit('not-logged-in', { code: 999 });
    expect(seen).toEqual([999]);
  });
});
