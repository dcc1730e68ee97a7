"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { can, isRole } from "@/lib/auth/permissions";
import { ForbiddenError } from "@/lib/auth/errors";
import { getFlow, getVersion, saveFlowVersion } from "@/lib/data";
import { forkFlow } from "@/lib/data/forks";
import { roleIn } from "@/lib/data/teams";
import { type ActionResult, fromError, invalidInput, ok } from "@/app/_lib/action-result";
import { currentWorkspace, requirePermission } from "@/app/_lib/workspace";

const VersionRef = z.object({ flowId: z.string().min(1).max(100), number: z.number().int().positive() });

/** Saves an old version's document as the newest version (nothing is overwritten). */
export async function restoreVersionAction(input: z.input<typeof VersionRef>): Promise<ActionResult<{ version: number }>> {
  const parsed = VersionRef.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { flowId, number } = parsed.data;
  try {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "flow", "update", "restore versions");
    const [flow, old] = await Promise.all([getFlow(workspace.teamId, flowId), getVersion(workspace.teamId, flowId, number)]);
    const saved = await saveFlowVersion(workspace.teamId, workspace.userId, flowId, {
      document: old.document,
      baseVersion: flow.latestVersion.number,
      message: `Restored version ${number}`,
    });
    revalidatePath(`/flows/${flowId}`, "layout");
    return ok({ version: saved.number });
  } catch (error) {
    return fromError(error);
  }
}

const ForkInput = VersionRef.extend({ targetTeamId: z.string().min(1).max(100) });

/** Copies a version into a team the user may create flows in (their active team included). */
export async function forkVersionAction(input: z.input<typeof ForkInput>): Promise<ActionResult<{ flowId: string }>> {
  const parsed = ForkInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { flowId, number, targetTeamId } = parsed.data;
  try {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "flow", "read", "read flows");
    const targetRole = await roleIn(workspace.userId, targetTeamId);
    if (!targetRole || !isRole(targetRole) || !can(targetRole, "flow", "create")) {
      throw new ForbiddenError(targetRole ?? "not a member", "create flows in that team");
    }
    const fork = await forkFlow(workspace.teamId, flowId, number, targetTeamId, workspace.userId);
    revalidatePath("/flows");
    return ok({ flowId: fork.id });
  } catch (error) {
    return fromError(error);
  }
}
