"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { Id } from "@/lib/data/validation";
import { createShareLink, revokeShareLink } from "@/lib/data/shareLinks";
import { type ActionResult, invalidInput } from "@/app/_lib/action-result";
import { currentWorkspace, requirePermission } from "@/app/_lib/workspace";
import { attempt } from "../_lib/attempt";

const CreateInput = z.object({ flowId: Id, includeRuns: z.boolean().default(false) });

/** Creates a read-only link; the returned token is part of the URL and is not stored. */
export async function createShareLinkAction(input: z.input<typeof CreateInput>): Promise<ActionResult<{ token: string }>> {
  const parsed = CreateInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "shareLink", "create", "share flows");
    const { token } = await createShareLink(workspace.teamId, workspace.userId, parsed.data.flowId, { includeRuns: parsed.data.includeRuns });
    revalidatePath("/settings/share-links");
    return { token };
  });
}

export async function revokeShareLinkAction(input: { linkId: string }): Promise<ActionResult<null>> {
  const parsed = z.object({ linkId: Id }).safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "shareLink", "revoke", "revoke share links");
    await revokeShareLink(workspace.teamId, parsed.data.linkId);
    revalidatePath("/settings/share-links");
    return null;
  });
}
