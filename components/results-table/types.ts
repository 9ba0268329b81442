// The plain, serialisable row the results table renders. Built on the server from PublishedResult.

export interface TableRow {
  id: string;
  resultId: string | null;
  round: string;
  submitter: string;
  system: string;
  platform: string;
  accelerator: string | null;
  totalAccelerators: number | null;
  nodes: number | null;
  heterogeneous: boolean;
  model: string;
  modelFamily: string;
  accuracyTarget: string | null;
  scenario: string;
  precision: string | null;
  engine: string | null;
  division: string;
  availability: string;
  value: number;
  units: string;
  higherIsBetter: boolean;
  validity: string;
  /** Derived, not an MLPerf metric. */
  perAccelerator: number | null;
  perAcceleratorUnits: string;
  /** The arithmetic behind perAccelerator ("100,282 tokens/s ÷ 8 accelerators = …"); "" when null. */
  formula: string;
  /** Why perAccelerator is null, or a caveat that travels with it. */
  perAcceleratorNote: string | null;
  notes: { code: string; message: string }[];
}
