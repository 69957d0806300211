"""A pytest plugin (`-p offline.pytest_plugin`, set in pyproject.toml): says whether the stand-in
checked requests against Discord's API description, and how many, so a run without the spec file
says plainly that the conformance check was not run."""

from __future__ import annotations

from typing import Any

from offline.conformance import SPEC_ENV, Spec, default_spec


def _spec() -> tuple[Spec | None, str]:
    try:
        return default_spec()
    except (OSError, ValueError) as error:
        return None, str(error)


def pytest_report_header(config: Any) -> str:
    spec, status = _spec()
    if spec is None:
        return f"Discord API conformance check NOT run: {status}"
    return f"Discord API conformance: requests checked against {status}"


def pytest_terminal_summary(terminalreporter: Any) -> None:
    spec, status = _spec()
    if spec is None:
        terminalreporter.write_sep("=", "Discord API conformance check NOT run", yellow=True, bold=True)
        terminalreporter.write_line(f"{status}; set {SPEC_ENV} to the spec's openapi.json to run it.")
        return
    terminalreporter.write_line(
        f"Discord API conformance: {spec.checked} requests checked against {spec.source}, "
        f"{spec.refused} refused (the tests' deliberately broken ones included)."
    )
