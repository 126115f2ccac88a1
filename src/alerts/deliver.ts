// Delivering one alert: a POST to a webhook, or an e-mail by SMTP (nodemailer). Each attempt is bounded
// by alerts.timeoutMs; failures are retried with doubling waits up to alerts.maxAttempts, except answers
// that say retrying is useless (4xx other than 408 and 429). The error text never holds the webhook's
// address (Slack's carry a secret in their path) nor the SMTP password (registered for redaction).
import nodemailer from 'nodemailer';
import type { AlertsConfig } from '../config/schema.ts';
import { redactSecrets } from '../shared/redact.ts';
import type { Alert } from './compose.ts';

export interface Delivery {
  ok: boolean;
  attempts: number;
  error?: string;
}

type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class Permanent extends Error {}

async function withRetries(config: Pick<AlertsConfig, 'maxAttempts' | 'baseDelayMs'>, attempt: () => Promise<void>, sleep: Sleep): Promise<Delivery> {
  let last = '';
  for (let n = 1; n <= config.maxAttempts; n++) {
    try {
      await attempt();
      return { ok: true, attempts: n };
    } catch (error) {
      last = redactSecrets(error instanceof Error ? error.message : String(error));
      if (error instanceof Permanent || n === config.maxAttempts) return { ok: false, attempts: n, error: last };
      await sleep(config.baseDelayMs * 2 ** (n - 1));
    }
  }
  return { ok: false, attempts: config.maxAttempts, error: last };
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
        throw new Error(`no answer (${cause === 'TimeoutError' ? `timed out after ${config.timeoutMs} ms` : cause})`);
      }
      // The answer's body is not needed and may be anything: dropped unread.
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return;
      const message = `answered HTTP ${response.status}`;
      throw response.status >= 500 || response.status === 408 || response.status === 429 ? new Error(message) : new Permanent(message);
    },
    sleep,
  );
}

export function sendEmail(
  email: NonNullable<AlertsConfig['email']>,
  password: string | undefined,
  alert: Alert,
  config: AlertsConfig,
  sleep: Sleep = realSleep,
): Promise<Delivery> {
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
        const message = `SMTP ${e.responseCode ?? e.code ?? 'error'}: ${(e.message ?? '').slice(0, 200)}`;
        // 5xx is the server's final word (a refused sender or recipient, a failed login).
        throw e.responseCode !== undefined && e.responseCode >= 500 ? new Permanent(message) : new Error(message);
      }
    },
    sleep,
  ).finally(() => transport.close());
}
