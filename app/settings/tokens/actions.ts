"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { Id } from "@/lib/data/validation";
import { ApiTokenName, createApiToken, revokeApiToken } from "@/lib/data/apiTokens";
import { type ActionResult, invalidInput } from "@/app/_lib/action-result";
import { currentWorkspace, requirePermission } from "@/app/_lib/workspace";
import { attempt } from "../_lib/attempt";

/** Creates a team API token; the returned secret is shown once and never again. */
export async function createApiTokenAction(input: { name: string }): Promise<ActionResult<{ token: string }>> {
  const parsed = z.object({ name: ApiTokenName }).safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "apiToken", "manage", "manage API tokens");
    const { token } = await createApiToken(workspace.teamId, workspace.userId, parsed.data.name);
    revalidatePath("/settings/tokens");
    return { token };
  });
}

export async function revokeApiTokenAction(input: { tokenId: string }): Promise<ActionResult<null>> {
  const parsed = z.object({ tokenId: Id }).safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "apiToken", "manage", "manage API tokens");
    await revokeApiToken(workspace.teamId, parsed.data.tokenId);
    revalidatePath("/settings/tokens");
    return null;
  });
}
