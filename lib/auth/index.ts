// Server-side access control. Client code imports ./permissions directly.
export { authApiMessage } from "./apiError";
export { claimLocalWorkspace } from "./claim";
export { AccountProfile, DisplayName } from "./profile";
export { AccountsModeError, type AuthError, ForbiddenError, NotSignedInError } from "./errors";
export { accountsEnabled, accountsMode, type AccountsMode } from "./mode";
export { can, isRole, ROLE_NAMES, type Role } from "./permissions";
export { getAuth, type Auth } from "./server";
export { requirePermission, resolveWorkspace, type Workspace } from "./workspace";
