"use client";

import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import type * as Y from "yjs";
import { selectedNodeIds } from "../store";
import { useEditorStore } from "../store/context";
import { bindStoreToText } from "./bind-store";
import type { CoeditSession } from "./session";

export type LiveEditing = { session: CoeditSession; undoManager: Y.UndoManager };

const LiveContext = createContext<LiveEditing | null>(null);

/** The live session the editor is bound to, or null (single-person editing). */
export function useLiveEditing(): LiveEditing | null {
  return useContext(LiveContext);
}

/**
 * Binds the editor's store to the session's shared text while both exist, and tells the
 * others which nodes this person has selected.
 */
export function LiveEditingProvider({ session, savedText, children }: { session: CoeditSession | null; savedText?: string; children: ReactNode }) {
  const store = useEditorStore();
  const [live, setLive] = useState<LiveEditing | null>(null);

  useEffect(() => {
    if (!session) return;
    const binding = bindStoreToText(store, session.text, savedText);
    setLive({ session, undoManager: binding.undoManager });
    const awareness = session.provider.awareness;
    const publish = (ids: string[]) => awareness?.setLocalStateField("selection", ids);
    publish(selectedNodeIds(store.getState()));
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.graph.nodes !== previous.graph.nodes) {
        const ids = selectedNodeIds(state);
        if (ids.join("\u0000") !== selectedNodeIds(previous).join("\u0000")) publish(ids);
      }
    });
    return () => {
      unsubscribe();
      binding.unbind();
      setLive(null);
    };
    // savedText counts only when the session starts (not a dependency).
  }, [store, session]);

  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}
