# syntax=docker/dockerfile:1
# LAMP in one container: the static front end, /api/v1 and /api/spotlight on port 8080, with the
# demo fixtures. Data lives in the /data volume (a directory: lowdb writes a temp file and renames
# it, which fails on a single bind-mounted file).
#
# Demo mode (the default here) must never hold real data: its personas share a published password.
# Test control answers only inside the container unless LAMP_TEST_CONTROL_TOKEN is set
# (docker run -e LAMP_TEST_CONTROL_TOKEN=...; send it as the x-lamp-test-control-token header).
# Behind a TLS-terminating proxy set LAMP_TRUST_PROXY=true (and only then).
# Production: LAMP_MODE=production, SESSION_SECRET, LINK_SECRET, LAMP_PUBLIC_URL, and on the first
# start LAMP_BOOTSTRAP_ADMIN_EMAIL / LAMP_BOOTSTRAP_ADMIN_PASSWORD (see the README).

FROM node:24-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ENV ASTRO_TELEMETRY_DISABLED=1
RUN npm run build \
 && node scripts/install-production.ts /app

FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    LAMP_MODE=demo \
    HOST=0.0.0.0 \
    PORT=8080 \
    LAMP_DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/main.ts"]
