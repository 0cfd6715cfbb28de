/** Whether a database error (drizzle wraps the driver's in `cause`) is a unique violation, of one constraint if named. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const err = ((e as { cause?: unknown } | null)?.cause ?? e) as { code?: string; constraint?: string } | null;
  return err?.code === '23505' && (!constraint || err.constraint === constraint);
}
