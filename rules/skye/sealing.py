"""Commitments for sealed prices and plans: a canonical text, a salt and a short fingerprint.

    salt        = sha256("skye-salt:{seed}:{round}:{kind}").hexdigest()[:16]     kind: price | plan
    fingerprint = sha256("{salt}|{seat}|{canonical}").hexdigest()[:8]

The salt comes from the game's hidden seed, so before the reveal nobody can test guesses against
a fingerprint; the reveal shows the salt and every canonical text, so anyone can recompute them.
"""

from __future__ import annotations

import hashlib

from rules.skye.state import JourneyPlan, Pricing


def salt(seed: int, round_: int, kind: str) -> str:
    return hashlib.sha256(f"skye-salt:{seed}:{round_}:{kind}".encode()).hexdigest()[:16]


def fingerprint(salt_: str, seat: int, canonical: str) -> str:
    return hashlib.sha256(f"{salt_}|{seat}|{canonical}".encode()).hexdigest()[:8]


def price_text(pricing: Pricing) -> str:
    """ "axe=L12;L03=4;L07=2": the axe ("" with No Axe) then tile=price sorted by tile id."""
    priced = sorted(zip(pricing.tiles, pricing.prices))
    return ";".join([f"axe={pricing.axe}", *(f"{t}={p}" for t, p in priced)])


def plan_text(plan: JourneyPlan) -> str:
    """ "extra=0;1,0:merchant>0,0:warrior>2,1:": markers in order as x,y:track."""
    markers = ">".join(f"{m.x},{m.y}:{m.track}" for m in plan.markers)
    return f"extra={int(plan.extra)};{markers}"
