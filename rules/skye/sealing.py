"""Commitments for sealed prices and plans: a canonical text, a salt and a short fingerprint.

    fingerprint = sha256("{salt}|{seat}|{canonical}").hexdigest()[:8]

Every seal has its own salt: 16 random hex digits the table puts in the sealing action
(`rules.core.salted`), fresh on every submission, so sealing the same prices again gives another
fingerprint, and nothing a player holds (an export, the seed) lets them test guesses against one
before the reveal. The reveal shows each seal's salt and canonical text, so anyone can recompute
every fingerprint. A seal made without a table's salt (the rules used alone, or a game stored
before seals had their own) uses the round's salt:

    round salt  = sha256("skye-salt:{seed}:{round}:{kind}").hexdigest()[:16]     kind: price | plan
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
