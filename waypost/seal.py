"""Sealing a game's seed in an export, and signing the whole export: only the installation that
sealed and signed them can read the seed back or vouch for the file.

A game whose seed decides hidden things (a deck's order) must not hand the seed to whoever holds
an export; nor may an export hand out a sealed move taken back before its reveal. The seal is
`nonce ‖ data XOR pad ‖ HMAC(key, nonce ‖ ciphertext)` (SHA-256, a fresh 16-byte nonce, a 16-byte
tag; the pad `HMAC(key, "pad" ‖ nonce)`, then `HMAC(key, "pad" ‖ nonce ‖ block number)` for each
further 32 bytes), base64url, behind the prefix "sealed:". The
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
    return seal_bytes(seed.to_bytes(8, "big"), key)


def seal_bytes(data: bytes, key: bytes) -> str:
    """`data` as an opaque token only `key` opens."""
    nonce = secrets.token_bytes(_NONCE)
    body = _xor(data, _pad(key, nonce, len(data)))
    return PREFIX + base64.urlsafe_b64encode(nonce + body + _mac(key, b"tag", nonce, body)[:_TAG]).decode()


def unseal(token: str, key: bytes, where: str) -> int:
    """The seed inside a token this installation sealed; InvalidData otherwise."""
    raw = unseal_bytes(token, key, where, "seed", "Its hidden deck", size=8)
    return int.from_bytes(raw, "big")


def unseal_bytes(token: str, key: bytes, where: str, what: str, hidden: str, size: int | None = None) -> bytes:
    """The data inside a token this installation sealed (`size` bytes, if given); InvalidData
    otherwise, naming `what` was sealed and what of the game it keeps (`hidden`)."""
    try:
        raw = base64.urlsafe_b64decode(token.removeprefix(PREFIX).encode("ascii"))
    except (binascii.Error, UnicodeEncodeError, ValueError):
        raw = b""
    length = len(raw) - _NONCE - _TAG
    if not token.startswith(PREFIX) or length < 0 or size not in (None, length):
        raise InvalidData(f"{where}: not a sealed {what}.")
    nonce, body, tag = raw[:_NONCE], raw[_NONCE:_NONCE + length], raw[_NONCE + length:]
    if not hmac.compare_digest(tag, _mac(key, b"tag", nonce, body)[:_TAG]):
        raise InvalidData(f"{where}: this game was exported by another Waypost installation (or the file was "
                          f"edited). {hidden} is sealed with that installation's key, so only it can import "
                          "the game.")
    return _xor(body, _pad(key, nonce, length))


def _pad(key: bytes, nonce: bytes, length: int) -> bytes:
    blocks = [_mac(key, b"pad", nonce)]
    while len(blocks) * 32 < length:
        blocks.append(_mac(key, b"pad", nonce, len(blocks).to_bytes(4, "big")))
    return b"".join(blocks)


def _xor(data: bytes, pad: bytes) -> bytes:
    return bytes(a ^ b for a, b in zip(data, pad))


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
