// The one CPU vocabulary: words that name a host processor (vendor, brand, product line or Intel/AMD code name),
// so a platform group such as "2xEPYC" or "4xXeon" counts host CPUs, not accelerators. Pure.

/** Lower-case starts of host-processor names, as submitters write them in platform ids. */
export const CPU_WORDS = [
  "epyc",
  "xeon",
  "platinum",
  "gold",
  "silver",
  "bronze",
  "core",
  "ryzen",
  "threadripper",
  "grace",
  "turin",
  "genoa",
  "emr",
  "spr",
  "gnr",
  "cpu",
] as const;

const CPU_NAME = new RegExp(`^(${CPU_WORDS.join("|")})`, "i");

/** Does this platform-group name start with a host-processor word? `"EPYC"` → true, `"MI300X"` → false. */
export function isCpuName(name: string): boolean {
  return CPU_NAME.test(name);
}
