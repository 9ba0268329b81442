import type { IncomingMessage, ServerResponse } from "node:http";
export declare const WARM_PATHS: readonly string[];
export declare function warmUp(
  handle: (req: IncomingMessage, res: ServerResponse) => unknown,
  paths?: readonly string[],
): Promise<number[]>;
