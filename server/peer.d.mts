export type Trusted = { v4: number; mask: number } | { exact: string };
export function normalizeAddress(a: string | undefined | null): string;
export function parseTrusted(spec: string): Trusted[];
export function isTrusted(address: string, trusted: Trusted[]): boolean;
export function clientAddress(socketAddress: string, xff: string | string[] | undefined, trusted: Trusted[]): string;
