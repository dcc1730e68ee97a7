"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import { createCredentialAction } from "../credentials/actions";
import { createShareLinkAction } from "../share-links/actions";
import { createApiTokenAction } from "../tokens/actions";
import { CopyField } from "./copy-field";

export function CredentialForm() {
  const router = useRouter();
  const [provider, setProvider] = useState<"openai" | "anthropic">("openai");
  const [name, setName] = useState("");
  const [apiKey, setApiKey] = useState("");
  const [baseUrl, setBaseUrl] = useState("");
  const { run, pending, error } = useServerAction();
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        run(
          () => createCredentialAction({ provider, name, apiKey, baseUrl: baseUrl.trim() || undefined }),
          () => {
            setName("");
            setApiKey("");
            setBaseUrl("");
            router.refresh();
          },
        );
      }}
    >
      <div className="toolbar">
        <label>
          Provider
          <select value={provider} onChange={(e) => setProvider(e.target.value as "openai" | "anthropic")}>
            <option value="openai">OpenAI or compatible</option>
            <option value="anthropic">Anthropic</option>
          </select>
        </label>
        <label>
          Name
          <input type="text" value={name} onChange={(e) => setName(e.target.value)} required maxLength={80} />
        </label>
        <label>
          API key
          <input type="password" value={apiKey} onChange={(e) => setApiKey(e.target.value)} required autoComplete="off" />
        </label>
        <label>
          Base URL (optional)
          <input type="text" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} placeholder="http://localhost:11434/v1" />
        </label>
      </div>
      <ActionErrorAlert error={error} />
      <div>
        <button type="submit" className="button primary" disabled={pending}>
          Save key
        </button>
      </div>
    </form>
  );
}

export function ApiTokenForm() {
  const router = useRouter();
  const [name, setName] = useState("");
  const [token, setToken] = useState<string | null>(null);
  const { run, pending, error } = useServerAction();
  return (
    <div className="stack">
      <form
        className="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          run(
            () => createApiTokenAction({ name }),
            (data) => {
              setToken(data.token);
              setName("");
              router.refresh();
            },
          );
        }}
      >
        <input type="text" aria-label="Token name" placeholder="CI pipeline" value={name} onChange={(e) => setName(e.target.value)} required maxLength={80} />
        <button type="submit" className="button primary" disabled={pending}>
          Create token
        </button>
      </form>
      <ActionErrorAlert error={error} />
      {token ? <CopyField label="New API token" value={token} note="Copy it now: it is shown only once." /> : null}
    </div>
  );
}

export function ShareLinkForm({ flows, initialFlowId }: { flows: { id: string; name: string }[]; initialFlowId?: string }) {
  const router = useRouter();
  const [flowId, setFlowId] = useState(initialFlowId ?? flows[0]?.id ?? "");
  const [includeRuns, setIncludeRuns] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const { run, pending, error } = useServerAction();
  return (
    <div className="stack">
      <form
        className="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          run(
            () => createShareLinkAction({ flowId, includeRuns }),
            (data) => {
              setToken(data.token);
              router.refresh();
            },
          );
        }}
      >
        <select aria-label="Flow to share" value={flowId} onChange={(e) => setFlowId(e.target.value)}>
          {flows.map((flow) => (
            <option key={flow.id} value={flow.id}>
              {flow.name}
            </option>
          ))}
        </select>
        <label style={{ flexDirection: "row", alignItems: "center" }}>
          <input type="checkbox" checked={includeRuns} onChange={(e) => setIncludeRuns(e.target.checked)} /> include its runs
        </label>
        <button type="submit" className="button primary" disabled={pending || !flowId}>
          Create share link
        </button>
      </form>
      <ActionErrorAlert error={error} />
      {token ? <CopyField label="Share link" path={`/share/${token}`} note="Anyone with the link can read this flow until you revoke it." /> : null}
    </div>
  );
}
