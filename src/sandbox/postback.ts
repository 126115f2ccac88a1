// Postbacks: the v1 notification POSTed to a transaction's postback_url on each status change, signed with
// the origin headers of the spec (User-Agent: Service/1.0.0, Service-Api-Signature: the key's tail).
// One attempt per change (the service's 31-attempt retry ladder is out of scope for a sandbox); every
// attempt is recorded in state.postbacks. close() waits for those in flight.
import { request } from 'undici';
import type { SandboxTransaction, TxVersion } from './model.ts';
import { notificationJson } from './serialize.ts';
import type { SandboxState } from './state.ts';

export class Postbacks {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly state: SandboxState) {
    state.listeners.push((tx, oldStatus, v) => this.notify(tx, oldStatus, v));
  }

  notify(tx: SandboxTransaction, oldStatus: string, v: TxVersion): void {
    if (!tx.postbackUrl) return;
    const body = notificationJson(tx, oldStatus, v);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Service/1.0.0',
      'service-api-signature': tx.postbackSignature ?? '',
    };
    const url = tx.postbackUrl;
    const attempt = request(url, { method: 'POST', headers, body, headersTimeout: 10_000, bodyTimeout: 10_000 })
      .then(async (res) => {
        await res.body.dump();
        this.state.postbacks.push({ url, status: res.statusCode, body, headers });
      })
      .catch((error: unknown) => {
        this.state.postbacks.push({ url, status: error instanceof Error ? error.message : String(error), body, headers });
      })
      .finally(() => this.inFlight.delete(attempt));
    this.inFlight.add(attempt);
  }

  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
