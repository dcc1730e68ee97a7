"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createFlow, deleteFlow, renameFlow, saveFlowVersion } from "@/lib/data";
import { getFlowTemplate } from "@/lib/demo/flows";
import { checkDocumentText, MAX_DOCUMENT_BYTES } from "@/lib/flows/document";
import { type ActionResult, fail, fromError, invalidInput, ok } from "@/app/_lib/action-result";
import { currentWorkspace, requirePermission } from "@/app/_lib/workspace";

const FlowId = z.string().min(1).max(64);
const FlowName = z.string().trim().min(1, "A flow needs a name").max(120, "A name has at most 120 characters");
// Checked again in bytes by checkDocumentText; this bound stops absurd payloads early.
const DocumentText = z.string().max(MAX_DOCUMENT_BYTES * 4, "The document is larger than 1 MiB.");

const CreateFlowInput = z.object({ name: FlowName.optional(), templateId: z.string().default("blank") });

export async function createFlowAction(input: z.input<typeof CreateFlowInput>): Promise<ActionResult<{ id: string }>> {
  const parsed = CreateFlowInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const template = getFlowTemplate(parsed.data.templateId);
  if (!template) return fail(`Unknown template "${parsed.data.templateId}".`);
  try {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "flow", "create", "create flows");
    const { teamId, userId } = workspace;
    const name = parsed.data.name ?? template.name;
    const flow = await createFlow(teamId, userId, { name, description: template.description, document: template.document });
    revalidatePath("/flows");
    return ok({ id: flow.id });
  } catch (error) {
    return fromError(error);
  }
}

const ImportFlowInput = z.object({ fileName: z.string().max(255), document: DocumentText });

export async function importFlowAction(input: z.input<typeof ImportFlowInput>): Promise<ActionResult<{ id: string }>> {
  const parsed = ImportFlowInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const check = checkDocumentText(parsed.data.document);
  if (!check.ok) return fail(`${parsed.data.fileName} is not a valid swarm document.`, { issues: check.issues });
  const fallbackName = parsed.data.fileName.replace(/\.(ya?ml)$/i, "").trim() || "Imported flow";
  try {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "flow", "create", "import flows");
    const { teamId, userId } = workspace;
    const flow = await createFlow(teamId, userId, {
      name: (check.name ?? fallbackName).slice(0, 120),
      document: parsed.data.document,
    });
    revalidatePath("/flows");
    return ok({ id: flow.id });
  } catch (error) {
    return fromError(error);
  }
}

const RenameFlowInput = z.object({ flowId: FlowId, name: FlowName });

export async function renameFlowAction(input: z.input<typeof RenameFlowInput>): Promise<ActionResult<{ name: string }>> {
  const parsed = RenameFlowInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "flow", "update", "rename flows");
    const { teamId } = workspace;
    await renameFlow(teamId, parsed.data.flowId, parsed.data.name);
    revalidatePath("/flows");
    revalidatePath(`/flows/${parsed.data.flowId}`);
    return ok({ name: parsed.data.name });
  } catch (error) {
    return fromError(error);
  }
}

const DeleteFlowInput = z.object({ flowId: FlowId });

export async function deleteFlowAction(input: z.input<typeof DeleteFlowInput>): Promise<ActionResult<null>> {
  const parsed = DeleteFlowInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "flow", "delete", "delete flows");
    const { teamId } = workspace;
    await deleteFlow(teamId, parsed.data.flowId);
    revalidatePath("/flows");
    return ok(null);
  } catch (error) {
    return fromError(error);
  }
}

const SaveFlowInput = z.object({
  flowId: FlowId,
  document: DocumentText,
  baseVersion: z.number().int().positive(),
  message: z.string().trim().max(500).optional(),
});

export async function saveFlowAction(input: z.input<typeof SaveFlowInput>): Promise<ActionResult<{ version: number }>> {
  const parsed = SaveFlowInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const check = checkDocumentText(parsed.data.document);
  if (!check.ok) return fail("The document has errors; fix them and save again.", { issues: check.issues });
  try {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "flow", "update", "save flows");
    const { teamId, userId } = workspace;
    const version = await saveFlowVersion(teamId, userId, parsed.data.flowId, {
      document: parsed.data.document,
      baseVersion: parsed.data.baseVersion,
      message: parsed.data.message || undefined,
    });
    revalidatePath("/flows");
    revalidatePath(`/flows/${parsed.data.flowId}`);
    return ok({ version: version.number });
  } catch (error) {
    return fromError(error);
  }
}
