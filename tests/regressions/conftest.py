"""Regression tests that drive the UI reuse the headless UI fixtures (dummy drivers, throw-away data folder)."""

from tests.ui.conftest import app, data_dir  # noqa: F401 - fixtures are found by name
