// What an account is made of, checked the same way on every path that creates or renames
// one: the sign-up form, the HTTP API (through better-auth's user hooks) and claiming the
// local workspace.
import { z } from "zod";

export const DISPLAY_NAME_MAX = 80;

export const DisplayName = z
  .string()
  .trim()
  .min(1, "Your name is required")
  .max(DISPLAY_NAME_MAX, `A name has at most ${DISPLAY_NAME_MAX} characters`);

export const AccountProfile = z.object({
  name: DisplayName,
  email: z.email("That is not an email address").max(200),
  password: z.string().min(8, "A password has at least 8 characters").max(200),
});
export type AccountProfile = z.infer<typeof AccountProfile>;
