import { z } from "zod";
import { tool } from "@/lib/engine";

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const CurrentTimeArgs = z.object({
  timezone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: "unknown IANA time zone" })
    .optional()
    .describe('An IANA time zone such as "Europe/Paris"; UTC when omitted'),
});

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
    name: "current_time",
    description: "The current date and time, in UTC or in an IANA time zone such as America/New_York.",
    parameters: CurrentTimeArgs,
    execute: ({ timezone }) => describeTime(now(), timezone ?? "UTC"),
  });
}

export const currentTimeTool = createCurrentTimeTool();
