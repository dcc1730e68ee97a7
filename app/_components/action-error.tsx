import type { ActionError } from "@/app/_lib/action-result";

/** An action's error, with the document problems it listed and their positions. */
export function ActionErrorAlert({ error }: { error: ActionError | null }) {
  if (!error) return null;
  return (
    <div className="alert error" role="alert">
      {error.error}
      {error.issues?.length ? (
        <ul className="issue-list" aria-label="Problems">
          {error.issues.map((issue, index) => (
            <li key={index}>
              {issue.line ? <code>line {issue.line}{issue.column ? `:${issue.column}` : ""}</code> : null}
              {issue.line ? " — " : null}
              {issue.path ? <code>{issue.path}</code> : null}
              {issue.path ? ": " : null}
              {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
