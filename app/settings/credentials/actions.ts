"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { Id } from "@/lib/data/validation";
import { type CredentialSummary, CreateCredentialInput, createCredential, deleteCredential } from "@/lib/data/credentials";
import { type ActionResult, invalidInput } from "@/app/_lib/action-result";
import { currentWorkspace, requirePermission } from "@/app/_lib/workspace";
import { attempt } from "../_lib/attempt";

/** Stores a provider key encrypted; the browser gets back only its summary (last four characters). */
export async function createCredentialAction(input: z.input<typeof CreateCredentialInput>): Promise<ActionResult<CredentialSummary>> {
  const parsed = CreateCredentialInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "credential", "manage", "manage provider keys");
    const summary = await createCredential(workspace.teamId, workspace.userId, parsed.data);
    revalidatePath("/settings/credentials");
    return summary;
  });
}

export async function deleteCredentialAction(input: { credentialId: string }): Promise<ActionResult<null>> {
  const parsed = z.object({ credentialId: Id }).safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "credential", "manage", "manage provider keys");
    await deleteCredential(workspace.teamId, parsed.data.credentialId);
    revalidatePath("/settings/credentials");
    return null;
  });
}
