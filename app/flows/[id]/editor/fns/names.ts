import { FLOW_NAME_PATTERN } from "@/lib/dsl/flow";

/** `base` if free, else `base_2`, `base_3`… (names are unique across the whole document). */
export function uniqueName(base: string, taken: ReadonlySet<string>): string {
  const stem = base.replace(/_\d+$/, "") || "node";
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${stem}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Why `name` cannot name a node, or null when it can. */
export function nameProblem(name: string, taken: ReadonlySet<string>): string | null {
  if (!FLOW_NAME_PATTERN.test(name)) return "A name starts with a letter or '_' and holds only letters, digits, '_' and '-'.";
  if (taken.has(name)) return `"${name}" is already used; names are unique in the whole flow.`;
  return null;
}
