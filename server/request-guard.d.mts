import type { IncomingMessage, ServerResponse } from "node:http";
export const BODY_IDLE_MS: number;
export function malformedTarget(target: string): string | null;
export function refuseMalformed(req: IncomingMessage, res: ServerResponse): boolean;
export function watchBody(req: IncomingMessage, res: ServerResponse, idleMs?: number): void;
export function guardRequest(req: IncomingMessage, res: ServerResponse): boolean;
