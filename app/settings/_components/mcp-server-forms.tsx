"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import { createMcpServerAction, updateMcpServerAction } from "../mcp/actions";

const HEADERS_HINT = "Authorization: Bearer …";

/** Registers a server: its name (what flows call it), Streamable HTTP URL and optional headers. */
export function McpServerForm() {
  const router = useRouter();
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [headers, setHeaders] = useState("");
  const { run, pending, error } = useServerAction();
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        // What was typed stays in the form when saving fails.
        run(
          () => createMcpServerAction({ name, url, headers }),
          () => {
            setName("");
            setUrl("");
            setHeaders("");
            router.refresh();
          },
        );
      }}
    >
      <div className="toolbar">
        <label>
          Name
          <input type="text" value={name} onChange={(e) => setName(e.target.value)} required maxLength={64} placeholder="tracker" pattern="[A-Za-z_][A-Za-z0-9_\-]*" />
        </label>
        <label className="grow">
          Streamable HTTP URL
          <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} required maxLength={2000} placeholder="https://mcp.example.com/mcp" autoComplete="off" />
        </label>
      </div>
      <label>
        Headers (optional, one per line)
        <textarea value={headers} onChange={(e) => setHeaders(e.target.value)} rows={2} maxLength={8000} placeholder={HEADERS_HINT} autoComplete="off" spellCheck={false} />
      </label>
      <ActionErrorAlert error={error} />
      <div>
        <button type="submit" className="button primary" disabled={pending}>
          {pending ? "Adding and listing its tools…" : "Add server"}
        </button>
      </div>
    </form>
  );
}

/** Replaces a server's URL and/or headers; a blank field keeps what is stored. */
export function McpServerEditForm({ serverId, origin, headerNames }: { serverId: string; origin: string; headerNames: string[] }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState("");
  const [headers, setHeaders] = useState("");
  const [clearHeaders, setClearHeaders] = useState(false);
  const { run, pending, error } = useServerAction();
  if (!open) {
    return (
      <button type="button" className="button small" onClick={() => setOpen(true)}>
        Edit
      </button>
    );
  }
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        const changes = { url: url.trim() || undefined, headers: clearHeaders ? "" : headers.trim() ? headers : undefined };
        run(
          () => updateMcpServerAction({ serverId, ...changes }),
          () => {
            setOpen(false);
            setUrl("");
            setHeaders("");
            router.refresh();
          },
        );
      }}
    >
      <label>
        New URL (blank keeps the one on {origin})
        <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} maxLength={2000} autoComplete="off" />
      </label>
      <label>
        New headers (blank keeps {headerNames.length ? headerNames.join(", ") : "none"})
        <textarea value={headers} onChange={(e) => setHeaders(e.target.value)} rows={2} maxLength={8000} placeholder={HEADERS_HINT} disabled={clearHeaders} autoComplete="off" spellCheck={false} />
      </label>
      {headerNames.length ? (
        <label className="checkbox">
          <input type="checkbox" checked={clearHeaders} onChange={(e) => setClearHeaders(e.target.checked)} /> Remove the stored headers
        </label>
      ) : null}
      <ActionErrorAlert error={error} />
      <div className="toolbar">
        <button type="submit" className="button primary small" disabled={pending}>
          Save
        </button>
        <button type="button" className="button small" onClick={() => setOpen(false)} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
