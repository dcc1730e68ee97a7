/** The fields every way of starting an evaluation shares: its scorers, how many runs at once, a model for every agent. */

export const SCORER_HELP = "One per line: exact, contains, regex:<pattern>, json-schema, numeric:<tolerance>, judge:<model> (e.g. judge:mock:reply?text={\"score\":1,\"reason\":\"ok\"})";

export function scorersOf(text: string): string[] {
  return text.split("\n").map((line) => line.trim()).filter(Boolean);
}

/** The scorers a form starts from: the flow's last evaluation's, else `contains`. */
export function initialScorers(defaults: readonly string[] | null | undefined): string {
  return (defaults ?? ["contains"]).join("\n");
}

/** The scorers, one per line; `compact` puts the help in a tooltip. */
export function ScorersField({ value, onChange, rows, compact = false }: { value: string; onChange: (value: string) => void; rows: number; compact?: boolean }) {
  return (
    <label className={compact ? "evaluate-versus-scorers" : undefined}>
      {compact ? <span title={SCORER_HELP}>Scorers (one per line)</span> : <span>{SCORER_HELP}</span>}
      <textarea className="code" rows={rows} value={value} onChange={(event) => onChange(event.target.value)} spellCheck={false} />
    </label>
  );
}

type RunOptions = { concurrency: string; onConcurrency: (value: string) => void; model: string; onModel: (value: string) => void; modelLabel: string };

/** How many rows run at once, and the model every agent uses instead of its own (optional). */
export function RunOptionFields({ concurrency, onConcurrency, model, onModel, modelLabel }: RunOptions) {
  return (
    <>
      <label>
        <span>Runs at once</span>
        <input type="text" inputMode="numeric" value={concurrency} onChange={(event) => onConcurrency(event.target.value)} />
      </label>
      <label>
        <span>{modelLabel}</span>
        <input type="text" placeholder="e.g. mock:echo" value={model} onChange={(event) => onModel(event.target.value)} />
      </label>
    </>
  );
}
