import { UserError } from "@/lib/errors";

/** A dataset that cannot be read: every problem found, each naming its line (capped, like the DSL's). */
export class DatasetError extends UserError {
  override readonly name = "DatasetError";
  readonly kind = "invalid";
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? problems[0]! : `${problems[0]} (and ${problems.length - 1} more)`);
  }
}

/** A scorer that cannot be made as asked: an unknown name, a bad pattern or tolerance. */
export class ScorerSpecError extends UserError {
  override readonly name = "ScorerSpecError";
  readonly kind = "invalid";
}

/** Two evaluations that are not over the same rows cannot be compared row by row. */
export class CompareError extends UserError {
  override readonly name = "CompareError";
  readonly kind = "invalid";
}
