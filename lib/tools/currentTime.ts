import { tool } from "@/lib/engine";
import { currentTimeSpec } from "./specs";

export type CurrentTime = {
  timezone: string;
  /** The instant in UTC, ISO 8601. */
  utc: string;
  /** Wall-clock time in the zone, "YYYY-MM-DD HH:mm:ss". */
  local: string;
  /** Offset from UTC, e.g. "+05:30". */
  offset: string;
  weekday: string;
};

export function describeTime(instant: Date, timezone: string): CurrentTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "long",
      timeZoneName: "longOffset",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  // "GMT+05:30", or plain "GMT" for UTC itself
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : String(parts.timeZoneName).replace("GMT", "");
  return {
    timezone,
    utc: instant.toISOString(),
    local: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`,
    offset,
    weekday: String(parts.weekday),
  };
}

/** `now` is injectable so tests can fix the clock. */
export function createCurrentTimeTool(now: () => Date = () => new Date()) {
  return tool({
    ...currentTimeSpec,
    execute: ({ timezone }) => describeTime(now(), timezone ?? "UTC"),
  });
}

export const currentTimeTool = createCurrentTimeTool();
