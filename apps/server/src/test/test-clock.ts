import type { Clock } from '../platform/clock';

/** A clock the test moves by hand, for expiry, leases and backoff. */
export class TestClock implements Clock {
  private ms: number;

  constructor(start: Date | string = new Date()) {
    this.ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}
