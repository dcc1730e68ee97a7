/** Built-in tools an agent can name in a document. Server-only: http_fetch opens sockets. */
export { toolCatalog, getTool, type ToolCatalogEntry } from "./catalog";
export { calculatorTool, CalculatorArgs } from "./calculator";
export { currentTimeTool, createCurrentTimeTool, CurrentTimeArgs, type CurrentTime } from "./currentTime";
export { jsonExtractTool, JsonExtractArgs } from "./jsonExtract";
export {
  createHttpFetchTool,
  fetchText,
  HttpFetchArgs,
  HttpFetchOptions,
  httpFetchOptionsFromEnv,
  type HttpFetchResult,
  type Resolver,
} from "./httpFetch";
export { createAddressPolicy } from "./httpFetch/addressPolicy";
