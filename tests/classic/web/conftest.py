"""The Classic web tests use the database: the project's fixtures (alice, bob, their
clients) come from tests/conftest.py. Run without Django (``-p no:django``, the engine
tests alone) they are left out."""


def pytest_ignore_collect(collection_path, config):
    return not config.pluginmanager.hasplugin("django")
