"""Settings, all read from the environment (docs/site.md#settings-from-the-environment).

With nothing set, this is the embedded default for `make run`: SQLite, Celery tasks
run in-process, a local-memory cache. Production sets DATABASE_URL, REDIS_URL,
SECRET_KEY and ALLOWED_HOSTS; DEBUG is off unless asked for.
"""

import os
import re
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_str(name: str, default: str = "") -> str:
    """The variable's value; unset and empty both mean the default."""
    return os.environ.get(name) or default


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in {"1", "true", "yes", "on"}:
        return True
    if value.lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean, not {value!r}")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, not {value!r}") from None


def env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return float(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number, not {value!r}") from None


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in env_str(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "insecure-development-key-only-for-debug"
# Sessions are signed cookies (docs/site.md#sessions): a new key logs everybody out
# unless the old one stays here for a while.
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "accounts",
    "games.solitaire",
    "games.tables",
    "games.sanma",
    "games.classic",
    "leaderboards",
]

MIDDLEWARE = [
    "config.limits.RequestBodyLimit",  # first: an oversized body is refused unread
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.AccountLanguage",  # an account's chosen language over the browser's
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a locked-out log-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

# Size limits (docs/site.md#size-limits). The largest form of the site is the replay's
# upload of a game export (at most 1 MB, games/solitaire/exports.py): a body over that
# and its form's overhead is refused unread; the fields of a form (everything but its
# files) take at most 1 MB, and one file at most is uploaded per request.
MAX_REQUEST_BYTES = 1_100_000
DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000_000
FILE_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BYTES  # an upload stays in memory, never on disk
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000
DATA_UPLOAD_MAX_NUMBER_FILES = 1

# Seconds without a move before the gentle help may show a pair
# (docs/solitaire.md#gentle-help); the browser tests lower it.
GENTLE_HELP_SECONDS = 20

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses log-ins while locked out
    "django.contrib.auth.backends.ModelBackend",
]

# Failed log-ins are throttled per account and address together
# (docs/site.md#sign-up-and-log-in): whoever guesses at somebody's name locks only that
# name from their own address, never its owner elsewhere nor the others behind a shared
# address.
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15))
# No reset on success: a success from one address would wipe that address's failures
# against other accounts too.
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"

# Sign-up and password resets are rate limited per address and per target e-mail
# (docs/site.md#rate-limits), in a moving window kept in Redis. Every post of the form
# counts for its address; a post that would send a mail also counts for the address it
# goes to, so that nobody can fill an inbox. So are room codes tried and rooms and
# tables opened (games/limits.py).
# RATE_LIMIT_STORAGE: Redis, as the cache (below).
RATE_LIMITS = {
    "sign-up per address": "20/hour",
    "confirmation per e-mail": "3/hour",
    "reset per address": "20/hour",
    "reset per e-mail": "3/hour",
    # The table games (docs/tables.md#limits-on-what-one-visitor-opens): room codes
    # that lead nowhere, tried from one address; rooms opened and practice tables
    # started by one player (an account or a guest's session) and from one address.
    "room codes not found per address": "20/hour",
    "rooms per player": "10/hour",
    "rooms per address": "30/hour",
    "tables per player": "30/hour",
    "tables per address": "90/hour",
    # The lobby's queue (docs/tables.md#lobby-and-rating): joins by one player and
    # from one address.
    "queue joins per player": "60/hour",
    "queue joins per address": "180/hour",
}
AXES_CLIENT_IP_CALLABLE = "games.addresses.client_ip"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.site",  # the styles worn, the guest notice
                "games.tables.context_processors.table_games",  # the header's games
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("DB_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Its health check costs no round trip (docs/site.md#database-connections).
    DATABASES["default"]["ENGINE"] = "config.postgresql"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


def redis_url_of_test_worker(url: str, worker: str) -> str:
    """The Redis URL of one pytest-xdist worker (``gw0``, ``gw1``, ...): worker N uses the
    database N after the URL's, as it uses a PostgreSQL database of its own, so that no
    two workers share (or flush) one cache, broker or rate limit
    (docs/site.md#the-tests-in-parallel)."""
    number = re.fullmatch(r"gw(\d+)", worker)
    parts = urlsplit(url)
    database = parts.path.strip("/") or "0"
    if number is None or not database.isdigit():
        raise ImproperlyConfigured(
            f"a test worker needs a worker id like gw0 and a Redis URL ending in a database "
            f"number, not {worker!r} and {url!r}"
        )
    return parts._replace(path=f"/{int(database) + int(number[1])}").geturl()


# Redis is the cache and the Celery broker. Without REDIS_URL (make run) the cache is
# local memory and tasks run in-process. A parallel test worker derives its own.
REDIS_URL = env_str("REDIS_URL")
if REDIS_URL and env_str("PYTEST_XDIST_WORKER"):
    REDIS_URL = redis_url_of_test_worker(REDIS_URL, env_str("PYTEST_XDIST_WORKER"))
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "mahjong"),
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

RATE_LIMIT_STORAGE = REDIS_URL or "memory://"
CELERY_BROKER_URL = REDIS_URL or "memory://"
# kombu's Redis transport with one fix, so that a worker rides out a Redis restart
# (config/broker.py, docs/site.md#redis-restarted).
CELERY_BROKER_TRANSPORT = "config.broker:Transport" if REDIS_URL else None
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker waits out a Redis outage of any length, trying again every 30 s at most
# (Celery's default gives up after 100 tries, about 45 minutes, and the worker exits).
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = "UTC"
# One beat process runs this (README). The daily puzzles of the next 30 days are dealt
# and verified a few minutes into each UTC day; a missed run only costs the first
# player of a day a second, as the page computes a missing day on the spot.
CELERY_BEAT_SCHEDULE = {
    "precompute-daily-puzzles": {
        "task": "solitaire.precompute_daily_puzzles",
        "schedule": crontab(hour=0, minute=5),
    },
    "clear-stale-guest-data": {
        "task": "solitaire.clear_stale_guest_data",
        "schedule": crontab(hour=3, minute=30),
    },
    # Rooms nobody used for ROOM_IDLE_MINUTES close (docs/tables.md#rooms).
    "expire-rooms": {
        "task": "tables.expire_rooms",
        "schedule": crontab(minute="*/10"),
    },
    # Tables nobody played at for TABLE_ABANDONED_HOURS are played to their end
    # (docs/tables.md#every-started-table-counts).
    "finish-abandoned-tables": {
        "task": "tables.finish_abandoned",
        "schedule": crontab(minute="*/30"),
    },
    # The lobbies' match-maker (docs/tables.md#lobby-and-rating); every waiting
    # player's page runs it too, so that it works without a beat.
    "match-lobbies": {
        "task": "tables.match_lobbies",
        "schedule": 5.0,
    },
}

# Tables of several humans (docs/tables.md#turn-timers, #live-updates, #rooms). Each
# decision has TABLE_DECISION_SECONDS plus a bank of TABLE_BANK_SECONDS per hand, as
# Tenhou's 5 + 10; a hand's result shows TABLE_RESULT_SECONDS before the table goes
# on; after TABLE_AWAY_AFTER_TIMEOUTS decisions in a row taken by the server a seat is
# away. The tests shorten them.
TABLE_DECISION_SECONDS = env_float("TABLE_DECISION_SECONDS", 5.0)
TABLE_BANK_SECONDS = env_float("TABLE_BANK_SECONDS", 10.0)
TABLE_RESULT_SECONDS = env_float("TABLE_RESULT_SECONDS", 15.0)
TABLE_AWAY_AFTER_TIMEOUTS = env_int("TABLE_AWAY_AFTER_TIMEOUTS", 2)
# Every started table counts (docs/tables.md#every-started-table-counts): a player has at
# most TABLE_UNFINISHED_LIMIT running tables against bots of one game (a new one leaves
# the oldest, which the server plays to its end), and a table nobody played at for
# TABLE_ABANDONED_HOURS is played to its end too.
TABLE_UNFINISHED_LIMIT = env_int("TABLE_UNFINISHED_LIMIT", 2)
TABLE_ABANDONED_HOURS = env_float("TABLE_ABANDONED_HOURS", 24.0)
# The lobbies' quick match (docs/tables.md#lobby-and-rating): after LOBBY_WAIT_SECONDS
# bots of LOBBY_BOT_LEVEL fill the empty seats; without the live stream the lobby page
# asks every LOBBY_POLL_SECONDS; a rating is provisional until LOBBY_PROVISIONAL_GAMES
# rated tables.
LOBBY_WAIT_SECONDS = env_float("LOBBY_WAIT_SECONDS", 20.0)
LOBBY_BOT_LEVEL = env_str("LOBBY_BOT_LEVEL") or "normal"
LOBBY_POLL_SECONDS = env_float("LOBBY_POLL_SECONDS", 2.0)
LOBBY_PROVISIONAL_GAMES = env_int("LOBBY_PROVISIONAL_GAMES", 5)
# Where pages find the live stream (games/tables/stream.py run by uvicorn): a path
# the load balancer sends there ("/live") or an address of its own
# ("http://127.0.0.1:8001"). Unset: no stream, pages poll every TABLE_POLL_SECONDS.
TABLE_STREAM_URL = env_str("TABLE_STREAM_URL")
TABLE_POLL_SECONDS = env_float("TABLE_POLL_SECONDS", 2.0)
# A page counts as open this long after it last asked for its table; a connected stream
# counts as open until it closes (docs/tables.md#turn-timers).
TABLE_PAGE_OPEN_SECONDS = env_float("TABLE_PAGE_OPEN_SECONDS", 10.0)
# The live stream's caps (docs/tables.md#what-the-stream-refuses): streams in all (kept
# below the process's descriptor limit, with headroom), per client address and per key
# (one seat of one table); refusals are logged as one line per TABLE_STREAM_LOG_SECONDS.
TABLE_STREAM_MAX = env_int("TABLE_STREAM_MAX", 20_000)
TABLE_STREAM_PER_CLIENT = env_int("TABLE_STREAM_PER_CLIENT", 40)
TABLE_STREAM_PER_KEY = env_int("TABLE_STREAM_PER_KEY", 6)
TABLE_STREAM_LOG_SECONDS = env_float("TABLE_STREAM_LOG_SECONDS", 60.0)
ROOM_IDLE_MINUTES = env_int("ROOM_IDLE_MINUTES", 120)

# Games live with the session, so a session must survive an outage of Redis (and of
# the database): it lives in a signed cookie, which also costs a request no round trip
# (docs/site.md#sessions). Log-out ends an account's sessions everywhere (accounts.User).
SESSION_ENGINE = "config.sessions"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365

# Argon2 first: memory-hard, and under half the CPU of Django's PBKDF2 per log-in here,
# which made log-ins the first bottleneck under load. Older hashes upgrade on log-in.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The site's languages (docs/site.md#languages); each page-long text has a template per
# language, English the fallback (games/languages.py).
LANGUAGES = [("en", _("English")), ("de", _("German")), ("fi", _("Finnish")), ("da", _("Danish"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# A guest's choice of language is kept for a year, like the games of the session.
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Hashed names need `collectstatic` first; tests and `make run` serve the sources.
STATIC_MANIFEST = env_bool("STATIC_MANIFEST", not DEBUG)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if STATIC_MANIFEST
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = not STATIC_MANIFEST
WHITENOISE_AUTOREFRESH = DEBUG

# Mail for password resets: the console in development, SMTP from the environment in
# production (Django 6.1's MAILERS).
if env_bool("EMAIL_TO_CONSOLE", DEBUG):
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
else:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": env_str("EMAIL_HOST", "localhost"),
                "port": env_int("EMAIL_PORT", 587),
                "username": env_str("EMAIL_HOST_USER"),
                "password": env_str("EMAIL_HOST_PASSWORD"),
                "use_tls": env_bool("EMAIL_USE_TLS", True),
            },
        }
    }
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Mahjong <noreply@localhost>")

# Security: safe defaults in production, relaxed only by DEBUG or explicit settings.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
BEHIND_PROXY = env_bool("BEHIND_PROXY", False)
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
X_FRAME_OPTIONS = "DENY"
_stream = urlsplit(TABLE_STREAM_URL)
_stream_origin = f"{_stream.scheme}://{_stream.netloc}" if _stream.netloc else ""
# No inline script anywhere; style attributes carry only tile coordinates.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "style-src-attr": [CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    # The live stream may have an address of its own (TABLE_STREAM_URL).
    "connect-src": [CSP.SELF, *[origin for origin in [_stream_origin] if origin]],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.SELF],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "INFO"}},
}
