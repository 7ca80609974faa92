"""The Turmbau table driven like a player: a whole game against three bots by mouse and keys,
pass-and-play with the curtain before every secret step, the builder's live preview, and action
cards played at a legal moment and refused at a wrong one."""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from babel.core.bots import Budget
from babel.core.match import Match, Seat
from babel.core.rng import Rng
from babel.games.turmbau import data
from babel.games.turmbau.actions import Build, Decline, Double, Draw3, Offer, Pass, Redraw, Select
from babel.games.turmbau.model import Phase
from babel.games.turmbau.phases import preview_select
from scenes.pilot import Pilot
from scenes.tables.turmbau import TurmbauTable, layout
from scenes.tables.turmbau.layout import HAND_Y, disc_centre
from scenes.widgets.curtain import PrivacyCurtain

DOUBLE = data.ACTION_KINDS.index("double")
DRAW3 = data.ACTION_KINDS.index("draw3")
BOTS = [Seat("Ben", "heuristic"), Seat("Carla", "heuristic"), Seat("Dieter", "heuristic")]


@pytest.fixture(scope="module")
def rules():
    return registry.get("turmbau")


def _table(match: Match) -> TurmbauTable:
    return TurmbauTable(match, None, threaded=False)


def _prepared(rules, pred, seeds=range(1, 40)) -> Match:
    """A match (Anna human, three bots) advanced by heuristic moves until ``pred`` holds; Anna
    keeps her action cards on the way."""
    bot = registry.make_bot("turmbau", "heuristic")
    for seed in seeds:
        m = Match(rules, rules.make_config(4), seed, [Seat("Anna"), *BOTS])
        rng = Rng(seed)
        while not m.over:
            if pred(m):
                return m
            s = m.to_act()[0]
            a = bot.choose(m.view(s), m.legal(s), rng, Budget())
            if s == 0 and isinstance(a, (Draw3, Double, Redraw)):
                phase = m.view(0).phase
                a = Pass() if phase is Phase.TURN else Offer() if phase is Phase.OFFER else Decline()
            m.submit(s, a)
    raise AssertionError("no such position found")


def _card_of_kind(t: TurmbauTable, kind: int):
    return next((c for k, c, chosen in t.hand_cards() if k == kind and not chosen), None)


def _play_human_move(p: Pilot, t: TurmbauTable, use_keys: bool) -> None:
    """One decision of the viewer, by mouse (or keys on alternate calls)."""
    v = t.view
    mode = t.mode()
    if mode == "turn":
        builds = [
            (w, s)
            for (w, s) in sorted(t.legal_moves().builds)
            if all(v.hand[k] >= n for k, n in enumerate(v.wonders[w].discs[s].need))
        ]
        if builds:
            p.click(disc_centre(*builds[0]))
        elif use_keys:
            p.press(pygame.K_p)
        else:
            p.click(t.btn_a.rect.center)
    elif mode == "offer":
        w, s = v.target
        need = v.wonders[w].discs[s].need
        kind = next((k for k in range(4) if need[k] and v.hand[k]), None)
        if kind is None:
            p.press(pygame.K_n) if use_keys else p.click(t.btn_b.rect.center)
            return
        if use_keys:
            p.press(pygame.K_1 + kind)
            assert t.choice.offer_sel[kind] == 1
            p.press(pygame.K_RETURN)
        else:
            p.click(_card_of_kind(t, kind))
            assert t.choice.offer_sel[kind] == 1
            p.click(t.btn_a.rect.center)
    elif mode == "select":
        offerers = t.offerers()
        if offerers:
            p.click(layout.slot_rect(t.view, offerers[0]).center)
        if t.choice.select not in t.legal_moves().selects:
            p.press(pygame.K_BACKSPACE)
        if t.choice.select in t.legal_moves().selects:
            p.press(pygame.K_RETURN) if use_keys else p.click(t.btn_a.rect.center)
        else:
            p.press(pygame.K_l)
    else:
        p.advance(0.05)


def test_full_game_against_three_bots_by_mouse_and_keys(rules, pilot):
    match = Match(rules, rules.make_config(4), 5, [Seat("Anna"), *BOTS])
    t = _table(match)
    pilot.start(t)
    decisions = 0
    for i in range(1500):
        if match.over:
            break
        if t.legal and not t.busy():
            ply = match.ply
            _play_human_move(pilot, t, use_keys=i % 2 == 1)
            decisions += match.ply > ply
        else:
            pilot.advance(0.05)
    assert match.over and decisions > 10
    assert pilot.until(lambda: t._end_shown, 5)
    final = match.view(None).final
    assert len(final) == 4 and all(f.total == s for f, s in zip(final, match.view(None).scores))
    lines = t.result_lines()
    assert lines and "Anna" in lines[0]
    pilot.frame()  # the score sheet draws
    rematch = t.end_widgets.widgets[0]
    pilot.click(rematch.rect.center)
    assert isinstance(pilot.top, TurmbauTable) and pilot.top is not t


def test_pass_and_play_curtain_before_every_offer(rules, pilot):
    seats = [Seat("Anna"), Seat("Ben"), Seat("Carla"), Seat("Dieter", "heuristic")]
    match = Match(rules, rules.make_config(4), 8, seats)
    t = _table(match)
    pilot.start(t)
    curtain: tuple[str, str] | None = None
    offers = selects = 0
    for i in range(600):
        if match.over or (offers >= 8 and selects >= 2):
            break
        top = pilot.top
        if isinstance(top, PrivacyCurtain):
            curtain = (top.name, top.reason)
            assert t.viewer is None and t.hand_cards() == []  # nothing secret behind the curtain
            assert top.reason.startswith(top.name + ":")
            pilot.advance(0.3)
            pilot.press(pygame.K_SPACE)
            continue
        # the screen shows only its own seat's secrets
        assert t.view.seat == t.viewer
        if t.viewer is not None:
            assert t.view.hand == match.view(t.viewer).hand
        if t.legal and not t.busy():
            name = match.seats[t.viewer].name
            mode = t.mode()
            if mode == "offer":
                # every offer is made right after this player's own curtain, never reused
                assert curtain is not None and curtain[0] == name and "make your offer" in curtain[1]
                offers += 1
            if mode == "select":
                assert curtain is not None and curtain[0] == name and "revealed" in curtain[1]
                selects += 1
            curtain = None if mode in ("offer", "select") else curtain
            _play_human_move(pilot, t, use_keys=i % 2 == 0)
            continue
        pilot.advance(0.05)
    assert offers >= 8 and selects >= 2


def test_select_preview_follows_the_choice(rules, pilot):
    def builder_choosing(m):
        v = m.view(0)
        return (
            v.phase is Phase.SELECT
            and v.active == 0
            and any(a.seats for a in m.legal(0) if isinstance(a, Select))
        )

    match = _prepared(rules, builder_choosing)
    t = _table(match)
    pilot.start(t)
    pilot.until(lambda: not t.busy(), 2)
    assert t.mode() == "select"
    choice = next(a for a in t.legal if isinstance(a, Select) and a.seats and not sum(a.wild))
    for s in choice.seats:
        pilot.click(layout.slot_rect(t.view, s).center)
    assert t.choice.select == choice
    preview, reason = t.select_preview()
    assert reason == "" and preview == preview_select(t.view, choice)
    assert t.btn_a.enabled
    pilot.frame()
    before = match.view(None)
    pilot.click(t.btn_a.rect.center)
    after = match.view(None)
    to = preview["disc_to"]
    assert after.disc_counts[to] == before.disc_counts[to] + 1
    for s, pts in preview["refused_points"].items():
        assert after.scores[s] >= before.scores[s] + pts
    # an offer toggled off again leaves the preview in step
    assert t.choice.seats == frozenset()


def test_action_cards_refused_at_a_wrong_moment_and_played_at_a_legal_one(rules, pilot):
    def offering_with_double(m):
        return m.view(0).phase is Phase.OFFER and 0 in m.to_act() and DOUBLE in m.view(0).my_actions

    match = _prepared(rules, offering_with_double)
    t = _table(match)
    pilot.start(t)
    pilot.until(lambda: not t.busy(), 2)
    assert t.mode() == "offer"
    double_card = next(c for kind, face, c in t.extra_cards() if face == "double")
    pilot.click(double_card)
    assert DOUBLE in match.view(0).my_actions and match.view(0).double == 0
    assert any("start of your own turn" in m for m, _ in pilot.app.toasts)
    # make no offer and play on until Anna's own turn, where the card is legal
    pilot.press(pygame.K_n)
    assert pilot.until(lambda: t.mode() == "turn" or match.over, 20)
    for _ in range(200):
        if t.mode() == "turn" or match.over:
            break
        _play_human_move(pilot, t, use_keys=True)
        pilot.until(lambda: bool(t.legal) or match.over, 5)
    assert t.mode() == "turn" and t.legal_moves().double
    double_card = next(c for kind, face, c in t.extra_cards() if face == "double")
    pilot.click(double_card)
    assert match.view(0).double == 1 and DOUBLE in match.view(None).spent
    pilot.press(pygame.K_p)  # the first of two turns: Anna is still to play
    assert match.view(0).active == 0 and match.view(0).double == 2 and t.mode() == "turn"


def test_card_draw_while_offering_and_card_trade(rules, pilot):
    def offering_with_draw(m):
        return m.view(0).phase is Phase.OFFER and 0 in m.to_act() and DRAW3 in m.view(0).my_actions

    match = _prepared(rules, offering_with_draw)
    t = _table(match)
    pilot.start(t)
    pilot.until(lambda: not t.busy(), 2)
    hand = sum(match.view(0).hand)
    pilot.press(pygame.K_c)
    assert sum(match.view(0).hand) == hand + 3 and DRAW3 not in match.view(0).my_actions
    assert t.mode() == "offer"  # the offer is still to be made
    pilot.press(pygame.K_x)  # no Triple bonus card: nothing changes
    assert not t.choice.triple


def test_curtain_reason_and_screens_at_small_and_large_sizes(rules):
    match = _prepared(rules, lambda m: m.view(0).phase is Phase.OFFER and 0 in m.to_act())
    for size in ((1024, 640), (1920, 1080)):
        p = Pilot(size=size)
        t = _table(match)
        p.start(t)
        p.move(disc_centre(0, 0))
        p.frame()
        assert t.curtain_reason(0).startswith("Anna: make your offer for the ")
        pygame.display.quit()


def test_joker_extra_choice_when_completing_a_disc(rules, pilot):
    joker = data.ACTION_KINDS.index("joker")

    def builder_with_joker(m):
        v = m.view(0)
        if v.phase is not Phase.SELECT or v.active != 0 or joker not in v.my_actions:
            return False
        return any(sum(a.wild) for a in m.legal(0) if isinstance(a, Select))

    match = _prepared(rules, builder_with_joker)
    t = _table(match)
    pilot.start(t)
    pilot.until(lambda: not t.busy(), 2)
    assert t.mode() == "select"
    choice = next(a for a in t.legal if isinstance(a, Select) and sum(a.wild))
    for s in choice.seats:
        pilot.click(layout.slot_rect(t.view, s).center)
    x, y = next(c for kind, face, c in t.extra_cards() if face == "joker")
    card = (x - 22, y)  # the visible edge, even when the next card overlaps it
    for _ in range(30):
        if t.choice.wild == choice.wild:
            break
        pilot.click(card)  # each click offers the next way the Joker can stand in
    assert t.choice.select == choice
    preview, _ = t.select_preview()
    assert preview["jokers"] == 1 and preview["units"][0] >= data.JOKER_UNITS
    resting = HAND_Y + 10
    assert [c[1] < resting for kind, face, c in t.extra_cards() if face == "joker"][0]  # lifted: in use
    pilot.press(pygame.K_RETURN)
    assert joker in match.view(None).spent and joker not in match.view(0).my_actions


def test_others_offers_sliding_in_do_not_hold_up_the_players_offer(rules):
    """At normal animation speed a bot's face-down offer slides to its slot while the player is
    still drafting: the player's buttons and keys stay live all the while."""
    match = _prepared(rules, lambda m: m.view(0).phase is Phase.OFFER and 0 in m.to_act())
    p = Pilot(size=(1280, 800), anim_speed="normal")
    try:
        t = _table(match)
        p.start(t)
        assert p.until(lambda: t.mode() == "offer", 5)
        committed = sum(match.view(None).committed)
        slid = False
        for _ in range(600):
            if sum(match.view(None).committed) > committed or match.view(None).phase is not Phase.OFFER:
                break
            p.app.step(1 / 60, [], draw=False)
        for _ in range(30):  # the frames right after a bot's commit, its cards still on their way
            slid |= any(sp.moving for sprites in t.motion.offer_sprites.values() for sp in sprites)
            assert t.mode() == "offer" and t.btn_a.visible
            p.frame()
        assert slid
    finally:
        pygame.display.quit()


def test_log_wraps_whole_entries_and_scoring_names_the_parts():
    from babel.core.protocol import Event
    from scenes.tables.turmbau.words import event_lines
    from scenes.widgets.scrolltext import LogScroll

    names = ["Anna", "Ben", "Carla", "Dieter", "Eva"].__getitem__
    breakdown = [
        {"seat": 0, "units": 3, "rank": 2, "points": 3},
        {"seat": 3, "units": 6, "rank": 1, "points": 8},
        {"seat": 4, "units": 0, "rank": 0, "points": 0},
    ]
    ev = Event("wonder_scored", {"wonder": 0, "row": 0, "values": [8, 4], "breakdown": breakdown})
    (line,) = event_lines(names, ev)
    assert line == "Pyramids of Giza scored on 8/4: Dieter 8 (6 parts), Anna 3 (3 parts)."
    p = Pilot(size=(1024, 640))
    try:
        log = LogScroll(13, 19)
        log.place((0, 0, 316, 190))
        rows = [(text, indent) for text, indent, _ in log.rows(p.app.canvas, ["Turn 1: Anna.", line * 2])]
        assert rows[0] == ("Turn 1: Anna.", 0) and len(rows) > 2
        assert all(indent == 10 for _, indent in rows[2:])
        assert " ".join(text for text, _ in rows[1:]).split() == (line * 2).split()
        log.place((0, 0, 316, 38))  # two rows: the end of the long entry, its continuation indented
        assert log.shown()[0][1] == 10
    finally:
        pygame.display.quit()


def test_help_line_names_only_the_action_cards_that_can_be_played(rules, pilot):
    match = _prepared(rules, lambda m: m.view(0).phase is Phase.OFFER and 0 in m.to_act())
    t = _table(match)
    pilot.start(t)
    pilot.until(lambda: not t.busy(), 2)
    held = {data.ACTION_KINDS[a] for a in match.view(0).my_actions}
    line = t.help_line()
    assert "Enter commit" in line
    assert ("X triple" in line) == ("triple" in held)
    assert ("C card draw" in line) == ("draw3" in held)
    assert "D double turn" not in line  # only at the start of one's own turn


def test_builder_told_to_invite_when_the_hand_alone_cannot_fill_up(rules, pilot):
    """Anna builds on discs her hand cannot fill until the others' offers make it possible."""
    bot = registry.make_bot("turmbau", "heuristic")
    match = None
    for seed in range(1, 40):
        m = Match(rules, rules.make_config(4), seed, [Seat("Anna"), *BOTS])
        rng = Rng(seed)
        while not m.over:
            s = m.to_act()[0]
            v = m.view(s)
            selects = [a for a in m.legal(0) if isinstance(a, Select)] if s == 0 else []
            if selects and all(a.seats for a in selects):
                match = m
                break
            if s == 0 and v.phase is Phase.TURN:
                short = [a for a in m.legal(0) if isinstance(a, Build)]
                short = [
                    a
                    for a in short
                    if any(n > v.hand[k] for k, n in enumerate(v.wonders[a.wonder].discs[a.slot].need))
                ]
                a = short[0] if short else Pass()
            elif s == 0:
                a = Offer() if v.phase is Phase.OFFER else Decline()
            else:
                a = bot.choose(v, m.legal(s), rng, Budget())
            m.submit(s, a)
        if match is not None:
            break
    assert match is not None
    t = _table(match)
    pilot.start(t)
    pilot.until(lambda: not t.busy(), 2)
    preview, reason = t.select_preview()
    assert (
        preview is None and reason.startswith("Too few cards to fill up alone") and "Invite offers" in reason
    )
    assert not t.btn_a.enabled


def test_pass_and_play_card_draw_keeps_the_screen_with_its_player(rules, pilot):
    """Card draw shows new cards to their player only: no curtain for the one already looking."""
    seats = [Seat("Anna"), Seat("Ben"), Seat("Carla", "heuristic"), Seat("Dieter", "heuristic")]
    bot = registry.make_bot("turmbau", "heuristic")
    match = None
    for seed in range(1, 40):
        m = Match(rules, rules.make_config(4), seed, seats)
        rng = Rng(seed)
        while not m.over:
            s = m.to_act()[0]
            v = m.view(s)
            if s == 0 and v.phase is Phase.TURN and DRAW3 in v.my_actions:
                match = m
                break
            a = bot.choose(v, m.legal(s), rng, Budget())
            if s < 2 and isinstance(a, (Draw3, Double, Redraw)):
                a = Pass() if v.phase is Phase.TURN else Offer() if v.phase is Phase.OFFER else Decline()
            m.submit(s, a)
        if match is not None:
            break
    assert match is not None
    t = _table(match)
    pilot.start(t)
    assert isinstance(pilot.top, PrivacyCurtain) and pilot.top.name == "Anna"
    pilot.advance(0.3)
    pilot.press(pygame.K_SPACE)
    assert pilot.top is t and t.viewer == 0 and t.mode() == "turn"
    hand = sum(t.view.hand)
    pilot.press(pygame.K_c)
    pilot.advance(0.1)
    assert pilot.top is t and t.viewer == 0 and sum(t.view.hand) == hand + 3
    assert t.mode() == "turn"  # Anna goes on with her turn


def test_painters_take_the_view_and_change_nothing(rules, pilot):
    """Every painter takes the view and a TurmbauUi, never the table; drawing a frame leaves the
    motion as it was (finished pieces go in update, not while drawing)."""
    import inspect

    from scenes import anim
    from scenes.tables.turmbau import draw, frame, panels, sheet

    for module in (draw, frame, panels, sheet):
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if fn.__module__ == module.__name__:
                params = set(inspect.signature(fn).parameters)
                assert not params & {"t", "table", "scene", "self"}, f"{module.__name__}.{name}"
    match = _prepared(rules, lambda m: m.view(0).phase is Phase.OFFER and 0 in m.to_act())
    t = _table(match)
    pilot.start(t)
    pilot.until(lambda: not t.busy(), 2)
    done = anim.Tween(0.1, elapsed=1.0, done=True)
    t.motion.floaters.append(("+3", (100, 100), (255, 255, 255), done))
    t.motion.banner = ("over", done)
    floaters = list(t.motion.floaters)
    t.draw(pilot.app.canvas)  # a frame drawn, with no update before it
    assert t.motion.floaters == floaters and t.motion.banner == ("over", done)
    t.update_table(0.0)
    assert not t.motion.floaters and t.motion.banner is None


def test_the_lesson_points_at_discs_cards_and_buttons(rules, pilot):
    match = _prepared(rules, lambda m: m.view(0).phase is Phase.OFFER and 0 in m.to_act())
    t = _table(match)
    pilot.start(t)
    pilot.until(lambda: not t.busy(), 2)
    w, s = next((w, s) for w in range(8) for s in range(3) if t.view.wonders[w].discs[s] is not None)
    assert t.lesson_target(("disc", w, s)).collidepoint(disc_centre(w, s))
    assert t.lesson_target(("primary",)) == t.btn_a.rect
    assert t.lesson_target(("secondary",)) == t.btn_b.rect
    kind = next(k for k in range(4) if t.view.hand[k])
    card = t.lesson_target(("offer", kind))
    assert any(k == kind and card.collidepoint(c) for k, c, _ in t.hand_cards())


def test_pass_and_play_log_names_the_offers_once_they_are_face_up(rules):
    """Revealed offers: the log names them when the table has turned their cards over, not
    while they still lie face down (the table and the log agree)."""
    p = Pilot(size=(1280, 800), anim_speed="normal")
    seats = [Seat("Anna"), Seat("Ben"), Seat("Carla"), Seat("Dieter", "heuristic")]
    match = Match(rules, rules.make_config(4), 8, seats)
    t = _table(match)
    p.start(t)
    named: list[bool] = []  # per reveal: were all offer cards face up when the log named them?
    real = t._log

    def log(lines):
        if any(" offered " in line for line in lines):
            named.append(all(sp.face_up for row in t.motion.offer_sprites.values() for sp in row))
        real(lines)

    t._log = log
    for i in range(800):
        if match.over or len(named) >= 6:
            break
        if isinstance(p.top, PrivacyCurtain):
            p.advance(0.3)
            p.press(pygame.K_SPACE)
        elif t.legal and not t.busy():
            _play_human_move(p, t, use_keys=i % 2 == 0)
        else:
            p.advance(0.05)
    assert len(named) >= 6 and all(named), named
    pygame.display.quit()


def test_offer_prompt_status_and_choice_line_hold_16_px_on_a_small_window(rules, monkeypatch):
    """On 1024x640 at 100 %, an offer in progress: the prompt, the plates' statuses, the choice
    line under the buttons and the key line keep 16 px, in fewer words where the long ones would
    shrink."""
    from scenes import assets
    from scenes.canvas import Canvas
    from scenes.tables.turmbau.table import KIND_KEYS

    seats = [Seat("Anna")] + [Seat(f"Bot {i}", "random") for i in range(1, 4)]
    match = Match(rules, rules.make_config(4), 5, seats)
    match.play_bots(until=lambda m: m.view(None).phase is Phase.OFFER and 0 in m.to_act())
    drawn: dict[str, int] = {}
    original = Canvas.text

    def text(canvas, s, pos, size=22, *args, **kwargs):
        drawn[s] = round(size * canvas.scale)
        return original(canvas, s, pos, size, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", text)
    pilot = Pilot(size=(1024, 640))
    table = TurmbauTable(match, None, threaded=False)
    pilot.start(table)
    offer = max((a for a in match.legal(0) if isinstance(a, Offer)), key=lambda a: sum(a.cards))
    pilot.press(next(key for key, kind in KIND_KEYS.items() if offer.cards[kind]))
    assets.clear()  # cached layers are painted again, so their words are seen
    pilot.app.draw()
    prompt = next(s for s in drawn if "offer cards face down" in s)
    choice = next(s for s in drawn if s.startswith("1 of "))
    statuses = [s for s in drawn if s in ("offering…", "making an offer…", "committed", "offer committed")]
    keys = next(s for s in drawn if s.endswith("? all keys") and s.startswith("1-4"))
    assert statuses
    for s in (prompt, choice, keys, *statuses):
        assert drawn[s] >= 16, (s, drawn[s])
