// The triage journal's vocabulary: what a person (or the nightly's alerts) did to a finding. One event
// per line of the journal; every field is bounded so a line always fits one atomic append.
import { z } from 'zod';

const TRIAGE_ACTIONS = ['ack', 'assign', 'accept', 'reopen', 'note', 'alerted'] as const;

/** What a finding was alerted for: once when it appeared, once when it went past its deadline. */
const ALERT_KINDS = ['new', 'overdue'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Longest finding key, actor name and note (characters); the line as a whole is bounded in bytes too. */
const LIMITS = Object.freeze({ key: 300, name: 100, note: 1000 });

/**
 * A journal line is written with one write(2) of at most this many bytes: PIPE_BUF on Linux, the size
 * under which appends of several processes never interleave.
 */
export const MAX_LINE_BYTES = 4096;

const text = (max: number) => z.string().min(1).max(max);

export const triageEventSchema = z.strictObject({
  v: z.literal(1),
  /** Random id: the same event read twice (a retried append) counts once. */
  id: z.string().min(8).max(64),
  /** When it was written (UTC ISO instant). */
  at: z.iso.datetime(),
  /** Who did it: --by, the page's actor, or "recon" for the nightly's own events. */
  by: text(LIMITS.name),
  via: z.enum(['cli', 'page', 'nightly']),
  action: z.enum(TRIAGE_ACTIONS),
  key: text(LIMITS.key),
  /** ack and note: the note; accept: the reason. */
  note: text(LIMITS.note).optional(),
  /** assign: to whom ("" would unassign, so at least one character). */
  to: text(LIMITS.name).optional(),
  /** ack and accept: the fingerprint of the finding's facts when it was acknowledged. */
  fp: z.string().min(1).max(64).optional(),
  /** alerted: what for, and the night that alerted. */
  kind: z.enum(ALERT_KINDS).optional(),
  night: z.string().max(10).optional(),
});

export type TriageEvent = z.infer<typeof triageEventSchema>;

/** An event before the journal gives it an id and a time. */
export type NewTriageEvent = Omit<TriageEvent, 'v' | 'id' | 'at'>;
