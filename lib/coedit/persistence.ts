// A flow's shared draft in the database: loaded when the first person opens the flow in a
// process, seeded from the newest saved version when nobody has edited it live yet, and
// stored as the whole Yjs state (which contains every older state: a late store of an
// older state never happens, since Hocuspocus stores the live document).
import * as Y from "yjs";
import { getFlow } from "@/lib/data";
import { createFlowDraft, loadFlowDraft, storeFlowDraft } from "@/lib/data/flowDrafts";
import { DRAFT_META, DSL_TEXT } from "./names";

/** The shared draft's Yjs state, seeding it from the flow's newest version the first time. */
export async function loadSharedDraft(teamId: string, flowId: string): Promise<Uint8Array> {
  const stored = await loadFlowDraft(teamId, flowId);
  if (stored) return stored.state;
  const flow = await getFlow(teamId, flowId);
  const seed = new Y.Doc();
  seed.transact(() => {
    seed.getText(DSL_TEXT).insert(0, flow.latestVersion.document);
    seed.getMap(DRAFT_META).set("version", flow.latestVersion.number);
  });
  // Two processes may seed at once: createFlowDraft keeps the first and returns it to both.
  const created = await createFlowDraft(teamId, flowId, Y.encodeStateAsUpdate(seed));
  seed.destroy();
  return created.state;
}

export async function storeSharedDraft(teamId: string, flowId: string, doc: Y.Doc): Promise<void> {
  await storeFlowDraft(teamId, flowId, Y.encodeStateAsUpdate(doc), (stored, incoming) => Y.mergeUpdates([stored, incoming]));
}
