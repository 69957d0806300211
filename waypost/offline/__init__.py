"""Discord without Discord: a REST stand-in on 127.0.0.1, payloads built from the command tree,
a test harness that drives the real bot, and a local console. Nothing here reaches Discord."""

from waypost.offline.harness import CapturedError, OfflineDiscord, Record
from waypost.offline.payloads import ClientRefusal, Directory, PayloadBuilder
from waypost.offline.standin import Attachment, Event, Message, StandIn

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
    "StandIn",
]
