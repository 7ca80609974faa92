"""The in-app rules viewer: each game's rules document, one key (F1) away from any screen."""

from __future__ import annotations

import re
from importlib import resources

import pygame

from babel.core import keybindings as kb
from babel.core import registry
from scenes import keymap, theme
from scenes.canvas import Canvas
from scenes.core import Scene
from scenes.widgets.basic import Button, WidgetGroup, paper
from scenes.widgets.scrolltext import ScrollText

ABOUT = """# Babel Towers

Five Tower of Babel tabletop games on one table. Choose a game on the left to read its rules.

Every rules document states the rulings this edition made where the source texts are silent or
ambiguous, marked **(Ruling)**.

## Keys everywhere

- **F1** opens these rules from any screen.
- **Tab** and **Shift+Tab** move a focus (a blue outline) through everything on the screen one can act on, and the **arrow keys** move it to the nearest one in their direction; **Enter** or **Space** acts on it, and a focused choice turns with **Left** and **Right**. At a table the arrows stay the game's, and any key of the game's hides the focus again; in Der Turmbau zu Babel, where Tab goes to the next building spot, **Ctrl+Tab** moves the focus (it does everywhere).
- **Esc** goes back, or opens the game menu at the table.
- **F11** switches between window and full screen.
- **{table.undo}** takes back your last move at the table, when nothing was revealed since.
- **PageUp** and **PageDown** (or the mouse wheel over it) scroll the table's log back through the whole game; **Home** shows its first line, **End** the newest (a new move shows it too).
- {hint} asks the coach what the strongest bot would do from your seat; the coach can be turned off in Settings.
- **?** at a table shows every key of that table on one sheet, in large words.
- **Settings, Keys** rebinds the tables' letter keys (the hint, pass, the floor plan, table talk, undo with Ctrl...); a key the same table already uses is refused with the reason, and Reset puts them all back. Esc, F1, ?, Tab, Enter, Space, the arrows, Backspace and the digits stay as they are. The keys named here are the ones in force{rebound}.

## Every game by keys

- **Card duel**: 2-9, 0 or T, J, Q, K, A and X play that card.
- **Solitaire**: the arrows choose a stack, Enter picks it up and puts it down, Backspace puts it back; {solitaire.draw} or Space draws, {solitaire.finish} finishes; {solitaire.undo} undoes and {solitaire.redo} redoes, {solitaire.new} deals anew, {solitaire.winnable} keeps to winnable deals.
- **Babel On!**: {babel_on.even} or {babel_on.odd} calls, {babel_on.pass} passes; {babel_on.turn} turns the view, {babel_on.plan} shows the floor plan, {babel_on.hand} picks the hand whose risk is shown; 1-9 takes up that block of your hand ({babel_on.bonus} a Bonus Block); the arrows aim it at the glowing cells, Shift+arrows nudge it off the cell's centre, Enter or Space places it, Backspace puts it back. With nothing in hand the arrows go over the blocks you may pull and Enter pulls one. Your hand is as steady as your keys: rest a moment before placing and the block is placed as calmly as by a careful drag; keys pressed fast and a block let go at once shake it (the note beside the block says how much). With the steady hands option nothing shakes.
- **Der Turmbau zu Babel**: the arrows (or Tab) choose a disc and Enter builds; Down and then Left and Right go over the cards in your hand, each showing its note, and Enter plays or picks the one chosen (Up goes back to the discs); Up from the discs goes over the players' plates and the action cards played, with their notes; 1-4 add cards to an offer (Shift takes one back), 1-5 invite an offer, Enter commits; {turmbau.pass} passes, {turmbau.no_offer} makes no offer, {turmbau.unfulfilled} leaves the disc unfulfilled, {turmbau.trade} puts the trading card on the offer, {turmbau.triple} Triple bonus, {turmbau.joker} the Joker's choice, {turmbau.redraw} Card trade, {turmbau.double} Double turn, {turmbau.draw3} Card draw.
- **Babel Builders**: the digits choose a player or a card (Shift: the card to discard or give), A-C then 1-3 a cell, Enter confirms, {builders.none} says no or passes; hold {builders.role} to see your role; {builders.timeline} the timeline, {builders.talk} table talk; {builders.discards} shows each player's discards larger.
"""

_SLOT = re.compile(r"\{([a-z_.0-9]+)\}")  # a key named by its action: "{turmbau.pass}"


def about_text() -> str:
    """The general help, naming the keys in force (the player's, where rebound)."""
    keys = {a.id: keymap.label(a.id) for a in kb.ACTIONS}
    hints: dict[str, list[str]] = {}
    for scope, title in kb.SCOPES.items():
        if scope != "table":
            hints.setdefault(keys[f"{scope}.hint"], []).append(title)
    usual = max(hints, key=lambda k: len(hints[k]))
    others = [f"**{k}** at {' and '.join(t)}" for k, t in hints.items() if k != usual]
    keys["hint"] = f"**{usual}**" + (f" ({', '.join(others)})" if others else "")
    where = {**kb.SCOPES, "table": "every table"}
    moved = [f"{a.words} at {where[a.scope]}: {keys[a.id]}" for a in kb.ACTIONS if keymap.binding(a.id) != a.default]
    keys["rebound"] = f" (rebound: {'; '.join(moved)})" if moved else ", none rebound"
    return _SLOT.sub(lambda m: keys[m.group(1)], ABOUT)


def rules_text(game_id: str | None) -> str:
    """The rules document of a game (from its package), or the general help."""
    if game_id is None:
        return about_text()
    try:
        rules = registry.get(game_id)
    except registry.UnknownGame:
        return ABOUT
    ref = rules.info.rules_doc
    if not ref:
        return f"# {rules.info.title}\n\n{rules.info.blurb}"
    package, _, name = ref.partition(":")
    try:
        return resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return f"# {rules.info.title}\n\nThe rules document could not be found in this installation."


class RulesViewer(Scene):
    is_rules_viewer = True

    def __init__(self, game_id: str | None = None) -> None:
        self.game_id = game_id
        self.doc = ScrollText((420, 90, 1110, 760), rules_text(game_id))
        self.buttons = WidgetGroup()

    def enter(self) -> None:
        from scenes.tables import playable_games

        games = [r for r in registry.all_games()]
        playable = {r.info.id for r in playable_games()}
        games = [r for r in games if r.info.id in playable] or games
        y = 150
        self.buttons.add(Button((60, y, 320, 52), "About & keys", lambda: self.show(None), size=21))
        for rules in games:
            y += 64
            self.buttons.add(
                Button(
                    (60, y, 320, 52),
                    rules.info.title,
                    lambda gid=rules.info.id: self.show(gid),
                    size=21,
                    short=_shorter(rules.info.title),
                )
            )
        self.buttons.add(Button((60, 790, 320, 56), "Back", self.dismiss, hotkey=None, primary=True))
        self.buttons.focus.arrows = False  # the arrows scroll the rules

    def show(self, game_id: str | None) -> None:
        self.game_id = game_id
        self.doc.set_text(rules_text(game_id))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.dismiss()
            return True
        if self.buttons.handle(event):
            return True
        return self.doc.handle(event)

    def draw(self, canvas: Canvas) -> None:
        canvas.table()
        canvas.text("Rules", (220, 40), 50, theme.GOLD, role="title_bold", anchor="midtop")
        paper(canvas, (400, 70, 1150, 800), radius=6)
        self.doc.draw(canvas)
        self.buttons.draw(canvas, self.app.mouse)
        for w in self.buttons.widgets:
            if (
                isinstance(w, Button)
                and w.on_click.__defaults__
                and w.on_click.__defaults__[0] == self.game_id
            ):
                canvas.glow(w.rect, radius=12)
        if self.game_id is None:
            canvas.glow(self.buttons.widgets[0].rect, radius=12)


def _shorter(title: str) -> tuple[str, ...]:
    """A game's button in fewer words on a small window: "The card duel" for "Tower of Babel:
    the card duel" (the page's heading names it in full)."""
    head, sep, tail = title.partition(": ")
    return (tail[:1].upper() + tail[1:],) if sep else ()
