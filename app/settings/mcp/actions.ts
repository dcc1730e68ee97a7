"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { CreateMcpServerInput, McpServerName, UpdateMcpServerInput, type McpServerSummary } from "@/lib/data/mcpServers";
import { Id } from "@/lib/data/validation";
import { changeServer, refreshOperatorServer, refreshServer, registerServer, removeServer, type OperatorMcpServer } from "@/lib/mcp/service";
import { type ActionResult, invalidInput } from "@/app/_lib/action-result";
import { currentWorkspace } from "@/app/_lib/workspace";
import { attempt } from "../_lib/attempt";

const PAGE = "/settings/mcp";

/** Registers a server (owners) and lists its tools; the URL and headers are stored encrypted and never come back. */
export async function createMcpServerAction(input: z.input<typeof CreateMcpServerInput>): Promise<ActionResult<McpServerSummary>> {
  const parsed = CreateMcpServerInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const summary = await registerServer(await currentWorkspace(), parsed.data);
    revalidatePath(PAGE);
    return summary;
  });
}

const UpdateInput = UpdateMcpServerInput.extend({ serverId: Id });

/** Replaces a server's URL and/or headers (owners); what is left out is kept. */
export async function updateMcpServerAction(input: z.input<typeof UpdateInput>): Promise<ActionResult<McpServerSummary>> {
  const parsed = UpdateInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const { serverId, ...changes } = parsed.data;
    const summary = await changeServer(await currentWorkspace(), serverId, changes);
    revalidatePath(PAGE);
    return summary;
  });
}

export async function deleteMcpServerAction(input: { serverId: string }): Promise<ActionResult<null>> {
  const parsed = z.object({ serverId: Id }).safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    await removeServer(await currentWorkspace(), parsed.data.serverId);
    revalidatePath(PAGE);
    return null;
  });
}

/** Lists a team server's tools again (editors and owners). */
export async function refreshMcpServerAction(input: { serverId: string }): Promise<ActionResult<McpServerSummary>> {
  const parsed = z.object({ serverId: Id }).safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const summary = await refreshServer(await currentWorkspace(), parsed.data.serverId);
    revalidatePath(PAGE);
    return summary;
  });
}

/** Lists an installation-provided server's tools again (editors and owners). */
export async function refreshOperatorMcpServerAction(input: { name: string }): Promise<ActionResult<OperatorMcpServer>> {
  const parsed = z.object({ name: McpServerName }).safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const server = await refreshOperatorServer(await currentWorkspace(), parsed.data.name);
    revalidatePath(PAGE);
    return server;
  });
}
