"use client";

import { useRouter } from "next/navigation";
import { useRef } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { Dialog } from "@/app/_components/dialog";
import { useServerAction } from "@/app/_components/use-server-action";
import { MAX_DOCUMENT_BYTES } from "@/lib/data/limits";
import { importFlowAction } from "../actions";

/** Imports a `.yaml` swarm document as a new flow. */
export function ImportFlowButton() {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const { run, pending, error, setError } = useServerAction();

  function importFile(file: File) {
    setError(null);
    if (file.size > MAX_DOCUMENT_BYTES) {
      setError({ ok: false, error: `${file.name} is larger than 1 MiB; a swarm document must be smaller.` });
      return;
    }
    run(
      async () => importFlowAction({ fileName: file.name, document: await file.text() }),
      (data) => router.push(`/flows/${data.id}`),
    );
  }

  return (
    <div>
      <input
        ref={input}
        type="file"
        accept=".yaml,.yml,application/yaml,text/yaml"
        hidden
        aria-label="Import YAML file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) importFile(file);
        }}
      />
      <button className="button" onClick={() => input.current?.click()} disabled={pending}>
        {pending ? "Importing…" : "Import YAML"}
      </button>
      <Dialog open={error !== null} onClose={() => setError(null)} title="The file was not imported">
        <ActionErrorAlert error={error} />
        <div className="toolbar" style={{ justifyContent: "flex-end" }}>
          <button type="button" className="button" onClick={() => setError(null)} autoFocus>
            Close
          </button>
        </div>
      </Dialog>
    </div>
  );
}
