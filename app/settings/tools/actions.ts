"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { Id } from "@/lib/data/validation";
import { TeamToolInput, type TeamToolRecord } from "@/lib/data/teamTools";
import { createTool, deleteTool, updateTool } from "@/lib/flows/teamTools";
import { type ActionResult, fromError, invalidInput, ok } from "@/app/_lib/action-result";
import { currentWorkspace } from "@/app/_lib/workspace";

const SaveToolInput = z.object({ toolId: Id.optional(), tool: TeamToolInput });

/** Adds a team tool, or replaces one (by id) with what was written. */
export async function saveTeamToolAction(input: z.input<typeof SaveToolInput>): Promise<ActionResult<TeamToolRecord>> {
  const parsed = SaveToolInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const workspace = await currentWorkspace();
    const { toolId, tool } = parsed.data;
    const saved = toolId ? await updateTool(workspace, toolId, tool) : await createTool(workspace, tool);
    revalidatePath("/settings/tools");
    return ok(saved);
  } catch (error) {
    return fromError(error);
  }
}

export async function deleteTeamToolAction(input: { toolId: string }): Promise<ActionResult<null>> {
  const parsed = z.object({ toolId: Id }).safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    await deleteTool(await currentWorkspace(), parsed.data.toolId);
    revalidatePath("/settings/tools");
    return ok(null);
  } catch (error) {
    return fromError(error);
  }
}
