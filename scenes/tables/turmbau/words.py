"""What the Turmbau table says: the log line of each event, the prompt and the help line for
what the viewer is doing, the curtain's reason, tooltips, and the result lines. Pure text from
the view, the viewer's mode and the seat names."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from babel.core.protocol import Event
from babel.games.turmbau import data
from babel.games.turmbau.actions import Offer, Select
from babel.games.turmbau.model import EventKind, Phase, TurmbauView
from scenes import wording
from scenes.tables.turmbau.art import ACTION_HELP, KIND_SHORT, TRADE_HELP
from scenes.tables.turmbau.moves import LegalMoves

Names = Callable[[int], str]


def words(c) -> str:
    """Cards by kind in words: "2 camel, 1 ship"."""
    parts = [f"{n} {KIND_SHORT[k].lower()}" for k, n in enumerate(c) if n]
    return ", ".join(parts) if parts else "no cards"


def disc_words(disc) -> str:
    return " + ".join(f"{KIND_SHORT[k]} {v}" for k, v in zip(disc.kinds, disc.values))


def played_extra(d: dict) -> str:
    if d["card"] == "joker":
        return f" ({d['count']}x, as {words(d['wild'])})"
    if d["card"] == "redraw":
        return f" (trades in {words(d['discarded'])})"
    return ""


def event_lines(name, ev: Event) -> list[str]:
    """What the log says about one event (the same words for the live game and its history)."""
    d = ev.data
    k = ev.kind
    if k == EventKind.BUILD:
        need = " + ".join(f"{v} {x}" for x, v in zip(d["disc"]["kinds"], d["disc"]["values"]))
        return [f"{name(d['seat'])} builds on the {data.WONDER_NAMES[d['wonder']]} ({need})."]
    if k == EventKind.PASS:
        return [f"{name(d['seat'])} passes."]
    if k == EventKind.DRAW and d["why"] in ("draw3", "redraw"):
        return [f"{name(d['seat'])} draws {d['count']}."]
    if k == EventKind.RESHUFFLE:
        return ["The discard pile is shuffled into a new supply."]
    if k == EventKind.REVEAL:
        out = []
        for o in d["offers"]:
            extras = [x for x, on in (("trading card", o["trade"]), ("Triple bonus", o["triple"])) if on]
            text = words(o["cards"]) + ("".join(" + " + x for x in extras))
            if sum(o["returned"]):
                text += f"; {words(o['returned'])} back to hand"
            out.append(f"{name(o['seat'])} offered {text}.")
        return out
    if k == EventKind.ACCEPTED:
        who = ", ".join(name(s) for s in d["seats"]) or "nobody"
        joker = f" and {d['jokers']} Joker" if d["jokers"] else ""
        return [f"{name(d['seat'])} invites {who} and plays {words(d['fill'])}{joker} from hand."]
    if k == EventKind.UNFULFILLED:
        return [f"{name(d['seat'])} leaves the disc unfulfilled."]
    if k == EventKind.REJECTED:
        pts = d["points"]
        mult = " (Triple bonus)" if d["triple"] else ""
        return [f"{name(d['seat'])}'s offer is refused: +{pts} point{'s' if pts != 1 else ''}{mult}."]
    if k == EventKind.PARTS_PLACED:
        w = data.WONDER_NAMES[d["wonder"]]
        return [f"{name(d['seat'])} places {d['units']} on the {w} ({d['total']} there)."]
    if k == EventKind.DISC_TAKEN:
        traded = " through the trading card" if d["traded"] else ""
        return [f"{name(d['seat'])} takes the disc{traded}."]
    if k == EventKind.WONDER_SCORED:
        ranked = sorted((b for b in d["breakdown"] if b["points"]), key=lambda b: -b["units"])
        parts = [
            f"{name(b['seat'])} {b['points']} ({b['units']} part{'s' if b['units'] != 1 else ''})"
            for b in ranked
        ]
        hi, lo = d["values"]
        return [f"{data.WONDER_NAMES[d['wonder']]} scored on {hi}/{lo}: " + ", ".join(parts) + "."]
    if k == EventKind.ACTION_DRAWN:
        return [f"{name(d['seat'])} draws an action card."]
    if k == EventKind.MARKER_MOVED:  # the marker's step on the scoring table, in words too
        hi, lo = d["values"]
        return [f"The scoring marker moves on: the next wonder scores {hi}/{lo}."]
    if k == EventKind.ACTION_PLAYED:
        return [f"{name(d['seat'])} plays {data.ACTION_TITLES[d['card']]}{played_extra(d)}."]
    if k == EventKind.TURN:
        if d["second"]:
            return [f"{name(d['seat'])} takes the second turn."]
        return [f"Turn {d['turn']}: {name(d['seat'])}."]
    if k == EventKind.STALL_WARNING:
        return [stall_text(d) + "."]
    if k == EventKind.GAME_END:
        return [end_text(d) + ": the game ends."]
    return []


def stall_text(d: dict) -> str:
    """The warning one round before a stalled game ends (no building card left anywhere)."""
    left = d["left"]
    others = "1 more pass" if left == 1 else f"{left} more passes in a row"
    return f"No building cards left: {others} and the game ends"


def end_text(d: dict) -> str:
    if d.get("stalled"):
        return "Everyone passed with no building cards left"
    kinds = " and ".join(KIND_SHORT[data.KINDS.index(x)].lower() for x in d["kinds"])
    return f"The last {kinds} disc is taken"


def target_words(view: TurmbauView) -> str:
    if view.target is None:
        return ""
    w, s = view.target
    disc = view.wonders[w].discs[s]
    return f"the {data.WONDER_NAMES[w]} ({disc_words(disc)})" if disc else data.WONDER_NAMES[w]


def prompt_wait(view: TurmbauView, viewer: int | None, name: Names) -> str:
    """What the table waits for while the viewer has nothing to do."""
    if view.phase is Phase.OFFER:
        waiting = [
            "you" if s == viewer else name(s)
            for s in range(view.players)
            if s != view.active and not view.committed[s]
        ]
        return f"waiting for offers from {', '.join(waiting)}" if waiting else "revealing the offers"
    if view.phase is Phase.SELECT:
        return f"{name(view.active)} chooses among the offers"
    if view.phase is Phase.TURN:
        return f"{name(view.active)}'s turn"
    return "the game is over"


def prompt(view: TurmbauView, mode: str, viewer: int | None, watching: bool, name: Names) -> str:
    """The line above the hand; ``watching`` when only bots play and nobody holds the screen."""
    if mode == "turn":
        second = " (second turn of your Double turn)" if view.double == 2 else ""
        return f"Your turn{second}: click a disc on a wonder to build there, or pass (P)"
    if mode == "offer":
        return (
            f"{name(view.active)} builds on {target_words(view)}: "
            "click cards to offer, then commit them face down"
        )
    if mode == "select":
        return "Offers revealed: click whole offers to invite them, then complete the disc or leave it"
    if mode == "redraw":
        return "Card trade: click 1 to 5 cards to discard and draw as many"
    if view.phase is Phase.OVER:
        return "Game over"
    if watching:
        return "Watching the bots: " + prompt_wait(view, viewer, name)
    msg = prompt_wait(view, viewer, name)
    return msg[:1].upper() + msg[1:]


def shorter_prompts(view: TurmbauView, mode: str, name: Names) -> tuple[str, ...]:
    """The same prompt in fewer words, longest first, for a window where the long one would be
    drawn under the smallest size (none when the long one is short enough everywhere)."""
    if mode == "turn":
        second = " (second of your Double turn)" if view.double == 2 else ""
        return (f"Your turn{second}: click a disc to build, or pass (P)", "Your turn: build on a disc, or pass (P)")
    if mode == "offer":
        target = target_words(view)
        return (
            f"{name(view.active)} builds on {target}: offer cards face down",
            f"Offer cards face down for {target}",
        )
    if mode == "select":
        return (
            "Offers revealed: invite whole offers, then complete the disc or leave it",
            "Invite whole offers, then complete or leave the disc",
        )
    return ()


SHORT_KEYS = {  # the key line's words for a small window: each key and what it does, in brief
    "Click a disc or ←/→ and Enter: build": "←/→ Enter build",
    "1-4 add camel/crane/ship/mason (Shift removes)": "1-4 add cards",
    "T trading card": "T trade card",
    "1-5 invite that player's offer": "1-5 invite",
    "J joker choice": "J joker",
    "L leave unfulfilled": "L leave",
    "1-4 choose cards by kind (Shift removes)": "1-4 choose cards",
    "D double turn": "D double",
    "C card draw": "C draw 3",
    "R card trade": "R trade",
}


# the keys of the two choice buttons: the leanest key line leaves them to the buttons (and ? lists them)
BUTTON_KEYS = {"P pass", "Enter commit", "N no offer", "Enter complete", "L leave unfulfilled", "Enter trade", "C cancel"}


def help_line(
    view: TurmbauView | None, mode: str, legal: LegalMoves, short: bool = False, lean: bool = False
) -> str:
    """The keys that do something now; ``short``: in fewer words, without the keys every mode
    shares (the log's, the rules', the menu's: their heading and buttons name them, and "? all
    keys" lists them all); ``lean``: short, and without the keys of the choice buttons too (the
    key line beside the choice line, with several action cards playable, on a small window)."""
    held = {data.ACTION_KINDS[a] for a in view.my_actions} if view is not None else set()
    on = mode != "wait"
    cards = [
        key
        for key, ok in (
            ("D double turn", on and legal.double),
            ("C card draw", on and legal.draw3),
            ("R card trade", on and legal.redraws),
        )
        if ok
    ]
    if mode == "turn":
        keys = ["Click a disc or ←/→ and Enter: build", "P pass", *cards]
    elif mode == "offer":
        keys = ["1-4 add camel/crane/ship/mason (Shift removes)", "T trading card"]
        keys += ["X triple"] if "triple" in held else []
        keys += ["Enter commit", "N no offer", *cards]
    elif mode == "select":
        keys = ["1-5 invite that player's offer"]
        keys += ["J joker choice"] if "joker" in held else []
        keys += ["Enter complete", "L leave unfulfilled", *cards]
    elif mode == "redraw":
        keys = ["1-4 choose cards by kind (Shift removes)", "Enter trade", "C cancel"]
    else:
        keys = ["Hover a card, a disc or a player, or ↓/↑ and ←/→, for details"]
    if lean:
        keys = [k for k in keys if k not in BUTTON_KEYS]
    if short or lean:
        return "  ·  ".join([*(SHORT_KEYS.get(k, k) for k in keys), "? all keys"])
    return "  ·  ".join([*keys, *(["↓ cards ↑ players"] if mode != "wait" else []), "PgUp/PgDn log", "F1 rules", "? all keys", "Esc menu"])


def curtain_reason(view: TurmbauView, seat: int, name: Names) -> str:
    who = name(seat)
    wonder = f"the {data.WONDER_NAMES[view.target[0]]}" if view.target is not None else "the disc"
    if view.phase is Phase.OFFER:
        return f"{who}: make your offer for {wonder}"
    if view.phase is Phase.SELECT:
        return f"{who}: the offers are revealed; choose whom to invite to {wonder}"
    second = " (second of your double turn)" if view.double == 2 else ""
    return f"{who}: your turn{second}: pass, build or play an action card"


def tooltip(view: TurmbauView, target: tuple | None, can_build: bool, name: Names) -> str:
    """The tooltip of what the pointer is on; ``can_build`` when a click builds on that disc."""
    if target is None:
        return ""
    kind = target[0]
    if kind == "action" or kind == "spent":
        return ACTION_HELP.get(target[1], "")
    if kind == "trade":
        return TRADE_HELP
    if kind == "hand":
        k = target[2]
        return (
            f"{KIND_SHORT[k]} building card: you hold {view.hand[k]}. {k + 1} adds one to an offer or "
            f"a card trade, Shift+{k + 1} takes one back; on your turn they complete discs."
        )
    if kind == "plate":
        return plate_text(view, target[1], name)
    if kind == "disc":
        w, s = target[1], target[2]
        disc = view.wonders[w].discs[s]
        if disc is None:
            return ""
        need = " and ".join(f"{v} {KIND_SHORT[k].lower()}" for k, v in zip(disc.kinds, disc.values))
        extra = " Taking it completes the wonder." if view.wonders[w].discs_left == 1 else ""
        verb = "Click (or Enter) to build here" if can_build else "Disc"
        return f"{verb}: {data.WONDER_NAMES[w]}, needs {need} cards.{extra}"
    return ""


def plate_text(view: TurmbauView, s: int, name: Names) -> str:
    known = view.known[s]
    seen = f" (seen returning to it: {words(known)})" if sum(known) else ""
    ones, threes = view.parts[s]
    first = " First player." if s == view.start else ""
    return (
        f"{name(s)}: {wording.count(view.scores[s], 'point')}. "
        f"{wording.count(view.hand_sizes[s], 'building card')} in hand{seen}, "
        f"{wording.count(view.disc_counts[s], 'disc')} (face down), "
        f"{wording.count(view.action_counts[s], 'action card')}, parts in supply: "
        f"{ones} of value 1 and {threes} of value 3.{first}"
    )


def result_lines(view: TurmbauView, name: Names) -> list[str]:
    """The scores, best first, and what ended the game."""
    order = sorted(range(view.players), key=lambda s: -view.scores[s])
    lines = ["   ".join(f"{name(s)}: {view.scores[s]}" for s in order)]
    gone = [
        KIND_SHORT[k].lower()
        for k in range(data.NKINDS)
        if not any(d is not None and k in d.kinds for wd in view.wonders for d in wd.discs)
    ]
    if gone:
        lines.append(f"The game ended when the last {' and '.join(gone)} disc was taken.")
    return lines


def sheet_notes(finals: Sequence, name: Names) -> list[str]:
    """How each two-kind disc was counted on the score sheet."""
    notes = []
    for f in finals:
        for disc, k in zip(f.discs, f.assignment):
            if disc.two_kind:
                pair = " + ".join(f"{KIND_SHORT[a].lower()} {b}" for a, b in zip(disc.kinds, disc.values))
                notes.append(f"{name(f.seat)}'s {pair} disc counts as {KIND_SHORT[k].lower()}")
    return notes


SHORT_LABELS = {"Choose cards to offer": ("Choose cards",)}  # for a narrow button on a small window


def button_labels(
    mode: str, offer: Offer, select: Select, redraw: tuple[int, ...], legal: LegalMoves
) -> tuple[tuple[str, bool, bool], tuple[str, bool]]:
    """(label, enabled, visible) of the main button and (label, visible) of the second one."""
    if mode == "turn":
        return ("Pass: draw a card  (P)", True, True), ("", False)
    if mode == "offer":
        plural = "s" if offer.size != 1 else ""
        label = f"Offer {offer.size} card{plural} (Enter)" if offer.size else "Choose cards to offer"
        return (label, offer.size > 0 and offer in legal.offers, True), ("No offer  (N)", True)
    if mode == "select":
        return ("Complete the disc (Enter)", select in legal.selects, True), (
            "Leave it unfulfilled  (L)",
            True,
        )
    if mode == "redraw":
        return (f"Trade {wording.count(sum(redraw), 'card')}  (Enter)", redraw in legal.redraws, True), (
            "Cancel  (C)",
            True,
        )
    return ("", True, False), ("", False)
