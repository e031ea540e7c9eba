# One image for every app service of docker-compose.yml (setup, medusa-server, medusa-worker, web);
# the compose file picks the npm script with `command:`.

FROM node:24-bookworm-slim AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

# ---------------------------------------------------------------------------------------------
# The manifests alone: the npm ci layers below are rebuilt only when dependencies change.
# Every workspace of the root package.json needs its line here (tests/unit/docker-compose.test.ts checks).
FROM base AS manifests
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY plugins/accounts/package.json plugins/accounts/
COPY plugins/security-levels/package.json plugins/security-levels/
COPY plugins/catalogue/package.json plugins/catalogue/
COPY plugins/api-facade/package.json plugins/api-facade/
COPY plugins/shipping-methods/package.json plugins/shipping-methods/
COPY plugins/payments/package.json plugins/payments/
COPY plugins/orders/package.json plugins/orders/
COPY plugins/mail/package.json plugins/mail/
COPY medusa-backend/package.json medusa-backend/
COPY storefront/package.json storefront/
COPY admin/package.json admin/

# ---------------------------------------------------------------------------------------------
FROM manifests AS build
# Tests' browsers are not part of the image.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# The cache mount (BuildKit, Docker's default builder) keeps npm's download cache across builds.
RUN --mount=type=cache,target=/root/.npm npm ci

COPY . .
# Medusa compiles to medusa-backend/.medusa/server and the plugins to their .medusa/server:
# nothing is compiled when a container starts. MEDUSA_DASHBOARD=on bundles Medusa's dashboard too
# (docker-compose.yml passes the deployment's setting).
ARG MEDUSA_DASHBOARD=off
RUN npm run build

# ---------------------------------------------------------------------------------------------
# What runs needs only the dependencies of production: no TypeScript, SWC, vite, vitest or
# Playwright (devDependencies, used by the build stage above).
FROM manifests AS production-dependencies
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev

# ---------------------------------------------------------------------------------------------
FROM base AS runtime
# The malloc settings of launcher/lean-malloc.json (which would otherwise start each process again to
# apply them): memory a process frees goes back to the system.
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
# Production dependencies (with the workspaces' links and manifests), then only what the build
# made and the launcher, which Node runs from TypeScript by stripping its types.
COPY --from=production-dependencies --chown=node:node /app /app
COPY --from=build --chown=node:node /app/launcher /app/launcher
COPY --from=build --chown=node:node /app/contract/dist /app/contract/dist
COPY --from=build --chown=node:node /app/plugins/accounts/.medusa/server /app/plugins/accounts/.medusa/server
COPY --from=build --chown=node:node /app/plugins/security-levels/.medusa/server /app/plugins/security-levels/.medusa/server
COPY --from=build --chown=node:node /app/plugins/catalogue/.medusa/server /app/plugins/catalogue/.medusa/server
COPY --from=build --chown=node:node /app/plugins/shipping-methods/.medusa/server /app/plugins/shipping-methods/.medusa/server
COPY --from=build --chown=node:node /app/plugins/payments/.medusa/server /app/plugins/payments/.medusa/server
COPY --from=build --chown=node:node /app/plugins/orders/.medusa/server /app/plugins/orders/.medusa/server
COPY --from=build --chown=node:node /app/plugins/api-facade/.medusa/server /app/plugins/api-facade/.medusa/server
COPY --from=build --chown=node:node /app/plugins/mail/.medusa/server /app/plugins/mail/.medusa/server
COPY --from=build --chown=node:node /app/medusa-backend/.medusa/server /app/medusa-backend/.medusa/server
COPY --from=build --chown=node:node /app/storefront/dist /app/storefront/dist
COPY --from=build --chown=node:node /app/admin/dist /app/admin/dist
# DATA_DIR: uploaded product images (DATA_DIR/uploads) and, without SMTP_URL, the mails as .eml
# files (DATA_DIR/mail). A named volume mounted here starts with this directory's owner, so the
# non-root user can write to it.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8000 9000
CMD ["npm", "run", "start:web"]
