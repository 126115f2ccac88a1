// The night page's cash forecast: the card receivables expected on each day after the night (the
// forecast report's per-day figures, src/forecast/receivables-sql.ts), drawn as a bar chart and
// labelled a forecast, since the payments service lists no settlements. Its own query and rendering,
// so the rest of the night page does not change with it.
import type { SettlementConfig } from '../config/schema.ts';
import { type ForecastCoverage, readForecastCoverage } from '../forecast/coverage.ts';
import { FORECAST_LINES_FILE } from '../report/forecast-lines.ts';
import { RECEIVABLES_FORECAST_SQL, receivablesPerDaySql, settlementParams } from '../forecast/receivables-sql.ts';
import type { Messages } from '../shared/locale/index.ts';
import { dateParam } from '../warehouse/sql.ts';
import type { StackedBar } from './chart-data.ts';
import { stackedBarChart } from './charts.ts';
import { html, type SafeHtml } from './html.ts';
import { pathOfRoute } from './routes.ts';
import { bigintOf, numberOf, textOf, type Db } from './warehouse-reads.ts';

interface ForecastDay {
  date: string;
  installments: number;
  cents: bigint;
}

export interface Forecast {
  /** The night (YYYY-MM-DD) the forecast follows. */
  date: string;
  days: ForecastDay[];
  settlement: SettlementConfig;
  /** From which sale date it is complete and which days are partial: the report's and summary.json's figure. */
  coverage: ForecastCoverage;
}

/** The bars of partial days: the series' blue, lighter, so a short bar is not read as a quiet day. */
const PARTIAL_COLOUR = '#93c5fd';
const COMPLETE_COLOUR = '#2563eb';

const PER_DAY_SQL = `SELECT strftime(due_date, '%Y-%m-%d') AS due_date, installments_due, amount_cents
FROM (${receivablesPerDaySql(`(${RECEIVABLES_FORECAST_SQL})`)}) ORDER BY due_date`;

/** Every day from the night's D+1 to D+horizonDays with the installments expected and their sum. */
export async function readForecast(db: Db, request: { date: string; zone: string; settlement: SettlementConfig }): Promise<Forecast> {
  const reader = await db.runAndReadAll(PER_DAY_SQL, {
    date: dateParam(request.date),
    tz: request.zone,
    ...settlementParams(request.settlement),
  });
  const days = (reader.getRowObjects() as Record<string, unknown>[]).map((r) => ({
    date: textOf(r['due_date']) ?? '',
    installments: numberOf(r['installments_due']),
    cents: bigintOf(r['amount_cents']) ?? 0n,
  }));
  const coverage = await readForecastCoverage(db, { date: request.date, zone: request.zone, settlement: request.settlement });
  return { date: request.date, days, settlement: request.settlement, coverage };
}

/** The section: heading, the forecast notice, the contract, and the chart (values in cents, axis in R$). */
export function forecastSection(forecast: Forecast, m: Messages): SafeHtml {
  const f = m.page.forecast;
  const from = forecast.days[0]?.date ?? '';
  const to = forecast.days.at(-1)?.date ?? '';
  const total = forecast.days.reduce((sum, d) => sum + d.cents, 0n);
  const count = forecast.days.reduce((sum, d) => sum + d.installments, 0);
  const { coverage } = forecast;
  const partial = new Set(coverage.partialDays);
  const key = f.key;
  const partialKey = f.partialKey;
  const bars: StackedBar[] = forecast.days.map((d) => ({
    label: d.date,
    // Cents as a number are exact well past any day's receivables (2^53); only the bar's height uses it.
    segments:
      d.cents > 0n ? [{ key: partial.has(d.date) ? partialKey : key, value: Number(d.cents), title: f.bar(d.date, d.installments, m.fmt.money(d.cents)) }] : [],
  }));
  const chart = stackedBarChart(bars, partial.size > 0 ? [key, partialKey] : [key], {
    title: f.chart(from, to, count, m.fmt.money(total)),
    empty: f.empty(from, to),
    legend: partial.size > 0,
    colours: { [key]: COMPLETE_COLOUR, [partialKey]: PARTIAL_COLOUR },
    tickLabel: axisReais(m),
    axisWidth: 76,
    fmt: m.fmt,
    width: 1100,
    height: 260,
  });
  const covered =
    coverage.completeFrom === null
      ? f.noSync(from, to)
      : partial.size === 0
        ? f.completeFrom(coverage.completeFrom)
        : f.partialDays(coverage.completeFrom, coverage.partialDays[0] ?? from, coverage.partialThrough);
  const coverageClass = partial.size > 0 ? 'notice' : 'muted';
  // Every line the bars add up, written when asked for (forecast-lines-download.ts): the nightly's
  // forecast.csv holds the nearest days' only.
  const lines = pathOfRoute({ kind: 'file', date: forecast.date, file: FORECAST_LINES_FILE }) ?? '';
  return html`<section id="forecast"><h2>${f.heading}</h2><p class="notice">${f.notice}</p><p class="muted">${f.contract(forecast.settlement.firstInstallmentDays, forecast.settlement.perInstallment)}</p><p class="${coverageClass}" id="forecast-coverage">${covered}</p>${chart}<p class="muted"><a id="forecast-lines" href="${lines}" download>${f.allLines(count)}</a></p></section>`;
}

/** An axis value in cents as whole reais, "R$ 12.500" (the ticks are round numbers of cents). */
function axisReais(m: Messages): (cents: number) => string {
  return (cents) => m.fmt.money((BigInt(Math.round(cents)) / 100n) * 100n).replace(/[,.]00$/, '');
}
