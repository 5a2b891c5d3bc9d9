# syntax=docker/dockerfile:1.7
#
# One Dockerfile, several targets (docker-compose.yml picks them):
#   api              (default, last stage) the HTTP API; also runs the projections worker with another command
#   admin-portal     nginx serving admin-portal/dist
#   customer-portal  nginx serving customer-portal/dist
# The portals read their API address at run time from /config.json, written at container start from PUBLIC_API_URL.

# ---------------------------------------------------------------- dependencies (shared by every Node stage)
FROM node:20-slim AS deps
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
# Full install: the API runs TypeScript through tsx, a development dependency.
RUN --mount=type=cache,target=/root/.npm npm ci

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
ENV PUBLIC_API_URL=http://localhost:8080 \
    CSP_CONNECT_EXTRA="" \
    CSP_STYLE_SRC="'self'"
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

    # Client-side routes (/docSearch/..., /document/list, ...) all load the app.
    location / {
        expires -1;
        try_files $uri /index.html;
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
# The eIFU site (issue 20): a label's GS1 Digital Link (/01/...) and the documents' permalinks (/p/...) are printed
# under this domain and answered by the API, with the API's own headers (its page CSP): an add_header in the location
# stops the server's headers from being added on top.
ENV API_UPSTREAM=http://api:8080
COPY <<'EOF' /etc/nginx/templates/locations/eifu.conf.template
location ~ ^/(01|p)/ {
    limit_except GET { deny all; }
    proxy_pass ${API_UPSTREAM};
    proxy_set_header Host $proxy_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    add_header X-Content-Type-Options "nosniff" always;
}
EOF
COPY --from=customer-portal-build /app/customer-portal/dist /usr/share/nginx/html

# ---------------------------------------------------------------- API and projections worker (default target)
FROM deps AS api
# HOST: the API listens on every interface of the container (its default is loopback only); the published port is the way in.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    API_PORT=8080 \
    DATA_DIR=/app/data
COPY . .
# DATA_DIR holds uploaded files; /app/audit the audit checkpoints (AUDIT_CHECKPOINTS_FILE in docker-compose.yml).
# docker-compose.yml mounts a volume on each (a new volume takes this ownership).
RUN mkdir -p /app/data /app/audit && chown node:node /app/data /app/audit
USER node
EXPOSE 8080
# tsx is installed locally (node_modules/.bin), so npx runs it without downloading anything.
CMD ["npx", "tsx", "services/src/server.ts"]
