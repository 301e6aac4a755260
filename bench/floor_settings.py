"""The site's own settings with one more view, for bench/load.py: the tap's floor.

gunicorn runs the site with these settings (bench/ on PYTHONPATH) so that the floor is
served by the same server, middleware and database connection as the taps it bounds,
while the site itself carries no view that exists only for a benchmark.
"""

from config.settings import *  # noqa: F403 (these settings are the site's, plus one)

ROOT_URLCONF = "floor_urls"
