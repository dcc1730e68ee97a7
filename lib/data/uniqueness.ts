// Race-safe "get or insert" on a unique key, for both databases.

/** Prisma's error code for a unique constraint violation. */
const UNIQUE_VIOLATION = "P2002";

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/**
 * Finds the row, or creates it; when a concurrent caller created it first (unique
 * violation), returns theirs.
 */
export async function findOrCreate<T>(find: () => Promise<T | null>, create: () => Promise<T>): Promise<T> {
  const existing = await find();
  if (existing) return existing;
  try {
    return await create();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await find();
    if (!winner) throw error;
    return winner;
  }
}
