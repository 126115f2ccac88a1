// Named order-export layouts (config `orders.preset`). Explicit `orders.*` keys override a preset key by
// key (columns, csv and statusMap merge per entry). The columns assumed for each platform:
//
// shopify — Shopify admin "Export orders" CSV (UTF-8, `,`, `.` decimals), one row per line item:
//   Name (order name such as "#1001", the item_id), Email, Financial Status (pending, authorized,
//   partially_paid, paid, partially_refunded, refunded, voided, expired), Paid at, Fulfillment Status,
//   Currency, Subtotal, Shipping, Taxes, Total, Discount Code, Created at ("2024-05-01 14:32:07 -0300"),
//   Lineitem quantity, Lineitem name, ..., Billing Name, ..., Payment Method, Payment Reference, Refunded
//   Amount, Id, Tags, Risk Level, Source, Payment ID. Order-level fields are filled on an order's first
//   row only; later line-item rows of the same Name leave Financial Status and Total blank, so they are
//   skipped as continuation rows (counted, never silently).
//   Mapped: item_id=Name, amount=Total, status=Financial Status, created_at=Created at,
//   customer_name=Billing Name. Payment Reference is Shopify's own gateway reference, not the payments
//   service's transaction id, so it is not mapped.
//
// woocommerce — WooCommerce "Order Export & Import" (Import Export Suite) default CSV (UTF-8, `,`, `.`):
//   order_id, order_number, order_date ("2024-05-01 14:32:07", the shop's local time), paid_date,
//   status (pending, processing, on-hold, completed, cancelled, refunded, failed, checkout-draft),
//   shipping_total, tax_total, discount_total, order_total, order_currency, payment_method,
//   payment_method_title, transaction_id, customer_id, customer_email, billing_first_name,
//   billing_last_name, billing_company, ..., line_item_1, ...
//   Mapped: item_id=order_id, amount=order_total, status=status, created_at=order_date,
//   transaction_id=transaction_id (the gateway's id the shop stored for the payment).
//
// recon-sandbox — what the built-in sandbox writes, a typical Brazilian ERP export (windows-1252, `;`,
//   decimal `,`, thousands `.`, dd/MM/yyyy HH:mm):
//   pedido;cliente;documento;valor_total;situacao;criado_em;transacao;observacao
import type { OrderStatus } from '../config/schema.ts';

export interface OrdersPreset {
  /** How a message names the platform ("the file looks like a Shopify export"). */
  label: string;
  description: string;
  format: 'csv';
  csv: { delimiter: string; quote: string; decimal: '.' | ','; thousands: '' | '.' | ',' | ' '; encoding: 'utf-8' | 'latin-1' | 'windows-1252' };
  columns: {
    item_id: string;
    amount: string;
    status: string;
    created_at: string;
    transaction_id?: string;
    nsu?: string;
    authorization_code?: string;
    customer_name?: string;
    customer_document_number?: string;
  };
  amountUnit: 'reais' | 'cents';
  dateFormat: string;
  statusMap: Record<string, OrderStatus>;
  /** Rows repeating the previous row's item_id with blank status and amount are line items of it. */
  skipContinuationRows: boolean;
}

export const ORDER_PRESETS: Readonly<Record<string, OrdersPreset>> = {
  shopify: {
    label: 'Shopify',
    description: 'Shopify admin order export (one row per line item)',
    format: 'csv',
    csv: { delimiter: ',', quote: '"', decimal: '.', thousands: '', encoding: 'utf-8' },
    columns: { item_id: 'Name', amount: 'Total', status: 'Financial Status', created_at: 'Created at', customer_name: 'Billing Name' },
    amountUnit: 'reais',
    dateFormat: 'yyyy-MM-dd HH:mm:ss ZZZ',
    statusMap: {
      paid: 'paid',
      partially_refunded: 'paid',
      pending: 'pending',
      authorized: 'pending',
      partially_paid: 'pending',
      refunded: 'refunded',
      voided: 'canceled',
      expired: 'canceled',
    },
    skipContinuationRows: true,
  },
  woocommerce: {
    label: 'WooCommerce',
    description: 'WooCommerce Order Export & Import plugin, default CSV',
    format: 'csv',
    csv: { delimiter: ',', quote: '"', decimal: '.', thousands: '', encoding: 'utf-8' },
    columns: { item_id: 'order_id', amount: 'order_total', status: 'status', created_at: 'order_date', transaction_id: 'transaction_id' },
    amountUnit: 'reais',
    dateFormat: 'yyyy-MM-dd HH:mm:ss',
    statusMap: {
      processing: 'paid',
      completed: 'paid',
      pending: 'pending',
      'on-hold': 'pending',
      'checkout-draft': 'pending',
      cancelled: 'canceled',
      failed: 'canceled',
      refunded: 'refunded',
    },
    skipContinuationRows: false,
  },
  'recon-sandbox': {
    label: 'recon sandbox',
    description: 'the export the built-in sandbox writes (Brazilian ERP layout)',
    format: 'csv',
    csv: { delimiter: ';', quote: '"', decimal: ',', thousands: '.', encoding: 'windows-1252' },
    columns: {
      item_id: 'pedido',
      amount: 'valor_total',
      status: 'situacao',
      created_at: 'criado_em',
      transaction_id: 'transacao',
      customer_name: 'cliente',
      customer_document_number: 'documento',
    },
    amountUnit: 'reais',
    dateFormat: 'dd/MM/yyyy HH:mm',
    statusMap: { Pago: 'paid', 'Aguardando pagamento': 'pending', Cancelado: 'canceled', Estornado: 'refunded' },
    skipContinuationRows: false,
  },
};

export function presetNames(): string[] {
  return Object.keys(ORDER_PRESETS);
}
