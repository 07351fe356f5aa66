/** @type {import('next').NextConfig} */
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig = {
  reactStrictMode: true,
  // Parallel builds in one checkout (several people or agents testing at once) each use their own directory.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // PGlite ships WASM and data files that must be loaded from node_modules at run time; argon2 and pg are native/optional.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'kysely'],
  images: { unoptimized: true },
  experimental: {
    // The session cookie is the only state; keep server actions off the table (we use route handlers).
  },
};

export default withNextIntl(nextConfig);
