// Delivering one alert: a POST to a webhook, or an e-mail by SMTP (nodemailer). Each attempt is bounded
// by alerts.timeoutMs; failures are retried with doubling waits up to alerts.maxAttempts, except answers
// that say retrying is useless (4xx other than 408 and 429). The error text never holds the webhook's
// address (Slack's carry a secret in their path) nor the SMTP password (registered for redaction).
import type { AlertsConfig } from '../config/schema.ts';
import { sayError } from '../shared/locale/error-text.ts';
import type { ErrorSentence } from '../shared/locale/error-types.ts';
import type { Said } from '../shared/locale/log-params.ts';
import { redactSecrets } from '../shared/redact.ts';
import type { Alert } from './compose.ts';

export interface Delivery {
  ok: boolean;
  attempts: number;
  /** Why the last attempt failed, in English (the run's outcome keeps it). */
  error?: string;
  /** The same as a sentence, worded in the reader's locale where it is shown; the other side's own words as they came. */
  said?: Said;
}

type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A failed attempt, as a sentence; `permanent` when the answer says retrying is useless. */
class AttemptFailed extends Error {
  constructor(
    readonly sentence: ErrorSentence,
    readonly permanent = false,
  ) {
    super(sayError('en', sentence));
  }
}

async function withRetries(config: Pick<AlertsConfig, 'maxAttempts' | 'baseDelayMs'>, attempt: () => Promise<void>, sleep: Sleep): Promise<Delivery> {
  let last: Pick<Delivery, 'error' | 'said'> = {};
  for (let n = 1; n <= config.maxAttempts; n++) {
    try {
      await attempt();
      return { ok: true, attempts: n };
    } catch (error) {
      const text = redactSecrets(error instanceof Error ? error.message : String(error));
      last = { error: text, said: error instanceof AttemptFailed ? error.sentence : text };
      if ((error instanceof AttemptFailed && error.permanent) || n === config.maxAttempts) return { ok: false, attempts: n, ...last };
      await sleep(config.baseDelayMs * 2 ** (n - 1));
    }
  }
  return { ok: false, attempts: config.maxAttempts, ...last };
}

export function postWebhook(url: string, alert: Alert, config: AlertsConfig, sleep: Sleep = realSleep): Promise<Delivery> {
  const body = JSON.stringify(alert.slack);
  return withRetries(
    config,
    async () => {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
          redirect: 'error',
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
        throw new AttemptFailed({ id: 'alertNoAnswer', ...(cause === 'TimeoutError' ? { timeoutMs: config.timeoutMs } : { code: cause }) });
      }
      // The answer's body is not needed and may be anything: dropped unread.
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return;
      const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
      throw new AttemptFailed({ id: 'alertHttpStatus', status: response.status }, !retryable);
    },
    sleep,
  );
}

export async function sendEmail(
  email: NonNullable<AlertsConfig['email']>,
  password: string | undefined,
  alert: Alert,
  config: AlertsConfig,
  sleep: Sleep = realSleep,
): Promise<Delivery> {
  // Loaded by the nights that send an e-mail, not by every run of the CLI.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: email.host,
    port: email.port,
    secure: email.tls === 'implicit',
    requireTLS: email.tls === 'starttls',
    ignoreTLS: email.tls === 'none',
    ...(email.user ? { auth: { user: email.user, pass: password ?? '' } } : {}),
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
  });
  return withRetries(
    config,
    async () => {
      try {
        await transport.sendMail({ from: email.from, to: [...email.to], subject: alert.subject, text: alert.text });
      } catch (error) {
        const e = error as { responseCode?: number; code?: string; message?: string };
        const sentence: ErrorSentence = {
          id: 'alertSmtp',
          code: String(e.responseCode ?? e.code ?? 'error'),
          said: redactSecrets((e.message ?? '').slice(0, 200)),
        };
        // 5xx is the server's final word (a refused sender or recipient, a failed login).
        throw new AttemptFailed(sentence, e.responseCode !== undefined && e.responseCode >= 500);
      }
    },
    sleep,
  ).finally(() => transport.close());
}
