"""The Classic web tests use the database: the project's fixtures (alice, bob, their
clients) come from tests/conftest.py."""
