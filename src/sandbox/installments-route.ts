// GET /v1/installments?net_value=&card_brand=&pt_br= as the interface describes it: twelve options
// from the brand's pricing table (pricing.ts), the pt_br block on request, and the v1 error object,
// typed by the parameter's name, for a net value below 100 cents, an unknown brand, or a null,
// undefined or empty value.
import { CARD_BRANDS } from '../shared/domain.ts';
import { installmentOptionsJson, isCardBrand } from './pricing.ts';
import { QueryError } from './query.ts';
import type { RouteResult } from './routes-post.ts';
import type { SandboxState } from './state.ts';

const BANNED = new Set(['', 'null', 'undefined']);
/** int32, as the interface types net_value. */
const MAX_NET_VALUE = 2_147_483_647;

export function installmentsRoute(state: SandboxState, search: URLSearchParams): RouteResult {
  state.installmentCalls++;
  const seen = new Set<string>();
  for (const [name, value] of search) {
    if (BANNED.has(value.trim()))
      throw new QueryError(name, `parameter ${name} must not be ${value === '' ? 'empty' : value}; remove it from the request instead`);
    if (seen.has(name)) throw new QueryError(name, `parameter ${name} was sent more than once`);
    seen.add(name);
  }
  const netText = search.get('net_value');
  if (netText === null) throw new QueryError('net_value', 'parameter net_value is required: the amount to charge in cents, at least 100');
  if (!/^\d{1,10}$/.test(netText) || Number(netText) > MAX_NET_VALUE)
    throw new QueryError('net_value', `parameter net_value must be a whole number of cents, got "${netText}"`);
  const netValue = Number(netText);
  if (netValue < 100) throw new QueryError('net_value', `parameter net_value must be at least 100 cents, got ${netValue}`);
  const brand = search.get('card_brand');
  if (brand === null) throw new QueryError('card_brand', `parameter card_brand is required: one of ${CARD_BRANDS.join(', ')}`);
  if (!isCardBrand(brand)) throw new QueryError('card_brand', `parameter card_brand must be one of ${CARD_BRANDS.join(', ')}, got "${brand}"`);
  const ptBrText = search.get('pt_br');
  if (ptBrText !== null && ptBrText !== 'true' && ptBrText !== 'false')
    throw new QueryError('pt_br', `parameter pt_br must be true or false, got "${ptBrText}"`);
  return { status: 200, body: installmentOptionsJson(state.pricing, brand, netValue, ptBrText === 'true') };
}
