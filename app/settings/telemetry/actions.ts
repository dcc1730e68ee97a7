"use server";

import { revalidatePath } from "next/cache";
import { deleteTelemetrySettings, saveTelemetrySettings, TelemetrySettingsInput, type TelemetrySummary } from "@/lib/data/telemetry";
import { type ActionResult, invalidInput } from "@/app/_lib/action-result";
import { currentWorkspace, requirePermission } from "@/app/_lib/workspace";
import { attempt } from "../_lib/attempt";

/**
 * Saves where the team's runs are exported. The headers are stored encrypted; the browser
 * gets back only their names. Omitted headers keep the stored ones; "" removes them.
 */
export async function saveTelemetryAction(input: TelemetrySettingsInput): Promise<ActionResult<TelemetrySummary>> {
  const parsed = TelemetrySettingsInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "telemetry", "manage", "change where runs are exported");
    const summary = await saveTelemetrySettings(workspace.teamId, parsed.data);
    revalidatePath("/settings/telemetry");
    return summary;
  });
}

export async function deleteTelemetryAction(): Promise<ActionResult<null>> {
  return attempt(async () => {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "telemetry", "manage", "change where runs are exported");
    await deleteTelemetrySettings(workspace.teamId);
    revalidatePath("/settings/telemetry");
    return null;
  });
}
