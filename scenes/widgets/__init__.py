"""Widgets shared by every scene: buttons, text, cards, dice, blocks, the privacy curtain."""
