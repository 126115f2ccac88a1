// The words the CLI prints for a person, in Portuguese: the `recon findings list` table, the counts
// `recon reconcile` prints, and the frame the CLI entry puts around an error. Figures come formatted
// (the locale's fmt); the machine outputs (--format csv|json, the JSON log) never come here.

export const terminalPtBR = {
  /** `recon findings list` as a table (src/triage/listing-output.ts). */
  listing: {
    headers: {
      key: 'chave',
      category: 'categoria',
      state: 'situação',
      firstSeen: 'visto em',
      due: 'prazo',
      amount: 'valor',
      assignee: 'responsável',
      note: 'nota',
      reason: 'motivo',
    },
    overdue: 'VENCIDO',
    none: 'Nenhum achado corresponde ao filtro.',
    count: (count: number, n: string): string => (count === 1 ? '1 achado' : `${n} achados`),
    changedMark: ' (* mudou desde que foi marcado como ciente)',
    figures: (fresh: string, open: string, overdue: string, overdueAmount: string, atStake: string): string =>
      `novos ${fresh}, em aberto ${open}, vencidos ${overdue} (${overdueAmount}); em jogo ${atStake}`,
  },
  /** `recon reconcile`'s printed counts by category (src/reconcile/format.ts). */
  reconcile: {
    title: (day: string, runId: string, previousRunId: string | null): string =>
      `Conciliação de ${day} (execução ${runId}${previousRunId === null ? '' : `, a partir de ${previousRunId}`})`,
    headers: { category: 'categoria', new: 'novos', open: 'em aberto', resolved: 'resolvidos', amount: 'valor' },
    total: 'total',
    matched: (exact: string, variance: string): string => `pedidos conciliados: ${exact} exatos, ${variance} dentro da tolerância (variação)`,
  },
  /** The frame the CLI entry (src/cli/main.ts) puts around an error's own message. */
  errors: {
    usage: (command: string): string => `Veja \`${command} --help\` para o uso.`,
    unexpected: 'erro inesperado',
    cause: 'causa',
    report: 'Defina RECON_DEBUG=1 para ver o rastreamento da pilha, e por favor relate o erro.',
    outOfMemory:
      'o DuckDB esgotou sua parte de warehouse.memoryLimit (a memória que o recon pode usar, "512MB" por padrão): aumente-a na configuração (o DuckDB grava o excedente numa pasta temporária ao lado do warehouse, até a sua parte)',
  },
};
