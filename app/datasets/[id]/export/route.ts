// GET /datasets/:id/export?version=N&format=jsonl|csv — a dataset version as a file (the session's team).
import { z } from "zod";
import { resolveWorkspace } from "@/lib/auth";
import { readDataset } from "@/lib/evaluations/datasets";
import { toCsv, toJsonl } from "@/lib/evaluations/export";
import { UnauthorizedError } from "@/app/api/_lib/caller";
import { errorResponse, invalidRequest, problem } from "@/app/api/_lib/responses";

export const dynamic = "force-dynamic";

const Query = z.object({ version: z.coerce.number().int().positive().optional(), format: z.enum(["jsonl", "csv"]).default("jsonl") });

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const workspace = await resolveWorkspace(request.headers);
    if (!workspace) throw new UnauthorizedError("Sign in to export datasets.");
    const url = new URL(request.url);
    const parsed = Query.safeParse({ version: url.searchParams.get("version") ?? undefined, format: url.searchParams.get("format") ?? undefined });
    if (!parsed.success) return invalidRequest(parsed.error);
    const { id } = await context.params;
    const { version } = await readDataset(workspace, id, parsed.data.version);
    const text = parsed.data.format === "csv" ? toCsv(version.rows) : toJsonl(version.rows);
    if (text === undefined) return problem(422, "This dataset has JSON inputs, which CSV cannot hold: export it as JSONL.");
    const file = `${version.datasetName.replace(/[^\w.-]+/g, "-")}-v${version.number}.${parsed.data.format}`;
    return new Response(text, {
      headers: {
        "content-type": parsed.data.format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
        "content-disposition": `attachment; filename="${file}"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
