/** The document's tree as the canvas draws it: the top-level flow, containers holding their members. */
import type { FlowDocument } from "./types";

export type TreeKind = "agent" | "group" | "swarm";

/** The members of a container, as stages (a group's members form stages by its type). */
export function memberStages(document: FlowDocument, name: string | null): string[][] {
  if (name === null) return document.swarm.flow;
  const group = document.groups?.[name];
  if (group) return group.type === "serial" ? group.agents.map((a) => [a]) : [group.agents];
  return document.swarms?.[name]?.flow ?? [];
}

export function kindOf(document: FlowDocument, name: string): TreeKind {
  if (document.groups?.[name]) return "group";
  if (document.swarms?.[name]) return "swarm";
  return "agent";
}

/** Every name in tree order: pre-order, stages in flow order. */
export function treeOrder(document: FlowDocument): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (owner: string | null) => {
    for (const stage of memberStages(document, owner)) {
      for (const name of stage) {
        if (seen.has(name)) continue; // only in invalid documents
        seen.add(name);
        order.push(name);
        if (kindOf(document, name) !== "agent") visit(name);
      }
    }
  };
  visit(null);
  return order;
}
