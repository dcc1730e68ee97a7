/**
 * Built-in tools an agent can name in a document. Server-only as a whole (http_fetch
 * opens sockets); client code imports `@/lib/tools/catalog` for the list.
 */
export { toolCatalog, isBuiltInTool, type ToolCatalogEntry } from "./catalog";
export { getTool } from "./registry";
export { calculatorSpec, currentTimeSpec, httpFetchSpec, jsonExtractSpec } from "./specs";
export { calculatorTool } from "./calculator";
export { currentTimeTool, createCurrentTimeTool, type CurrentTime } from "./currentTime";
export { jsonExtractTool } from "./jsonExtract";
export { askHumanTool } from "./askHuman";
export {
  createHttpFetchTool,
  fetchText,
  HttpFetchOptions,
  httpFetchOptionsFromEnv,
  type HttpFetchResult,
  type Resolver,
} from "./httpFetch";
export { createAddressPolicy } from "./httpFetch/addressPolicy";
