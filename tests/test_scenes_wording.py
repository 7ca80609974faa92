from scenes.wording import article, count


def test_count_uses_the_singular_for_one():
    assert count(1, "block") == "1 block"
    assert count(0, "block") == "0 blocks"
    assert count(3, "Divine Punishment card") == "3 Divine Punishment cards"
    assert count(2, "child", "children") == "2 children"


def test_article_before_a_vowel():
    assert article("average") == "an average"
    assert article("shaky") == "a shaky"


def test_the_engines_and_the_tables_share_one_helper():
    from babel.core import wording

    assert count is wording.count and article is wording.article


def test_solitaire_says_one_move_and_one_stack(monkeypatch):
    """After the first move the status line says "1 move"; the finishing words and the hints
    say "1 stack" where one stack is meant."""
    import pygame

    from babel.core import registry
    from babel.core.match import Match, Seat
    from babel.games.solitaire import solver
    from scenes.canvas import Canvas
    from scenes.pilot import Pilot
    from scenes.tables.solitaire import SolitaireTable
    from scenes.tables.solitaire.finishing import finish_words

    said = []
    real = Canvas.text

    def text(canvas, s, *args, **kwargs):
        said.append(s)
        return real(canvas, s, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", text)
    rules = registry.get("solitaire")
    match = Match(rules, rules.make_config(1), 3, [Seat("Anna")])
    match.submit(0, match.legal(0)[0])
    pilot = Pilot(size=(1280, 800))
    try:
        pilot.start(SolitaireTable(match, None, threaded=False))
        pilot.app.draw()
        status = next(s for s in said if " moves" in s or " move " in s or s.endswith(" move"))
        assert "1 move" in status and "1 moves" not in status, status
    finally:
        pygame.display.quit()
    unproven = solver.Solution(stacks=1, actions=(), proven=False, nodes=0)
    assert "ends it with 1 stack" in finish_words(1, unproven, "")
    assert "1 stacks" not in finish_words(1, unproven, "")


def test_turmbau_counts_one_point_card_and_disc():
    from dataclasses import replace

    from babel.core import registry
    from babel.core.match import Match, Seat
    from scenes.tables.turmbau import words

    rules = registry.get("turmbau")
    match = Match(rules, rules.make_config(3), 1, [Seat("A"), Seat("B", "random"), Seat("C", "random")])
    v = match.view(0)
    one = replace(
        v,
        scores=(1,) * v.players,
        hand_sizes=(1,) * v.players,
        disc_counts=(1,) * v.players,
        action_counts=(1,) * v.players,
    )
    text = words.plate_text(one, 1, lambda s: f"P{s}")
    for part in ("1 point.", "1 building card in hand", "1 disc (face down)", "1 action card,"):
        assert part in text, text
