// The words of the alerts a night sends (src/alerts/compose.ts), in Portuguese. Figures come formatted.

export const alertsPtBR = {
  subject: (night: string, what: string, atStake: string): string => `recon, noite de ${night}: ${what}, ${atStake} em jogo`,
  fresh: (count: number, n: string): string => (count === 1 ? '1 achado novo' : `${n} achados novos`),
  overdue: (count: number, n: string): string => (count === 1 ? '1 achado com o prazo vencido' : `${n} achados com o prazo vencido`),
  category: (label: string, n: string, amount: string): string => `• ${label}: ${n} (${amount})`,
  openNight: 'Abrir a noite',
  failed: (night: string): string => `recon: a noite de ${night} falhou`,
  failedText: (night: string, error: string): string => `recon: a noite de ${night} falhou: ${error}`,
};
