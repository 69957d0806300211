"""Imported by every Python process the processes tests start (this folder is on their PYTHONPATH):
each stays on this machine."""

from tests.support.loopback import loopback_only

loopback_only()
