/**
 * `${ENV}` and `${vars.KEY}` substitution with Orbiter's rules (orbiter/loader.py):
 * a value that is one whole reference takes the referenced value with its type; a
 * partial one interpolates text; an unknown reference stays as written. `vars` itself
 * is never substituted.
 */
export type Env = Readonly<Record<string, string | undefined>>;
export type Vars = Readonly<Record<string, unknown>>;
export type SubstitutionContext = { vars?: Vars; env?: Env };

const REFERENCE = /\$\{([^}]+)\}/g;
const WHOLE_REFERENCE = /^\$\{([^}]+)\}$/;

/** Whether `text` holds a `${...}` reference (a lone "${" is just text). */
export function hasReference(text: string): boolean {
  return /\$\{[^}]+\}/.test(text);
}

function resolveReference(ref: string, context: SubstitutionContext): unknown {
  if (ref.startsWith("vars.")) {
    const key = ref.slice("vars.".length);
    return context.vars && Object.hasOwn(context.vars, key) ? context.vars[key] : `\${${ref}}`;
  }
  return context.env?.[ref] ?? `\${${ref}}`;
}

function asText(value: unknown): string {
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

/** Substitutes references in strings, recursively through lists and maps. */
export function substitute(value: unknown, context: SubstitutionContext): unknown {
  if (typeof value === "string") {
    if (!hasReference(value)) return value;
    const whole = WHOLE_REFERENCE.exec(value);
    if (whole) return resolveReference(whole[1]!, context);
    return value.replace(REFERENCE, (_, ref: string) => asText(resolveReference(ref, context)));
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, context));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, context)]));
  }
  return value;
}
