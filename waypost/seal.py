"""Sealing a game's seed in an export, and signing the whole export: only the installation that
sealed and signed them can read the seed back or vouch for the file.

A game whose seed decides hidden things (a deck's order) must not hand the seed to whoever holds
an export. The seal is `nonce ‖ seed XOR HMAC(key, nonce) ‖ HMAC(key, nonce ‖ ciphertext)`
(SHA-256, a fresh 16-byte nonce, a 16-byte tag), base64url, behind the prefix "sealed:". The
signature (`Signer`) is `HMAC(key, "export:" ‖ the file's canonical text)`, base64url, behind the
prefix "mac:": a file whose signature checks is exactly one this installation wrote. The key is
the installation's own (`Store.seal_key`), created with its database.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets

from rules.errors import InvalidData

PREFIX = "sealed:"
SIGNED = "mac:"
_NONCE, _TAG = 16, 16


def _mac(key: bytes, *parts: bytes) -> bytes:
    return hmac.new(key, b"".join(parts), hashlib.sha256).digest()


def seal(seed: int, key: bytes) -> str:
    """The seed as an opaque token only `key` opens."""
    nonce = secrets.token_bytes(_NONCE)
    body = bytes(a ^ b for a, b in zip(seed.to_bytes(8, "big"), _mac(key, b"pad", nonce)))
    return PREFIX + base64.urlsafe_b64encode(nonce + body + _mac(key, b"tag", nonce, body)[:_TAG]).decode()


def unseal(token: str, key: bytes, where: str) -> int:
    """The seed inside a token this installation sealed; InvalidData otherwise."""
    try:
        raw = base64.urlsafe_b64decode(token.removeprefix(PREFIX).encode("ascii"))
    except (binascii.Error, UnicodeEncodeError, ValueError):
        raw = b""
    if not token.startswith(PREFIX) or len(raw) != _NONCE + 8 + _TAG:
        raise InvalidData(f"{where}: not a sealed seed.")
    nonce, body, tag = raw[:_NONCE], raw[_NONCE:_NONCE + 8], raw[_NONCE + 8:]
    if not hmac.compare_digest(tag, _mac(key, b"tag", nonce, body)[:_TAG]):
        raise InvalidData(f"{where}: this game was exported by another Waypost installation (or the file was "
                          "edited). Its hidden deck is sealed with that installation's key, so only it can import "
                          "the game.")
    return int.from_bytes(bytes(a ^ b for a, b in zip(body, _mac(key, b"pad", nonce))), "big")


class Signer:
    """The signature of an export's canonical text, fed to it in pieces, in order."""

    def __init__(self, key: bytes):
        self._mac = hmac.new(key, b"export:", hashlib.sha256)

    def add(self, text: str) -> None:
        self._mac.update(text.encode("utf-8", "surrogatepass"))

    def signature(self) -> str:
        return SIGNED + base64.urlsafe_b64encode(self._mac.digest()).decode()


def signed(text: str, signature: str, key: bytes) -> bool:
    """Whether `signature` is this installation's for the canonical text `text`."""
    signer = Signer(key)
    signer.add(text)
    return hmac.compare_digest(signer.signature().encode(), signature.encode("utf-8", "surrogatepass"))
