import type { Clock } from '../src/platform/clock';

/** A clock that only moves when the test says so. */
export class ManualClock implements Clock {
  private current: Date;
  constructor(start = new Date('2026-11-22T08:00:00.000Z')) {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}
