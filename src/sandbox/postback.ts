// Postbacks: the v1 notification POSTed to a transaction's postback_url on each status change, signed with
// the origin headers of the spec (User-Agent: Service/1.0.0, Service-Api-Signature: the key's tail).
// A delivery not answered 200 is tried again after each of `retryDelaysMs` (none by default: the
// service's ladder of 31 attempts over ~26 hours is too slow for a sandbox; tests pass a short one).
// With a history URL, the generated history's changes are notified too, as the clock passes them, but for
// those planted as lost, and so are the notifications planted beside them (contradicting-notifications.ts),
// as the clock passes their date_updated. Every attempt is recorded in state.postbacks. drain() waits for those in flight,
// retries included.
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import type { SandboxTransaction, TxVersion } from './model.ts';
import { notificationKey } from './lost-notifications.ts';
import { notificationJson } from './serialize.ts';
import type { SandboxState } from './state.ts';

export class Postbacks {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly state: SandboxState,
    private readonly retryDelaysMs: readonly number[] = [],
    /** Where the generated history's changes are notified, signed with `signature`, as the clock passes them. */
    history?: { url: string; signature: string },
  ) {
    state.listeners.push((tx, oldStatus, v) => this.notify(tx, oldStatus, v));
    if (history) {
      const lost = state.history.lostNotifications;
      state.timelineListeners.push((tx, k) => {
        if (lost?.has(notificationKey(tx.id, k))) return;
        this.notify(tx, tx.versions[k - 1]!.status, tx.versions[k]!, history);
      });
      const planted = state.history.plantedNotifications ?? [];
      let next = 0;
      state.clockListeners.push((now) => {
        for (; next < planted.length && planted[next]!.version.atMs <= now; next++) {
          const p = planted[next]!;
          this.notify(p.tx, p.oldStatus, p.version, history);
        }
      });
    }
  }

  notify(tx: SandboxTransaction, oldStatus: string, v: TxVersion, to?: { url: string; signature: string }): void {
    const url = tx.postbackUrl ?? to?.url;
    if (!url) return;
    const body = notificationJson(tx, oldStatus, v);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Service/1.0.0',
      'service-api-signature': tx.postbackSignature ?? to?.signature ?? '',
    };
    const deliver = async () => {
      for (let attempt = 0; ; attempt++) {
        const status = await request(url, { method: 'POST', headers, body, headersTimeout: 10_000, bodyTimeout: 10_000 })
          .then(async (res) => {
            await res.body.dump();
            return res.statusCode;
          })
          .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
        this.state.postbacks.push({ url, status, body, headers });
        const delay = this.retryDelaysMs[attempt];
        if (status === 200 || delay === undefined) return;
        await sleep(delay);
      }
    };
    const delivery = deliver().finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
