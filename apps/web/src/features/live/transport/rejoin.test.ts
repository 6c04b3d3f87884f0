import { describe, expect, it } from 'vitest';
import { decideOffer, planWelcome } from './rejoin';

const welcome = (ids: string[], resumed: boolean) => ({ participants: ids.map((id) => ({ id })), resumed });

describe('the welcome of a signalling socket opened again', () => {
  it('on the first join offers to everyone already there', () => {
    expect(planWelcome([], welcome(['a', 'b'], false))).toEqual({
      keep: [],
      renew: [],
      add: ['a', 'b'],
      gone: [],
      unconfirmed: [],
    });
  });

  it('after a drop the server bridged, keeps healthy connections, makes broken ones afresh, and tells arrivals and departures', () => {
    const held = [
      { id: 'healthy', connected: true },
      { id: 'broken', connected: false },
      { id: 'departed', connected: true },
    ];
    expect(planWelcome(held, welcome(['healthy', 'broken', 'arrived'], true))).toEqual({
      keep: ['healthy'],
      renew: ['broken'],
      add: ['arrived'],
      gone: ['departed'],
      unconfirmed: [],
    });
  });

  it('after the server forgot this participant, makes every connection afresh and waits for those missing to rejoin', () => {
    const held = [
      { id: 'still', connected: true },
      { id: 'missing', connected: true },
    ];
    expect(planWelcome(held, welcome(['still'], false))).toEqual({
      keep: [],
      renew: ['still'],
      add: [],
      gone: [],
      unconfirmed: ['missing'],
    });
  });
});

describe('an offer received', () => {
  const none = new Set<string>();
  it('from someone without a connection yet makes one', () => {
    expect(decideOffer(null, 'p1', 'bbb', 'aaa')).toBe('replace');
    expect(decideOffer({ current: null, retired: none, freshOffer: false }, 'p1', 'bbb', 'aaa')).toBe('replace');
  });

  it('for the connection held is applied to it (renegotiation, ICE restart)', () => {
    expect(decideOffer({ current: 'p1', retired: none, freshOffer: false }, 'p1', 'bbb', 'aaa')).toBe('apply');
  });

  it('for a connection already replaced is ignored', () => {
    expect(decideOffer({ current: 'p2', retired: new Set(['p1']), freshOffer: true }, 'p1', 'aaa', 'bbb')).toBe(
      'ignore',
    );
  });

  it('for a new connection replaces an established one', () => {
    expect(decideOffer({ current: 'p1', retired: none, freshOffer: false }, 'p2', 'aaa', 'bbb')).toBe('replace');
  });

  it('crossing a fresh offer of ours: both sides let the lower participant id win, and the winner sends its offer again', () => {
    const ours = { current: 'mine', retired: none, freshOffer: true };
    const theirs = { current: 'theirs', retired: none, freshOffer: true };
    expect(decideOffer(ours, 'theirs', 'aaa', 'bbb')).toBe('resend');
    expect(decideOffer(theirs, 'mine', 'bbb', 'aaa')).toBe('replace');
  });
});
