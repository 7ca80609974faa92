"""What the Babel On! table says: the log line of each event, the opening roll, the prompt over
the felt and the lines of the end panel. Pure functions of the view and the seat names."""

from __future__ import annotations

from collections.abc import Callable

from babel.core.protocol import Event
from babel.games.babel_on import preview
from babel.games.babel_on.model import COLOURS, BabelView, EventKind, Phase
from babel.games.babel_on.structure import CELLS
from scenes import keymap, wording
from scenes.tables.babel_on import art

Name = Callable[[int], str]


def out_reason(d: dict, short: Name) -> str:
    """Under an eliminated player's empty place: why they are out (an ``eliminated`` event)."""
    return f"knocked over {short(d['victim'])}'s tower"


def opening_lines(v: BabelView, short: Name, name: Name) -> list[str]:
    rolls = " / ".join(", ".join(f"{short(s)} {r}" for s, r in enumerate(rs) if r) for rs in v.start_rolls)
    return [f"Opening roll: {rolls}", f"{name(v.first)} goes first."]


def whose(d: dict, short: Name) -> str:
    """Whose tower an event's block was on or went to, said from the mover's side."""
    return "their own tower" if d["tower"] == d["seat"] else f"{short(d['tower'])}'s tower"


def _block(d: dict, neutral: int) -> str:
    if d.get("kind") == EventKind.BONUS:
        return "a Bonus Block"
    return f"a {art.colour_name(COLOURS.index(d['colour']), neutral)} block"


def _placed(d: dict, who: str, short: Name, neutral: int) -> str:
    return f"{who} added {_block(d, neutral)} to {whose(d, short)} at {CELLS[d['cell']]}{d['floor']}"


def event_line(ev: Event, short: Name, name: Name, neutral: int = -1) -> str | None:
    """The log line of one event (also used to rebuild the log of a resumed game); colours are
    named as the players chose them (``neutral``: the stone colour's index)."""
    d, k = ev.data, ev.kind
    who = short(d["seat"]) if "seat" in d else ""
    if k == EventKind.ROLL:
        return f"{who} called {d['call']}, rolled {d['roll']}: {'right' if d['right'] else 'wrong'}"
    if k == EventKind.DRAW:
        return f"{who} drew {len(d['colours'])} from the bag"
    # a tower that rocked and stood says so (its sway is not shown under calm motion)
    rocked = "; the tower wobbled and settled" if d.get("wobble") else ""
    if d.get("shifted"):  # blocks that slid but stand: the tower keeps them where they stopped
        rocked += f", {wording.count(len(d['shifted']), 'block')} shifted"
    if k in (EventKind.ADD, EventKind.BONUS):
        return _placed(dict(d, kind=k), who, short, neutral) + rocked
    if k in (EventKind.TAKE, EventKind.RETURN):
        where = f"{whose(d, short)} at {CELLS[d['cell']]}{d['floor']}"
        if k == EventKind.RETURN:
            return f"{who} put {_block(d, neutral)} from {where} back in the bag{rocked}"
        return f"{who} took {_block(d, neutral)} from {where}{rocked}"
    if k == EventKind.FALL:
        down = wording.count(len(d["fallen"]), "block")
        if d["tower"] == d["seat"]:
            return f"{who} knocked over their own tower: {down} down, destroyed"
        return f"{who} knocked over {short(d['tower'])}'s tower: {down} down"
    return _turn_line(ev, who, name)


def _turn_line(ev: Event, who: str, name: Name) -> str | None:
    d, k = ev.data, ev.kind
    if k == EventKind.ELIMINATED:
        return f"{who} is out of the game!"
    if k == EventKind.RESTORE:
        return f"{who} puts {wording.count(len(d['colours']), 'fallen block')} back"
    if k == EventKind.TO_BAG:
        return f"{wording.count(len(d['colours']), 'block')} with no legal place went back to the bag"
    if k == EventKind.NO_MORE_REMOVALS:
        return f"No more blocks can be taken ({d['short']} short)"
    if k == EventKind.PASS:
        return f"{who} passed"
    if k == EventKind.TURN:
        return f"— {name(d['seat'])}'s turn (round {d['round']})"
    if k == EventKind.GAME_OVER:
        return f"Game over: {', '.join(name(w) for w in d['winners'])} ({d['reason']})"
    return None


def phase_prompt(v: BabelView, who: str, bonus_open: bool, only_pass: bool) -> str:
    """What the player to act is asked to do in this phase."""
    bonus = " · or place a Bonus Block (B)" if bonus_open and v.phase is not Phase.FINISH else ""
    if v.phase is Phase.CALL:
        return f"{who}: call Even (E) or Odd (O) — then the die rolls"
    if v.phase is Phase.PLACE:
        return f"{who}: rolled {v.roll} — place the {wording.count(len(v.hand), 'drawn block')} on your tower{bonus}"
    if v.phase is Phase.REMOVE:
        more = "more block" if v.to_remove < v.roll else "block"  # "more" once some were taken
        return f"{who}: rolled {v.roll} — take {wording.count(v.to_remove, more)} off any tower (glowing ones){bonus}"
    if v.phase is Phase.ADD:
        return f"{who}: add the {wording.count(len(v.hand), 'taken block')} to any towers{bonus}"
    if v.phase is Phase.WRONG:
        if only_pass:
            return f"{who}: wrong guess — nothing to take back, so the turn passes"
        return f"{who}: wrong guess — Pass (P), or drag one of your blocks off to the bag{bonus}"
    if v.phase is Phase.FINISH:
        return f"{who}: place a Bonus Block on your tower (drag or B), or End turn (Enter)"
    if v.phase is Phase.RESTORE:
        return (
            f"{who}: your tower was knocked over — put the {wording.count(len(v.hand), 'fallen block')} back"
        )
    return who


def waiting(who: str, watching: bool, human: bool) -> str:
    """The prompt while the player to act has no moves on this screen."""
    if watching:
        return f"Watching: {who} is playing"
    return f"{who}'s turn" if human else f"{who} is thinking…"


def prompt(v: BabelView, fall, busy: bool, legal, waiting: str, name: Name) -> str:
    """The line over the felt: the fall playing, whose turn it is, or what to do now;
    ``waiting`` is said while the player to act has no moves here (a bot, or another seat).
    The keys it names in brackets are the player's ("Pass (P)" once Pass moved to G: "(G)")."""
    return keymap.relabel(_prompt(v, fall, busy, legal, waiting, name), "babel_on")


def _prompt(v: BabelView, fall, busy: bool, legal, waiting: str, name: Name) -> str:
    who = name(v.holder if v.phase is Phase.RESTORE else v.turn)
    if fall is not None:
        return fall_prompt(fall.result, name(fall.tower), name(fall.seat))
    if busy:
        return f"{who}'s turn"
    if not legal:
        return waiting
    return phase_prompt(v, who, bool(preview.bonus_targets(legal)), len(legal) == 1)


def fall_prompt(result: str, tower: str, mover: str) -> str:
    if result == "wobble":
        return f"{tower}'s tower wobbles... and settles"
    if result == "destroyed":
        return f"{tower}'s tower falls: it is destroyed"
    return f"{mover} knocked over {tower}'s tower and is out of the game"


def result_lines(v: BabelView, short: Name, name: Name) -> list[str]:
    """The end panel: why the game ended, then every tower's floors and colour."""
    lines = [end_reason(v)] if v.end_reason else []
    parts = []
    for p in range(v.players):
        who = short(p) if v.players <= 4 else name(p)[:10]
        if v.eliminated[p]:
            parts.append(f"{who}: out")
            continue
        info = v.tower_info[p]
        part = f"{who}: {wording.count(info.complete_floors, 'floor')}, {info.perfect_floors} perfect"
        if v.players <= 4:
            own = sum(1 for col in v.towers[p] for b in col if b.colour == p)
            part += f", {wording.count(own, art.colour_name(p, v.neutral) + ' block')}"
        parts.append(part)
    per = 1 if v.players <= 4 else 2
    for i in range(0, len(parts), per):
        lines.append("    ".join(parts[i : i + per]))
    return lines


def end_reason(v: BabelView) -> str:
    reason = {
        "Perfect Tower": "A Perfect Tower",
        "Perfect Tower (finished first)": "A Perfect Tower, the first one finished",
        "round limit: best tower": "The round limit: the best tower wins",
    }.get(v.end_reason, v.end_reason[:1].upper() + v.end_reason[1:])
    return f"{reason} (round {v.round})"
