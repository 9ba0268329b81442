export function dataVersionReader(opts: {
  dbFile: string;
  databaseUrl?: string | undefined;
}): () => Promise<number | null>;
