// Listing pages as bytes: one growing Buffer per page that rows are encoded into directly (ASCII fast
// paths written byte by byte, anything else through the UTF-8 encoder), sent with one write and one
// Content-Length. Page buffers are recycled once the response is done: a fresh 600 KB allocation per
// page costs page faults and, worse, makes V8 start a full marking of the (large) heap every few dozen
// pages for "external memory pressure". Small pages are kept in an LRU, because a sync asks the same
// windows more than once (probe, read, final check).

const POOLED_BYTES = 1 << 20;

/** Recycled page buffers (1 MB each). */
export class BufferPool {
  private readonly free: Buffer[] = [];

  constructor(private readonly keep = 16) {}

  take(minBytes: number): Buffer {
    if (minBytes <= POOLED_BYTES) return this.free.pop() ?? Buffer.allocUnsafeSlow(POOLED_BYTES);
    return Buffer.allocUnsafeSlow(minBytes);
  }

  give(buf: Buffer): void {
    if (buf.length === POOLED_BYTES && this.free.length < this.keep) this.free.push(buf);
  }
}

/** Appends bytes and text to one growing Buffer. */
export class PageWriter {
  buf: Buffer;
  pos = 0;

  constructor(
    estimateBytes: number,
    private readonly pool?: BufferPool,
  ) {
    const size = Math.max(256, estimateBytes);
    this.buf = pool ? pool.take(size) : Buffer.allocUnsafe(size);
  }

  /** Makes room for `bytes` more bytes. */
  ensure(bytes: number): void {
    if (this.buf.length - this.pos >= bytes) return;
    const size = Math.max(this.buf.length * 2, this.pos + bytes);
    const next = this.pool ? this.pool.take(size) : Buffer.allocUnsafe(size);
    this.buf.copy(next, 0, 0, this.pos);
    this.pool?.give(this.buf);
    this.buf = next;
  }

  /** UTF-8 text of any length. */
  write(text: string): void {
    // A UTF-16 code unit never takes more than 3 UTF-8 bytes; Buffer.write truncates silently otherwise.
    this.ensure(text.length * 3);
    this.pos += this.buf.write(text, this.pos);
  }

  /** The bytes written, in the writer's buffer (valid until release()). */
  bytes(): Buffer {
    return this.buf.subarray(0, this.pos);
  }

  /** A copy of the bytes written that owns its memory (for the cache, or a writer without a pool). */
  copy(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.pos));
  }

  /** Hands the buffer back to the pool: the bytes must no longer be in use. */
  release(): void {
    this.pool?.give(this.buf);
  }
}

/** Whole pages by key, dropped least recently used first beyond a byte budget. */
export class PageCache {
  private readonly pages = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 16 << 20,
    /** Bigger pages are rebuilt rather than copied into the cache. */
    readonly maxPageBytes = 64 << 10,
  ) {}

  get(key: string): Buffer | undefined {
    const page = this.pages.get(key);
    if (page !== undefined) {
      // Refresh recency: a Map iterates in insertion order.
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: Buffer): void {
    if (page.length > this.maxPageBytes) return;
    const old = this.pages.get(key);
    if (old !== undefined) {
      this.pages.delete(key);
      this.bytes -= old.length;
    }
    this.pages.set(key, page);
    this.bytes += page.length;
    for (const [k, v] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(k);
      this.bytes -= v.length;
    }
  }
}
