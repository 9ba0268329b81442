// Printing does not re-run the ResizeObserver that sizes a recharts chart, so in print the measured SVG is
// scaled by its viewBox to the printed column instead (A4 landscape is narrower than a desktop window).
export const PRINT_FIT =
  "print:!h-auto print:[&_.recharts-responsive-container]:!h-auto print:[&_.recharts-responsive-container>div]:!w-full print:[&_.recharts-wrapper]:!h-auto print:[&_.recharts-wrapper]:!w-full print:[&_svg]:!h-auto print:[&_svg]:!w-full";
