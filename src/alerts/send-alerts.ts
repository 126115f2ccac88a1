// Sends a night's alerts to every channel configured for their kind, and remembers in the triage
// journal which findings were told of (so each alerts once when new and once when overdue). Never
// throws: an alert that cannot be delivered is logged and returned for summary.json, and the night
// goes on as it was.
import type { AlertsConfig } from '../config/schema.ts';
import type { Clock } from '../shared/clock.ts';
import type { Logger } from '../shared/log.ts';
import { saidOf } from '../shared/errors.ts';
import type { AlertChannel } from '../shared/locale/log-params.ts';
import { redactSecrets, registerSecret } from '../shared/redact.ts';
import type { AlertKind, NewTriageEvent } from '../triage/events.ts';
import { appendEvents } from '../triage/journal.ts';
import type { Alert } from './compose.ts';
import { postWebhook, sendEmail, type Delivery } from './deliver.ts';

export interface AlertsOutcome {
  sent: { channel: string; kind: Alert['kind']; findings: number; attempts: number }[];
  failed: { channel: string; kind: Alert['kind']; attempts: number; error: string }[];
}

export interface AlertsDeps {
  logger: Logger;
  clock: Clock;
  env: Readonly<Record<string, string | undefined>>;
  /** Waits between attempts (tests pass a fast one). */
  sleep?: (ms: number) => Promise<void>;
}

export interface AlertRecord {
  /** The triage journal to note the alerted findings in; undefined: nowhere (an in-memory warehouse). */
  journalPath: string | undefined;
  night: string;
  fileMode: string;
  /** triage.journalMaxBytes: past it the alerted findings are not noted (a warning says so). */
  journalMaxBytes?: number | undefined;
}

export function hasAlertChannels(config: AlertsConfig): boolean {
  return config.webhooks.length > 0 || config.email !== undefined;
}

export async function sendAlerts(deps: AlertsDeps, config: AlertsConfig, alerts: readonly Alert[], record: AlertRecord): Promise<AlertsOutcome> {
  const outcome: AlertsOutcome = { sent: [], failed: [] };
  const told = new Map<string, Set<AlertKind>>();
  for (const alert of alerts) {
    for (const channel of channelsFor(deps, config, alert)) {
      let delivery: Delivery;
      try {
        delivery = await channel.deliver();
      } catch (error) {
        delivery = { ok: false, attempts: 1, error: redactSecrets(error instanceof Error ? error.message : String(error)) };
      }
      if (delivery.ok) {
        outcome.sent.push({ channel: channel.name, kind: alert.kind, findings: alert.keys.length, attempts: delivery.attempts });
        if (alert.kind !== 'failed') for (const key of alert.keys) told.set(key, (told.get(key) ?? new Set()).add(alert.kind));
      } else {
        const error = delivery.error ?? 'failed';
        outcome.failed.push({ channel: channel.name, kind: alert.kind, attempts: delivery.attempts, error });
        deps.logger.warn({ id: 'alertNotDelivered', kind: alert.kind, channel: channel.via, attempts: delivery.attempts, said: delivery.said ?? error });
      }
    }
  }
  if (told.size > 0 && record.journalPath !== undefined) {
    const events: NewTriageEvent[] = [];
    for (const [key, kinds] of told) for (const kind of kinds) events.push({ by: 'recon', via: 'nightly', action: 'alerted', key, kind, night: record.night });
    try {
      appendEvents(record.journalPath, events, { nowMs: deps.clock.now(), fileMode: record.fileMode, maxBytes: record.journalMaxBytes });
    } catch (error) {
      deps.logger.warn({ id: 'alertsNotNoted', path: record.journalPath, said: saidOf(error) });
    }
  }
  deps.logger.event('alerts.done', { sent: outcome.sent.length, failed: outcome.failed.length });
  return outcome;
}

interface Channel {
  /** As summary.json names it: "webhook https://hooks.example.com", "email smtp.example.com:587". */
  name: string;
  /** The same as facts, for the warning a person reads in the locale. */
  via: AlertChannel;
  deliver(): Promise<Delivery>;
}

function channelOf(via: AlertChannel, deliver: () => Promise<Delivery>): Channel {
  return { name: `${via.kind} ${via.address}`, via, deliver };
}

function channelsFor(deps: AlertsDeps, config: AlertsConfig, alert: Alert): Channel[] {
  const channels: Channel[] = [];
  for (const hook of config.webhooks) {
    if (!hook.on.includes(alert.kind)) continue;
    // The origin only: a webhook's path is its secret.
    channels.push(channelOf({ kind: 'webhook', address: new URL(hook.url).origin }, () => postWebhook(hook.url, alert, config, deps.sleep)));
  }
  const email = config.email;
  if (email?.on.includes(alert.kind)) {
    channels.push(
      channelOf({ kind: 'email', address: `${email.host}:${email.port}` }, async () => {
        const password = email.passwordEnv === undefined ? undefined : deps.env[email.passwordEnv];
        if (email.user !== undefined && email.passwordEnv !== undefined && !password)
          return {
            ok: false,
            attempts: 0,
            error: `alerts.email.passwordEnv names ${email.passwordEnv}, which is not set in the environment; set it to the SMTP password`,
          };
        if (password) registerSecret(password);
        return sendEmail(email, password, alert, config, deps.sleep);
      }),
    );
  }
  return channels;
}
