"""The Babel On! table driven like a player: a whole game against a bot by mouse, pass-and-play,
a knock-over replayed as a fall, the risk while dragging, and inspecting a tower."""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from babel.games.babel_on import preview
from babel.games.babel_on.actions import Action, Add, End, Return, Take, action_text
from babel.games.babel_on.model import Phase
from scenes import wording
from scenes.pilot import Pilot
from scenes.tables.babel_on import BabelOnTable, art, layout
from scenes.widgets.curtain import PrivacyCurtain


def kind(m: Action) -> str:
    return action_text(m).split()[0]


@pytest.fixture
def rules():
    return registry.get("babel_on")


def _table(rules, seats, seed=3, plies=0, **options):
    match = Match(rules, rules.make_config(len(seats), **options), seed, seats)
    for _ in range(plies):
        seat = match.to_act()[0]
        match.submit(seat, match.bot_action(seat))
    return BabelOnTable(match, None, threaded=False)


def _grab_point(pilot, table, block):
    """A visible point of a block, turning the view (R) until it shows."""
    for _ in range(4):
        point = table.block_point(block)
        if point is not None:
            return point
        pilot.press(pygame.K_r)
    return None


def _play_one(pilot, table) -> None:
    """One human action by mouse (buttons, drags, click-to-select)."""
    v = table.view
    legal = table.legal
    kinds = {kind(m) for m in legal}
    if "call" in kinds:
        button = table.buttons.even if v.round % 2 else table.buttons.odd
        pilot.click(button.rect.center)
        return
    adds = [m for m in legal if isinstance(m, Add)]
    if adds:
        # calm drag from the hand onto the lowest legal cell (own tower first)
        m = min(adds, key=lambda m: (m.tower != v.seat, len(v.towers[m.tower][m.cell]), m.cell))
        src = table.tray_point(m.colour)
        pilot.drag(src, table.top_point(m.tower, m.cell), steps=8, seconds=2.0)
        pilot.advance(0.3)
        return
    takes = [m for m in legal if isinstance(m, Take | Return)]
    if "pass" in kinds:
        pilot.click(table.buttons.pass_.rect.center)
        return
    if takes:
        safe = [m for m in takes if preview.knock_risk(v, m, 0) == 0.0] or takes
        safe.sort(key=lambda m: (m.tower == v.seat, -m.floor))
        for m in safe:
            point = _grab_point(pilot, table, (m.tower, m.cell, m.floor))
            if point is not None:
                pilot.click(point)  # select (the risk shows)
                assert table.hand.selected is not None and table.risk() is not None
                pilot.click(point)  # take it
                return
        pytest.fail("no takeable block is visible from any side")
    if "end" in kinds:
        if "bonus" in kinds and v.round % 3 == 0:
            tower, cell = preview.bonus_targets(legal)[0]
            src = layout.bonus_slots()[0]
            pilot.click(src)
            pilot.click(table.top_point(tower, cell))
            return
        pilot.click(table.buttons.end.rect.center)
        return
    pytest.fail(f"no way to play {kinds}")


def test_full_game_against_a_bot_by_mouse(rules, pilot):
    table = _table(
        rules, [Seat("Anna"), Seat("Bot", "heuristic")], seed=11, steady_hands=True, round_limit=30
    )
    pilot.start(table)
    for _ in range(900):
        if table.match.over:
            break
        assert pilot.until(lambda: bool(table.legal) or table.match.over, 20)
        if table.match.over:
            break
        ply = table.match.ply
        _play_one(pilot, table)
        assert table.match.ply > ply, f"the action did not happen in {table.view.phase}"
    assert table.match.over
    pilot.until(lambda: table._end_shown, 5)
    assert table._end_shown and table.result_lines()


def test_two_humans_pass_and_play_without_curtain(rules, pilot):
    table = _table(rules, [Seat("Anna"), Seat("Ben")], seed=4)
    pilot.start(table)
    seen = set()
    for _ in range(60):
        assert not isinstance(pilot.top, PrivacyCurtain)  # nothing is secret
        assert pilot.until(lambda: bool(table.legal), 5)
        actor = table.actor()
        assert table.viewer == actor and table.view.seat == actor
        assert table._name(actor) in table.prompt()
        seen.add(actor)
        if table.view.phase is Phase.CALL:
            pilot.press(pygame.K_o if len(seen) % 2 else pygame.K_e)
            continue
        _play_one(pilot, table)
        if len(seen) == 2 and table.match.view(None).round >= 3:
            break
    assert seen == {0, 1}


def _fall_table(rules, speed="normal", size=(1280, 800)):
    """Seed 1, ply 16 of a 3-player game: Anna may pull a load-bearing block off Bot 2's tower."""
    table = _table(rules, [Seat("Anna"), Seat("Bot 1", "random"), Seat("Bot 2", "random")], seed=1, plies=16)
    pilot = Pilot(size=size, anim_speed=speed)
    pilot.start(table)
    pilot.advance(0.2)
    return pilot, table


def test_knock_over_plays_the_fall(rules):
    pilot, table = _fall_table(rules)
    v = table.view
    move = next(
        m for m in table.legal if isinstance(m, Take) and m.tower == 2 and m.floor < len(v.towers[2][m.cell])
    )
    assert preview.knock_risk(v, move, 0) == 1.0
    point = _grab_point(pilot, table, (move.tower, move.cell, move.floor))
    pilot.move(point)
    pilot.frame()
    shown = table.risk()
    assert shown is not None and shown[1] > 0.9  # the risk is seen before the pull
    pilot.drag(point, (point[0] + 160, point[1] + 50), steps=12, seconds=1.2)
    assert table.match.view(None).eliminated[0]
    assert table.motion.fall is not None and table.busy()
    assert table.motion.fall.frames and table.motion.fall.result == "eliminated"
    pilot.advance(0.6)
    assert table.motion.fall is not None  # still tumbling
    pilot.app.draw()
    assert pilot.until(lambda: not table.busy(), 8)
    assert table.motion.fall is None
    assert "Anna knocked over Bot 2's tower: " in " ".join(table.log_lines)
    pygame.display.quit()


def _play_until_an_add(pilot, table) -> None:
    """Play the human's turns by mouse until they hold a block to add (within 40 actions)."""
    for _ in range(40):
        pilot.until(lambda: bool(table.legal), 10)
        if any(isinstance(m, Add) for m in table.legal):
            return
        _play_one(pilot, table)


def test_drag_shows_risk_and_targets(rules, pilot):
    table = _table(rules, [Seat("Anna"), Seat("Bot", "heuristic")], seed=5)
    pilot.start(table)
    _play_until_an_add(pilot, table)
    adds = [m for m in table.legal if isinstance(m, Add)]
    assert adds
    m = adds[0]
    src = table.tray_point(m.colour)
    dst = table.top_point(m.tower, m.cell)
    pa = pilot._screen(src)
    pilot.send(pygame.event.Event(pygame.MOUSEMOTION, pos=pa, rel=(0, 0), buttons=(0, 0, 0)))
    pilot.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pa, button=1))
    for i in range(1, 9):
        q = (src[0] + (dst[0] + 6 - src[0]) * i / 8, src[1] + (dst[1] - src[1]) * i / 8)
        pilot.app.step(
            0.2, [pygame.event.Event(pygame.MOUSEMOTION, pos=pilot._screen(q), rel=(0, 0), buttons=(1, 0, 0))]
        )
    assert table.hand.drag is not None and table.hand.drag.moved
    assert table.target == (m.tower, m.cell)
    assert table.targets(table.hand.drag)  # legal targets glow
    risk = table.risk()
    assert risk is not None and 0 <= risk[1] <= 1
    verdict = table.hand.verdict(table.view, risk[0])  # what this very drag would do, beside the odds
    assert verdict is not None and verdict[0].startswith("this drag")
    cached = len(table.hand.risk_cache)
    pilot.frame()
    pilot.frame()
    assert len(table.hand.risk_cache) == cached  # computed once per target, not every frame
    ply = table.match.ply
    pilot.app.step(0.3, [])  # the hand comes to rest before letting go
    pilot.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pilot._screen((dst[0] + 6, dst[1])), button=1))
    assert table.match.ply == ply + 1
    last = table.match.log[-1].text
    assert last.startswith("add ") and "@" in last  # the drop offset went into the move


def test_turn_view_and_floor_plan(rules, pilot):
    table = _table(rules, [Seat("Anna"), Seat("Bot", "random"), Seat("Cleo", "random")], seed=2, plies=40)
    pilot.start(table)
    pilot.press(pygame.K_r)
    assert table.rot == 1
    pilot.click(table.buttons.rot.rect.center)
    assert table.rot == 2
    pilot.move(table.places.origin[1])
    pilot.press(pygame.K_f)
    assert table.plan_for == 1
    pilot.press(pygame.K_RIGHT)
    assert table.plan_for == 2
    pilot.frame()
    pilot.click((800, 450))
    assert table.plan_for is None


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_two_to_six_seats_lay_out(rules, size):
    pilot = Pilot(size=size)
    for n in range(2, 7):
        seats = [Seat("Anna")] + [Seat(f"Bot {i}", "random") for i in range(1, n)]
        table = _table(rules, seats, seed=n, plies=12 * n)
        pilot.app.reset(table)
        pilot.frame()
        plates = [table.places.plate[t] for t in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                assert not plates[i].colliderect(plates[j])
        for _ in range(2):
            pilot.app.draw()  # frame times are measured in tools/frame_bench.py, not here
    pygame.display.quit()


def test_random_input_never_crashes(rules):
    from babel.core.rng import Rng

    pilot = Pilot(size=(1024, 640), anim_speed="fast")
    table = _table(rules, [Seat("Anna"), Seat("Ben"), Seat("Bot", "random")], seed=9, plies=20)
    pilot.start(table)
    rng = Rng(42)
    keys = [
        pygame.K_e,
        pygame.K_o,
        pygame.K_p,
        pygame.K_RETURN,
        pygame.K_b,
        pygame.K_r,
        pygame.K_f,
        pygame.K_h,
    ]
    keys += [pygame.K_SPACE, pygame.K_LEFT]
    for _ in range(250):
        if pilot.top is not table:
            pilot.app.pop()
        roll = rng.below(10)
        pos = (rng.below(1600), rng.below(900))
        if roll < 4:
            pilot.click(pos, button=1 if roll else 3)
        elif roll < 7:
            pilot.drag(pos, (rng.below(1600), rng.below(900)), steps=4, seconds=0.4)
        elif roll < 9:
            pilot.press(keys[rng.below(len(keys))])
        else:
            pilot.advance(0.3)
    pygame.display.quit()


def test_pass_and_play_knock_over_then_the_victim_restores(rules):
    """Four humans at one screen: Anna pulls a load-bearing block off Ben's tower, is
    eliminated, and the screen goes to Ben (no curtain) to put the fallen blocks back."""
    seats = [Seat("Anna"), Seat("Ben"), Seat("Cleo"), Seat("Dov")]
    match = Match(rules, rules.make_config(4), 26, seats)
    for _ in range(39):  # seed 26, ply 39: Anna's odd move, Ben's tower is vulnerable
        seat = match.to_act()[0]
        match.submit(seat, match.bot_action(seat))
    table = BabelOnTable(match, None, threaded=False)
    pilot = Pilot(size=(1024, 640), anim_speed="fast")
    pilot.start(table)
    pilot.advance(0.2)
    assert table.viewer == 0 and table.view.phase is Phase.REMOVE
    v = table.view
    move = next(
        m
        for m in table.legal
        if isinstance(m, Take)
        and m.tower == 1
        and m.floor < len(v.towers[1][m.cell])
        and preview.knock_risk(v, m, 0) == 1.0
    )
    point = _grab_point(pilot, table, (move.tower, move.cell, move.floor))
    pilot.drag(point, (point[0] + 120, point[1] + 40), steps=8, seconds=0.8)
    assert table.motion.fall is not None
    assert "Anna knocked over Ben's tower and is out of the game" in table.prompt()
    assert table.out_reason == {0: "knocked over Ben's tower"}  # her plate is marked out at once
    assert pilot.until(lambda: not table.busy() and bool(table.legal), 10)
    assert not isinstance(pilot.top, PrivacyCurtain)
    assert table.viewer == 1 and table.view.phase is Phase.RESTORE
    assert "knocked over" in table.prompt()
    while table.view.phase is Phase.RESTORE and table.legal:
        _play_one(pilot, table)
        pilot.until(lambda: not table.busy(), 5)
    assert table.match.view(None).eliminated[0]
    assert table.view.phase is Phase.CALL and table.actor() == 1  # the player after Anna
    pygame.display.quit()


def test_a_forced_pass_needs_no_click(rules):
    """Seed 1, ply 21: Anna guessed wrong with nothing to take back and no Bonus Block left; the
    table shows the die, then passes for her."""
    table = _table(rules, [Seat("Anna"), Seat("Bot", "heuristic")], seed=1, plies=21)
    assert [kind(m) for m in table.match.legal(0)] == ["pass"]
    pilot = Pilot(size=(1024, 640), anim_speed="normal")
    pilot.start(table)
    assert "nothing to take back" in table.prompt()
    ply = table.match.ply
    pilot.advance(0.3)
    assert table.match.ply == ply  # the wrong roll stays in view for a moment
    pilot.advance(1.5)
    assert table.match.ply > ply and table.match.log[ply].text == "pass"
    pygame.display.quit()


def test_end_panel_counts_and_fits(rules):
    table = _table(rules, [Seat("Anna", "random"), Seat("Bot", "heuristic")], seed=11, round_limit=30)
    while not table.match.over:
        seat = table.match.to_act()[0]
        table.match.submit(seat, table.match.bot_action(seat))
    pilot = Pilot(size=(1024, 640))
    pilot.start(table)
    lines = table.result_lines()
    assert lines and not any("(s)" in line or " 1 floors" in line for line in lines)
    for line in lines:
        assert pilot.app.canvas.text_size(line, 24)[0] <= 780  # the end panel's text width
    pygame.display.quit()


def test_a_refused_block_says_which_rule(rules, pilot):
    """Letting go of a held block over a cell that does not glow, or pulling a block the rules
    hold, changes nothing and names the rule."""
    table = _table(rules, [Seat("Anna"), Seat("Bot", "heuristic")], seed=5)
    pilot.start(table)
    _play_until_an_add(pilot, table)
    m = next(m for m in table.legal if isinstance(m, Add))
    illegal = next(
        (t, c) for t in range(2) for c in range(4) if (t, c) not in preview.add_targets(table.legal, m.colour)
    )
    src = table.tray_point(m.colour)
    ply = table.match.ply
    pilot.app.toasts.clear()
    pilot.drag(src, table.top_point(*illegal), steps=8, seconds=2.0)
    assert table.match.ply == ply
    said = " ".join(msg for msg, _ in pilot.app.toasts)
    assert said and "glowing" not in said
    assert any(rule in said for rule in ("Even:", "Safety:", "Structure:")), said


def test_a_held_block_says_which_rule(rules):
    pilot, table = _fall_table(rules)
    v = table.view
    assert v.phase is Phase.REMOVE
    held = [
        (t, c, f)
        for t in range(v.players)
        for c in range(4)
        for f in range(1, len(v.towers[t][c]) + 1)
        if not preview.block_moves(table.legal, t, c, f)
    ]
    assert held
    point = None
    for block in held:
        point = table.block_point(block)
        if point is not None:
            break
    assert point is not None
    ply = table.match.ply
    pilot.app.toasts.clear()
    pilot.click(point)
    assert table.match.ply == ply
    said = " ".join(msg for msg, _ in pilot.app.toasts)
    assert any(rule in said for rule in ("Protected Floor", "Last Resort", "Safety")), said
    pygame.display.quit()


def _layered_equals_direct(table) -> bool:
    """The table drawn through its still layer is pixel for pixel the table painted directly."""
    from scenes.canvas import Canvas
    from scenes.tables.babel_on.draw import draw_table

    size = pygame.display.get_surface().get_size()
    pictures = []
    for still in (table.still, None):
        surface = pygame.Surface(size)
        draw_table(Canvas(surface), table.view, table.ui(), still)
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    return pictures[0] == pictures[1]


def test_the_still_layer_draws_exactly_the_table_and_repaints_only_on_change(rules):
    pilot, table = _fall_table(rules)
    pilot.frame()
    painted = table.still.repaints
    for _ in range(5):
        pilot.app.draw()
    assert table.still.repaints == painted  # at rest: one blit of the cached layer per frame
    assert _layered_equals_direct(table)
    v = table.view
    move = next(
        m for m in table.legal if isinstance(m, Take) and m.tower == 2 and m.floor < len(v.towers[2][m.cell])
    )
    point = _grab_point(pilot, table, (move.tower, move.cell, move.floor))
    pilot.move(point)
    pilot.frame()
    assert table.hover_block is not None and _layered_equals_direct(table)  # the outline is in the layer
    pilot.drag(point, (point[0] + 160, point[1] + 50), steps=12, seconds=1.2)
    assert table.motion.fall is not None
    for _ in range(4):  # the falling tower moves over the layer; the others stay in it
        pilot.advance(0.25)
        assert _layered_equals_direct(table)
    assert pilot.until(lambda: not table.busy(), 8)
    pilot.frame()
    assert _layered_equals_direct(table)
    pygame.display.quit()


def test_a_dragged_block_and_a_shaking_tower_draw_over_the_still_layer(rules, pilot):
    table = _table(rules, [Seat("Anna"), Seat("Bot", "heuristic")], seed=5)
    pilot.start(table)
    _play_until_an_add(pilot, table)
    m = next(m for m in table.legal if isinstance(m, Add))
    src, dst = table.tray_point(m.colour), table.top_point(m.tower, m.cell)
    pilot.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pilot._screen(src), button=1))
    for i in range(1, 7):  # a fast, careless drag: the tower under the hand shakes
        q = (src[0] + (dst[0] - src[0]) * i / 6, src[1] + (dst[1] - src[1]) * i / 6)
        pilot.app.step(
            0.02,
            [pygame.event.Event(pygame.MOUSEMOTION, pos=pilot._screen(q), rel=(0, 0), buttons=(1, 0, 0))],
        )
        pilot.frame()
        assert _layered_equals_direct(table)
    assert table.hand.drag is not None and table.hand.drag.moved


def test_a_bonus_block_before_the_roll_is_resolved_says_why(rules, pilot):
    """Picking up a Bonus Block while drawn or taken blocks still wait is refused with the
    rule's reason, by drag, by click and by B (nothing is picked up, nothing is played)."""
    table = _table(rules, [Seat("Anna"), Seat("Bot", "heuristic")], seed=5)
    pilot.start(table)
    _play_until_an_add(pilot, table)
    assert table.view.bonus[table.actor()] > 0 and not preview.bonus_targets(table.legal)
    slot = layout.bonus_slots()[0]
    ply = table.match.ply
    for act in (
        lambda: pilot.drag(slot, table.top_point(table.actor(), 0), steps=6, seconds=0.6),
        lambda: pilot.click(slot),
        lambda: pilot.press(pygame.K_b),
    ):
        pilot.app.toasts.clear()
        act()
        said = " ".join(msg for msg, _ in pilot.app.toasts)
        assert said.startswith("Bonus Blocks: only once the roll is fully resolved ("), said
        assert table.hand.held is None and table.match.ply == ply


def test_every_slab_letter_drops_on_the_cell_it_names(rules):
    """The letters a-d printed on a tower's slab: a block let go on one lands on that cell (or,
    when that cell is not a target, nowhere), never on the neighbour whose new block's middle is
    near it; for 2-6 seats, every view turn, empty and built towers. And each cell has a point
    (what ``top_point`` gives) where a drop lands on it."""
    for n in range(2, 7):
        match = Match(
            rules, rules.make_config(n, steady_hands=True), n, [Seat(f"B{i}", "heuristic") for i in range(n)]
        )
        places = layout.places_for(n)
        for plies in (0, 24, 24):
            for _ in range(plies):
                if not match.over:
                    match.submit(match.to_act()[0], match.bot_action(match.to_act()[0]))
            v = match.view(None)
            cells = [(t, c) for t in range(n) if not v.eliminated[t] for c in range(4)]
            for rot in range(4):
                for t, c in cells:
                    point = layout.drop_point(places, rot, v, t, c)
                    assert layout.target_at(places, rot, v, point, cells) == (t, c)
                    x, y, _ = art.block_centre(c, 0)
                    label = layout.pt(places, rot, t, x, y, 0)
                    if v.towers[t][c] or layout.block_at(places, rot, v, (), label) is not None:
                        continue  # the letter is hidden under a block
                    assert layout.target_at(places, rot, v, label, cells) == (t, c)
                    assert layout.target_at(places, rot, v, label, [(t, c)]) == (t, c)
                    others = [o for o in cells if o != (t, c)]
                    assert layout.target_at(places, rot, v, label, others) is None
                    assert layout.offset_at(places, rot, v, label, t, c) == (0, 0)


def test_the_count_to_take_says_more_only_once_some_were_taken(rules):
    """The prompt and the rules' refusal: "take 3 blocks" right after the roll, "2 more blocks"
    once one was taken."""
    from scenes.tables.babel_on import words

    match = Match(rules, rules.make_config(2), 8, [Seat("A", "heuristic"), Seat("B", "heuristic")])
    for _ in range(400):
        v = match.view(None)
        if v.phase is Phase.REMOVE and v.to_remove == v.roll >= 3:
            break
        match.submit(match.to_act()[0], match.bot_action(match.to_act()[0]))
    assert v.phase is Phase.REMOVE and v.to_remove == v.roll
    seat = v.turn
    prompt = words.phase_prompt(v, "A", False, False)
    refusal = rules.why_illegal(match.state, seat, End())
    for said in (prompt, refusal):
        assert f"take {v.roll} blocks off" in said and "more" not in said, said
    match.submit(seat, next(m for m in match.legal(seat) if isinstance(m, Take)))
    v = match.view(None)
    assert v.phase is Phase.REMOVE and v.to_remove == v.roll - 1
    left = wording.count(v.to_remove, "more block")
    assert f"take {left} off" in words.phase_prompt(v, "A", False, False)
    assert f"take {left} off" in rules.why_illegal(match.state, seat, End())


def _painted(draw, size=(800, 450)):
    """What ``draw(canvas)`` paints on a fresh surface, and the canvas (for its transform)."""
    from scenes.canvas import Canvas

    surface = pygame.Surface(size)
    surface.fill((30, 80, 60))
    canvas = Canvas(surface)
    draw(canvas)
    return surface, canvas


def _has_colour(surface, rgb) -> bool:
    data = pygame.image.tobytes(surface, "RGB")
    at = data.find(bytes(rgb))
    while at >= 0 and at % 3:
        at = data.find(bytes(rgb), at + 1)
    return at >= 0


def test_moving_blocks_cast_contact_shadows_on_what_carries_them_and_keep_their_patterns(pilot):
    """A block a little over a still one shadows that block's top, never its front faces; one
    high over the tower paints nothing on the slab (no dark diamonds); one lying on the felt
    shadows the felt; a moving block keeps its colour's pattern mark (the colour-blind cue)."""
    c, origin = 60.0, (400.0, 380.0)
    still = ((0, 1, 0, 0, 0),)  # cell a, floor 1, the first nation's colour
    x, y, _ = art.block_centre(0, 1)
    alone, canvas = _painted(lambda cv: art.draw_tumbling(cv, origin, c, 0, [], -1, still))
    near, _ = _painted(lambda cv: art.draw_tumbling(cv, origin, c, 0, [(2, x, y, 1.9, 0.1, 0.0)], -1, still))
    high, _ = _painted(lambda cv: art.draw_tumbling(cv, origin, c, 0, [(2, x, y, 3.5, 0.1, 0.0)], -1, still))

    def at(px, py, pz):
        sx, sy = art.project(px, py, pz, c, 0)
        return canvas.pt((origin[0] + sx, origin[1] + sy))

    cx, cy = art.project(x, y, 0.5, c, 0)
    for dx, dy in ((-0.3, 0.3), (0.0, 0.4), (0.3, 0.3)):  # the still cube's front faces
        point = canvas.pt((origin[0] + cx + dx * c, origin[1] + cy + dy * c))
        assert near.get_at(point) == alone.get_at(point) == high.get_at(point)
    top = at(x + 0.4, y, 1.0)  # the still block's top, right of the block over it
    assert sum(near.get_at(top)[:3]) < sum(alone.get_at(top)[:3])
    for point in (at(x + 0.8, y, 0.0), at(x, y - 0.8, 0.0), at(x + 0.4, y, 1.0)):  # slab and top
        assert high.get_at(point) == alone.get_at(point)
    felt, _ = _painted(lambda cv: art.draw_tumbling(cv, origin, c, 0, [(2, 2.3, y, 0.55, 0.3, 0.0)], -1))
    bare, _ = _painted(lambda cv: None)
    point = at(2.3 + 0.68, y, 0.0)
    assert sum(felt.get_at(point)[:3]) < sum(bare.get_at(point)[:3])
    rgb, pattern = art.block_look(2, -1)
    assert pattern != "plain"
    mark = tuple(max(0, min(255, round(v * (0.45 if sum(rgb) > 300 else 1.9)))) for v in rgb)
    moving, _ = _painted(lambda cv: art.draw_tumbling(cv, origin, c, 0, [(2, x, y, 0.5, 0.6, 0.3)], -1))
    assert _has_colour(moving, mark)
    plain, _ = _painted(lambda cv: art.draw_tumbling(cv, origin, c, 0, [], -1, ((0, 1, 2, 0, 0),)))
    assert _has_colour(plain, mark)  # the same mark as on the cube at rest


def test_a_careless_drag_shakes_the_blocks_not_the_slab_or_the_ladder(rules, pilot):
    from dataclasses import replace as changed

    from scenes.tables.babel_on import draw

    table = _table(rules, [Seat("Anna"), Seat("Bot", "heuristic")], seed=5, plies=12)
    pilot.start(table)
    ui = table.ui()
    t = next(t for t in range(2) if any(table.view.towers[t]))
    pictures = [
        _painted(
            lambda cv, s=s: draw.draw_tower(cv, table.view, changed(ui, sway=s, sway_tower=t), t), (1600, 900)
        )
        for s in (0.0, 6.0)
    ]
    (rest, canvas), (shaking, _) = pictures
    c = table.places.cube
    ox, oy = table.places.origin[t]
    ladder = canvas.rect((ox - 3.1 * c, oy - 4.2 * c, 1.3 * c, 4.4 * c))  # the pills left of the tower
    slab = canvas.rect((ox - 0.3 * c, oy + 0.75 * c, 0.6 * c, 0.2 * c))  # the slab's front edge
    for r in (ladder, slab):
        assert pygame.image.tobytes(rest.subsurface(r), "RGB") == pygame.image.tobytes(
            shaking.subsurface(r), "RGB"
        )
    assert pygame.image.tobytes(rest, "RGB") != pygame.image.tobytes(shaking, "RGB")


def test_a_block_dropped_behind_a_taller_column_lands_behind_it(rules, pilot):
    """A block flying onto a tower is drawn among the tower's blocks in their depth order: near
    its place behind a taller column it is hidden by that column (it used to be painted over the
    whole tower until it landed), and on its way it shows."""
    from dataclasses import replace as changed

    from babel.games.babel_on.structure import Block
    from scenes import anim
    from scenes.tables.babel_on import draw, layout
    from scenes.tables.babel_on.animate import Flight

    table = _table(rules, [Seat("Anna"), Seat("Bot", "steady")])
    pilot.start(table)
    towers = list(table.view.towers)
    towers[0] = ((Block(0),), (Block(1), Block(1), Block(1)), (Block(2), Block(0)), ())  # c2 behind b
    view = changed(table.view, towers=tuple(towers))
    ui = changed(table.ui(), shown=view, fall=None, sway=0.0, sway_tower=None, hidden=frozenset({(0, 2, 2)}))
    end = layout.pt(ui.places, 0, 0, *art.block_centre(2, 2))

    def picture(t):
        flying = ()
        if t is not None:
            tween = anim.Tween(1.0, 0.0, anim.linear, elapsed=t)
            flying = (Flight(tween, (1400.0, 500.0), end, 0, 60.0, (0, 2, 2)),)
        u = changed(ui, flying=flying)
        return _painted(lambda cv: draw.draw_moving(cv, view, u, draw.live_towers(u) | {0}), (1600, 900))

    (bare, canvas), (landing, _), (on_way, _) = picture(None), picture(0.99), picture(0.6)
    c, (ox, oy) = ui.places.cube, ui.places.origin[0]
    for floor in (2, 3):  # the front faces of b's column, in front of the landing block
        x, y, z = art.block_centre(1, floor)
        sx, sy = art.project(x, y, z, c, 0)
        for dx in (-0.3, 0.3):
            p = canvas.pt((ox + sx + dx * c, oy + sy + 0.25 * c))
            assert landing.get_at(p) == bare.get_at(p)
    assert pygame.image.tobytes(landing, "RGB") != pygame.image.tobytes(bare, "RGB")  # it peeks out
    assert pygame.image.tobytes(on_way, "RGB") != pygame.image.tobytes(bare, "RGB")
