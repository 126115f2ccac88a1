// Finds, reads and validates the config file once. Errors name the file, the key path and the fix.
import { readFileSync, existsSync } from 'node:fs';
import { resolve, dirname, isAbsolute } from 'node:path';
import type { z } from 'zod';
import { freezeConfig, withConfig } from './with-config.ts';
import { ReconError } from '../shared/errors.ts';
import { configSchema, serviceUrlProblemOf, type ReconConfig } from './schema.ts';
import type { ConfigProblem, ServiceUrlProblem } from '../shared/locale/error-params-cli.ts';

const DEFAULT_CONFIG_FILE = 'recon.config.json';

export interface LoadedConfig {
  config: ReconConfig;
  /** The file read, or undefined when none exists and defaults apply. */
  file: string | undefined;
}

interface ConfigEnv {
  RECON_CONFIG?: string | undefined;
  RECON_BASE_URL?: string | undefined;
  RECON_OPERATIONS_BASE_URL?: string | undefined;
}

interface ConfigSource {
  file?: string | undefined;
  env?: ConfigEnv;
  cwd?: string;
}

/** The file a run reads: `--config FILE`, else RECON_CONFIG, else ./recon.config.json if present; undefined: defaults. */
export function configFileFor(options: ConfigSource = {}): string | undefined {
  const env = options.env ?? (process.env as ConfigEnv);
  const cwd = options.cwd ?? process.cwd();
  const explicit = options.file ?? env.RECON_CONFIG;
  if (explicit) return resolve(cwd, explicit);
  return existsSync(resolve(cwd, DEFAULT_CONFIG_FILE)) ? resolve(cwd, DEFAULT_CONFIG_FILE) : undefined;
}

/** Reads `--config FILE`, else RECON_CONFIG, else ./recon.config.json if present, else defaults. */
export function loadConfig(options: ConfigSource = {}): LoadedConfig {
  const env = options.env ?? (process.env as ConfigEnv);
  const cwd = options.cwd ?? process.cwd();
  const file = configFileFor({ file: options.file, env, cwd });

  let raw: unknown = {};
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (cause) {
      throw new ReconError('config', { id: 'configUnreadable', file, code: (cause as NodeJS.ErrnoException).code ?? 'error' }, { cause });
    }
    try {
      raw = JSON.parse(text);
    } catch (cause) {
      throw new ReconError('config', { id: 'configNotJson', file, said: (cause as Error).message }, { cause });
    }
  }
  const parsed = parseConfig(raw, file ?? '(defaults)');
  // Relative paths in a config file are relative to the file, so cron can run from any folder.
  const base = file ? dirname(file) : cwd;
  const config = withConfig(parsed, {
    api: serviceAddressesOf(parsed, env),
    warehouse: { path: absoluteFrom(base, parsed.warehouse.path) },
    reports: { outDir: absoluteFrom(base, parsed.reports.outDir) },
    ...(parsed.orders.path ? { orders: { path: absoluteFrom(base, parsed.orders.path) } } : {}),
    ...(parsed.sync.rawPagesDir ? { sync: { rawPagesDir: absoluteFrom(base, parsed.sync.rawPagesDir) } } : {}),
    ...(parsed.bank.statementPath ? { bank: { statementPath: absoluteFrom(base, parsed.bank.statementPath) } } : {}),
  });
  return { config, file };
}

export function parseConfig(raw: unknown, source: string): ReconConfig {
  const result = configSchema.safeParse(raw);
  if (result.success) return freezeConfig(result.data);
  const problems = result.error.issues.map((issue) => problemOf(issue));
  throw new ReconError('config', { id: 'configInvalid', source, problems }, { cause: result.error });
}

/**
 * RECON_BASE_URL moves the whole service (both product areas) unless RECON_OPERATIONS_BASE_URL names the
 * operations address too: pointing one at a test host and leaving the other on production would mix them.
 */
function serviceAddressesOf(config: ReconConfig, env: ConfigEnv): Pick<ReconConfig['api'], 'baseUrl' | 'operationsBaseUrl'> {
  for (const name of ['RECON_BASE_URL', 'RECON_OPERATIONS_BASE_URL'] as const) {
    const value = env[name];
    const problem = value ? serviceUrlProblemOf(value) : undefined;
    if (problem) throw new ReconError('config', { id: 'serviceUrl', name, problem });
  }
  if (env.RECON_BASE_URL) return { baseUrl: env.RECON_BASE_URL, operationsBaseUrl: env.RECON_OPERATIONS_BASE_URL || undefined };
  if (env.RECON_OPERATIONS_BASE_URL) return { baseUrl: config.api.baseUrl, operationsBaseUrl: env.RECON_OPERATIONS_BASE_URL };
  return { baseUrl: config.api.baseUrl, operationsBaseUrl: config.api.operationsBaseUrl };
}

function pathOf(path: PropertyKey[]): string {
  return path.length === 0 ? '(top level)' : path.map(String).join('.');
}

/** Unknown keys are a fact the catalogues word; any other issue is zod's or the schema's own text, quoted. */
function problemOf(issue: z.core.$ZodIssue): ConfigProblem {
  if (issue.code === 'unrecognized_keys') return { path: pathOf(issue.path), unknownKeys: issue.keys };
  const serviceUrl = issue.code === 'custom' ? (issue.params?.['serviceUrl'] as ServiceUrlProblem | undefined) : undefined;
  if (serviceUrl !== undefined) return { path: pathOf(issue.path), serviceUrl };
  return { path: pathOf(issue.path), said: issue.message };
}

function absoluteFrom(base: string, path: string): string {
  return isAbsolute(path) ? path : resolve(base, path);
}
