// Shared pieces of the benchmark tasks: the history's shape, argument parsing, and the one JSON line
// each task prints (with its own peak RSS, so the parent can report memory per step).
export const ZONE = 'America/Sao_Paulo';
export const END = '2026-03-31';

export interface Scale {
  transactions: number;
  days: number;
}

export function scaleFromArgs(): Scale {
  const transactions = Number(argValue('--transactions') ?? 1_000_000);
  const days = Number(argValue('--days') ?? 30);
  return { transactions, days };
}

export function argValue(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

export function report(result: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ ...result, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`);
}
