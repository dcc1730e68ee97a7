// Where the process's co-editing server is found: on globalThis, because scripts/server.mjs
// (plain JavaScript) cannot import the app's TypeScript, and so that services can tell it
// about saves without loading Hocuspocus themselves (the CLI and workers run none).
import type { CoeditServer } from "./server";

/** scripts/server.mjs reads the same key. */
export const COEDIT_SERVER_KEY = Symbol.for("swarm-studio.coedit");

const holder = globalThis as typeof globalThis & { [COEDIT_SERVER_KEY]?: CoeditServer };

/** Makes `server` the process's (undefined: none, as tests leave it). */
export function registerCoeditServer<T extends CoeditServer | undefined>(server: T): T {
  holder[COEDIT_SERVER_KEY] = server;
  return server;
}

/** The process's co-editing server if one runs (the web server), else undefined. */
export function runningCoeditServer(): CoeditServer | undefined {
  return holder[COEDIT_SERVER_KEY];
}
