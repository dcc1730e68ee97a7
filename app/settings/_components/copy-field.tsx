"use client";

import { useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** A secret or link shown for copying; `path` is turned into an absolute URL of this server. */
export function CopyField({ label, value, path, note }: { label: string; value?: string; path?: string; note?: string }) {
  const [copied, setCopied] = useState(false);
  // The server does not know the address the browser used; the first client render fills it in.
  const origin = useSyncExternalStore(noSubscription, () => window.location.origin, () => "");
  const text = path ? `${origin}${path}` : (value ?? "");
  return (
    <div className="alert info stack" role="status">
      <label>
        {label}
        <input type="text" readOnly value={text} onFocus={(event) => event.target.select()} aria-label={label} />
      </label>
      <div className="toolbar">
        <button
          type="button"
          className="button small"
          onClick={async () => {
            await navigator.clipboard.writeText(text);
            setCopied(true);
          }}
        >
          {copied ? "Copied" : "Copy"}
        </button>
        {note ? <span>{note}</span> : null}
      </div>
    </div>
  );
}
