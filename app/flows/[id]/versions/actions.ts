"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { Id } from "@/lib/data/validation";
import * as flows from "@/lib/flows";
import { type ActionResult, fromError, invalidInput, ok } from "@/app/_lib/action-result";
import { currentWorkspace } from "@/app/_lib/workspace";

const VersionRef = z.object({ flowId: Id, number: z.number().int().positive() });

/** Saves an old version's document as the newest version (nothing is overwritten). */
export async function restoreVersionAction(input: z.input<typeof VersionRef>): Promise<ActionResult<{ version: number }>> {
  const parsed = VersionRef.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const restored = await flows.restoreVersion(await currentWorkspace(), parsed.data.flowId, parsed.data.number);
    revalidatePath(`/flows/${parsed.data.flowId}`, "layout");
    return ok(restored);
  } catch (error) {
    return fromError(error);
  }
}

const ForkInput = VersionRef.extend({ targetTeamId: Id });

/** Copies a version into a team the user may create flows in (their active team included). */
export async function forkVersionAction(input: z.input<typeof ForkInput>): Promise<ActionResult<{ flowId: string }>> {
  const parsed = ForkInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { flowId, number, targetTeamId } = parsed.data;
  try {
    const fork = await flows.forkVersion(await currentWorkspace(), flowId, number, targetTeamId);
    revalidatePath("/flows");
    return ok(fork);
  } catch (error) {
    return fromError(error);
  }
}
