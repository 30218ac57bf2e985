/**
 * What the server log may say about an error. A database error carries the user's input three times
 * over: drizzle's message and `params` hold the query and its values, and PostgreSQL's message and
 * detail quote the offending value ("invalid input syntax for type integer: \"…\"", "Key (email)=(…)
 * already exists"). Such an error is logged as its SQLSTATE, the statement's name ("insert outbox")
 * and the schema names PostgreSQL reports (table, column, constraint), never the text or the values.
 * Other errors keep their type, message and stack.
 */

type Chained = {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  severity?: unknown;
  table?: unknown;
  table_name?: unknown;
  column?: unknown;
  column_name?: unknown;
  constraint?: unknown;
  constraint_name?: unknown;
  routine?: unknown;
};

function* chain(error: unknown): Generator<Chained> {
  let e = error as Chained | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e;
    e = e.cause as Chained | undefined;
  }
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const ident = '"?([A-Za-z_][A-Za-z0-9_]*)"?';

/**
 * The kind of statement and the table it works on, read from the SQL text's keywords and identifiers
 * only (values travel as parameters, never in these positions): "insert outbox", "select users".
 */
export function statementName(sql: string): string {
  const text = sql.trim();
  const patterns: [RegExp, string][] = [
    [new RegExp(String.raw`^insert\s+into\s+${ident}`, 'i'), 'insert'],
    [new RegExp(String.raw`^update\s+${ident}`, 'i'), 'update'],
    [new RegExp(String.raw`^delete\s+from\s+${ident}`, 'i'), 'delete'],
    [new RegExp(String.raw`^select\b[\s\S]*?\bfrom\s+${ident}`, 'i'), 'select'],
  ];
  for (const [pattern, verb] of patterns) {
    const m = pattern.exec(text);
    if (m) return `${verb} ${m[1]}`;
  }
  return (/^[A-Za-z]+/.exec(text)?.[0] ?? 'statement').toLowerCase();
}

const str = (v: unknown) => (typeof v === 'string' && /^[\w.$-]{1,128}$/.test(v) ? v : undefined);

/** Stack frames only: the first lines of a stack repeat the message. */
const framesOf = (stack: unknown): string =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : '';

export function isDatabaseError(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e.query === 'string' && Array.isArray(e.params)) return true;
    if (typeof e.code === 'string' && SQLSTATE.test(e.code) && (e.severity !== undefined || e.routine !== undefined)) return true;
  }
  return false;
}

export type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** The log's view of an error (used as pino's `err` serializer). */
export function logSafeError(error: unknown): LoggedError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: String(error), stack: '' };
  const top = error as Chained;
  if (!isDatabaseError(error)) {
    const code = str(top.code);
    return {
      type: typeof top.name === 'string' ? top.name : 'Error',
      message: typeof top.message === 'string' ? top.message : '',
      stack: typeof top.stack === 'string' ? top.stack : '',
      ...(code ? { code } : {}),
    };
  }
  const out: LoggedError = { type: 'DatabaseError', message: '', stack: '' };
  for (const e of chain(error)) {
    if (typeof e.query === 'string' && out.statement === undefined) out.statement = statementName(e.query);
    if (typeof e.code === 'string' && SQLSTATE.test(e.code) && out.code === undefined) out.code = e.code;
    out.table ??= str(e.table) ?? str(e.table_name);
    out.column ??= str(e.column) ?? str(e.column_name);
    out.constraint ??= str(e.constraint) ?? str(e.constraint_name);
    out.routine ??= str(e.routine);
  }
  out.message = `database error ${out.code ?? ''} in ${out.statement ?? 'a statement'}`.replace('  ', ' ');
  out.stack = framesOf(top.stack);
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}

/**
 * The app logger's options: every `err` (also an Error logged as the first argument) goes through
 * logSafeError, and a database error logged without a message gets a fixed one, since pino would
 * otherwise use the error's own message, SQL and values included.
 */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: { err: logSafeError },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        if (args.length === 1 && isDatabaseError(args[0])) return method.apply(this, [args[0], 'database error']);
        return method.apply(this, args);
      },
    },
  };
}
