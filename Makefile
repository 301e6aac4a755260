# Two commands do all set-up (README): `make run` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The tests run against the real PostgreSQL and Redis.
TEST_ENV := DATABASE_URL=$${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test} \
	REDIS_URL=$${TEST_REDIS_URL:-redis://127.0.0.1:6379/0} \
	SECRET_KEY=test-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz \
	DEBUG=0 SECURE_SSL_REDIRECT=0 SECURE_COOKIES=0 STATIC_MANIFEST=0 ALLOWED_HOSTS=testserver,localhost,127.0.0.1
# The embedded default: SQLite, tasks in-process, local-memory cache.
RUN_ENV := DEBUG=1 DATABASE_URL= REDIS_URL=

# The same with the live stream beside it, for tables of several humans (needs a local
# Redis; tasks still run in-process). Plain `make run` polls instead.
LIVE_ENV := DEBUG=1 DATABASE_URL= REDIS_URL=$${REDIS_URL:-redis://127.0.0.1:6379/0} \
	CELERY_TASK_ALWAYS_EAGER=1 TABLE_STREAM_URL=http://127.0.0.1:8001

.PHONY: run run-live test venv core lint bench chromium

venv: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || $${PYTHON:-$$(scripts/find-python)} -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

# The Solitaire solver's core, compiled in place when its source is newer
# (docs/solitaire.md#the-solvers-core; needs a C compiler).
core: venv
	@$(PY) scripts/build-core >/dev/null

run: core
	$(RUN_ENV) $(PY) manage.py migrate --noinput
	$(RUN_ENV) $(PY) manage.py runserver 127.0.0.1:8000

run-live: core
	$(LIVE_ENV) $(PY) manage.py migrate --noinput
	$(LIVE_ENV) $(VENV)/bin/uvicorn games.tables.stream:app --host 127.0.0.1 --port 8001 \
	  --log-level warning & stream=$$!; trap 'kill $$stream 2>/dev/null' EXIT INT TERM; \
	  $(LIVE_ENV) $(PY) manage.py runserver 127.0.0.1:8000

# Debian's Chromium drives the browser tests (Playwright cannot download its own here).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "Browser tests need Debian's chromium: sudo apt-get install chromium" >&2; fi; }

# The suite runs in TEST_WORKERS processes (pytest-xdist), each with a PostgreSQL and a
# Redis database of its own (docs/site.md#the-tests-in-parallel); TEST_WORKERS=0 runs it
# in this one. ARGS come after, so `ARGS="-n 0 ..."` overrides the count too.
TEST_WORKERS ?= 2

test: core chromium
	$(TEST_ENV) $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal $(ARGS)

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
