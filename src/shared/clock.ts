// The clock is injected everywhere "now" matters, so tests and re-runs of past dates control it.

export interface Clock {
  /** Current instant in milliseconds since the Unix epoch (UTC). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function fixedClock(epochMs: number): Clock {
  return { now: () => epochMs };
}
