"""The peer's payments, fetched from the service's listings as a script without a warehouse must.

A stateless script remembers nothing of last night: every night it reads again every transaction and
operation the rules can look at (the whole history the service lists, one business day's date_created
window at a time), from the same listings recon's sync reads, several windows in flight on keep-alive
connections. It returns the two frames one_day.py's rules take (the columns and units of the CSVs
bench/tasks/peer-inputs.ts writes: instants as epoch milliseconds, amounts as integer cents), so the
rules run unchanged on either input.
"""
import http.client
import json
import threading
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd

PAGE = 1000
IN_FLIGHT = 4
DAY_MS = 86_400_000
TX_COLUMNS = ["transaction_id", "item_id", "status", "nsu", "authorization_code", "date_created", "date_updated",
              "net_value", "authorized_amount", "paid_amount", "refunded_amount", "card_brand", "card_last_digits"]
OP_COLUMNS = ["cash_in_id", "cash_out_id", "item_id", "status", "status_description", "date_created", "date_updated",
              "amount", "paid_amount", "paid_off_amount", "customer_name", "customer_document_number"]


def fetch_payments(url, key, since_ms, until_ms):
    """Every transaction and operation created in [since_ms, until_ms), as (transactions, operations)."""
    parsed = urllib.parse.urlsplit(url)
    local = threading.local()

    def connection():
        # One keep-alive connection per worker thread, as recon's sync keeps a pool.
        if getattr(local, "conn", None) is None:
            local.conn = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=120)
        return local.conn

    def window(kind, lo, hi):
        columns = TX_COLUMNS if kind == "transactions" else OP_COLUMNS
        frames = []
        for page in range(1, 1 << 30):
            query = f"count={PAGE}&page={page}&date_created=%3E%3D{lo}&date_created=%3C{hi}"
            conn = connection()
            conn.request("GET", f"/v1/{kind}?{query}", headers={"api_key": key})
            response = conn.getresponse()
            body = response.read()
            if response.status != 200:
                raise RuntimeError(f"HTTP {response.status} on /v1/{kind}?{query}: {body[:200]!r}")
            rows = json.loads(body)[kind]
            frames.append(pd.DataFrame.from_records(rows, columns=columns))
            if len(rows) < PAGE:
                return pd.concat(frames, ignore_index=True)

    windows = [(lo, min(lo + DAY_MS, until_ms)) for lo in range(since_ms, until_ms, DAY_MS)]
    with ThreadPoolExecutor(max_workers=IN_FLIGHT) as pool:
        tx_parts = [pool.submit(window, "transactions", lo, hi) for lo, hi in windows]
        op_parts = [pool.submit(window, "operations", lo, hi) for lo, hi in windows]
        tx = pd.concat([f.result() for f in tx_parts], ignore_index=True)
        ops = pd.concat([f.result() for f in op_parts], ignore_index=True)
    return transactions_frame(tx), operations_frame(ops)


def epoch_ms(iso):
    return pd.to_datetime(iso, utc=True).values.astype("datetime64[ms]").astype("int64")


def cents(reais):
    """The listing's reais (JSON numbers written from exact decimal text) as integer cents."""
    return (pd.to_numeric(reais) * 100).round()


def transactions_frame(raw):
    out = raw.drop(columns=["date_created", "date_updated"])
    out["date_created_ms"] = epoch_ms(raw["date_created"])
    out["date_updated_ms"] = epoch_ms(raw["date_updated"])
    for column in ("status", "card_brand"):
        out[column] = out[column].astype("category")
    for column in ("net_value", "authorized_amount", "paid_amount", "refunded_amount"):
        out[column] = out[column].astype("float64")
    return out


def operations_frame(raw):
    cash_in = raw["cash_in_id"].notna().to_numpy()
    return pd.DataFrame({
        "kind": pd.Categorical(np.where(cash_in, "cash_in", "cash_out")),
        "operation_id": raw["cash_in_id"].where(cash_in, raw["cash_out_id"]),
        "item_id": raw["item_id"], "status": raw["status"].astype("category"), "status_description": raw["status_description"],
        "date_created_ms": epoch_ms(raw["date_created"]), "date_updated_ms": epoch_ms(raw["date_updated"]),
        "amount_cents": cents(raw["amount"]), "paid_amount_cents": cents(raw["paid_amount"]),
        "paid_off_amount_cents": cents(raw["paid_off_amount"]),
        "customer_name": raw["customer_name"], "customer_document_number": raw["customer_document_number"],
    })
