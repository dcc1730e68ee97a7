// Parses repository inputs with zod, turning failures into ValidationError.
import { z } from "zod";
import { ValidationError } from "./errors.ts";

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message })),
  );
}

/** A database id as the app passes it around (cuid, uuid or better-auth's ids). */
export const Id = z.string().trim().min(1, "Missing id").max(100, "Id too long");

/** A superRefine that turns what `check` throws into the field's issue (its message as is). */
export function refineWith(check: (value: string) => unknown) {
  return (value: string, ctx: z.RefinementCtx) => {
    try {
      check(value);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
    }
  };
}
