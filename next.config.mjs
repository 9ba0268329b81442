/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
  reactStrictMode: true,
  // lets several builds live side by side (parallel local work); CI and `npm run setup` use the default
  distDir: process.env.NEXT_DIST_DIR || ".next",
};
export default nextConfig;
