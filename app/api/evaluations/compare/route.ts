// GET /api/evaluations/compare?ids=<baseline>,<candidate>[,…] — evaluations of one dataset
// version side by side, rows that got worse (last against first) first.
import { z } from "zod";
import { Id } from "@/lib/data/validation";
import { compareStored } from "@/lib/evaluations/results";
import { resolveCaller } from "../../_lib/caller";
import { methodNotAllowed } from "../../_lib/body";
import { errorResponse, invalidRequest, json } from "../../_lib/responses";
import { comparisonJson } from "../comparisonJson";

export const dynamic = "force-dynamic";

const Ids = z.array(Id).min(2, "Give two to six evaluation ids: ?ids=a,b").max(6, "Compare at most six evaluations");

export async function GET(request: Request): Promise<Response> {
  try {
    const caller = await resolveCaller(request, { allowSession: true });
    const parsed = Ids.safeParse((new URL(request.url).searchParams.get("ids") ?? "").split(",").filter(Boolean));
    if (!parsed.success) return invalidRequest(parsed.error);
    return json(comparisonJson(await compareStored(caller, parsed.data)));
  } catch (error) {
    return errorResponse(error);
  }
}

export function POST(): Response {
  return methodNotAllowed(["GET"]);
}
