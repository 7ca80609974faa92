"""The Babel Builders table driven like players: a whole game against bots by mouse and keys
(as an Architect and as the Messenger of God), pass-and-play with the curtain before every
secret step, and the end-of-game timeline."""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from babel.games.builders import cards as C
from babel.games.builders.actions import Appoint, Declare, Place, Play, Reveal, Say, Strike, Swap, target_of
from babel.games.builders.bots import make_bot
from babel.games.builders.model import Phase
from scenes.pilot import Pilot
from scenes.tables.builders import BuildersTable
from scenes.tables.builders import draw as D
from scenes.tables.builders import layout as L
from scenes.tables.builders.timeline import TimelineScreen
from scenes.widgets.curtain import PrivacyCurtain


@pytest.fixture
def rules():
    return registry.get("builders")


def make_table(rules, seats, seed):
    match = Match(rules, rules.make_config(len(seats)), seed, seats)
    return BuildersTable(match, None, threaded=False)


def seat_point(table, seat):
    x, y = table.anchors[seat]
    return (x, y)


def cell_point(table, cell):
    """A point that hits ``cell`` on the base (the tower's top face, else the floor)."""
    grid = L.make_grid(max(table.motion.heights))
    gx, gy = L.cell_xy(cell)
    poly = L.cell_outline(grid, cell, table.motion.heights[cell])
    candidates = [(sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))]
    x, y = grid.project(gx, gy, max(0, table.motion.heights[cell] - 1))
    candidates += [(x, y + grid.cube / 4), (x, y + grid.cube * 0.5)]
    for pt in candidates:
        near = [(pt[0] + dx, pt[1] + dy) for dx in (-3, 0, 3) for dy in (-3, 0, 3)]
        if all(table._target_at(q) == ("cell", cell) for q in near):
            return pt
    return None


def act(pilot, table, action):
    """Perform ``action`` for the viewer through the mouse and keyboard, as a player would."""
    v = table.view
    if isinstance(action, Appoint):
        for s in action.seats:
            pilot.click(seat_point(table, s))
        pilot.press(pygame.K_RETURN)
    elif action == Play(None, None):
        pilot.press(pygame.K_n)
    elif isinstance(action, Play):
        table.clear_choice()
        hand = dict(L.hand_layout(v.hand))
        if table.choice.sel_play != action.card:
            pilot.click(hand[action.card])
        if action.discard is not None:
            pilot.click(hand[action.discard])
        pilot.press(pygame.K_RETURN)
    elif isinstance(action, Swap):
        rects = dict(L.received_rects(v.received))
        if table.choice.sel_take != action.take:
            pilot.click(rects[action.take].center)
        if action.give is not None:
            pilot.click(dict(L.hand_layout(v.hand))[action.give])
        pilot.press(pygame.K_RETURN)
    elif isinstance(action, Reveal):
        tray = L.tray_of(table.anchors, v.master, table.bottom)
        pilot.click(dict(L.reveal_rects(v.face_down, tray))[action.card].center)
    elif isinstance(action, Place | Strike):
        pt = cell_point(table, action.cell)
        if pt is None:
            name = C.CELL_NAMES[action.cell]
            pilot.press(pygame.K_a + "ABC".index(name[0]))
            pilot.press(pygame.K_1 + int(name[1]) - 1)
        else:
            pilot.click(pt)
    elif action in (Declare(False), Say(None)):
        pilot.press(pygame.K_n)  # No Seal / Pass / Say nothing
    elif action == Declare(True):
        pilot.press(pygame.K_RETURN)
    else:
        pilot.click(seat_point(table, target_of(action)))
        pilot.press(pygame.K_RETURN)


def play_out(pilot, table, choose=lambda legal: legal[0], limit=600):
    """Play the human seat(s) until the game ends; returns the number of actions made."""
    made = 0
    for _ in range(limit):
        if table.match.over:
            break
        top = pilot.top
        if isinstance(top, PrivacyCurtain):
            pilot.advance(0.3)
            pilot.press(pygame.K_SPACE)
            continue
        if top is not table:
            pilot.press(pygame.K_ESCAPE)
            continue
        if table.note is not None:
            pilot.click((600, 400))
        if table.legal and not table.busy():
            ply, seat = table.match.ply, table.viewer
            action = choose(table.legal)
            act(pilot, table, action)
            text = table.rules.action_text(action)
            done = [(a.seat, a.text) for a in table.match.log[ply:]]
            assert (seat, text) in done, f"{text} was not made by the UI"
            made += 1
            continue
        pilot.advance(0.05)
    return made


def seed_for(rules, players, role, master=None):
    """A seed where seat 0 is dealt ``role`` (the test inspects the state; the scene never does)."""
    for seed in range(1, 500):
        state = rules.initial_state(rules.make_config(players), seed)
        if state.roles[0].value == role and (master is None or state.master == master):
            return seed
    raise AssertionError("no seed")


def bot_seats(n, level="simple"):
    names = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn", "Gus", "Hana", "Ida", "Jo"]
    return [Seat(names[0])] + [Seat(names[i], level) for i in range(1, n)]


def belief_choice(rules, table, seed):
    """What a belief bot would choose for the viewer, from the viewer's own view (a stand-in player)."""
    from babel.core.bots import Budget, bot_rng

    bot = make_bot("belief")

    def choose(legal):
        table.verbs.append(table.rules.action_text(legal[0]).split()[0])
        return bot.choose(table.view, legal, bot_rng(seed, table.viewer, table.match.ply), Budget())

    table.verbs = []
    return choose


def finish_and_check_end(pilot, table):
    assert table.match.over
    assert pilot.until(lambda: table._end_shown, 5)
    # the timeline opens by itself at the end, over the table, and closes with Esc
    assert isinstance(pilot.top, TimelineScreen)
    pilot.press(pygame.K_ESCAPE)
    assert pilot.top is table
    lines = table.result_lines()
    assert any(line.startswith("Messenger of God:") for line in lines)
    assert table.result_title().startswith("The ")
    pilot.press(pygame.K_t)
    assert isinstance(pilot.top, TimelineScreen)
    pilot.press(pygame.K_ESCAPE)


@pytest.mark.parametrize(("role", "players"), [("architect", 7), ("messenger", 5), ("zealot", 6)])
def test_full_game_against_bots(rules, pilot, role, players):
    seed = seed_for(rules, players, role, master=0)  # the first Master acts whatever the bots do
    table = make_table(rules, bot_seats(players, "belief"), seed)
    pilot.start(table)
    assert table.note is not None and table.view.role.value == role  # the role note at the start
    made = play_out(pilot, table, belief_choice(rules, table, seed))
    assert made >= 2
    finish_and_check_end(pilot, table)


@pytest.mark.parametrize(
    ("role", "verb"), [("architect", "seal"), ("messenger", "seal"), ("zealot", "punish")]
)
def test_finale_by_mouse(rules, role, verb):
    """A game that reaches the Seal and Divine Punishment phases with the player choosing in them."""
    pilot = Pilot(size=(1024, 640))
    for seed in range(1, 60):
        state = rules.initial_state(rules.make_config(5), seed)
        if state.roles[0].value != role and not (role == "zealot" and state.roles[0].value == "architect"):
            continue
        table = make_table(rules, bot_seats(5, "belief"), seed)
        pilot.start(table)
        play_out(pilot, table, belief_choice(rules, table, seed))
        if verb in table.verbs and table.view.roles[0].value == role:
            break
        pilot.app.reset(table)
    else:
        raise AssertionError(f"no game where the player used the {verb} phase")
    v = table.match.view(None)
    assert v.result.reason in ("sealed", "punishment")
    assert table.motion.stage >= {"seals", "zealots", "messenger", "result"}
    finish_and_check_end(pilot, table)
    pygame.display.quit()


def test_master_steps_by_mouse(rules, pilot):
    """As the first Master: appoint by clicking seats, the private check, reveals and building."""
    seed = seed_for(rules, 7, "architect", master=0)
    table = make_table(rules, bot_seats(7), seed)
    pilot.start(table)
    pilot.click((600, 400))  # close the role note
    assert isinstance(table.legal[0], Appoint)
    pilot.click(seat_point(table, 0))  # the Master cannot appoint themselves
    assert table.choice.picked == []
    for s in (1, 2, 3):
        pilot.click(seat_point(table, s))
    pilot.press(pygame.K_RETURN)  # 3 of 4: not yet
    assert table.match.ply == 0
    pilot.press(pygame.K_5)  # keys pick seats by number
    assert sorted(table.choice.picked) == [1, 2, 3, 4]
    pilot.press(pygame.K_RETURN)
    assert table.match.view(None).appointed == (1, 2, 3, 4)
    assert pilot.until(lambda: table.legal and isinstance(table.legal[0], Swap), 10)
    assert table.checking() and len(table.view.received) == table.view.received_count
    verbs = set()
    for _ in range(40):
        if not table.legal or table.view.phase.value in ("pass", "over"):
            break
        verbs.add(type(table.legal[0]).__name__.lower())
        act(pilot, table, table.legal[0])
        pilot.until(lambda: not table.busy(), 5)
    assert "swap" in verbs
    assert table.motion.heights == list(table.view.base)


def test_pass_and_play_curtains_and_secrets(rules, pilot, monkeypatch):
    names = ["Anna", "Ben", "Carla", "Dan", "Eve"]
    table = make_table(rules, [Seat(n) for n in names], 4)
    drawn = []
    real = D.draw_hand

    def spy(canvas, v, ui):
        drawn.append((v.seat, ui.viewer))
        return real(canvas, v, ui)

    monkeypatch.setattr(D, "draw_hand", spy)
    pilot.start(table)
    curtains = []
    acted = []
    for _ in range(500):
        if table.match.over:
            break
        top = pilot.top
        if isinstance(top, PrivacyCurtain):
            assert table.viewer is None and table.view.seat is None and table.view.hand == ()
            public = table.match.view(None)
            to_act = table.match.to_act()
            assert names.index(top.name) in to_act  # only a seat that must act is called
            assert top.reason.startswith(top.name + ":")
            curtains.append((top.name, public.phase.value))
            drawn.clear()
            pilot.advance(0.3)
            pilot.press(pygame.K_SPACE)
            continue
        if top is not table:
            pilot.press(pygame.K_ESCAPE)
            continue
        for seat, viewer in drawn:
            assert seat == viewer  # a hand on screen is always the viewer's own
            assert not curtains or names[seat] == curtains[-1][0]  # the one who passed the curtain
        drawn.clear()
        if table.note is not None:
            pilot.click((600, 400))
        if table.legal and not table.busy():
            acted.append((table.viewer, table.view.phase.value, table.public_act))
            if table.public_act:  # "Ben (Master): Lightning (1 left)...", card names keep their capitals
                head = f"{names[table.viewer]} (Master): "
                assert table.prompt().startswith(head) and table.prompt()[len(head)].isupper()
            act(pilot, table, table.legal[0])
            continue
        pilot.advance(0.05)
    assert table.match.over
    phases = {p for _, p in curtains}
    assert {"appoint", "select", "swap"} <= phases
    # the Master's public steps need no curtain: they are made on the public view
    assert not phases & {"place", "strike", "pass", "deliberate"}
    assert all(public for _, phase, public in acted if phase in ("place", "pass"))
    first_round = [n for n, p in curtains if p == "select"][:3]
    appointed = [names[s] for s in table.match.view(None).log[0].appointed]
    assert first_round == appointed  # every appointed seat chooses behind its own curtain


def test_random_input_never_crashes(rules):
    from babel.core.rng import Rng

    pilot = Pilot(size=(1024, 640))
    table = make_table(rules, bot_seats(8, "random"), 9)
    pilot.start(table)
    rng = Rng(5)
    keys = [
        pygame.K_RETURN,
        pygame.K_n,
        pygame.K_r,
        pygame.K_t,
        pygame.K_BACKSPACE,
        pygame.K_1,
        pygame.K_3,
        pygame.K_a,
    ]
    for _ in range(300):
        if pilot.top is not table:
            pilot.press(pygame.K_ESCAPE)
            continue
        r = rng.below(10)
        if r < 6:
            pilot.click((rng.below(1600), rng.below(900)), button=1 + 2 * (rng.below(4) == 0))
        elif r < 9:
            pilot.press(rng.choice(keys))
        else:
            pilot.advance(0.4)
    pygame.display.quit()


def test_animated_reveal_at_normal_speed(rules):
    pilot = Pilot(size=(1280, 800), anim_speed="normal")
    seed = seed_for(rules, 6, "architect", master=1)
    seats = [Seat("Anna", "simple")] + [Seat(f"B{i}", "simple") for i in range(1, 6)]
    table = make_table(rules, seats, seed)  # bots only: watching
    pilot.start(table)
    saw = set()
    for _ in range(1500):
        if table.motion.falling and any(t.started for _, _, t in table.motion.falling):
            saw.add("fall")
        if any(sp.moving for sp in table.motion.flyers):
            saw.add("card")
        if table.motion.bolts:
            saw.add("bolt")
        if table.match.view(None).round >= 3 or table.match.over:
            break
        pilot.advance(0.05)
    assert {"fall", "card"} <= saw
    assert pilot.until(lambda: not table.busy(), 20)
    assert table.motion.heights == list(table.view.base)
    pygame.display.quit()


def test_rare_events_animate(rules):
    """Events a short test game may not reach: confirmation, no swap, a Storm, an empty supply."""
    from babel.core.protocol import Event

    pilot = Pilot(size=(1280, 800), anim_speed="normal")
    table = make_table(rules, bot_seats(6), 2)
    pilot.start(table)
    punish = [c.id for c in C.CARDS if c.kind == C.PUNISHMENT][:2]
    storm = next(c.id for c in C.CARDS if c.kind == C.STORM)
    events = (
        Event("storm", {"card": storm, "master": 1, "round": 1}),
        Event("no_swap", {"master": 1}),
        Event("place", {"card": 0, "cell": -1, "blocks": 0, "height": -1, "supply": 0}),
        Event("deliberate", {"card": 0, "seat": -1, "shown": -1}),
        Event("confirmation", {"cards": punish, "master": 1, "reason": "two or more reached the Master"}),
        Event("depleted", {"round": 1}),
    )
    table.on_step(1, None, events)
    assert table.busy()
    titles = [b[0] for b in table.motion.banners]
    assert "Storm!" in titles and "Divine Punishment confirmed" in titles
    for _ in range(4):
        pilot.advance(0.5)
        pilot.app.draw()
    assert pilot.until(lambda: not table.busy(), 20)
    pygame.display.quit()


@pytest.mark.parametrize("players", range(5, 11))
def test_seats_clear_of_the_rim_the_piles_and_each_other(players):
    """Plates and discard areas stay inside the felt and off the base, deck, pile and supply."""
    piles = [
        pygame.Rect(L.DECK[0] - 31, L.DECK[1] - 44, 62, 110),
        pygame.Rect(L.PILE[0] - 60, L.PILE[1] - 53, 100, 125),
        pygame.Rect(L.SUPPLY[0] - 45, L.SUPPLY[1] - 50, 90, 110),
        pygame.Rect(455, 330, 336, 230),  # the base's slab
    ]
    inner = L.FELT.inflate(-2 * 16, -2 * 16)
    for bottom in range(players):
        anchors = L.seat_anchors(players, bottom)
        boxes = [(L.plate_rect(a).union(L.discard_area(a)), s) for s, a in anchors.items()]
        for box, seat in boxes:
            assert inner.contains(box), (players, seat, box)
            assert box.collidelist(piles) == -1, (players, seat, box)
            assert all(not box.colliderect(other) for other, s in boxes if s != seat), (players, seat)


def test_finale_cards_travel_to_their_players(rules):
    """The Seals and the Divine Punishment cards fly from giver to receiver before their marks show."""
    from babel.core.protocol import Event
    from scenes.tables.builders.animate import SEAL_CARD

    pilot = Pilot(size=(1280, 800), anim_speed="normal")
    table = make_table(rules, bot_seats(6), 2)
    pilot.start(table)
    punish = [c.id for c in C.CARDS if c.kind == C.PUNISHMENT][:2]
    events = (
        Event("seals", {"targets": {"1": 2, "3": -1, "4": 2}}),
        Event("punishments", {"given": {"5": {"target": 2, "cards": punish}}}),
    )
    table.on_step(1, None, events)
    faces = set()
    for _ in range(200):
        faces |= {sp.face for sp in table.motion.flyers if sp.moving}
        if not table.busy():
            break
        assert "seals" in table.motion.stage or not any(
            sp.face == C.PUNISHMENT_IDS[0] for sp in table.motion.flyers
        )
        pilot.advance(0.05)
    assert {SEAL_CARD, C.PUNISHMENT_IDS[0]} <= faces
    assert {"seals", "punish"} <= table.motion.stage
    pygame.display.quit()


def test_discard_peek_shows_only_what_the_screen_may_show(rules, pilot):
    """Hovering a discard area shows its cards larger: own and Deliberation-revealed faces, else backs."""
    table = make_table(rules, bot_seats(7, "belief"), 10)
    pilot.start(table)
    choose = belief_choice(rules, table, 10)
    for _ in range(100):
        if table.match.view(None).round >= 3:
            break
        play_out(pilot, table, choose, limit=5)
    pilot.until(lambda: not table.busy(), 5)
    v = table.view
    seat = next(s for s in range(v.players) if v.discards[s])
    pilot.move(L.discard_area(table.anchors[seat]).center)
    assert table.disc_hover == seat
    pilot.frame()
    for s in range(v.players):
        for d in v.discards[s]:
            face = D.discard_face(v, table.motion.delib_mask, s, d)
            assert face is None or d.revealed or s == v.seat


def seal_phase_table(rules, pilot):
    """Five people (Ben, the only Seal holder) and two shrewd bots at the Seal phase, in
    pass-and-play: the table started, and the seats' names."""
    from tests.test_builders_rules import COL_B, DP, SEAL, _complete

    state = _complete(["M", "A", "A", "A", "A", "Z", "A"], {1: [COL_B, SEAL[0], 16], 5: [DP[0], 12, 13]})
    names = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn", "Gus"]
    table = make_table(rules, [Seat(n) for n in names[:5]] + [Seat(n, "shrewd") for n in names[5:]], 1)
    table.match.state = state
    pilot.start(table)
    return table, names


def test_seal_phase_calls_every_person_behind_the_curtain(rules, pilot):
    """Ruling 9 in pass-and-play: every seat takes a Seal-phase turn, so the curtain comes up for
    every person, Seal or not, and a seat without one can only pass."""
    table, names = seal_phase_table(rules, pilot)
    called, prompts = [], {}
    for _ in range(300):
        if table.match.view(None).phase is not Phase.SEAL:
            break
        top = pilot.top
        if isinstance(top, PrivacyCurtain):
            called.append(top.name)
            pilot.advance(0.3)
            pilot.press(pygame.K_SPACE)
            continue
        if table.note is not None:
            pilot.click((600, 400))
        if table.legal and not table.busy():
            prompts[table.viewer] = (table.prompt(), len(table.legal))
            pilot.press(pygame.K_n)  # No Seal / Pass
            continue
        pilot.advance(0.05)
    assert sorted(called) == sorted(names[:5]), "a curtain for every person"
    assert prompts[1][1] == 2 and "hold no Seal" not in prompts[1][0]
    assert all(n == 1 and "hold no Seal" in p for seat, (p, n) in prompts.items() if seat != 1)
    assert table.match.view(None).phase in (Phase.PUNISH, Phase.OVER)


def test_pass_and_play_three_seal_steps_behind_the_curtain(rules, pilot):
    """Ruling 9's three steps in pass-and-play: every person declares behind the curtain, every
    person speaks in turn in the discussion, and only the declared user is called to seal."""
    from babel.games.builders import actions as A

    table, names = seal_phase_table(rules, pilot)
    called = {Phase.SEAL: [], Phase.DISCUSS: [], Phase.TARGET: []}
    for _ in range(600):
        phase = table.match.view(None).phase
        if phase not in called:
            break
        top = pilot.top
        if isinstance(top, PrivacyCurtain):
            called[phase].append(top.name)
            pilot.advance(0.3)
            pilot.press(pygame.K_SPACE)
            continue
        if table.note is not None:
            pilot.click((600, 400))
        if table.legal and not table.busy():
            if A.Declare(True) in table.legal or isinstance(table.legal[0], A.Seal):
                act(pilot, table, A.Declare(True) if A.Declare(True) in table.legal else A.Seal(0))
            else:
                pilot.press(pygame.K_n)  # No Seal / Pass / Say nothing
            continue
        pilot.advance(0.05)
    assert sorted(called[Phase.SEAL]) == sorted(names[:5])
    assert sorted(called[Phase.DISCUSS]) == sorted(names[:5]), "every person speaks (or not) in turn"
    assert called[Phase.TARGET] == ["Ben"], "only the declared user seals"
    view = table.match.view(None)
    assert view.seal_users == (1,) and view.seals[1] == 0
    assert all(view.said[s] == -1 for s in range(5)), "the people said nothing"


def test_table_talk_sheet_on_alone_off_in_pass_and_play(rules, pilot):
    table = make_table(rules, bot_seats(7, "shrewd"), 3)
    pilot.start(table)
    if table.note is not None:
        pilot.click((600, 400))  # the role note first
    assert table.talk_on and table.btn_talk.visible
    pilot.press(pygame.K_k)
    assert not table.talk_on
    pilot.press(pygame.K_k)
    pilot.advance(0.2)
    assert table.talk_on
    pilot.app.reset(
        make_table(rules, [Seat("Anna"), Seat("Ben")] + [Seat(f"B{i}", "plain") for i in range(3)], 3)
    )
    other = pilot.top
    assert not other.talk_on and other.btn_talk.visible, "off by default in pass-and-play"
    only_people = make_table(rules, [Seat(f"P{i}") for i in range(5)], 3)
    assert not only_people.talk_available() and not only_people.talk_on


def test_the_still_layer_draws_exactly_the_table_and_repaints_only_on_change(rules):
    from scenes.canvas import Canvas
    from scenes.tables.builders import frame

    pilot = Pilot(size=(1280, 800), anim_speed="normal")
    seats = [Seat("Anna")] + [Seat(f"B{i}", "simple") for i in range(1, 6)]
    table = make_table(rules, seats, 4)
    pilot.start(table)

    def same() -> bool:
        size = pygame.display.get_surface().get_size()
        layered, direct = pygame.Surface(size), pygame.Surface(size)
        table.draw_table(Canvas(layered))
        frame.paint_all(Canvas(direct), table.view, table.ui())
        return pygame.image.tobytes(layered, "RGB") == pygame.image.tobytes(direct, "RGB")

    moving = resting = 0
    for _ in range(120):  # bots play around the human: moving frames and frames at rest
        pilot.advance(0.1)
        assert same()
        if table.busy():
            moving += 1
        else:
            resting += 1
            painted = table.still.repaints
            pilot.app.draw()
            pilot.app.draw()
            assert table.still.repaints == painted  # at rest the frame is one blit
        if table.legal and not table.busy():
            table.submit(table.legal[0])  # the human's move, as the table submits a click
    assert moving and resting
    pygame.display.quit()
