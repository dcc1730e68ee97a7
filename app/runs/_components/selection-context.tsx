"use client";

import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

type Selection = { selectedId: string | null; select(id: string | null): void };

const SelectionContext = createContext<Selection | null>(null);

/** Which RunNode the timeline and the detail pane are looking at. */
export function SelectionProvider({ children, initial = null }: { children: ReactNode; initial?: string | null }) {
  const [selectedId, select] = useState<string | null>(initial);
  const value = useMemo(() => ({ selectedId, select }), [selectedId]);
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

export function useSelection(): Selection {
  const selection = useContext(SelectionContext);
  if (!selection) throw new Error("useSelection needs a SelectionProvider");
  return selection;
}
