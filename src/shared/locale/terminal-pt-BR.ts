// The words the CLI prints for a person, in Portuguese: the `recon findings list` table, the counts
// `recon reconcile` prints, and the frame the CLI entry puts around an error. Figures come formatted
// (the locale's fmt); the machine outputs (--format csv|json, the JSON log) never come here.

/** The triage actions, as `recon findings` names them. */
type TriageAction = 'ack' | 'assign' | 'accept' | 'reopen' | 'note';

/** What an action did to `n` findings (a count already formatted), in words that agree with it. */
const DONE_PT: Record<TriageAction, (one: boolean, n: string) => string> = {
  ack: (one, n) => (one ? '1 achado marcado como ciente' : `${n} achados marcados como cientes`),
  assign: (one, n) => (one ? '1 achado atribuído' : `${n} achados atribuídos`),
  accept: (one, n) => (one ? '1 achado aceito como explicado' : `${n} achados aceitos como explicados`),
  reopen: (one, n) => (one ? '1 achado reaberto' : `${n} achados reabertos`),
  note: (one, n) => (one ? 'nota adicionada a 1 achado' : `nota adicionada a ${n} achados`),
};

/** The question before an action on `n` findings. */
const ASK_PT: Record<TriageAction, (one: boolean, n: string) => string> = {
  ack: (one, n) => (one ? 'Marcar 1 achado como ciente?' : `Marcar ${n} achados como cientes?`),
  assign: (one, n) => (one ? 'Atribuir 1 achado?' : `Atribuir ${n} achados?`),
  accept: (one, n) => (one ? 'Aceitar 1 achado como explicado?' : `Aceitar ${n} achados como explicados?`),
  reopen: (one, n) => (one ? 'Reabrir 1 achado?' : `Reabrir ${n} achados?`),
  note: (one, n) => (one ? 'Adicionar uma nota a 1 achado?' : `Adicionar uma nota a ${n} achados?`),
};

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
    /** A filter of an action that matches nothing. */
    noneToWrite: 'Nenhum achado corresponde ao filtro; nada foi gravado.',
    /** What an action on findings wrote (`recon findings ack|assign|accept|reopen|note`). */
    recorded: (action: TriageAction, count: number, n: string): string => `Diário de triagem: ${DONE_PT[action](count === 1, n)}.`,
    /** The question before an action on every finding a filter matches, and the answers that say yes. */
    confirm: (action: TriageAction, count: number, n: string): string => ASK_PT[action](count === 1, n),
    answers: '[s/N]',
    noTerminal: 'Não há terminal para perguntar: passe --yes para seguir.',
    notConfirmed: 'não confirmado; nada foi gravado',
    yes: /^s(im)?$/i,
    /** The findings come from the last night's snapshot: a job holds the warehouse. */
    busy: (night: string): string =>
      `um job do recon está gravando no warehouse agora: estes são os achados da noite de ${night}, tal como ficaram ao fim daquela noite`,
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
