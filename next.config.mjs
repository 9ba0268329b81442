// Security headers on every response. Next's runtime needs inline scripts/styles, so script-src keeps
// 'unsafe-inline' but nothing else: no eval, no third-party origins, no framing.
const policy = (script, ancestors) =>
  [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join("; ");
const CSP = policy("'self' 'unsafe-inline'", "'none'");
// /embed/* (issue 29): charts made for other sites' iframes. Any ancestor may frame them; they run no script at all.
const EMBED_CSP = policy("'none'", "*");

const SECURITY_HEADERS = [
  { key: "Content-Security-Policy", value: CSP },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), interest-cohort=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

const EMBED_HEADERS = [
  { key: "Content-Security-Policy", value: EMBED_CSP },
  ...SECURITY_HEADERS.filter(
    (h) => !["Content-Security-Policy", "X-Frame-Options", "Cross-Origin-Opener-Policy"].includes(h.key),
  ),
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ["better-sqlite3", "pg", "piscina", "esbuild"],
  poweredByHeader: false,
  reactStrictMode: true,
  // lets several builds live side by side (parallel local work); CI and `npm run setup` use the default
  distDir: process.env.NEXT_DIST_DIR || ".next",
  async headers() {
    return [
      // every path but /embed/… refuses framing
      { source: "/:path((?!embed(?:/|$)).*)", headers: SECURITY_HEADERS },
      { source: "/embed/:path*", headers: EMBED_HEADERS },
    ];
  },
};
export default nextConfig;
