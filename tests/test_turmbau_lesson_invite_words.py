"""Der Turmbau's lesson, when it asks for an invite, says what the invite leaves the learner to
fill from hand, from the disc's need and the invited offer: it once promised the learner's part
"beside" the invited ones when the offer covered the whole disc and the learner placed nothing."""

from __future__ import annotations

from babel.games.turmbau.actions import Select
from scenes.tutorials import lesson_for
from scenes.tutorials.turmbau import TurmbauLesson

PLIES = 400  # the lesson's game is far shorter; the loop stops by itself


def test_invite_prompt_states_what_the_learner_fills() -> None:
    lesson = lesson_for("turmbau")
    assert isinstance(lesson, TurmbauLesson)
    match = lesson.new_match()
    checked = 0
    for _ in range(PLIES):
        if match.over:
            break
        acting = match.to_act()
        if 0 not in acting:
            seat = acting[0]
            events = match.submit(seat, match.bot_action(seat)).events
            lesson.observe([ev for ev in events if ev.visible_to(0)])
            continue
        view, legal = match.view(0), match.legal(0)
        prompt = lesson.prompt(view, legal)
        action = prompt.action if prompt is not None and prompt.action in legal else legal[0]
        if isinstance(action, Select) and len(action.seats) == 1 and prompt.text.startswith("The offers"):
            wonder, slot = view.target
            need = sum(view.wonders[wonder].discs[slot].need)
            own = max(0, need - sum(view.offers[action.seats[0]].cards))
            assert "beside yours" not in prompt.text
            if own == 0:
                assert "nothing comes from your hand" in prompt.text
            else:
                assert f"the other {own} from your hand" in prompt.text
            checked += 1
        events = match.submit(0, action).events
        lesson.observe([ev for ev in events if ev.visible_to(0)])
    assert checked, "the lesson's deal asks for an invite"
