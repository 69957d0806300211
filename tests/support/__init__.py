"""Test-only helpers: a tiny game exercising every flow the host supports."""
