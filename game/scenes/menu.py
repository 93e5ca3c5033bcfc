"""The main menu: one card per game with a small picture of its board; Settings, Quit.

Also the small ``MessageScene`` used for features that are not there yet ("coming soon").
"""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from ..views import ViewUnavailable, view_for
from ..views import draw as D
from .base import Scene, is_button

GAMES: tuple[tuple[str, str, str], ...] = (
    ("amoeba", "Amoeba", "Stack, split and hunt down the enemy Kernel."),
    ("onyx", "Onyx", "Join your two sides; capture across the squares."),
    ("onager", "Onager", "Catapult your discs to the far row."),
)


def board_picture(game_name: str, size: tuple[int, int]) -> pygame.Surface:
    """A small picture of the game's starting position, drawn by its own view."""
    try:
        from ..rules import make_game
        view = view_for(game_name)
        stacks = make_game(game_name).stacks()
        return view.thumbnail(size, stacks)
    except (ViewUnavailable, ImportError, Exception):  # no view or rules yet: a placeholder
        return placeholder_picture(game_name, size)


def placeholder_picture(game_name: str, size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    s = min(w, h) * 0.8
    rect = pygame.Rect(0, 0, int(s), int(s))
    rect.center = (w // 2, h // 2)
    wood = D.wood(rect.size, seed=5)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(s * 0.08))
    wood = wood.convert_alpha() if pygame.display.get_surface() else wood
    wood.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(wood, rect)
    n = 7
    for i in range(n):
        for j in range(n):
            x = rect.x + s * (0.15 + 0.7 * i / (n - 1))
            y = rect.y + s * (0.15 + 0.7 * j / (n - 1))
            pygame.draw.circle(surf, (90, 56, 28), (x, y), max(2, s * 0.02))
    D.text(surf, "coming soon", rect.center, max(12, int(s * 0.1)), (255, 240, 210), bold=True)
    return surf


class MenuScene(Scene):
    title = "Menu"

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, Any]] = []
        self._pictures: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self.settings_btn: UIButton | None = None
        self.quit_btn: UIButton | None = None

    def build_ui(self) -> None:
        w, h = self.size
        self.cards = []
        n = len(GAMES)
        margin = int(w * 0.05)
        gap = int(w * 0.025)
        px = self.px
        card_w = min(px(440), (w - 2 * margin - (n - 1) * gap) // n)
        top = int(h * 0.22)
        card_h = min(int(h * 0.62), int(card_w * 1.45))
        x0 = (w - (n * card_w + (n - 1) * gap)) // 2
        bh = px(44)
        for i, (name, title, blurb) in enumerate(GAMES):
            rect = pygame.Rect(x0 + i * (card_w + gap), top, card_w, card_h)
            pic = pygame.Rect(rect.x + px(16), rect.y + px(64), rect.w - px(32), rect.h - px(64) - 2 * bh - px(70))
            play = UIButton(pygame.Rect(rect.x + px(20), rect.bottom - 2 * bh - px(26), rect.w - px(40), bh), "Play",
                            self.ui, container=self.root, object_id="#primary_button",
                            tool_tip_text=f"Set up a game of {title}")
            tut = UIButton(pygame.Rect(rect.x + px(20), rect.bottom - bh - px(16), rect.w - px(40), bh), "Tutorial",
                           self.ui, container=self.root, tool_tip_text=f"Learn {title} step by step")
            self.cards.append({"name": name, "title": title, "blurb": blurb, "rect": rect, "pic": pic,
                               "play": play, "tutorial": tut})
        bw = px(180)
        y = min(h - bh - 20, top + card_h + px(24))
        self.settings_btn = UIButton(pygame.Rect(w // 2 - bw - px(10), y, bw, bh), "Settings", self.ui,
                                     container=self.root)
        self.quit_btn = UIButton(pygame.Rect(w // 2 + px(10), y, bw, bh), "Quit", self.ui, container=self.root,
                                 object_id="#danger_button")

    def picture(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        key = (name, size)
        if key not in self._pictures:
            self._pictures[key] = board_picture(name, size)
        return self._pictures[key]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        assert self.app is not None
        for card in self.cards:
            if is_button(event, card["play"]):
                from .newgame import NewGameScene
                self.app.push(NewGameScene(card["name"]))
                return True
            if is_button(event, card["tutorial"]):
                self.app.push(tutorial_scene(card["name"], card["title"]))
                return True
        if is_button(event, self.settings_btn):
            self.app.push(settings_scene())
            return True
        if is_button(event, self.quit_btn):
            self.app.quit()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        ty = int(h * 0.1)
        D.text(surface, "Amoeba  ·  Onyx  ·  Onager", (w // 2, ty), max(28, int(h * 0.062)), (255, 226, 168), bold=True)
        D.text(surface, "Three abstract strategy games. Play a friend at this table or the computer.",
               (w // 2, ty + int(h * 0.065)), max(14, int(h * 0.024)), D.PALETTE["text_dim"])
        for card in self.cards:
            r: pygame.Rect = card["rect"]
            px = self.px
            shadow = D.rounded_panel((r.w, r.h), (0, 0, 0, 90), radius=px(18))
            surface.blit(shadow, r.move(5, 8))
            surface.blit(D.rounded_panel((r.w, r.h), (34, 27, 21, 235), radius=px(18), border=(150, 110, 66, 255)), r)
            D.text(surface, card["title"], (r.centerx, r.y + px(30)), px(30), (255, 226, 168), bold=True)
            pic: pygame.Rect = card["pic"]
            if pic.w > 20 and pic.h > 20:
                surface.blit(self.picture(card["name"], pic.size), pic)
            D.text(surface, card["blurb"], (r.centerx, pic.bottom + px(22)), px(15), D.PALETTE["text_dim"])


class MessageScene(Scene):
    """A simple page with a heading, a message and a Back button (features still to come)."""

    def __init__(self, heading: str, message: str) -> None:
        super().__init__()
        self.heading = heading
        self.message = message
        self.back_btn: UIButton | None = None

    def build_ui(self) -> None:
        w, h = self.size
        self.back_btn = UIButton(pygame.Rect(w // 2 - self.px(100), int(h * 0.62), self.px(200), self.px(46)), "Back",
                                 self.ui,
                                 container=self.root, object_id="#primary_button")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if is_button(event, self.back_btn):
            assert self.app is not None
            self.app.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        px = self.px
        box = pygame.Rect(0, 0, min(px(760), int(w * 0.7)), int(h * 0.42))
        box.center = (w // 2, int(h * 0.48))
        surface.blit(D.rounded_panel(box.size, (30, 24, 19, 235), radius=px(18), border=(150, 110, 66, 255)), box)
        D.text(surface, self.heading, (w // 2, box.y + px(60)), px(36), (255, 226, 168), bold=True)
        y = box.y + px(120)
        for line in wrap(self.message, D.font(px(18)), box.w - px(80)):
            D.text(surface, line, (w // 2, y), px(18), D.PALETTE["text"])
            y += px(28)


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split text into lines that fit ``width`` pixels."""
    lines: list[str] = []
    for para in text.split("\n"):
        cur = ""
        for word in para.split():
            trial = f"{cur} {word}".strip()
            if font.size(trial)[0] <= width or not cur:
                cur = trial
            else:
                lines.append(cur)
                cur = word
        lines.append(cur)
    return lines


def tutorial_scene(name: str, title: str) -> Scene:
    """The tutorial of a game if one exists (game.scenes.tutorial), else a 'coming soon' page."""
    try:
        from importlib import import_module
        mod = import_module(f"{__package__}.tutorial")
        return mod.TutorialScene(name)  # type: ignore[no-any-return]
    except Exception:
        return MessageScene(f"{title} tutorial", "Animated lessons are coming soon. Until then, the Play screen "
                            "marks every legal move: click one of your glowing pieces to see where it can go.")


def settings_scene() -> Scene:
    try:
        from importlib import import_module
        mod = import_module(f"{__package__}.settings")
        return mod.SettingsScene()  # type: ignore[no-any-return]
    except Exception:
        return MessageScene("Settings", "Settings are coming soon. Keys on the board: C shows or hides "
                            "coordinates, + and - change the animation speed, Ctrl+Z undoes, Ctrl+Y redoes.")
