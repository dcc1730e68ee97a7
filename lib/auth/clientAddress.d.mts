import type { IncomingMessage } from "node:http";

export declare function parseTrustedProxies(value: string | undefined): string[];
export declare function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trustedProxies: string[]): string | null;
export declare function setTrustedForwardedFor(request: IncomingMessage, trustedProxies: string[]): void;
