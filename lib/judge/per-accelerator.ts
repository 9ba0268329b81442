// The per-accelerator rule, as the judge hands it out. The rule itself lives in lib/context/per-accelerator.ts (its
// divisor, notes, version); everything outside lib/judge reads it from here or from @/lib/judge, never from there
// (biome noRestrictedImports). A separate module so client code (the results table's columns) can take the rule
// without the rest of the judge.
export {
  acceleratorDivisor,
  DERIVED_LABEL,
  type DivisorInput,
  divisorText,
  GIVEN_RULE_SHORT,
  MIXED,
  multiNodeNote,
  noFigureReason,
  PER_ACCELERATOR_RULE_VERSION,
  type PerAccelerator,
  perAccelerator,
  perAcceleratorSentence,
  perAcceleratorValue,
  perGivenAccelerators,
  RULE_METHOD,
  RULE_SHORT,
} from "@/lib/context/per-accelerator";
