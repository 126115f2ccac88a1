// The config is parsed once and frozen; a command that needs another value (--out, --csv-dialect, the
// built-in sandbox's own folders) derives a new frozen config from it instead of changing the one that
// every other step holds.
import type { ReconConfig } from './schema.ts';

/** A patch of the config: objects are merged key by key, anything else (arrays, strings, numbers) replaces. */
export type ConfigPatch<T = ReconConfig> = { [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? ConfigPatch<T[K]> : T[K] };

/** A new frozen config: `config` with `patch` merged in. */
export function withConfig(config: ReconConfig, patch: ConfigPatch): ReconConfig {
  return freezeConfig(mergeInto(config, patch) as ReconConfig);
}

/** Freezes the config and every object inside it, so a step cannot change what another step reads. */
export function freezeConfig<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) freezeConfig(inner);
    Object.freeze(value);
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function mergeInto(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    // A key present with undefined clears an optional setting (the sandbox's orders have no columns).
    merged[key] = value === undefined ? undefined : mergeInto(base[key], value);
  }
  return merged;
}
