# syntax=docker/dockerfile:1
# The portal as one Node container: the standalone build (npm run build:standalone) on Node 24 LTS, as a non-root
# user, with DATA_DIR (embedded database, files, generated admin password) on a volume.
#
#   docker build -t cert-portal .                              # served at /
#   docker build --build-arg BASE_PATH=/portal -t cert-portal .  # served under a sub-path (fixed at build time)
#   docker run -p 3000:3000 -v portal-data:/data --env-file portal.env cert-portal
#
# Runtime configuration is the environment of README "Configuration" (NODE_ENV=production requires SESSION_SECRET,
# JWT_SIGNING_KEY, CLIENT_SECRET and PUBLIC_ORIGINS). Not tested here: Docker does not run on the build machines;
# tests/deploy runs the same standalone directory with the same command.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# The lock file lacks other platforms' optional packages (README, Installing): fall back to npm install.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ARG BASE_PATH=
ENV NEXT_TELEMETRY_DISABLED=1 BASE_PATH=${BASE_PATH}
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build:standalone

FROM ${NODE_IMAGE} AS runtime
# The same sub-path at run time: start-up refuses a BASE_PATH other than the build's, and the HEALTHCHECK uses it.
ARG BASE_PATH=
ENV BASE_PATH=${BASE_PATH} \
    NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# Only the runtime files: the standalone server, its traced node_modules, static assets, public/.
COPY --from=build --chown=node:node /app/.next/standalone ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /readyz: migrations done, upstream and database reachable, not draining.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+(process.env.BASE_PATH||'')+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM: readiness 503, in-flight requests finish (≤ 25 s), exit 0 (scripts/server.mjs). Give it 30 s.
STOPSIGNAL SIGTERM
# The server's Node flags (scripts/node-flags.mjs: the young generation capped, so a streamed upload's dead chunks are
# freed as it streams); tests/unit/architecture/node-flags.test.ts keeps this line and that file the same.
CMD ["node", "--scavenger-max-new-space-capacity-mb=8", "server.mjs"]
