/**
 * How a stored flow version is named to people. Saved versions are numbered 1, 2, 3…; a
 * draft evaluated from the editor is kept as a snapshot numbered -1, -2, -3… (lib/data/flows.ts).
 * Client-safe.
 */
export function isDraftSnapshot(number: number): boolean {
  return number < 0;
}

/** "v3", or "draft 2" for the second draft snapshot of the flow. */
export function versionLabel(number: number): string {
  return isDraftSnapshot(number) ? `draft ${-number}` : `v${number}`;
}
