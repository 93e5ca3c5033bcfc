"""A drop-down whose options carry values: the player reads words, the scene reads values.

pygame-gui's ``UIDropDownMenu`` takes options as (text, object id) pairs and gives back the
pair chosen; ``ChoiceMenu`` gives each option an id of its own within the menu and answers ``value``, so no
scene ever maps the words shown back to what they mean (they change with the language, and
two languages may say two things alike). An option's id is also its theme id: the languages in
Settings are ``#lang_<code>`` so that each name is drawn in its own language's font.
"""
from __future__ import annotations

from typing import Any, Hashable, Sequence

import pygame
from pygame_gui import UI_SELECTION_LIST_DROPPED_SELECTION
from pygame_gui.elements import UIDropDownMenu
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

__all__ = ["ChoiceMenu"]


class ChoiceMenu(UIDropDownMenu):
    """``options``: (words, value) pairs, in order; ``value``: the one chosen at first (the first
    option when it is none of them). ``ids``: the options' object ids (default ``#choice_<place>``)."""

    def __init__(self, options: Sequence[tuple[str, Hashable]], value: Hashable, relative_rect: pygame.Rect,
                 manager: Any, container: Any = None, ids: Sequence[str] | None = None, **kwargs: Any) -> None:
        pairs = list(options)
        if not pairs:
            raise ValueError("a choice needs at least one option")
        if ids is None:
            # by place, not by value: pygame-gui keeps theme data for every object id it meets
            # (held for the whole run), so ids shared by every menu keep that to a few
            ids = [f"#choice_{i}" for i in range(len(pairs))]
        self.values: list[Hashable] = [v for _, v in pairs]
        self._by_id = {oid: v for oid, (_, v) in zip(ids, pairs)}
        items: list[str | tuple[str, str]] = [(str(words), oid) for (words, _), oid in zip(pairs, ids)]
        start = next((item for item, (_, v) in zip(items, pairs) if v == value), items[0])
        super().__init__(items, start, relative_rect, manager, container=container, **kwargs)

    def process_event(self, event: pygame.event.Event) -> bool:
        """pygame-gui's list takes a click on the option already chosen for its dropping (the
        list has it selected) and stayed open: chosen again, the list closes as it is."""
        consumed = super().process_event(event)
        state = self.current_state
        if event.type == UI_SELECTION_LIST_DROPPED_SELECTION and isinstance(state, UIExpandedDropDownState) \
                and state.options_selection_list is not None and event.ui_element is state.options_selection_list:
            state.should_transition = True
        return consumed

    @property
    def value(self) -> Hashable:
        """The value of the option chosen."""
        sel = self.selected_option
        oid = sel[1] if isinstance(sel, tuple) else None
        return self._by_id.get(oid, self.values[0])

    def words(self) -> str:
        """What the closed box shows."""
        sel = self.selected_option
        return str(sel[0] if isinstance(sel, tuple) else sel)
