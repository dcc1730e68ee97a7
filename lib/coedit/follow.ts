// "The draft follows the version": a version written past the live path (a rename, a
// restore, a save made without the socket) moves the flow's shared draft onto it, so an
// open editor shows it and its next live save stands on it (no conflict). The draft's own
// unsaved edits are kept (draftText.ts, followVersion). Runs in any process: a web process
// changes the live document it holds; otherwise the stored draft is changed and the web
// processes holding it are told to merge it in.
import * as Y from "yjs";
import { getVersion } from "@/lib/data";
import { loadFlowDraft } from "@/lib/data/flowDrafts";
import { announceStoredDraft } from "./crossProcess";
import { draftVersionOf, followVersion } from "./draftText";
import { flowDocumentName } from "./names";
import { storeSharedDraft } from "./persistence";
import { runningCoeditServer } from "./registry";

/** The text of the version `doc` stands on, or null when it already stands on `saved` or later. */
async function baseOf(teamId: string, flowId: string, doc: Y.Doc, saved: number): Promise<string | null> {
  const standsOn = draftVersionOf(doc);
  if (standsOn !== null && standsOn >= saved) return null;
  // A draft from before versions were recorded in it stands on the one before the new one.
  return (await getVersion(teamId, flowId, standsOn ?? saved - 1)).document;
}

export async function draftFollowsVersion(teamId: string, flowId: string, saved: { number: number; document: string }): Promise<void> {
  const documentName = flowDocumentName(flowId);
  const live = runningCoeditServer()?.hocuspocus.documents.get(documentName);
  if (live) {
    const base = await baseOf(teamId, flowId, live, saved.number);
    if (base === null) return;
    // No origin: Hocuspocus sends it to the clients and other processes (crossProcess), and it is stored here now.
    followVersion(live, base, saved);
    await storeSharedDraft(teamId, flowId, live);
    return;
  }
  const stored = await loadFlowDraft(teamId, flowId);
  // No draft yet: the first person to open the flow gets one seeded from the newest version.
  if (!stored) return;
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, stored.state);
    const base = await baseOf(teamId, flowId, doc, saved.number);
    if (base === null) return;
    followVersion(doc, base, saved);
    await storeSharedDraft(teamId, flowId, doc);
  } finally {
    doc.destroy();
  }
  await announceStoredDraft(documentName);
}
