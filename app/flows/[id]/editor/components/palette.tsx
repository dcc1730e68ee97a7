"use client";

import type { FlowNodeType } from "../types";
import { useAddNode } from "../hooks/use-add-node";

export const PALETTE_MIME = "application/x-swarm-node";

const ITEMS: readonly { kind: FlowNodeType; label: string; hint: string }[] = [
  { kind: "agent", label: "Agent", hint: "A model with instructions and tools" },
  { kind: "parallel", label: "Parallel group", hint: "Members run at once on the same input" },
  { kind: "serial", label: "Serial group", hint: "Members run in order, output to input" },
  { kind: "swarm", label: "Swarm", hint: "A nested swarm with its own flow and mode" },
];

/** Click to add (into the selected container when it fits), or drag onto the canvas. */
export function Palette({ canvasRef }: { canvasRef: React.RefObject<HTMLDivElement | null> }) {
  const { addByClick } = useAddNode();
  return (
    <div className="editor-palette" role="toolbar" aria-label="Palette">
      {ITEMS.map((item) => (
        <button
          key={item.kind}
          type="button"
          className={`button small palette-${item.kind}`}
          title={`${item.hint}. Click to add, or drag onto the canvas.`}
          draggable
          onDragStart={(event) => {
            event.dataTransfer.setData(PALETTE_MIME, item.kind);
            event.dataTransfer.effectAllowed = "copy";
          }}
          onClick={() => addByClick(item.kind, canvasRef.current)}
        >
          + {item.label}
        </button>
      ))}
    </div>
  );
}
