"use client";

import { useCallback, useRef, useState } from "react";

export type Toast = { id: number; tone: "success" | "error" | "info"; text: string };

/** How long a success or info toast stays; errors stay until dismissed. */
const TOAST_MS = 6000;

/** Short outcome messages ("Saved as version 3.") shown over the corner of the editor. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const push = useCallback(
    (tone: Toast["tone"], text: string) => {
      const id = next.current++;
      // The same message again replaces the older one instead of stacking up.
      setToasts((current) => [...current.filter((toast) => toast.text !== text), { id, tone, text }].slice(-4));
      if (tone !== "error") setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  return { toasts, push, dismiss };
}

export function Toasts({ toasts, dismiss }: { toasts: readonly Toast[]; dismiss: (id: number) => void }) {
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast ${toast.tone}`}>
          <span>{toast.text}</span>
          <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
