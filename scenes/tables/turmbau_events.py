"""Motion for the Turmbau table: each step's events become slides, flips, falling blocks, flying
discs, floating points and log lines, scheduled one after another so the table tells the story."""

from __future__ import annotations

from typing import Any

from babel.core.protocol import Event
from babel.games.turmbau import data
from scenes import theme
from scenes.tables.turmbau_art import KIND_SHORT, paint_building_card
from scenes.tables.turmbau_layout import HAND_Y, SMALL_CARD, disc_centre, tile_rect
from scenes.widgets.cards import CardSprite


def _expand(counts) -> list[int]:
    return [k for k in range(data.NKINDS) for _ in range(counts[k])]


def _words(c) -> str:
    parts = [f"{n} {KIND_SHORT[k].lower()}" for k, n in enumerate(c) if n]
    return ", ".join(parts) if parts else "no cards"


def animate(t: Any, seat: int, action: Any, events: tuple[Event, ...]) -> None:
    """Schedule the animation of one step on table ``t`` (a TurmbauTable)."""
    name = t._name
    v = t.view
    delay = 0.0
    slide = theme.SLIDE * 1.3
    for ev in events:
        t.log_lines.extend(event_lines(name, ev))
        d = ev.data
        k = ev.kind
        if k == "build":
            w = d["wonder"]
            t.offer_sprites = {}
            t._banner(f"{name(d['seat'])} builds on the {data.WONDER_NAMES[w]}")
            t.app.sound.play("click")
        elif k == "pass":
            t._float("passes", t.plate_pos(d["seat"]), theme.PAPER)
        elif k == "draw":
            n = min(d["count"], 3)
            who = d["seat"]
            end = (300, HAND_Y) if who == v.seat else t.plate_pos(who)
            for i in range(n):
                t._fly(None, None, panels_supply(t), end, delay + 0.08 * i, face_up=False)
        elif k == "reshuffle":
            t._float("discard reshuffled", panels_supply(t), theme.PAPER, delay)
        elif k == "offer_committed":
            s = d["seat"]
            mine = s == v.seat and v.my_offer is not None
            n = v.my_offer.size if mine else 3
            start = (300, HAND_Y) if mine else t.plate_pos(s)
            sprites = []
            for i in range(n):
                sp = CardSprite(None, pos=start, size=SMALL_CARD)
                sp.slide_to(t.offer_back_pos(s, i, n, mine), t.aside, theme.SLIDE, delay=0.05 * i)
                sprites.append(sp)
            t.offer_sprites[s] = sprites
            t.app.sound.play("card")
        elif k == "reveal":
            _reveal(t, d)
            delay += theme.SLIDE + theme.FLIP + 0.2
        elif k == "accepted":
            _accept(t, d, delay)
            delay += slide
        elif k == "unfulfilled":
            for s, sprites in t.offer_sprites.items():
                for sp in sprites:
                    sp.slide_to(t.plate_pos(s), t.animator, slide, delay=delay)
            t.animator.wait(delay + slide, lambda: setattr(t, "offer_sprites", {}))
            t._banner(f"{name(d['seat'])} leaves the disc unfulfilled", delay)
            delay += slide
        elif k == "rejected":
            s = d["seat"]
            t._float(f"+{d['points']}", t.plate_pos(s), theme.GOLD, delay)
            t._move_score(s, d["score"], delay)
        elif k == "parts_placed":
            w, s = d["wonder"], d["seat"]
            t.drops[(w, s)] = (d["ones"], d["threes"], t.animator.add(0.45, delay))
            t.animator.wait(delay + 0.3, lambda: t.app.sound.play("block"))
            delay += 0.12
        elif k == "disc_taken":
            w, slot, s = d["wonder"], d["slot"], d["seat"]
            disc_key = (tuple(data.KINDS.index(x) for x in d["disc"]["kinds"]), tuple(d["disc"]["values"]))
            delay += 0.25
            tween = t.animator.add(0.6, delay)
            t.disc_flyers.append((disc_key, disc_centre(w, slot), t.plate_pos(s), tween))
            t.animator.wait(
                delay + 0.6, lambda x=t.disc_flyers[-1]: x in t.disc_flyers and t.disc_flyers.remove(x)
            )
            delay += 0.4
        elif k == "wonder_scored":
            w = d["wonder"]
            ranked = sorted((b for b in d["breakdown"] if b["points"]), key=lambda b: -b["units"])
            parts = [f"{name(b['seat'])} {b['points']}" for b in ranked]
            t._banner(f"{data.WONDER_NAMES[w]} completed: " + ", ".join(parts), delay, 2.2)
            t.scored_flash[w] = t.animator.add(1.6, delay)
            for b in d["breakdown"]:
                if b["points"]:
                    t._float(f"+{b['points']}", t.plate_pos(b["seat"]), theme.GOLD, delay + 0.2)
                    t._move_score(b["seat"], d["scores"][b["seat"]], delay + 0.2)
            delay += 0.6
        elif k == "marker_moved":
            t.marker_move = (d["row"] - 1, t.animator.add(0.5, delay))
        elif k == "action_drawn":
            t._float("+1 action card", t.plate_pos(d["seat"]), theme.WHITE, delay)
        elif k == "action_card":
            t._banner(f"You draw the action card {data.ACTION_TITLES[d['card']]}", delay)
        elif k == "action_played":
            title = data.ACTION_TITLES[d["card"]]
            t._banner(f"{name(d['seat'])} plays {title}{_played_extra(d)}", delay)
            t.app.sound.play("flip")
        elif k == "stall_warning":
            t._banner(_stall_text(d), delay, 2.0)
        elif k == "game_end":
            t._banner(_end_text(d) + ": final scoring", delay, 2.0)
        elif k == "final_scoring":
            for p in d["players"]:
                t._move_score(p["seat"], p["total"], delay + 0.4)
            delay += 0.8
    del t.log_lines[:-60]


def _played_extra(d: dict) -> str:
    if d["card"] == "joker":
        return f" ({d['count']}x, as {_words(d['wild'])})"
    if d["card"] == "redraw":
        return f" (trades in {_words(d['discarded'])})"
    return ""


def event_lines(name, ev: Event) -> list[str]:
    """What the log says about one event (the same words for the live game and its history)."""
    d = ev.data
    k = ev.kind
    if k == "build":
        need = " + ".join(f"{v} {x}" for x, v in zip(d["disc"]["kinds"], d["disc"]["values"]))
        return [f"{name(d['seat'])} builds on the {data.WONDER_NAMES[d['wonder']]} ({need})."]
    if k == "pass":
        return [f"{name(d['seat'])} passes."]
    if k == "draw" and d["why"] in ("draw3", "redraw"):
        return [f"{name(d['seat'])} draws {d['count']}."]
    if k == "reshuffle":
        return ["The discard pile is shuffled into a new supply."]
    if k == "reveal":
        out = []
        for o in d["offers"]:
            extras = [x for x, on in (("trading card", o["trade"]), ("Triple bonus", o["triple"])) if on]
            text = _words(o["cards"]) + ("".join(" + " + x for x in extras))
            if sum(o["returned"]):
                text += f"; {_words(o['returned'])} back to hand"
            out.append(f"{name(o['seat'])} offered {text}.")
        return out
    if k == "accepted":
        who = ", ".join(name(s) for s in d["seats"]) or "nobody"
        joker = f" and {d['jokers']} Joker" if d["jokers"] else ""
        return [f"{name(d['seat'])} invites {who} and plays {_words(d['fill'])}{joker} from hand."]
    if k == "unfulfilled":
        return [f"{name(d['seat'])} leaves the disc unfulfilled."]
    if k == "rejected":
        pts = d["points"]
        mult = " (Triple bonus)" if d["triple"] else ""
        return [f"{name(d['seat'])}'s offer is refused: +{pts} point{'s' if pts != 1 else ''}{mult}."]
    if k == "parts_placed":
        w = data.WONDER_NAMES[d["wonder"]]
        return [f"{name(d['seat'])} places {d['units']} on the {w} ({d['total']} there)."]
    if k == "disc_taken":
        traded = " through the trading card" if d["traded"] else ""
        return [f"{name(d['seat'])} takes the disc{traded}."]
    if k == "wonder_scored":
        ranked = sorted((b for b in d["breakdown"] if b["points"]), key=lambda b: -b["units"])
        parts = [
            f"{name(b['seat'])} {b['points']} ({b['units']} part{'s' if b['units'] != 1 else ''})"
            for b in ranked
        ]
        hi, lo = d["values"]
        return [f"{data.WONDER_NAMES[d['wonder']]} scored on {hi}/{lo}: " + ", ".join(parts) + "."]
    if k == "action_drawn":
        return [f"{name(d['seat'])} draws an action card."]
    if k == "action_played":
        return [f"{name(d['seat'])} plays {data.ACTION_TITLES[d['card']]}{_played_extra(d)}."]
    if k == "turn":
        if d["second"]:
            return [f"{name(d['seat'])} takes the second turn."]
        return [f"Turn {d['turn']}: {name(d['seat'])}."]
    if k == "stall_warning":
        return [_stall_text(d) + "."]
    if k == "game_end":
        return [_end_text(d) + ": the game ends."]
    return []


def _stall_text(d: dict) -> str:
    """The warning one round before a stalled game ends (no building card left anywhere)."""
    left = d["left"]
    others = "1 more pass" if left == 1 else f"{left} more passes in a row"
    return f"No building cards left: {others} and the game ends"


def _end_text(d: dict) -> str:
    if d.get("stalled"):
        return "Everyone passed with no building cards left"
    kinds = " and ".join(KIND_SHORT[data.KINDS.index(x)].lower() for x in d["kinds"])
    return f"The last {kinds} disc is taken"


def panels_supply(t) -> tuple[float, float]:
    from scenes.tables import turmbau_panels

    return turmbau_panels.supply_pos(t)


def _reveal(t: Any, d: dict) -> None:
    """All face-down offers flip at once; wrong-kind cards go straight back to their owners."""
    t.app.sound.play("flip")
    keep: dict[int, list[CardSprite]] = {}
    for o in d["offers"]:
        s = o["seat"]
        right = _expand(o["cards"])
        wrong = _expand(o["returned"])
        cards = right + wrong
        sprites = []
        for i, kind in enumerate(cards):
            sp = CardSprite(
                kind, paint_building_card, t.slot_card_pos(s, i, max(1, len(cards))), False, SMALL_CARD
            )
            sp.flip(True, t.animator, theme.FLIP, delay=theme.SLIDE)
            if i >= len(right):
                home = (300, HAND_Y) if s == t.view.seat else t.plate_pos(s)
                sp.slide_to(home, t.animator, theme.SLIDE, delay=theme.SLIDE + theme.FLIP + 0.3)
            sprites.append(sp)
        keep[s] = sprites
    t.offer_sprites = keep
    t._banner("The offers are revealed", theme.SLIDE * 0.5, 1.2)

    def settle() -> None:
        t._build_offer_sprites()

    t.animator.wait(theme.SLIDE + theme.FLIP + 0.3 + theme.SLIDE + 0.05, settle)


def _accept(t: Any, d: dict, delay: float) -> None:
    """Invited cards slide onto the wonder, refused ones back to their owners, and the builder's
    own cards leave the hand."""
    w = d["wonder"]
    r = tile_rect(w)
    site = (r.centerx, r.bottom - 60)
    slide = theme.SLIDE * 1.3
    invited = set(d["seats"])
    for s, sprites in t.offer_sprites.items():
        for sp in sprites:
            sp.slide_to(site if s in invited else t.plate_pos(s), t.animator, slide, delay=delay)
    for i, kind in enumerate(_expand(d["fill"])[:6]):
        t._fly(kind, paint_building_card, (120 + 60 * i, HAND_Y), site, delay + 0.05 * i)
    t.animator.wait(delay + slide, lambda: setattr(t, "offer_sprites", {}))
    t.app.sound.play("card")
