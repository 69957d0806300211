"""Discord without Discord: a REST stand-in on 127.0.0.1, payloads built from the command tree,
a test harness that drives the real bot, and a local console. Nothing here reaches Discord."""

from offline.conformance import Spec, Violation, load_spec
from offline.harness import CapturedError, OfflineDiscord, Record
from offline.payloads import ClientRefusal, Directory, PayloadBuilder
from offline.standin import Attachment, Event, Message, StandIn

__all__ = [
    "Attachment",
    "CapturedError",
    "ClientRefusal",
    "Directory",
    "Event",
    "Message",
    "OfflineDiscord",
    "PayloadBuilder",
    "Record",
    "Spec",
    "StandIn",
    "Violation",
    "load_spec",
]
