// Bounded memoization for pure normalizers that see the same inputs row after row (one system's software
// string, accelerator name and counts repeat across its results). Results are shared: callers must not mutate.

export function memoize<A, R>(fn: (arg: A) => R, keyOf: (arg: A) => string, max = 4096): (arg: A) => R {
  const cache = new Map<string, R>();
  return (arg: A): R => {
    const key = keyOf(arg);
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = fn(arg);
    if (cache.size >= max) cache.clear();
    cache.set(key, value);
    return value;
  };
}
