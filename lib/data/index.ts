// The data layer's public API (server-only: it opens the database).
export { createFlow, deleteFlow, getFlow, getVersion, listFlows, listVersions, renameFlow, saveFlowVersion } from "./flows.ts";
export type { FlowDetail, FlowSummary, FlowVersionDetail, FlowVersionSummary } from "./flows.ts";
export { seedDemoFlows } from "./demoFlows.ts";
export { getLocalWorkspace, LOCAL_USER, PERSONAL_TEAM } from "./workspace.ts";
export type { Workspace } from "./workspace.ts";
export { NotFoundError, ValidationError, VersionConflictError } from "./errors.ts";
export type { ValidationIssue } from "./errors.ts";
export { MAX_DOCUMENT_BYTES, MAX_NAME_LENGTH } from "./limits.ts";
export type { CreateFlowInput, DemoFlowInput, SaveFlowVersionInput } from "./flowSchemas.ts";
export {
  createRun,
  finishRun,
  getRun,
  getRunNode,
  INTERRUPTED_MESSAGE,
  lastRunEventSeq,
  listRunEvents,
  listRunNodes,
  listRuns,
  claimRun,
  markStaleRunsInterrupted,
  MAX_RUN_INPUT_CHARS,
  writeRunBatch,
} from "./runs/index.ts";
export type { CreateRunInput, ListRunsFilter, RunFinish } from "./runs/index.ts";
export { claimLocalUser, createTeam, firstTeamOf, listMembers, listPendingInvitations, listTeamsOf, previewInvitation, roleIn } from "./teams.ts";
export { createCredential, deleteCredential, listCredentials, providerConfigForTeam } from "./credentials.ts";
export type { CredentialSummary } from "./credentials.ts";
export { authenticateApiToken, createApiToken, listApiTokens, revokeApiToken } from "./apiTokens.ts";
export type { ApiTokenSummary } from "./apiTokens.ts";
export { createShareLink, listShareLinks, openShareLink, revokeShareLink } from "./shareLinks.ts";
export type { OpenedShareLink, ShareLinkSummary } from "./shareLinks.ts";
export { forkFlow } from "./forks.ts";
