#!/usr/bin/env python3
"""The bench's peer: what a competent analyst would write instead of recon for one night.

A plain pandas + xlsxwriter script that reconciles one business day of the shop's orders export against
the payments service's transactions and operations, with recon's rules (src/reconcile/scope.ts and
rules.ts) and recon's defaults (amounts compared on net_value, tolerance 0 cents, counterparts up to 60
minutes after midnight still belong to the day, reviews and payouts stale after 48 h, the business day
in America/Sao_Paulo), and writes the same kind of reports: discrepancies, refunds and chargebacks as
XLSX (frozen header, filters, R$ amounts, local times, totals, no cell a formula, documents masked)
and CSV (UTF-8, integer cents, ISO UTC instants). It prints one JSON line:
{"seconds": ..., "peakRssMb": ..., "counts": {category: n}, ...}; `seconds` runs from reading the first
input to the last report file (the interpreter and pandas' import are not counted, as Node's start is
not counted for recon).

  /usr/bin/python3 bench/peer/one_day.py --date 2026-03-31 --orders orders.csv \
      --transactions transactions.csv --operations operations.csv --out DIR

Inputs: the orders export as the shop writes it (the recon-sandbox layout: Windows-1252, ';', decimal
comma, thousands dot, dd/MM/yyyy HH:mm local time), read and checked by the script itself; the payments
as the CSVs bench/tasks/peer-inputs.ts writes from the warehouse (instants as epoch milliseconds, amounts
as integer cents), read in full every night, as a script without a warehouse must. Or, for the
recurring night (bench/recurring-night.ts), the payments fetched from the service's listings themselves
(--url --key --since-ms: listings.py), and with --previous-orders the previous night's cumulative
export, read whole too, to tell the orders edited on the day.

Vectorised throughout: the million-row frames are only filtered, hashed and joined (an index on the
orders' item_id serves every lookup by item); per-row Python runs only over findings and report rows.

Simplifications, all of them things one fresh night cannot see:
- One night, fresh: no previous night, so no finding is carried, open or resolved; every finding is
  `new` and first seen on the day. recon's rules for carried findings (`... OR carried(key)`) and its
  re-checking of open ones are left out.
- No order history but, with --previous-orders, the export before: an order is judged on the day it was
  created, when its payment changed on the day, or when its amount, status or recorded transaction
  differs from the previous export's (recon's "order edited on D" and "marked paid on D"); the reasons'
  edit prefixes are left out.
- A refund's and a chargeback's time is the transaction's date_updated (recon takes the time it first saw
  the status in transaction_history; on a warehouse synced once they are the same).
- The export's row checks are those its rows can fail (empty item_id, an amount that is not a
  non-negative whole cent, an unknown status, a date that does not parse; rows of one item_id that
  disagree are all kept out, identical ones collapse). recon's cell length limits, field counts, header
  search, encoding detection and per-cell reasons are left out; a kept-out row gets a short reason.
  pandas parses the amounts without checking the thousands grouping ("1.2.34,5" passes), and strptime
  takes one-digit days and months ("2/3/2026") that recon's dd/MM keeps out.
- The discrepancies Summary notes give the day's window, not the sync's freshness (the peer has no sync).
- Ambiguous wall-clock times (a DST fall-back) are read as the first of the two instants.
"""
import argparse
import json
import os
import resource
import time

import numpy as np
import pandas as pd

from listings import fetch_payments

CATEGORIES = (
    "missing_payment", "unmatched_payment", "amount_mismatch", "duplicate_charge", "refund_owed",
    "refund_not_recorded", "chargeback_open", "stale_review", "order_status_behind",
    "cashin_amount_mismatch", "cashout_failed", "cashout_stale_pending", "cashout_short",
)
HOUR_MS = 3_600_000
DAY_MS = 24 * HOUR_MS
NEVER = np.iinfo(np.int64).max
# recon's config defaults (reconcile.*).
COMPARE = "net_value"
TOLERANCE_CENTS = 0
BOUNDARY_MINUTES = 60
REVIEW_STALE_HOURS = 48
PAYOUT_STALE_HOURS = 48
MAX_AMOUNT_CENTS = 2_147_483_647

# The recon-sandbox layout: order field -> column of the export.
LAYOUT = {"item_id": "pedido", "amount": "valor_total", "status": "situacao", "created_at": "criado_em",
          "transaction_id": "transacao", "customer_name": "cliente", "customer_document_number": "documento"}
DATE_FORMAT = "%d/%m/%Y %H:%M"
STATUS_MAP = {"pago": "paid", "aguardando pagamento": "pending", "cancelado": "canceled", "estornado": "refunded",
              "paid": "paid", "pending": "pending", "canceled": "canceled", "refunded": "refunded"}
OPTIONAL = ("transaction_id", "nsu", "authorization_code", "customer_name", "customer_document_number")


def main():
    args = parse_args()
    t0 = time.perf_counter()
    night = night_of(args.date, args.zone)
    orders, read_rows, kept_out = read_orders(args.orders, args.zone)
    if args.previous_orders:
        # No memory of last night but the shop's files: yesterday's export read whole again, to see the edits.
        edits = edits_since(orders, read_orders(args.previous_orders, args.zone)[0], night)
    else:
        edits = {"changed": [], "late": []}
    if args.url:
        # Stateless: the whole listed history again, from the service itself (listings.py).
        tx, ops = fetch_payments(args.url, args.key, args.since_ms, night["end"] + DAY_MS)
    else:
        tx, ops = read_payments(args.transactions, args.operations)
    t1 = time.perf_counter()
    by_item = pd.Index(orders["item_id"])  # unique after read_orders: every lookup by item uses it
    findings = reconcile(orders, by_item, tx, ops, night, edits)
    refunds = refunds_of_day(orders, by_item, tx, night)
    chargebacks = chargebacks_of_day(orders, by_item, tx, night)
    t2 = time.perf_counter()
    out_dir = os.path.join(args.out, args.date)
    os.makedirs(out_dir, exist_ok=True)
    write_discrepancies(out_dir, findings, kept_out, night)
    write_refunds(out_dir, refunds, night)
    write_chargebacks(out_dir, chargebacks, night)
    t3 = time.perf_counter()
    counts = findings["category"].value_counts()
    print(json.dumps({
        "seconds": t3 - t0, "readSeconds": t1 - t0, "reconcileSeconds": t2 - t1, "reportSeconds": t3 - t2,
        "cpuSeconds": time.process_time(),
        "orders": len(orders), "rowsRead": read_rows, "keptOut": len(kept_out), "ordersChanged": len(edits["changed"]), "transactions": len(tx), "operations": len(ops),
        "reportRows": {"refunds": len(refunds), "chargebacks": len(chargebacks)},
        "counts": {c: int(counts.get(c, 0)) for c in CATEGORIES},
        "peakRssMb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    }))


def edits_since(orders, previous, night):
    """scope.ts's rc_day_orders between two cumulative exports: the orders whose amount, status or recorded
    transaction changed since the previous export, and those it did not hold though created before the day."""
    before = previous.set_index("item_id")[["amount_cents", "status", "transaction_id"]]
    both = orders[["item_id", "amount_cents", "status", "transaction_id", "created_ms"]].join(before, on="item_id", rsuffix="_before")
    seen = both["amount_cents_before"].notna()
    differs = seen & ((both["amount_cents"] != both["amount_cents_before"])
                      | (both["status"].astype(object) != both["status_before"].astype(object))
                      | (both["transaction_id"].fillna("") != both["transaction_id_before"].fillna("")))
    late = ~seen & (both["created_ms"] < night["start"])
    return {"changed": both["item_id"][differs].to_numpy(), "late": both["item_id"][late].to_numpy()}


def read_payments(transactions, operations):
    """The payments as the CSVs bench/tasks/peer-inputs.ts writes from a synced warehouse."""
    tx = pd.read_csv(transactions, dtype={
        "transaction_id": str, "item_id": str, "status": "category", "nsu": str, "authorization_code": str,
        "date_created_ms": "int64", "date_updated_ms": "int64", "net_value": "float64", "authorized_amount": "float64",
        "paid_amount": "float64", "refunded_amount": "float64", "card_brand": "category", "card_last_digits": str})
    ops = pd.read_csv(operations, dtype={
        "kind": "category", "operation_id": str, "item_id": str, "status": "category", "status_description": str,
        "date_created_ms": "int64", "date_updated_ms": "int64", "amount_cents": "float64", "paid_amount_cents": "float64",
        "paid_off_amount_cents": "float64", "customer_name": str, "customer_document_number": str})
    return tx, ops


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--date", required=True, help="business day, YYYY-MM-DD")
    p.add_argument("--zone", default="America/Sao_Paulo")
    p.add_argument("--orders", required=True)
    p.add_argument("--previous-orders", help="the previous night's cumulative export, to tell the orders edited on the day")
    p.add_argument("--transactions", help="the payments as CSV files (peer-inputs.ts); or, instead:")
    p.add_argument("--operations")
    p.add_argument("--url", help="the service's listings, read from --since-ms to the night's end")
    p.add_argument("--key")
    p.add_argument("--since-ms", type=int)
    p.add_argument("--out", required=True, help="reports go to OUT/<date>/")
    return p.parse_args()


def night_of(date, zone):
    """The day's bounds and cut-offs as UTC epoch milliseconds (scope.ts's nightParams)."""
    start = pd.Timestamp(date).tz_localize(zone).value // 1_000_000
    end = (pd.Timestamp(date) + pd.Timedelta(days=1)).tz_localize(zone).value // 1_000_000
    return {"date": date, "zone": zone, "start": start, "end": end, "horizon": end + BOUNDARY_MINUTES * 60_000,
            "review_cutoff": end - REVIEW_STALE_HOURS * HOUR_MS, "payout_cutoff": end - PAYOUT_STALE_HOURS * HOUR_MS}


def read_orders(path, zone):
    """The export's orders (one row per item_id), the number of rows read, and the rows kept out."""
    # The C parser reads the amounts itself (decimal comma, thousands dot); every other column is text.
    text_columns = {column: str for field, column in LAYOUT.items() if field != "amount"}
    raw = pd.read_csv(path, sep=";", encoding="cp1252", usecols=list(LAYOUT.values()), dtype=text_columns,
                      decimal=",", thousands=".", keep_default_na=False, na_filter=False)
    item = raw[LAYOUT["item_id"]].str.strip()
    reais = raw[LAYOUT["amount"]]
    if reais.dtype == object:
        # Some cell is not a plain number (empty, a currency sign, a typo): parse them as text, bad ones NaN.
        reais = pd.to_numeric(reais.astype(str).str.strip().str.replace(".", "", regex=False)
                              .str.replace(",", ".", regex=False), errors="coerce")
    cents = (reais * 100).round()
    status_text = raw[LAYOUT["status"]]
    status = status_text.map({s: STATUS_MAP.get(s.strip().lower()) for s in status_text.unique()})
    local = pd.to_datetime(raw[LAYOUT["created_at"]].str.strip(), format=DATE_FORMAT, errors="coerce")
    problems = [
        (item == "", "item_id is empty"),
        (reais.isna(), "amount is not a number"),
        (((reais * 100 - cents).abs() > 1e-6) | (cents < 0) | (cents > MAX_AMOUNT_CENTS), "amount is negative, over the limit or not a whole cent"),
        (status.isna(), "status is not one the layout knows"),
        (local.isna(), "created_at does not parse as " + DATE_FORMAT),
    ]
    bad = np.zeros(len(raw), dtype=bool)
    reason = pd.Series(None, index=raw.index, dtype=object)
    for mask, why in problems:
        reason[mask.to_numpy() & ~bad] = why
        bad |= mask.to_numpy()
    good = ~bad
    created = local[good].dt.tz_localize(zone, ambiguous=np.ones(int(good.sum()), dtype=bool), nonexistent="shift_forward")
    orders = pd.DataFrame({
        "item_id": item[good], "status": status[good].astype("category"), "amount_cents": cents[good].astype("int64"),
        "created_ms": created.values.astype("datetime64[ms]").astype("int64"),
        "line": raw.index[good] + 2,
    })
    for field in OPTIONAL:
        column = LAYOUT.get(field)
        text = raw[column][good].str.strip() if column else pd.Series(None, index=orders.index, dtype=object)
        orders[field] = text.where(text != "", None) if column else text
    kept_out = pd.DataFrame({"line": raw.index[bad] + 2, "item_id": item[bad], "reason": reason[bad]})
    # Identical rows of one item collapse into one order; an item whose rows disagree is kept out whole.
    repeated = orders["item_id"].duplicated(keep=False).to_numpy()
    if repeated.any():
        compared = ["item_id", "status", "amount_cents", "created_ms", *OPTIONAL]
        copies = orders[repeated].duplicated(subset=compared, keep="first")
        orders = orders.drop(index=copies[copies].index)
        conflict = orders["item_id"].duplicated(keep=False)
        conflicts = orders[conflict]
        kept_out = pd.concat([kept_out, pd.DataFrame({"line": conflicts["line"], "item_id": conflicts["item_id"],
                                                      "reason": "rows of this item_id disagree; none of them was loaded"})])
        orders = orders[~conflict]
    return orders.reset_index(drop=True), len(raw), kept_out.reset_index(drop=True)


def link_orders(pay, orders, by_item, horizon):
    """order_links: the order with the payment's item_id; else (cards) the order whose export named the
    transaction; else (cards) the order with its nsu and authorization_code; smallest item_id among ties.
    Only orders created before the horizon count. Returns (order item_id, matched_by) arrays."""
    linked = np.full(len(pay), None, dtype=object)
    how = np.full(len(pay), None, dtype=object)
    order_items = orders["item_id"].to_numpy()
    created = orders["created_ms"].to_numpy()
    pos = by_item.get_indexer(pay["item_id"])
    hit = pos >= 0
    hit[hit] = created[pos[hit]] < horizon
    linked[hit] = order_items[pos[hit]]
    how[hit] = "item_id"
    todo = ~hit & (pay["source"] == "card").to_numpy()
    before = orders["created_ms"] < horizon
    ranks = [("transaction_id", ["transaction_id"], pay["payment_id"])]
    if orders["nsu"].notna().any() and orders["authorization_code"].notna().any():
        ranks.append(("nsu_authorization_code", ["nsu", "authorization_code"], pay["nsu"] + "|" + pay["authorization_code"]))
    for name, columns, key in ranks:
        if not todo.any():
            break
        order_key = orders[columns[0]] if len(columns) == 1 else orders[columns[0]] + "|" + orders[columns[1]]
        wanted = key[todo].dropna()
        near = before & order_key.isin(wanted)
        smallest = orders.loc[near, "item_id"].groupby(order_key[near]).min()
        found = key.map(smallest).to_numpy()
        m = todo & pd.notna(found)
        linked[m] = found[m]
        how[m] = name
        todo &= ~m
    return linked, how


def in_day(ms, night):
    return (ms >= night["start"]) & (ms < night["end"])


def payments_in_scope(orders, by_item, tx, ops, night, edits):
    """scope.ts: the orders the night looks at, and the card payments and cash-ins that can concern them."""
    horizon = night["horizon"]
    cash_in = ops[ops["kind"] == "cash_in"]
    tx_changed = tx[in_day(tx["date_updated_ms"], night)]
    ci_changed = cash_in[in_day(cash_in["date_updated_ms"], night)]
    changed_items = pd.concat([tx_changed["item_id"], ci_changed["item_id"]]).dropna().unique()
    changed_ids = pd.concat([tx_changed["transaction_id"], ci_changed["operation_id"]]).unique()
    scope = (orders["created_ms"] < horizon) & (
        in_day(orders["created_ms"], night) | orders["item_id"].isin(changed_items) | orders["transaction_id"].isin(changed_ids)
        | orders["item_id"].isin(edits["changed"]) | orders["item_id"].isin(edits["late"]))
    rc_orders = orders[scope]

    card = (tx["date_created_ms"] < horizon) & (
        (tx["date_created_ms"] >= night["start"]) | in_day(tx["date_updated_ms"], night) | (tx["status"] == "review")
        | tx["item_id"].isin(rc_orders["item_id"]) | tx["transaction_id"].isin(rc_orders["transaction_id"].dropna()))
    nsu_auth = (rc_orders["nsu"] + "|" + rc_orders["authorization_code"]).dropna()
    if len(nsu_auth):
        card |= (tx["date_created_ms"] < horizon) & (tx["nsu"] + "|" + tx["authorization_code"]).isin(nsu_auth)
    t = tx[card]
    c = cash_in[(cash_in["date_created_ms"] < horizon) & (
        (cash_in["date_created_ms"] >= night["start"]) | in_day(cash_in["date_updated_ms"], night)
        | cash_in["item_id"].isin(rc_orders["item_id"]))]
    pay = pd.concat([
        pd.DataFrame({"source": "card", "payment_id": t["transaction_id"], "item_id": t["item_id"], "status": t["status"].astype(object),
                      "date_created_ms": t["date_created_ms"], "date_updated_ms": t["date_updated_ms"], "amount_cents": t[COMPARE],
                      "nsu": t["nsu"], "authorization_code": t["authorization_code"], "paid_amount_cents": np.nan}),
        pd.DataFrame({"source": "cash_in", "payment_id": c["operation_id"], "item_id": c["item_id"], "status": c["status"].astype(object),
                      "date_created_ms": c["date_created_ms"], "date_updated_ms": c["date_updated_ms"], "amount_cents": c["amount_cents"],
                      "nsu": None, "authorization_code": None, "paid_amount_cents": c["paid_amount_cents"]}),
    ], ignore_index=True)
    pay["order_item_id"], pay["matched_by"] = link_orders(pay, orders, by_item, horizon)
    pay["group_item_id"] = pay["order_item_id"].where(pay["order_item_id"].notna(), pay["item_id"])
    pay["counts_as_paid"] = ((pay["source"] == "card") & pay["status"].isin(["paid", "refunded", "chargeback"])) | (
        (pay["source"] == "cash_in") & (pay["status"] == "paid"))
    return rc_orders, pay.sort_values("payment_id", kind="stable").reset_index(drop=True)


def order_payments(rc_orders, pay, night):
    """rules.ts's rc_order_pay: per order in scope, its linked payments summarised."""
    linked = pay[pay["order_item_id"].isin(rc_orders["item_id"])]
    paid = linked[linked["status"] == "paid"]
    per = lambda frame: frame.groupby("order_item_id")  # noqa: E731
    summary = pd.DataFrame({
        "counting_payments": per(linked[linked["counts_as_paid"] & (linked["date_created_ms"] < night["horizon"])]).size(),
        "paid_payments": per(paid).size(),
        "paid_by_day_end": per(paid[paid["date_created_ms"] < night["end"]]).size(),
        "card_ids": per(linked[linked["source"] == "card"])["payment_id"].agg(",".join),
        "paid_ids": per(paid)["payment_id"].agg(",".join),
        "paid_sources": per(paid)["source"].agg(",".join),
        "paid_amount": per(paid)["amount_cents"].min(),
        "payment_statuses": per(linked)["status"].agg(lambda s: ",".join(sorted(set(s)))),
    })
    op = rc_orders[["item_id", "status", "amount_cents", "created_ms"]].rename(
        columns={"status": "order_status", "amount_cents": "order_amount"}).join(summary, on="item_id")
    op["order_status"] = op["order_status"].astype(object)
    for column in ("counting_payments", "paid_payments", "paid_by_day_end"):
        op[column] = op[column].fillna(0).astype("int64")
    return op



def reconcile(orders, by_item, tx, ops, night, edits):
    rc_orders, pay = payments_in_scope(orders, by_item, tx, ops, night, edits)
    op = order_payments(rc_orders, pay, night)
    return findings_of_day(orders, by_item, ops, pay, op, night, edits)


# ---- the thirteen rules (rules.ts), each over the night's working set ----

COLUMNS = ("finding_key", "category", "item_id", "operation_id", "transaction_ids", "order_status", "payment_status",
           "order_amount_cents", "payment_amount_cents", "difference_cents", "reason")
AMOUNTS = ("order_amount_cents", "payment_amount_cents", "difference_cents")


def brl(cents):
    """rc_brl: 1.234,56 (exact, from integer cents); 'none' for a missing amount."""
    if cents is None or cents != cents:
        return "none"
    c = int(cents)
    return ("-" if c < 0 else "") + f"{abs(c) // 100:,}".replace(",", ".") + f",{abs(c) % 100:02d}"


def signed_brl(cents):
    return ("+" if cents >= 0 else "") + brl(cents)


def utc_minute(ms):
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(int(ms) // 1000))


def hours_before_end(ms, night):
    """date_diff('hour', instant, end of day): hour boundaries crossed."""
    return night["end"] // HOUR_MS - ms // HOUR_MS


def where(series, mask):
    """The series' values where mask holds, else None (a CASE WHEN ... THEN ... END)."""
    return series.where(mask, None)


def findings(category, keys, reasons, **values):
    data = {"finding_key": [f"{category}:{k}" for k in keys], "category": category}
    for column in COLUMNS[2:-1]:
        value = values.get(column)
        data[column] = value.to_numpy(dtype=object) if isinstance(value, pd.Series) else value
    data["reason"] = reasons
    return pd.DataFrame(data, index=range(len(reasons)), columns=list(COLUMNS))


def order_fields(orders, by_item, item_ids):
    """Status and amount of the orders with these item_ids (a LEFT JOIN orders; None where there is none)."""
    pos = by_item.get_indexer(item_ids)
    found = pos >= 0
    status = np.full(len(pos), None, dtype=object)
    amount = np.full(len(pos), np.nan)
    status[found] = orders["status"].to_numpy(dtype=object)[pos[found]]
    amount[found] = orders["amount_cents"].to_numpy()[pos[found]]
    return status, amount


def findings_of_day(orders, by_item, ops, pay, op, night, edits):
    parts = []
    # An order rule looks at the orders created on the day and at older ones whose content changed on it.
    own = op[in_day(op["created_ms"], night) | op["item_id"].isin(edits["changed"])]

    m = own[(own["order_status"] == "paid") & (own["counting_payments"] == 0)]
    parts.append(findings("missing_payment", m["item_id"], [
        f"order {brl(a)} is paid but no paid, refunded or charged-back payment exists" + (f" (payments seen: {s})" if isinstance(s, str) else "")
        for a, s in zip(m["order_amount"], m["payment_statuses"])],
        item_id=m["item_id"], transaction_ids=m["card_ids"], order_status=m["order_status"],
        payment_status=m["payment_statuses"], order_amount_cents=m["order_amount"]))

    u = pay[(pay["status"] == "paid") & pay["order_item_id"].isna() & in_day(pay["date_created_ms"], night)]
    parts.append(findings("unmatched_payment", u["source"] + ":" + u["payment_id"], [
        ("paid transaction " if s == "card" else "paid cash-in ") + f"{p} of {brl(a)} matches no order"
        + (f" (item_id {i})" if isinstance(i, str) else " (the listing row has no item_id)")
        for s, p, a, i in zip(u["source"], u["payment_id"], u["amount_cents"], u["item_id"])],
        item_id=u["item_id"], operation_id=where(u["payment_id"], u["source"] == "cash_in"),
        transaction_ids=where(u["payment_id"], u["source"] == "card"), payment_status=u["status"], payment_amount_cents=u["amount_cents"]))

    a = own[(own["order_status"] == "paid") & (own["paid_payments"] == 1)
            & ((own["paid_amount"] - own["order_amount"]).abs() > TOLERANCE_CENTS)]
    parts.append(findings("amount_mismatch", a["item_id"], [
        f"order {brl(o)} vs {COMPARE if s == 'card' else 'cash-in amount'} {brl(p)} ({signed_brl(p - o)})"
        for o, p, s in zip(a["order_amount"], a["paid_amount"], a["paid_sources"])],
        item_id=a["item_id"], operation_id=where(a["paid_ids"], a["paid_sources"] == "cash_in"),
        transaction_ids=where(a["paid_ids"], a["paid_sources"] == "card"), order_status=a["order_status"], payment_status="paid",
        order_amount_cents=a["order_amount"], payment_amount_cents=a["paid_amount"], difference_cents=a["paid_amount"] - a["order_amount"]))

    parts.append(duplicate_charges(orders, by_item, pay, night))

    r = op[op["order_status"].isin(["canceled", "refunded"]) & (op["paid_by_day_end"] > 0)]
    parts.append(findings("refund_owed", r["item_id"], [
        f"order is {s} but payment {i} of {brl(p)} is still paid" for s, i, p in zip(r["order_status"], r["paid_ids"], r["paid_amount"])],
        item_id=r["item_id"], transaction_ids=r["paid_ids"], order_status=r["order_status"], payment_status="paid",
        order_amount_cents=r["order_amount"], payment_amount_cents=r["paid_amount"]))

    parts.append(reversed_payments("refund_not_recorded", "refunded", "refunded", pay, op, night))
    parts.append(reversed_payments("chargeback_open", "chargeback", "charged back", pay, op, night))

    s = pay[(pay["source"] == "card") & (pay["status"] == "review") & (pay["date_created_ms"] < night["review_cutoff"])]
    status, amount = order_fields(orders, by_item, s["order_item_id"])
    parts.append(findings("stale_review", s["payment_id"], [
        f"transaction {p} has been in review since {utc_minute(c)} ({hours_before_end(c, night)} h at the end of the day)"
        for p, c in zip(s["payment_id"], s["date_created_ms"])],
        item_id=s["group_item_id"], transaction_ids=s["payment_id"], order_status=status, payment_status="review",
        order_amount_cents=amount, payment_amount_cents=s["amount_cents"]))

    b = op[(op["order_status"] == "pending") & (op["paid_by_day_end"] > 0)]
    parts.append(findings("order_status_behind", b["item_id"], [
        f"order is pending but payment {i} of {brl(p)} is paid" for i, p in zip(b["paid_ids"], b["paid_amount"])],
        item_id=b["item_id"], operation_id=where(b["paid_ids"], b["paid_sources"] == "cash_in"),
        transaction_ids=where(b["paid_ids"], b["paid_sources"] != "cash_in"), order_status=b["order_status"], payment_status="paid",
        order_amount_cents=b["order_amount"], payment_amount_cents=b["paid_amount"], difference_cents=b["paid_amount"] - b["order_amount"]))

    c = pay[(pay["source"] == "cash_in") & (pay["status"] == "paid") & (pay["paid_amount_cents"] != pay["amount_cents"])
            & pay["paid_amount_cents"].notna() & pay["amount_cents"].notna() & in_day(pay["date_updated_ms"], night)]
    status, _ = order_fields(orders, by_item, c["order_item_id"])
    parts.append(findings("cashin_amount_mismatch", c["payment_id"], [
        f"cash-in amount {brl(x)} vs paid_amount {brl(y)} ({signed_brl(y - x)})" for x, y in zip(c["amount_cents"], c["paid_amount_cents"])],
        item_id=c["group_item_id"], operation_id=c["payment_id"], order_status=status, payment_status="paid",
        order_amount_cents=c["amount_cents"], payment_amount_cents=c["paid_amount_cents"], difference_cents=c["paid_amount_cents"] - c["amount_cents"]))

    parts.extend(cash_out_findings(ops, night))
    found = pd.concat(parts, ignore_index=True)
    for column in AMOUNTS:
        found[column] = pd.to_numeric(found[column]).astype("Int64")
    return with_customers(found, orders, by_item, ops, night)


def duplicate_charges(orders, by_item, pay, night):
    """Two or more paid payments for one item (the order's, else the payment's own), one of them of the day."""
    d = pay[(pay["status"] == "paid") & pay["group_item_id"].notna()]
    d = d[d["group_item_id"].duplicated(keep=False)]
    d = d[d["group_item_id"].isin(d.loc[in_day(d["date_created_ms"], night), "group_item_id"])]
    d = d.assign(shown=[f"{p} {brl(x)}" for p, x in zip(d["payment_id"], d["amount_cents"])])
    g = d.groupby("group_item_id", sort=False).agg(
        n=("payment_id", "size"), ids=("payment_id", ",".join), shown=("shown", ", ".join),
        amount=("amount_cents", "sum"), order_item=("order_item_id", "first")).reset_index()
    status, amount = order_fields(orders, by_item, g["order_item"])
    return findings("duplicate_charge", g["group_item_id"], [
        f"{n} payments are paid for one item: {s}" for n, s in zip(g["n"], g["shown"])],
        item_id=g["group_item_id"], transaction_ids=g["ids"], order_status=status, payment_status="paid",
        order_amount_cents=amount, payment_amount_cents=g["amount"], difference_cents=g["amount"].to_numpy() - amount)


def reversed_payments(category, status, verb, pay, op, night):
    """refund_not_recorded and chargeback_open: a card payment reversed by the day's end, its order still paid."""
    p = pay[(pay["source"] == "card") & (pay["status"] == status) & (pay["date_updated_ms"] < night["end"])]
    j = p.merge(op[["item_id", "order_status", "order_amount", "paid_payments"]].rename(columns={"item_id": "order_item_id"}),
                on="order_item_id")
    j = j[(j["order_status"] == "paid") & (j["paid_payments"] == 0)].assign(today=lambda f: in_day(f["date_updated_ms"], night))
    g = j.groupby("order_item_id", sort=False).agg(
        ids=("payment_id", ",".join), amount=("amount_cents", "sum"), last=("date_updated_ms", "max"), today=("today", "any"),
        order_status=("order_status", "first"), order_amount=("order_amount", "first")).reset_index()
    g = g[g["today"]]
    return findings(category, g["order_item_id"], [
        f"transaction {i} was {verb} on {utc_minute(t)} but the order is still paid" for i, t in zip(g["ids"], g["last"])],
        item_id=g["order_item_id"], transaction_ids=g["ids"], order_status=g["order_status"], payment_status=status,
        order_amount_cents=g["order_amount"], payment_amount_cents=g["amount"])


def cash_out_findings(ops, night):
    co = ops[ops["kind"] == "cash_out"]
    f = co[(co["status"] == "failed") & in_day(co["date_updated_ms"], night)]
    yield findings("cashout_failed", f["operation_id"], [
        f"payout of {brl(a)} failed" + (f": {d}" if isinstance(d, str) else "") for a, d in zip(f["amount_cents"], f["status_description"])],
        item_id=f["item_id"], operation_id=f["operation_id"], payment_status=f["status"].astype(object), payment_amount_cents=f["amount_cents"])
    p = co[co["status"].isin(["processing", "pending"]) & (co["date_updated_ms"] < night["payout_cutoff"])]
    yield findings("cashout_stale_pending", p["operation_id"], [
        f"payout of {brl(a)} has been {s} since {utc_minute(u)} ({hours_before_end(u, night)} h at the end of the day)"
        for a, s, u in zip(p["amount_cents"], p["status"], p["date_updated_ms"])],
        item_id=p["item_id"], operation_id=p["operation_id"], payment_status=p["status"].astype(object), payment_amount_cents=p["amount_cents"])
    s = co[(co["status"] == "fulfilled") & (co["paid_off_amount_cents"] < co["amount_cents"]) & in_day(co["date_updated_ms"], night)]
    yield findings("cashout_short", s["operation_id"], [
        f"payout amount {brl(a)} vs paid_off_amount {brl(b)} ({signed_brl(b - a)})" for a, b in zip(s["amount_cents"], s["paid_off_amount_cents"])],
        item_id=s["item_id"], operation_id=s["operation_id"], payment_status=s["status"].astype(object),
        payment_amount_cents=s["paid_off_amount_cents"], difference_cents=s["paid_off_amount_cents"] - s["amount_cents"])


def with_customers(found, orders, by_item, ops, night):
    """findings_with_customer: the order's customer, else the operation's (cash-in before cash-out)."""
    pos = by_item.get_indexer(found["item_id"])
    has = pos >= 0
    people = ops[ops["operation_id"].isin(found["operation_id"].dropna())].sort_values("kind").drop_duplicates("operation_id")
    people = people.set_index("operation_id")
    for column in ("customer_name", "customer_document_number"):
        value = np.full(len(found), None, dtype=object)
        value[has] = orders[column].to_numpy(dtype=object)[pos[has]]
        value = pd.Series(value).where(lambda v: v.notna(), found["operation_id"].map(people[column]))
        found[column] = value.where(value.notna(), None)
    found["state"] = "new"
    found["first_seen"] = night["date"]
    return found.sort_values(["category", "item_id", "operation_id", "finding_key"], na_position="last", kind="stable").reset_index(drop=True)


# ---- refunds and chargebacks (the warehouse's refunds and chargebacks views, as the reports read them) ----

def linked_orders(orders, by_item, t):
    pay = pd.DataFrame({"source": "card", "payment_id": t["transaction_id"], "item_id": t["item_id"],
                        "nsu": t["nsu"], "authorization_code": t["authorization_code"]})
    linked, _ = link_orders(pay, orders, by_item, NEVER)
    status, amount = order_fields(orders, by_item, pd.Series(linked, dtype=object))
    return linked, status, amount


def refunds_of_day(orders, by_item, tx, night):
    t = tx[(tx["status"] == "refunded") & in_day(tx["date_updated_ms"], night)]
    linked, status, amount = linked_orders(orders, by_item, t)
    r = pd.DataFrame({
        "transaction_id": t["transaction_id"].to_numpy(), "item_id": t["item_id"].to_numpy(), "sold_at": t["date_created_ms"].to_numpy(),
        "refunded_at": t["date_updated_ms"].to_numpy(), "net_value_cents": t["net_value"].to_numpy(),
        "refunded_amount_cents": t["refunded_amount"].to_numpy(), "card_brand": t["card_brand"].astype(object).to_numpy(),
        "card_last_digits": t["card_last_digits"].to_numpy(), "current_status": t["status"].astype(object).to_numpy(),
        "order_item_id": linked, "order_status": status, "order_amount_cents": amount,
        "order_reflects_refund": [None if s is None else s in ("refunded", "canceled") for s in status]})
    return r.sort_values(["refunded_at", "transaction_id"], kind="stable").reset_index(drop=True)


def chargebacks_of_day(orders, by_item, tx, night):
    t = tx[(tx["status"] == "chargeback") & (tx["date_updated_ms"] < night["end"])]
    linked, status, amount = linked_orders(orders, by_item, t)
    age = night["end"] - t["date_created_ms"].to_numpy()
    c = pd.DataFrame({
        "transaction_id": t["transaction_id"].to_numpy(), "item_id": t["item_id"].to_numpy(),
        "is_new": (t["date_updated_ms"] >= night["start"]).to_numpy(), "sold_at": t["date_created_ms"].to_numpy(),
        "charged_back_at": t["date_updated_ms"].to_numpy(), "age_days": age // DAY_MS,
        "age_bucket": np.select([age < 7 * DAY_MS, age < 30 * DAY_MS, age < 90 * DAY_MS], ["<7d", "7-30d", "30-90d"], ">90d"),
        "net_value_cents": t["net_value"].to_numpy(), "card_brand": t["card_brand"].astype(object).to_numpy(),
        "card_last_digits": t["card_last_digits"].to_numpy(), "order_item_id": linked, "order_status": status, "order_amount_cents": amount})
    return c.sort_values(["charged_back_at", "transaction_id"], kind="stable").reset_index(drop=True)


# ---- the reports: XLSX for people, CSV for machines (src/report's rules, the columns of reports/*.ts) ----

BRL_FORMAT = '"R$ "#,##0.00'
FORMULA_START = r"^(?=[\t\r\n]|[ \t\r\n\0]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])"
WIDTH = {"text": 18, "cents": 15, "integer": 10, "instant": 20, "date": 12, "boolean": 10}

FINDING_COLUMNS = [
    ("category", "Category", "text", 22), ("state", "State", "text", 10), ("first_seen", "First seen", "date", None),
    ("item_id", "Item", "text", 20), ("operation_id", "Operation", "text", 20), ("transaction_ids", "Transactions", "text", 28),
    ("order_status", "Order status", "text", 14), ("payment_status", "Payment status", "text", 16),
    ("order_amount_cents", "Order amount", "cents", None), ("payment_amount_cents", "Payment amount", "cents", None),
    ("difference_cents", "Difference", "cents", None), ("reason", "Reason", "text", 60), ("customer_name", "Customer", "text", 24),
    ("customer_document_number", "Customer document", "document", 20), ("finding_key", "Finding key", "text", 30),
]
REFUND_COLUMNS = [
    ("transaction_id", "Transaction", "text", 24), ("item_id", "Item", "text", 20), ("sold_at", "Sold at", "instant", None),
    ("refunded_at", "Refunded at", "instant", None), ("net_value_cents", "Net value", "cents", None),
    ("refunded_amount_cents", "Refunded amount", "cents", 18), ("card_brand", "Card brand", "text", 12),
    ("card_last_digits", "Last digits", "text", 12), ("current_status", "Payment status now", "text", 14),
    ("order_item_id", "Order", "text", 20), ("order_status", "Order status", "text", 14), ("order_amount_cents", "Order amount", "cents", None),
    ("order_reflects_refund", "Order reflects refund", "boolean", 12),
]
CHARGEBACK_COLUMNS = [
    ("transaction_id", "Transaction", "text", 24), ("item_id", "Item", "text", 20), ("is_new", "New today", "boolean", None),
    ("sold_at", "Sold at", "instant", None), ("charged_back_at", "Charged back at", "instant", None), ("age_days", "Age (days)", "integer", None),
    ("age_bucket", "Age bucket", "text", 11), ("net_value_cents", "Net value", "cents", None), ("card_brand", "Card brand", "text", 12),
    ("card_last_digits", "Last digits", "text", 12), ("order_item_id", "Order", "text", 20), ("order_status", "Order status", "text", 14),
    ("order_amount_cents", "Order amount", "cents", None),
]


def mask_document(text):
    """CPF ***.456.789-**, CNPJ **.345.678/0001-**, anything else ***."""
    if not isinstance(text, str) or text == "":
        return text
    d = "".join(ch for ch in text if ch.isdigit())
    if len(d) == 11:
        return f"***.{d[3:6]}.{d[6:9]}-**"
    if len(d) == 14:
        return f"**.{d[2:5]}.{d[5:8]}/{d[8:12]}-**"
    return "***"


def report_text(series, kind):
    """Text a spreadsheet may open: documents masked, and a leading ' on anything that could run as a formula."""
    s = series.astype(object)
    if kind == "document":
        s = s.map(mask_document)
    if s.notna().any():
        s = s.where(s.isna(), s.astype(str).str.replace(FORMULA_START, "'", regex=True))
    return s


def iso_utc(ms):
    t = pd.to_datetime(ms, unit="ms", utc=True)
    return t.dt.strftime("%Y-%m-%dT%H:%M:%S.") + (ms % 1000).astype("Int64").astype(str).str.zfill(3) + "Z"


def csv_frame(df, columns):
    out = {}
    for key, _, kind, _ in columns:
        s = df[key]
        if kind in ("cents", "integer"):
            out[key] = pd.to_numeric(s).astype("Int64")
        elif kind == "instant":
            out[key] = iso_utc(pd.Series(s, dtype="int64")) if len(s) else s
        elif kind == "boolean":
            out[key] = s.map({True: "true", False: "false"})
        elif kind == "date":
            out[key] = s
        else:
            out[key] = report_text(s, kind)
    return pd.DataFrame(out)


def excel_frame(df, columns, zone):
    out = {}
    for key, header, kind, _ in columns:
        s = df[key]
        if kind == "cents":
            out[header] = pd.to_numeric(s).astype("float64") / 100
        elif kind == "instant":
            out[header] = pd.to_datetime(pd.Series(s, dtype="int64"), unit="ms", utc=True).dt.tz_convert(zone).dt.tz_localize(None)
        elif kind == "date":
            out[header] = pd.to_datetime(s).dt.date  # a date cell (date_format), not a datetime one
        elif kind in ("text", "document"):
            out[header] = report_text(s, kind)
        else:
            out[header] = s
    return pd.DataFrame(out)


def workbook(path):
    return pd.ExcelWriter(path, engine="xlsxwriter", datetime_format="yyyy-mm-dd hh:mm:ss", date_format="yyyy-mm-dd",
                          engine_kwargs={"options": {"strings_to_formulas": False, "strings_to_urls": False, "strings_to_numbers": False}})


def write_sheet(writer, name, df, columns, zone, totals=()):
    """One table: frozen header, filter, widths, R$ amounts, and a totals row of values (never formulas)."""
    excel_frame(df, columns, zone).to_excel(writer, sheet_name=name, index=False)
    book, sheet = writer.book, writer.sheets[name]
    brl_format = book.add_format({"num_format": BRL_FORMAT})
    for i, (key, header, kind, width) in enumerate(columns):
        sheet.set_column(i, i, width or max(WIDTH.get(kind, 18), len(header) + 3), brl_format if kind == "cents" else None)
    sheet.freeze_panes(1, 0)
    sheet.autofilter(0, 0, len(df), len(columns) - 1)
    if totals:
        row = len(df) + 1
        bold = book.add_format({"bold": True})
        label_at = next(i for i, c in enumerate(columns) if c[0] not in totals)
        sheet.write_string(row, label_at, "Total", bold)
        for i, (key, _, kind, _) in enumerate(columns):
            if key in totals:
                total = pd.to_numeric(df[key]).sum()
                sheet.write_number(row, i, total / 100 if kind == "cents" else total, book.add_format({"bold": True, "num_format": BRL_FORMAT}) if kind == "cents" else bold)
    return sheet


def write_discrepancies(out_dir, found, kept_out, night):
    zone = night["zone"]
    summary = pd.DataFrame({"category": CATEGORIES})
    by = found.groupby("category")
    summary["active"] = summary["category"].map(by.size()).fillna(0).astype("int64")
    summary["new"] = summary["active"]
    summary["open"] = 0
    summary["resolved"] = 0
    for column in AMOUNTS:
        summary[column] = summary["category"].map(by[column].sum()).fillna(0).astype("int64")
    summary_columns = [("category", "Category", "text", 24), ("active", "Findings (new + open)", "integer", 12), ("new", "New", "integer", None),
                       ("open", "Open", "integer", None), ("resolved", "Resolved", "integer", None),
                       ("order_amount_cents", "Order amount", "cents", 18), ("payment_amount_cents", "Payment amount", "cents", 18),
                       ("difference_cents", "Difference", "cents", 18)]
    with workbook(os.path.join(out_dir, "discrepancies.xlsx")) as writer:
        sheet = write_sheet(writer, "Summary", summary, summary_columns, zone, totals=[c[0] for c in summary_columns[1:]])
        local = lambda ms: pd.Timestamp(ms, unit="ms", tz="UTC").tz_convert(zone).tz_localize(None).to_pydatetime()  # noqa: E731
        instant = writer.book.add_format({"num_format": "yyyy-mm-dd hh:mm:ss"})
        notes = [("Business date", night["date"]), ("Time zone", zone), ("Day starts (local time)", local(night["start"])),
                 ("Day ends (local time, exclusive)", local(night["end"])), ("Order rows kept out (see the sheet Orders kept out)", str(len(kept_out)))]
        for i, (label, value) in enumerate(notes):
            row = len(summary) + 3 + i
            sheet.write_string(row, 0, label)
            if isinstance(value, str):
                sheet.write_string(row, 1, value)
            else:
                sheet.write_datetime(row, 1, value, instant)
        for category in CATEGORIES:
            rows = found[found["category"] == category]
            if len(rows):
                write_sheet(writer, category, rows, FINDING_COLUMNS, zone, totals=AMOUNTS)
        if len(kept_out):
            write_sheet(writer, "Orders kept out", kept_out, [("line", "Line", "integer", 8), ("item_id", "Item", "text", 20),
                                                              ("reason", "Reason", "text", 90)], zone)
    csv_frame(found, FINDING_COLUMNS).to_csv(os.path.join(out_dir, "discrepancies.csv"), index=False, lineterminator="\r\n")


def write_refunds(out_dir, refunds, night):
    with workbook(os.path.join(out_dir, "refunds.xlsx")) as writer:
        write_sheet(writer, "Refunds", refunds, REFUND_COLUMNS, night["zone"], totals=["net_value_cents", "refunded_amount_cents", "order_amount_cents"])
    csv_frame(refunds, REFUND_COLUMNS).to_csv(os.path.join(out_dir, "refunds.csv"), index=False, lineterminator="\r\n")


def write_chargebacks(out_dir, chargebacks, night):
    c = chargebacks.assign(card_brand=chargebacks["card_brand"].fillna("(unknown)"))
    brands = c.groupby("card_brand").agg(
        chargebacks=("transaction_id", "size"), new=("is_new", "sum"),
        under_7d=("age_bucket", lambda b: (b == "<7d").sum()), from_7_to_30d=("age_bucket", lambda b: (b == "7-30d").sum()),
        from_30_to_90d=("age_bucket", lambda b: (b == "30-90d").sum()), over_90d=("age_bucket", lambda b: (b == ">90d").sum()),
        net_value_cents=("net_value_cents", "sum")).reset_index()
    brand_columns = [("card_brand", "Card brand", "text", 14), ("chargebacks", "Chargebacks", "integer", 13), ("new", "New today", "integer", None),
                     ("under_7d", "<7d", "integer", None), ("from_7_to_30d", "7-30d", "integer", None), ("from_30_to_90d", "30-90d", "integer", None),
                     ("over_90d", ">90d", "integer", None), ("net_value_cents", "Net value", "cents", 18)]
    with workbook(os.path.join(out_dir, "chargebacks.xlsx")) as writer:
        write_sheet(writer, "Chargebacks", chargebacks, CHARGEBACK_COLUMNS, night["zone"], totals=["net_value_cents", "order_amount_cents"])
        write_sheet(writer, "By brand", brands, brand_columns, night["zone"], totals=[c[0] for c in brand_columns[1:]])
    csv_frame(chargebacks, CHARGEBACK_COLUMNS).to_csv(os.path.join(out_dir, "chargebacks.csv"), index=False, lineterminator="\r\n")


if __name__ == "__main__":
    main()
