# One image per service: `--target api` or `--target gateway` (the gateway carries the built console
# and the consumer landing's server renderer).

FROM node:22-bookworm-slim AS base
WORKDIR /app
ENV NODE_ENV=production

# --- the workspace manifests, shared by every install below ---------------------------------------
FROM base AS manifests
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/client/package.json packages/client/
COPY services/api/package.json services/api/
COPY services/gateway/package.json services/gateway/
COPY services/web/package.json services/web/
COPY tests/package.json tests/

# --- all dependencies, for building -------------------------------------------------------------
FROM manifests AS deps
RUN npm ci --include=dev --no-audit --no-fund

FROM deps AS build
COPY tsconfig.base.json ./
COPY packages packages
COPY services services
RUN npm run build

# --- production dependencies of one service -----------------------------------------------------
FROM manifests AS api-deps
RUN npm ci --omit=dev --no-audit --no-fund --workspace services/api --include-workspace-root=false \
 && mkdir -p services/api/node_modules

FROM manifests AS gateway-deps
RUN npm ci --omit=dev --no-audit --no-fund --workspace services/gateway --include-workspace-root=false \
 && mkdir -p services/gateway/node_modules

# --- runtime images -------------------------------------------------------------------------------
FROM base AS api
COPY --from=api-deps /app/node_modules node_modules
COPY --from=api-deps /app/services/api/node_modules services/api/node_modules
COPY --from=build /app/packages/shared/package.json packages/shared/
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY --from=build /app/services/api/package.json services/api/
COPY --from=build /app/services/api/dist services/api/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
ENV HOST=0.0.0.0 PORT=4000 DATA_DIR=/app/data
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "services/api/dist/server.js"]

FROM base AS gateway
COPY --from=gateway-deps /app/node_modules node_modules
COPY --from=gateway-deps /app/services/gateway/node_modules services/gateway/node_modules
COPY --from=build /app/packages/shared/package.json packages/shared/
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY --from=build /app/services/gateway/package.json services/gateway/
COPY --from=build /app/services/gateway/dist services/gateway/dist
COPY --from=build /app/services/web/dist services/web/dist
# The consumer landing's server renderer (decision 042): one self-contained module, next to the web
# build whose manifests (dist/.vite/landing-manifest.json, landing-draft-manifest.json) name the landing's scripts.
COPY --from=build /app/services/web/dist-ssr services/web/dist-ssr
USER node
ENV HOST=0.0.0.0 PORT=3000
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "services/gateway/dist/server.js"]
