import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { getTelemetrySettings } from "@/lib/data/telemetry";
import { currentWorkspace } from "@/app/_lib/workspace";
import { ActionButton } from "../_components/action-button";
import { TelemetryForm } from "../_components/telemetry-form";
import { deleteTelemetryAction } from "./actions";

export const metadata: Metadata = { title: "Trace export" };

const when = (date: Date | null) => (date ? date.toISOString().replace("T", " ").slice(0, 19) + " UTC" : null);

export default async function TelemetryPage() {
  const workspace = await currentWorkspace();
  const manages = can(workspace.role, "telemetry", "manage");
  const settings = await getTelemetrySettings(workspace.teamId);
  return (
    <>
      <section className="card panel stack" aria-labelledby="telemetry-heading">
        <h2 id="telemetry-heading">Trace export (OpenTelemetry)</h2>
        <p className="muted">
          Every run is sent as an OTLP trace as its steps finish — one span per node, following the OpenTelemetry GenAI
          conventions — to Jaeger, Grafana Tempo, Langfuse, Phoenix, Datadog or any OTLP/HTTP collector. Exports happen in
          the background and never slow a run. Headers are stored encrypted and never shown again. Content (messages, tool
          arguments and results) is sent only when you include it; provider keys never are.
        </p>
        {settings ? (
          <dl className="stack">
            <div>
              <dt>Status</dt>
              <dd>{settings.enabled ? "Exporting" : "Off"}</dd>
            </div>
            {manages ? (
              <div>
                <dt>Endpoint</dt>
                <dd>
                  <code>{settings.endpoint}</code> ({settings.protocol === "json" ? "http/json" : "http/protobuf"})
                  {settings.includeContent ? ", with content" : ", without content"}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Last successful export</dt>
              <dd>{when(settings.lastExportAt) ?? <span className="muted">none yet</span>}</dd>
            </div>
            <div>
              <dt>Last error</dt>
              <dd>
                {settings.lastError ? (
                  <>
                    <code>{settings.lastError}</code> <span className="muted">({when(settings.lastErrorAt)})</span>
                  </>
                ) : (
                  <span className="muted">none</span>
                )}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="muted">Runs are not exported.</p>
        )}
      </section>
      {manages ? (
        <section className="card panel stack" aria-labelledby="telemetry-form-heading">
          <h2 id="telemetry-form-heading">{settings ? "Change" : "Set up"} the export</h2>
          <TelemetryForm
            initial={
              settings
                ? { enabled: settings.enabled, endpoint: settings.endpoint, protocol: settings.protocol, includeContent: settings.includeContent, headerNames: settings.headerNames }
                : null
            }
          />
          {settings ? (
            <div>
              <ActionButton
                action={deleteTelemetryAction}
                label="Stop and forget the export"
                confirm={{ title: "Forget the export settings?", message: "Runs will no longer be exported; the endpoint and headers are deleted." }}
              />
            </div>
          ) : null}
        </section>
      ) : (
        <p className="muted">Only owners change where runs are exported.</p>
      )}
    </>
  );
}
