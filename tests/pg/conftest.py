"""The PostgreSQL fixtures (``pg_server``, ``pg_url``) for the tests under tests/pg."""

from tests.pg.server import pg_server, pg_url

__all__ = ["pg_server", "pg_url"]
