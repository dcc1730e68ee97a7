import type { ToolLogLine } from "@/lib/engine/tool";
import "./tool-logs.css";

/** What a code tool wrote with `console` during one call, and how many lines were over the caps. */
export function ToolLogs({ logs, dropped }: { logs: readonly ToolLogLine[]; dropped: number }) {
  return (
    <>
      {logs.length === 0 ? (
        <p className="muted">Nothing logged.</p>
      ) : (
        <ol className="tool-logs" aria-label="Logs">
          {logs.map((line, i) => (
            <li key={i} className={`log-${line.level}`}>
              {line.level === "log" ? "" : `[${line.level}] `}
              {line.text}
            </li>
          ))}
        </ol>
      )}
      {dropped > 0 ? <p className="muted">…and {dropped} more line{dropped === 1 ? "" : "s"} not kept (over the log caps).</p> : null}
    </>
  );
}
