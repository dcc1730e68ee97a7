"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import { saveTelemetryAction } from "../telemetry/actions";

export type TelemetryFormValues = {
  enabled: boolean;
  endpoint: string;
  protocol: "json" | "protobuf";
  includeContent: boolean;
  headerNames: string[];
};

/** The OTLP export settings; header values are write-only (the page never has them). */
export function TelemetryForm({ initial }: { initial: TelemetryFormValues | null }) {
  const router = useRouter();
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const [endpoint, setEndpoint] = useState(initial?.endpoint ?? "");
  const [protocol, setProtocol] = useState<"json" | "protobuf">(initial?.protocol ?? "json");
  const [includeContent, setIncludeContent] = useState(initial?.includeContent ?? false);
  const [headers, setHeaders] = useState("");
  const [removeHeaders, setRemoveHeaders] = useState(false);
  const { run, pending, error } = useServerAction();
  const stored = initial?.headerNames ?? [];
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        const headerText = removeHeaders ? "" : headers.trim() ? headers : undefined;
        run(
          () => saveTelemetryAction({ enabled, endpoint, protocol, includeContent, headers: headerText }),
          () => {
            setHeaders("");
            setRemoveHeaders(false);
            router.refresh();
          },
        );
      }}
    >
      <label>
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Export runs as they execute
      </label>
      <div className="toolbar">
        <label>
          OTLP/HTTP traces endpoint
          <input type="url" value={endpoint} onChange={(e) => setEndpoint(e.target.value)} required maxLength={2000} placeholder="https://collector.example.com/v1/traces" size={50} />
        </label>
        <label>
          Protocol
          <select value={protocol} onChange={(e) => setProtocol(e.target.value as "json" | "protobuf")}>
            <option value="json">http/json</option>
            <option value="protobuf">http/protobuf</option>
          </select>
        </label>
      </div>
      <label>
        Headers, one <code>name=value</code> a line {stored.length ? <span className="muted">(stored: {stored.join(", ")}; leave blank to keep them)</span> : null}
        <textarea value={headers} onChange={(e) => setHeaders(e.target.value)} rows={3} autoComplete="off" spellCheck={false} placeholder="authorization=Bearer …" disabled={removeHeaders} />
      </label>
      {stored.length ? (
        <label>
          <input type="checkbox" checked={removeHeaders} onChange={(e) => setRemoveHeaders(e.target.checked)} /> Remove the stored headers
        </label>
      ) : null}
      <label>
        <input type="checkbox" checked={includeContent} onChange={(e) => setIncludeContent(e.target.checked)} /> Include content: messages, tool arguments and results, error text
      </label>
      <ActionErrorAlert error={error} />
      <div>
        <button type="submit" className="button primary" disabled={pending}>
          Save
        </button>
      </div>
    </form>
  );
}
