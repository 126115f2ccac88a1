// Test helpers of the page's actions: a session opened as a browser opens one (the session cookie, a
// form's CSRF token, the keys of the night's rows still to act on), and a form body of repeated fields.
import { expect } from 'vitest';
import { NIGHTS } from './fixture.ts';
import { get, type Answer } from './http.ts';

const NIGHT = NIGHTS[1];

export interface Session {
  cookie: string;
  csrf: string;
  /** The keys of the rows shown new or open (neither acknowledged nor accepted), in the table's order. */
  keys: string[];
  /** Those of them open since an earlier night: acting on one leaves the "new tonight" view as it was. */
  openKeys: string[];
  origin: string;
}

const cookieOf = (answer: Answer) => String(answer.headers['set-cookie'] ?? '').split(';')[0] ?? '';

/** Opens a finding's panel as a browser would: the session cookie, the form's CSRF token, the rows' keys. */
export async function openSession(base: string, headers: Record<string, string> = {}): Promise<Session> {
  const first = await get(base, `/nights/${NIGHT}`, headers);
  expect(first.status).toBe(200);
  const cookie = cookieOf(first);
  expect(cookie).toMatch(/^recon_sid=[A-Za-z0-9_-]{43}$/);
  expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
  const rows = [...first.text.matchAll(/<tr data-category="[a-z_]+" data-state="(new|open)"[^>]* data-key="([^"]+)"/g)];
  const keys = rows.map((m) => m[2]!);
  const openKeys = rows.filter((m) => m[1] === 'open').map((m) => m[2]!);
  const panel = await get(base, `/nights/${NIGHT}?finding=${encodeURIComponent(keys[0]!)}`, { ...headers, Cookie: cookie });
  const csrf = /name="csrf" value="([^"]+)"/.exec(panel.text)?.[1] ?? '';
  expect(csrf).not.toBe('');
  return { cookie, csrf, keys, openKeys, origin: new URL(base).origin };
}

/** A form body; an array value is the field repeated. */
export function form(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) params.append(name, v);
  return params.toString();
}
