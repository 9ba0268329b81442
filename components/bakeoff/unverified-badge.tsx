// The label every bake-off figure carries (MLCommons: results not reviewed by MLCommons must say so).
import { UNVERIFIED_LABEL } from "@/lib/context";

export function UnverifiedBadge({ withText = true }: { withText?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2" data-testid="unverified-badge">
      <span className="rounded border border-amber-600 bg-amber-100 px-1.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-200">
        UNVERIFIED
      </span>
      {withText && <span className="text-sm text-amber-900 dark:text-amber-200">{UNVERIFIED_LABEL}</span>}
    </span>
  );
}
