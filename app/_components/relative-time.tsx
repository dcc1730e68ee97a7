/** A timestamp shown as "3 minutes ago", with the exact time on hover. */
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

export function relativeTime(date: Date, now = Date.now()): string {
  const seconds = Math.round((date.getTime() - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

export function RelativeTime({ date }: { date: Date }) {
  return (
    <time dateTime={date.toISOString()} title={date.toISOString().replace("T", " ").slice(0, 19) + " UTC"}>
      {relativeTime(date)}
    </time>
  );
}
