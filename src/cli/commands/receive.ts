// `recon receive`: the receiver of the service's status notifications, on loopback unless --host says
// otherwise (behind the shop's TLS proxy in production); runs until Ctrl+C. It checks each
// notification's origin with the signing secret, the tail of RECON_API_KEY, and keeps what it accepts in
// the inbox beside the warehouse, which it never opens: it keeps accepting while a night runs.
import { defineCommand } from 'citty';
import { messagesFor } from '../../shared/locale/index.ts';
import { inboxPathFor, Inbox } from '../../notify/inbox.ts';
import { signingSecretOf } from '../../notify/origin.ts';
import { startReceiver } from '../../notify/receiver.ts';
import { systemClock } from '../../shared/clock.ts';
import { ReconError } from '../../shared/errors.ts';
import { registerSecret } from '../../shared/redact.ts';
import { configArg, contextFor } from '../context.ts';
import { parsePort } from './serve.ts';

export const DEFAULT_RECEIVE_PORT = 8090;

export default defineCommand({
  meta: { name: 'receive' },
  args: {
    ...configArg,
    port: { type: 'string', valueHint: 'N' },
    host: { type: 'string', valueHint: 'ADDR' },
  },
  async run({ args }) {
    const ctx = contextFor(args);
    const port = parsePort(args.port ?? String(DEFAULT_RECEIVE_PORT));
    const host = args.host ?? '127.0.0.1';
    const apiKey = process.env['RECON_API_KEY'];
    if (!apiKey) throw new ReconError('config', { id: 'receiveNoKey' });
    registerSecret(apiKey);
    const { warehouse, notifications } = ctx.config;
    const inbox = new Inbox(inboxPathFor(warehouse.path), Number.parseInt(warehouse.fileMode, 8), {
      maxBytes: notifications.inbox.maxBytes,
      maxAgeMs: notifications.inbox.maxAgeDays * 86_400_000,
    });
    const receiver = await startReceiver(
      {
        inbox,
        secret: signingSecretOf(apiKey),
        clock: systemClock,
        logger: ctx.logger,
        maxBodyBytes: notifications.maxBodyBytes,
        maxPerSecond: notifications.maxPerSecond,
        maxUnsignedPerSecond: notifications.maxUnsignedPerSecond,
        maxRememberedDeliveries: notifications.maxRememberedDeliveries,
      },
      { port, host },
    );
    try {
      process.stdout.write(`${messagesFor(ctx.config.reports.locale).commands.receiveListening(receiver.url, inbox.path)}\n`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
      });
    } finally {
      await receiver.close();
    }
  },
});
