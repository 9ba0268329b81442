// Bad input a user sent: the message, and where — which file, which line, which field — so every refusal (an upload,
// a reproduction folder) names the place to fix. Subclasses only name their kind.
export class InputError extends Error {
  constructor(
    message: string,
    readonly file: string | null,
    readonly line: number | null = null,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = "InputError";
  }
}
