// The judge's fixed words, in a module of their own so client code (the explorer's chips) can take them without the
// rest of the judge. Pure.

/** How every page says the serving engine is unknown: one wording (explorer chips, result page, compare, overlay,
 * campaigns). */
export const ENGINE_UNKNOWN = "not named by the source";
