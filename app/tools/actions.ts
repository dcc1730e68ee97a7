"use server";

import { z } from "zod";
import { Id } from "@/lib/data/validation";
import { CodeToolSpec } from "@/lib/dsl/types";
import { testCodeTool, type ToolTestResult } from "@/lib/flows/toolTest";
import { type ActionResult, fromError, invalidInput, ok } from "@/app/_lib/action-result";
import { currentWorkspace } from "@/app/_lib/workspace";

/** Sample arguments are small: what a model would send. */
const MAX_TEST_ARGS_CHARS = 64 * 1024;

const TestToolInput = z.object({
  /** The flow being edited (its team must be the caller's); absent for a team tool. */
  flowId: Id.optional(),
  tool: CodeToolSpec.pick({ parameters: true, code: true, timeout_ms: true }),
  args: z
    .record(z.string(), z.unknown())
    .refine((args) => JSON.stringify(args).length <= MAX_TEST_ARGS_CHARS, { message: `The sample arguments are over ${MAX_TEST_ARGS_CHARS / 1024} KiB` }),
});

/** Runs a code tool once with sample arguments in the sandbox: its result or error, logs and duration. */
export async function testCodeToolAction(input: z.input<typeof TestToolInput>): Promise<ActionResult<ToolTestResult>> {
  const parsed = TestToolInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    return ok(await testCodeTool(await currentWorkspace(), parsed.data));
  } catch (error) {
    return fromError(error);
  }
}
