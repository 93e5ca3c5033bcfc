"""New-game setup: who plays Black and White, and the Onyx variant; then Start."""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel

from ..match import HUMAN
from ..views import draw as D
from .base import Scene, is_button

PLAYER_CHOICES = (("Human", HUMAN), ("Computer – Easy", "easy"), ("Computer – Medium", "medium"),
                  ("Computer – Hard", "hard"))
GAME_TITLES = {"amoeba": "Amoeba", "onyx": "Onyx", "onager": "Onager"}
ONYX_SIZES = ("12", "16", "20")


def _choice_text(who: str) -> str:
    for text, value in PLAYER_CHOICES:
        if value == who:
            return text
    return PLAYER_CHOICES[0][0]


def _choice_value(text: str) -> str:
    for t, value in PLAYER_CHOICES:
        if t == text:
            return value
    return HUMAN


class NewGameScene(Scene):
    title = "New game"

    def __init__(self, game_name: str = "amoeba", options: dict[str, Any] | None = None,
                 players: dict[str, str] | None = None) -> None:
        super().__init__()
        self.game_name = game_name
        self.options: dict[str, Any] = dict(options or {})
        self.players = {"black": HUMAN, "white": HUMAN, **(players or {})}
        self.widgets: dict[str, Any] = {}
        self.panel_rect = pygame.Rect(0, 0, 10, 10)

    def build_ui(self) -> None:
        w, h = self.size
        content = 96 + 64 + 2 * 54 + (136 if self.game_name == "onyx" else 0) + 130
        pw, ph = min(620, int(w * 0.6)), min(content, int(h * 0.92))
        self.panel_rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        x = self.panel_rect.x + 40
        y = self.panel_rect.y + 96
        fw = pw - 80
        W = self.widgets = {}
        # game tabs
        tab_w = (fw - 20) // 3
        for i, name in enumerate(GAME_TITLES):
            b = UIButton(pygame.Rect(x + i * (tab_w + 10), y, tab_w, 40), GAME_TITLES[name], self.ui,
                         container=self.root, object_id="#primary_button" if name == self.game_name else None)
            W[f"tab_{name}"] = b
        y += 64
        for color in ("black", "white"):
            UILabel(pygame.Rect(x, y, 140, 40), color.capitalize(), self.ui, container=self.root,
                    object_id="#counts_label")
            W[color] = UIDropDownMenu([t for t, _ in PLAYER_CHOICES], _choice_text(self.players[color]),
                                      pygame.Rect(x + 150, y, fw - 150, 40), self.ui, container=self.root)
            y += 54
        if self.game_name == "onyx":
            UILabel(pygame.Rect(x, y, 140, 40), "Board", self.ui, container=self.root, object_id="#counts_label")
            size = str(self.options.get("size", 12))
            W["size"] = UIDropDownMenu([f"{s}×{s}" for s in ONYX_SIZES], f"{size}×{size}",
                                       pygame.Rect(x + 150, y, 160, 40), self.ui, container=self.root)
            y += 52
            W["open"] = UICheckBox(pygame.Rect(x + 150, y + 6, 24, 24), "Open start (empty board)", self.ui,
                                   container=self.root, initial_state=bool(self.options.get("open")))
            y += 40
            W["pie"] = UICheckBox(pygame.Rect(x + 150, y + 6, 24, 24), "Pie rule (second player may swap)", self.ui,
                                  container=self.root, initial_state=bool(self.options.get("pie")))
            y += 44
        bottom = self.panel_rect.bottom - 70
        W["back"] = UIButton(pygame.Rect(x, bottom, 160, 48), "Back", self.ui, container=self.root)
        W["start"] = UIButton(pygame.Rect(self.panel_rect.right - 40 - 220, bottom, 220, 48), "Start game", self.ui,
                              container=self.root, object_id="#primary_button")

    # ------------------------------------------------------------ state
    def read_widgets(self) -> None:
        W = self.widgets
        for color in ("black", "white"):
            if color in W:
                self.players[color] = _choice_value(W[color].selected_option[0]
                                                    if isinstance(W[color].selected_option, tuple)
                                                    else W[color].selected_option)
        if self.game_name == "onyx" and "size" in W:
            sel = W["size"].selected_option
            sel = sel[0] if isinstance(sel, tuple) else sel
            self.options["size"] = int(str(sel).split("×")[0])
            self.options["open"] = bool(W["open"].get_state())
            self.options["pie"] = bool(W["pie"].get_state())

    def choose_game(self, name: str) -> None:
        self.read_widgets()
        if name != self.game_name:
            self.game_name = name
            self.options = {}
            self.relayout()

    def start(self) -> None:
        self.read_widgets()
        from .board import BoardScene
        assert self.app is not None
        opts = dict(self.options) if self.game_name == "onyx" else {}
        self.app.replace(BoardScene.start(self.game_name, opts, dict(self.players)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            W = self.widgets
            for name in GAME_TITLES:
                if is_button(event, W.get(f"tab_{name}")):
                    self.choose_game(name)
                    return True
            if is_button(event, W.get("start")):
                self.start()
                return True
            if is_button(event, W.get("back")):
                assert self.app is not None
                self.app.pop()
                return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.read_widgets()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.panel_rect
        surface.blit(D.rounded_panel(r.size, (0, 0, 0, 90), radius=20), r.move(6, 9))
        surface.blit(D.rounded_panel(r.size, (32, 25, 20, 240), radius=20, border=(150, 110, 66, 255)), r)
        D.text(surface, "New game", (r.centerx, r.y + 48), 34, (255, 226, 168), bold=True)
        note_y = r.bottom - 96
        if any(v != HUMAN for v in self.players.values()):
            D.text(surface, "The computer player is a simple stand-in until the engine arrives.",
                   (r.centerx, note_y), 14, D.PALETTE["text_dim"])
