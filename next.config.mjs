/** @type {import('next').NextConfig} */
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

// BASE_PATH (e.g. /portal) is fixed when the portal is built: Next writes it into the pages, links and client code.
// lib/env.ts validates the same variable at start-up and refuses a server whose BASE_PATH differs from its build.
const basePath = process.env.BASE_PATH || '';
if (basePath && !/^(\/[A-Za-z0-9._~-]+)+$/.test(basePath)) {
  throw new Error(`BASE_PATH must look like /portal or /apps/portal (no trailing slash), got "${basePath}"`);
}

// Security headers for every response, static files and route handlers included (SECURITY 12). The CSP with its
// per-request nonce and HSTS (https only) are set per page by proxy.ts; route handlers add their own CSP (lib/bff).
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'same-origin' },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

const nextConfig = {
  reactStrictMode: true,
  // Parallel builds in one checkout (several people or agents testing at once) each use their own directory.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // `npm run build:standalone` (the container): a self-contained server in <distDir>/standalone.
  output: process.env.BUILD_STANDALONE === '1' ? 'standalone' : undefined,
  basePath,
  env: { NEXT_PUBLIC_BASE_PATH: basePath },
  poweredByHeader: false,
  // PGlite ships WASM and data files that must be loaded from node_modules at run time; argon2 and pg are native/optional.
  // pino stays a plain require so that its worker-thread parts are never bundled.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@node-rs/argon2',
    'pg',
    'kysely',
    'pino',
    'exceljs',
    'pg-boss',
  ],
  images: { unoptimized: true },
  // Some server modules touch the file system with computed paths, so the tracer copies the whole project into the
  // standalone output (scripts/build-standalone.mjs prunes it). Never test output or data: it changes mid-copy.
  outputFileTracingExcludes: {
    '**': [
      './test-results/**/*',
      './playwright-report/**/*',
      './coverage/**/*',
      './data/**/*',
      './.git/**/*',
    ],
  },
  // `npm run typecheck` checks the whole project; a build may skip repeating it (tests/deploy does, to save a minute).
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === '1' },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
  experimental: {
    // The session cookie is the only state; keep server actions off the table (we use route handlers).
    // Turbopack keeps a build cache in the dist directory (on by default in 16.4) that speeds a rebuild here; a CI
    // checkout builds each directory once, so writing and compacting it is only cost (about 25 s a build).
    turbopackFileSystemCacheForBuild: process.env.CI !== 'true',
  },
};

export default withNextIntl(nextConfig);
