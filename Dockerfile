# syntax=docker/dockerfile:1
# The funnel's production image (issue 30, docs/decisions/0029-packaging.md), in three stages:
#   build    every dependency; the web app and the server bundled (npm run build)
#   deps     production dependencies only, better-sqlite3 compiled for this Node
#   runtime  what runs: no compiler, no dev dependency, no TypeScript source, a non-root user
# No container daemon runs where this project is tested: scripts/check-image.mjs reads this file's runtime
# stage (its COPY lines, ENV, USER, CMD and HEALTHCHECK) and does the same in a clean folder, then starts
# the server that way and runs the health check. Keep each instruction of the runtime stage on one line.
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/funnel/package.json packages/funnel/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/funnel/package.json packages/funnel/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund --workspace @app/server --workspace @app/web

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json LICENSE NOTICE ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/server/config apps/server/config
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "apps/server/dist/healthcheck.js"]
CMD ["node", "apps/server/dist/main.js"]
