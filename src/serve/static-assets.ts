// The page's own assets (script, stylesheet, icon), served from src/serve/static by a fixed name list:
// nothing is fetched from a CDN and no request can name any other file.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../shared/project-root.ts';

const ASSETS: Record<string, string> = {
  'table.js': 'text/javascript; charset=utf-8',
  'style.css': 'text/css; charset=utf-8',
  'icon.svg': 'image/svg+xml',
};

export interface StaticAsset {
  body: Buffer;
  contentType: string;
}

const cache = new Map<string, Promise<StaticAsset>>();

/** The asset of that exact name, or undefined for any other name. */
export function staticAsset(name: string): Promise<StaticAsset> | undefined {
  const contentType = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (contentType === undefined) return undefined;
  let asset = cache.get(name);
  if (!asset) {
    asset = readFile(join(PROJECT_ROOT, 'src', 'serve', 'static', name)).then((body) => ({ body, contentType }));
    asset.catch(() => cache.delete(name));
    cache.set(name, asset);
  }
  return asset;
}
