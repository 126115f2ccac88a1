// Faults on purpose, for the listing routes: latency, 500/502/503, 429 with Retry-After, a body cut in
// the middle, late visibility (rows that appear inside an already-read window) and rows without item_id.
// Every decision is a hash of (faultSeed, request signature, how many times that exact request was seen),
// so a run is reproducible whatever the order in which concurrent requests arrive.
import { ReconError } from '../shared/errors.ts';
import { hashString, unitFrom } from './rng.ts';

export interface FaultRates {
  /** Share of listing requests delayed, and the maximum extra delay in ms. */
  latency: number;
  latencyMs: number;
  error500: number;
  error502: number;
  error503: number;
  /** 429 Too Many Requests, with Retry-After: retryAfterSeconds. */
  rateLimit: number;
  retryAfterSeconds: number;
  /** Headers and half of the body are written, then the socket is destroyed. */
  cutBody: number;
  /** Share of transactions hidden until the first listing covering their date_created is answered. */
  lateVisibility: number;
  /** Share of transactions listed without item_id (changes what reconciliation can match: off in flaky). */
  dropItemId: number;
}

export type FaultProfile = 'none' | 'flaky' | 'chaos';

const NONE: FaultRates = {
  latency: 0,
  latencyMs: 0,
  error500: 0,
  error502: 0,
  error503: 0,
  rateLimit: 0,
  retryAfterSeconds: 1,
  cutBody: 0,
  lateVisibility: 0,
  dropItemId: 0,
};

export const FAULT_PROFILES: Record<FaultProfile, FaultRates> = {
  none: NONE,
  flaky: { ...NONE, latency: 0.1, latencyMs: 30, error500: 0.02, error502: 0.02, error503: 0.03, rateLimit: 0.02, cutBody: 0.02, lateVisibility: 0.01 },
  chaos: {
    ...NONE,
    latency: 0.3,
    latencyMs: 150,
    error500: 0.05,
    error502: 0.04,
    error503: 0.05,
    rateLimit: 0.04,
    cutBody: 0.05,
    lateVisibility: 0.03,
    dropItemId: 0.02,
  },
};

export function resolveFaults(faults: FaultProfile | Partial<FaultRates> | undefined): FaultRates {
  if (faults === undefined) return NONE;
  if (typeof faults === 'string') {
    const profile = FAULT_PROFILES[faults];
    if (!profile) throw new ReconError('usage', { id: 'faultsProfile', got: faults });
    return profile;
  }
  const rates = { ...NONE, ...faults };
  const failing = rates.error500 + rates.error502 + rates.error503 + rates.rateLimit + rates.cutBody;
  for (const [name, value] of Object.entries(rates)) {
    if (!(typeof value === 'number' && value >= 0)) throw new ReconError('usage', { id: 'faultRate', name, got: String(value) });
  }
  if (failing >= 1) throw new ReconError('usage', { id: 'faultRatesSum', sum: failing });
  return rates;
}

/** Parses `--faults`: a profile name, or `name=value,...` rates such as `error503=0.1,rateLimit=0.05`. */
export function parseFaultsFlag(text: string): FaultProfile | Partial<FaultRates> {
  if (text === 'none' || text === 'flaky' || text === 'chaos') return text;
  const rates: Record<string, number> = {};
  for (const part of text.split(',')) {
    const [name, value] = part.split('=');
    if (!name || value === undefined || !(name in NONE) || !/^\d+(\.\d+)?$/.test(value)) {
      throw new ReconError('usage', { id: 'faultsFlag', known: Object.keys(NONE), got: text });
    }
    rates[name] = Number(value);
  }
  return rates as Partial<FaultRates>;
}

export type FaultDecision = { kind: 'ok' } | { kind: 'status'; status: 500 | 502 | 503 | 429 } | { kind: 'cut' };

export class FaultPlan {
  private readonly seen = new Map<string, number>();

  constructor(
    readonly rates: FaultRates,
    readonly seed: number,
  ) {}

  get active(): boolean {
    const r = this.rates;
    return r.latency + r.error500 + r.error502 + r.error503 + r.rateLimit + r.cutBody + r.lateVisibility + r.dropItemId > 0;
  }

  /** The fate of this request (signature = method, path and canonical query) and its extra latency. */
  decide(signature: string): { decision: FaultDecision; latencyMs: number } {
    const attempt = (this.seen.get(signature) ?? 0) + 1;
    this.seen.set(signature, attempt);
    const h = hashString(signature);
    const r = this.rates;
    const latencyMs = unitFrom(this.seed, h, attempt, 1) < r.latency ? Math.round(unitFrom(this.seed, h, attempt, 2) * r.latencyMs) : 0;
    let u = unitFrom(this.seed, h, attempt, 3);
    const table: [number, FaultDecision][] = [
      [r.error500, { kind: 'status', status: 500 }],
      [r.error502, { kind: 'status', status: 502 }],
      [r.error503, { kind: 'status', status: 503 }],
      [r.rateLimit, { kind: 'status', status: 429 }],
      [r.cutBody, { kind: 'cut' }],
    ];
    for (const [rate, decision] of table) {
      if (u < rate) return { decision, latencyMs };
      u -= rate;
    }
    return { decision: { kind: 'ok' }, latencyMs };
  }

  dropsItemId(serial: number): boolean {
    return this.rates.dropItemId > 0 && unitFrom(this.seed, serial, 11) < this.rates.dropItemId;
  }

  isLate(serial: number): boolean {
    return this.rates.lateVisibility > 0 && unitFrom(this.seed, serial, 13) < this.rates.lateVisibility;
  }
}
