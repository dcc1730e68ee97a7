import { z } from "zod";
import { getFlow, getVersion } from "@/lib/data";
import { parseDocument } from "@/lib/dsl/parseDocument";
import { NotFoundError } from "@/lib/data/errors";
import { currentWorkspace } from "@/app/_lib/workspace";

const Query = z.object({ version: z.coerce.number().int().positive().optional() });

/** Downloads a flow's document (the latest version, or `?version=N`) as a YAML file. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const query = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return new Response("The version must be a positive whole number.\n", { status: 400 });
  const { teamId } = await currentWorkspace();
  try {
    const flow = await getFlow(teamId, id);
    const version = query.data.version ? await getVersion(teamId, id, query.data.version) : flow.latestVersion;
    return new Response(version.document, {
      headers: {
        "content-type": "application/yaml; charset=utf-8",
        // Named as the exported document names itself (an older version may have another name).
        "content-disposition": `attachment; filename="${fileName(parseDocument(version.document).document?.name || flow.name)}.yaml"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof NotFoundError) return new Response(`${error.message}\n`, { status: 404 });
    throw error;
  }
}

function fileName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "flow";
}
