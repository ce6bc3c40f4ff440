// drizzle wraps driver errors (DrizzleQueryError) and keeps the PostgreSQL one as `cause`.
function pgCode(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    current = e.cause;
  }
  return {};
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: actual } = pgCode(error);
  if (code !== '23505') return false;
  return constraint === undefined || actual === undefined || actual === constraint;
}
