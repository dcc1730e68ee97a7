// Forking: a copy of one version of a flow, as a new flow in another team.
import { getDb } from "@/lib/db/client.ts";
import { NotFoundError } from "./errors.ts";
import { FlowDocument, FlowName, VersionNumber } from "./flowSchemas.ts";
import { MAX_NAME_LENGTH } from "./limits.ts";
import { Id, parseInput } from "./validation.ts";

/** What a fork is called and holds, given the source version's document and the flow's name. */
export type ForkCopy = (document: string, flowName: string) => { name: string; description?: string; document: string };

/**
 * Copies version `number` of a live flow of `sourceTeamId` into `targetTeamId` as a new
 * flow (version 1) that remembers its source; `copy` names it (by default "<name> (fork)",
 * the document unchanged). Callers check the user may read the source team and create
 * flows in the target team.
 */
export async function forkFlow(
  sourceTeamId: string,
  flowId: string,
  number: number,
  targetTeamId: string,
  userId: string,
  copy: ForkCopy = (document, flowName) => ({ name: `${flowName} (fork)`.slice(0, MAX_NAME_LENGTH), document }),
): Promise<{ id: string }> {
  const source = parseInput(Id, sourceTeamId);
  const id = parseInput(Id, flowId);
  const versionNumber = parseInput(VersionNumber, number);
  const author = parseInput(Id, userId);
  const db = await getDb();
  const flow = await db.flow.findFirst({ where: { id, teamId: source, deletedAt: null }, select: { name: true, description: true } });
  if (!flow) throw new NotFoundError("Flow", id);
  const version = await db.flowVersion.findUnique({ where: { flowId_number: { flowId: id, number: versionNumber } }, select: { document: true } });
  if (!version) throw new NotFoundError("Flow version", `${id}@${versionNumber}`);
  const forked = copy(version.document, flow.name);
  return db.flow.create({
    data: {
      teamId: parseInput(Id, targetTeamId),
      name: parseInput(FlowName, forked.name),
      description: forked.description ?? flow.description,
      createdById: author,
      forkedFromId: id,
      latestVersion: 1,
      versions: { create: { number: 1, document: parseInput(FlowDocument, forked.document), message: `Forked from version ${versionNumber}`, authorId: author } },
    },
    select: { id: true },
  });
}
