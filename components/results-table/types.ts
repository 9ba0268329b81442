// The plain, serialisable row the results table renders; defined with the column registry in lib/columns.ts.
export type { TableRow } from "@/lib/columns";
