# syntax=docker/dockerfile:1.7
#
# One Dockerfile, several targets (docker-compose.yml picks them):
#   api              (default, last stage) the HTTP API, compiled (`npm run build:server`) and run by node, not tsx;
#                    also runs the projections worker and the CLIs with another command (node dist/server/<name>.js)
#   admin-portal     nginx serving admin-portal/dist
#   customer-portal  nginx serving customer-portal/dist
# The portals read their API address at run time from /config.json, written at container start from PUBLIC_API_URL.
# Not built in this project's CI (its machine has no Docker engine): `npm run build:server` and the compiled server's
# production test are, and `npm run lint:compose` checks docker-compose.yml.

# ---------------------------------------------------------------- build tools (build stages only)
# argon2's install script loads its prebuilt binary and compiles from source when that fails, which needs python3,
# make and g++. On Debian 12 (node:20-slim's base) the prebuilt glibc binary of argon2 0.45 crashed (segfault) on our
# development machine, so compiling must be possible. The final images carry no compiler.
FROM node:20-slim AS node-build
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*

# ---------------------------------------------------------------- dependencies (shared by every Node stage)
FROM node-build AS deps
WORKDIR /app
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
# Only the manifests first, so `npm ci` is cached until a dependency changes.
# Keep this list in step with "workspaces" in package.json.
COPY package.json package-lock.json ./
COPY services/package.json services/
COPY services/contracts/package.json services/contracts/
COPY services/storage/package.json services/storage/
COPY projections/package.json projections/
COPY admin-portal/package.json admin-portal/
COPY customer-portal/package.json customer-portal/
# Full install: the portals' builds and the server's (esbuild) need the development dependencies.
RUN --mount=type=cache,target=/root/.npm npm ci

# ---------------------------------------------------------------- production dependencies only (the api image's)
# The compiled server bundles the workspace packages (@ifu/*) and loads every other package from node_modules: the
# runtime dependencies of the server's workspaces, none of the portals' or the development ones.
FROM node-build AS runtime-deps
WORKDIR /app
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
COPY package.json package-lock.json ./
COPY services/package.json services/
COPY services/contracts/package.json services/contracts/
COPY services/storage/package.json services/storage/
COPY projections/package.json projections/
COPY admin-portal/package.json admin-portal/
COPY customer-portal/package.json customer-portal/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev \
    --workspace services --workspace services/contracts --workspace services/storage --workspace projections

# ---------------------------------------------------------------- the compiled server (dist/server/*.js)
FROM deps AS server-build
COPY . .
RUN npm run build:server

# ---------------------------------------------------------------- portal builds
FROM deps AS admin-portal-build
COPY . .
RUN npm run build -w admin-portal

FROM deps AS customer-portal-build
COPY . .
RUN npm run build -w customer-portal

# ---------------------------------------------------------------- static portal server
FROM nginx:alpine AS portal-base
# Defaults; docker-compose.yml sets PUBLIC_API_URL. CSP_CONNECT_EXTRA lists further origins the portal may call
# (space-separated), e.g. the geolocation service of the customer search.
# SPA_FALLBACK: what a path that is not a file answers: the app (/index.html) for any path, or =404 where the portal
# names its client routes itself (the customer portal).
ENV PUBLIC_API_URL=http://localhost:8080 \
    CSP_CONNECT_EXTRA="" \
    CSP_STYLE_SRC="'self'" \
    SPA_FALLBACK=/index.html
RUN rm -rf /usr/share/nginx/html/* /etc/nginx/conf.d/default.conf

# The nginx image renders /etc/nginx/templates/*.template into /etc/nginx/conf.d/ with envsubst at start.
# Only headers set at server level: `expires` (not add_header) in locations keeps them inherited.
COPY <<'EOF' /etc/nginx/templates/default.conf.template
server {
    listen 80;
    server_name _;
    root /usr/share/nginx/html;
    server_tokens off;
    charset utf-8;

    gzip on;
    gzip_comp_level 6;
    gzip_min_length 512;
    gzip_types text/css application/javascript application/json image/svg+xml;

    add_header Content-Security-Policy "default-src 'self'; script-src 'self'; style-src ${CSP_STYLE_SRC}; img-src 'self' data: blob: ${PUBLIC_API_URL}; font-src 'self' data:; connect-src 'self' ${PUBLIC_API_URL} ${CSP_CONNECT_EXTRA}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'" always;
    add_header X-Content-Type-Options "nosniff" always;
    add_header X-Frame-Options "DENY" always;
    # The emailed search link carries the encrypted visitor email in its query string: never pass it on.
    add_header Referrer-Policy "no-referrer" always;
    add_header Permissions-Policy "camera=(), microphone=(), geolocation=()" always;

    # Run-time configuration: always fresh.
    location = /config.json {
        expires -1;
        try_files $uri =404;
    }

    # Hashed build output: cache for ever; a missing file is a 404, not the app.
    location /assets/ {
        expires max;
        try_files $uri =404;
    }

    # Further locations of one portal (the customer portal's eIFU addresses); none for the admin portal.
    include /etc/nginx/conf.d/locations/*.conf;

    # Client-side routes (/docSearch/..., /document/list, ...) load the app (SPA_FALLBACK above).
    location / {
        expires -1;
        try_files $uri ${SPA_FALLBACK};
    }
}
EOF

# Writes /config.json from PUBLIC_API_URL before nginx starts (the image runs /docker-entrypoint.d/*.sh in order).
COPY --chmod=755 <<'EOF' /docker-entrypoint.d/40-ifu-config-json.sh
#!/bin/sh
set -eu
url="${PUBLIC_API_URL:?PUBLIC_API_URL must be set to the public address of the API}"
case "$url" in
  http://*|https://*) ;;
  *) echo "PUBLIC_API_URL must start with http:// or https:// (got: $url)" >&2; exit 1 ;;
esac
case "$url" in
  *'"'*|*'\'*|*' '*) echo "PUBLIC_API_URL must not contain quotes, backslashes or spaces" >&2; exit 1 ;;
esac
printf '{ "apiUrl": "%s" }\n' "$url" > /usr/share/nginx/html/config.json
echo "$0: /config.json points the portal at $url"
EOF

EXPOSE 80
HEALTHCHECK --interval=30s --timeout=5s --start-period=5s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1/config.json || exit 1

FROM portal-base AS admin-portal
# MUI (emotion) injects <style> elements at run time.
ENV CSP_STYLE_SRC="'self' 'unsafe-inline'"
COPY --from=admin-portal-build /app/admin-portal/dist /usr/share/nginx/html

FROM portal-base AS customer-portal
# The eIFU site: a label's GS1 Digital Link (/01/...), a compressed one (/{base64url}), the documents' permalinks
# (/p/...) and the GS1 resolver description file are printed or looked up under this domain and answered by the API,
# with the API's own headers (its page CSP, its CORS for the resolver): an add_header in a location stops the server's
# headers from being added on top. GET, HEAD and OPTIONS (the resolver's CORS) only.
# The portal's client routes are named here (customer-portal/src/config/paths.ts, scripts/portal-server.ts keeps the
# same list): any other path is not found, 404 with the app, which shows its not-found page.
# The load balancer in front of the API instances (service nginx of docker-compose.yml).
ENV API_UPSTREAM=http://nginx:80 \
    SPA_FALLBACK==404
COPY <<'EOF' /etc/nginx/templates/locations/eifu.conf.template
error_page 404 /index.html;

location = /.well-known/gs1resolver {
    limit_except GET OPTIONS { deny all; }
    proxy_pass ${API_UPSTREAM};
    proxy_set_header Host $proxy_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    add_header X-Content-Type-Options "nosniff" always;
}

location ~ ^/(01|p)/ {
    limit_except GET OPTIONS { deny all; }
    proxy_pass ${API_UPSTREAM};
    proxy_set_header Host $proxy_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    add_header X-Content-Type-Options "nosniff" always;
}

location ~ "^/(docSearch/[^/]+|customerDocSearch|contactus|paperCopy/[^/]+)/?$" {
    expires -1;
    try_files /index.html =404;
}

# What the API does not read as a compressed Digital Link (its 404) is not found here either.
location ~ "^/[A-Za-z0-9_-]{8,150}$" {
    limit_except GET OPTIONS { deny all; }
    proxy_pass ${API_UPSTREAM};
    proxy_set_header Host $proxy_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_intercept_errors on;
    add_header X-Content-Type-Options "nosniff" always;
}
EOF
COPY --from=customer-portal-build /app/customer-portal/dist /usr/share/nginx/html

# ---------------------------------------------------------------- API and projections worker (default target)
# Only node, the production dependencies and the compiled output: no sources, no tsx, no compiler.
FROM node:20-slim AS api
WORKDIR /app
# HOST: the API listens on every interface of the container (its default is loopback only); the published port is the way in.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    API_PORT=8080 \
    DATA_DIR=/app/data
COPY --from=runtime-deps /app/node_modules ./node_modules
# The root package.json says "type": "module": node loads dist/server/*.js as ES modules.
COPY --from=runtime-deps /app/package.json ./
COPY --from=server-build /app/dist/server ./dist/server
# DATA_DIR holds uploaded files; /app/audit the audit checkpoints (AUDIT_CHECKPOINTS_FILE in docker-compose.yml).
# docker-compose.yml mounts a volume on each (a new volume takes this ownership). Everything else stays root's: the
# node user cannot change the code it runs.
RUN mkdir -p /app/data /app/audit && chown node:node /app/data /app/audit
USER node
EXPOSE 8080
# /ready answers 200 once the database and the event log are reachable (no curl in the slim image: node's fetch).
# The projections worker has no HTTP port: docker-compose.yml gives it a check of its own.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.API_PORT || 8080) + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Source maps make a stack trace name the TypeScript file and line.
CMD ["node", "--enable-source-maps", "dist/server/server.js"]
