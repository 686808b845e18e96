# Dominó server: one container, SQLite on the /data volume by default.
# PostgreSQL: docker run -e DOMINO_DATABASE_URL=postgresql+asyncpg://user:pass@host/db ...
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DOMINO_HOST=0.0.0.0 \
    DOMINO_PORT=8000 \
    DOMINO_DATABASE_URL=sqlite+aiosqlite:////data/domino.sqlite3

RUN groupadd --system --gid 10001 domino \
    && useradd --system --uid 10001 --gid domino --home-dir /app --no-create-home domino \
    && mkdir -p /data \
    && chown domino:domino /data

# The wheel carries the web client and the migrations (setup.py bundles them).
WORKDIR /app
COPY pyproject.toml setup.py MANIFEST.in README.md alembic.ini ./
COPY src ./src
COPY web ./web
COPY migrations ./migrations
RUN pip install --no-cache-dir . \
    && rm -rf /app/src /app/web /app/migrations /app/build

USER 10001:10001
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import os, sys, urllib.request; port = os.environ.get('DOMINO_PORT', '8000'); sys.exit(urllib.request.urlopen(f'http://127.0.0.1:{port}/healthz', timeout=4).status != 200)"]
# `domino serve` migrates the database (Alembic) and then serves.
CMD ["domino", "serve"]
