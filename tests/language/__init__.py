"""Tests of the API specification, the registry and the typed stubs."""
