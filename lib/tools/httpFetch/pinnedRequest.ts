/**
 * One GET to an address chosen beforehand. The socket connects to `address` itself
 * while Host and TLS SNI/certificate checks use the URL's hostname, so a second DNS
 * answer (DNS rebinding) can never redirect the request.
 */
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";

export type PinnedResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Up to `maxBytes` of the body. */
  body: Buffer;
  truncated: boolean;
};

export type PinnedRequest = {
  url: URL;
  address: string;
  headers: Record<string, string>;
  maxBytes: number;
  signal: AbortSignal;
  /** Skip the body (redirects). */
  headOnly: (status: number) => boolean;
};

export function requestPinned({ url, address, headers, maxBytes, signal, headOnly }: PinnedRequest): Promise<PinnedResponse> {
  const client = url.protocol === "https:" ? https : http;
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        method: "GET",
        host: address,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: { ...headers, host: url.host },
        // SNI carries names only (RFC 6066); an IP literal is verified against the certificate's IP SANs.
        ...(isIP(hostname) === 0 && { servername: hostname }),
        agent: false,
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (headOnly(status)) {
          response.destroy();
          resolve({ status, headers: response.headers, body: Buffer.alloc(0), truncated: false });
          return;
        }
        const parts: Buffer[] = [];
        let size = 0;
        let truncated = false;
        response.on("data", (part: Buffer) => {
          const room = maxBytes - size;
          if (part.length > room) {
            parts.push(part.subarray(0, room));
            size = maxBytes;
            truncated = true;
            response.destroy();
            resolve({ status, headers: response.headers, body: Buffer.concat(parts), truncated });
            return;
          }
          parts.push(part);
          size += part.length;
        });
        response.on("end", () => resolve({ status, headers: response.headers, body: Buffer.concat(parts), truncated }));
        response.on("error", reject);
        // After "end" or a truncation this is a no-op; otherwise the peer or an abort cut the body.
        response.on("close", () => reject(signal.aborted ? signal.reason : new Error("the connection closed mid-response")));
      },
    );
    request.on("error", reject);
    request.end();
  });
}
