/**
 * COPY text (tab-separated, one row a line) written straight into bytes. The backfill writes some
 * 165,000 rows; as JavaScript strings they cost more in garbage collection than everything else.
 */
export class CopyBuffer {
  private buf: Buffer;
  private pos = 0;
  private readonly digits = new Uint8Array(24);

  constructor(initialBytes = 1 << 20) {
    this.buf = Buffer.allocUnsafe(initialBytes);
  }

  get length(): number {
    return this.pos;
  }

  private room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + bytes));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  /** ASCII text (a period name). */
  text(value: string): this {
    this.room(value.length);
    this.pos += this.buf.write(value, this.pos, 'latin1');
    return this;
  }

  tab(): this {
    this.room(1);
    this.buf[this.pos++] = 9;
    return this;
  }

  newline(): this {
    this.room(1);
    this.buf[this.pos++] = 10;
    return this;
  }

  /** A safe integer in decimal. */
  int(value: number): this {
    return this.units(value, 0);
  }

  /** An integer number of units written with exactly `decimals` places ("6000012", 2 → "60000.12"). */
  units(value: number, decimals: number): this {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${value}`);
    this.room(24);
    let n = value < 0 ? -value : value;
    if (value < 0) this.buf[this.pos++] = 45;
    let count = 0;
    const digits = this.digits;
    // Digits come out last first; at least decimals + 1 of them, so "5" at 2 places reads "0.05".
    do {
      digits[count++] = 48 + (n % 10);
      n = Math.floor(n / 10);
    } while (n > 0 || count <= decimals);
    for (let i = count - 1; i >= 0; i--) {
      if (i === decimals - 1) this.buf[this.pos++] = 46;
      this.buf[this.pos++] = digits[i]!;
    }
    return this;
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }

  /** The bytes in pieces of about `size`, each ending at the end of a row. */
  chunks(size: number): Uint8Array[] {
    const out: Uint8Array[] = [];
    let start = 0;
    while (start < this.pos) {
      let end = Math.min(this.pos, start + size);
      if (end < this.pos) {
        end = this.buf.lastIndexOf(10, end - 1) + 1;
        if (end <= start) end = this.buf.indexOf(10, start + size) + 1 || this.pos;
      }
      out.push(this.buf.subarray(start, end));
      start = end;
    }
    return out;
  }
}
