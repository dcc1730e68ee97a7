// The flows service (server only): import as `import * as flows from "@/lib/flows"`.
export { createFromDocument, createFromTemplate, forkTargets, forkVersion, remove, rename, restoreVersion, save } from "./service";
export { type DocumentIssue, InvalidDocumentError, requireValidDocument } from "./document";
export { keyedProviders } from "./modelProviders";
